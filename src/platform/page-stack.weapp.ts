// The mini program: WeChat draws and hides its pages itself; nothing to guard.

export function keepTopPageDrawn(): void {
  // no DOM, no Taro H5 router
}
