export interface WechatLoginOptionsProps {
  onLoggedIn(): void;
}

/** H5 logs in through WeChat OAuth before this page (src/platform/login.h5.ts); nothing to draw here. */
export function WechatLoginOptions(_props: WechatLoginOptionsProps) {
  return null;
}
