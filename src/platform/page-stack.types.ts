/** Keeps the page stack drawn as it is (H5: guards against Taro's router hiding the page on top). */
export interface PageStack {
  /** Installs the guard once, at launch (no-op where the host draws the pages itself). */
  keepTopPageDrawn(): void;
}
