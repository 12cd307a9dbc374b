import type { CookieOptions, LaunchCookieValues } from './cookie-names';

/** One cookie API for both targets: H5 uses document.cookie, weapp an emulated, persisted jar. */
export interface Cookies {
  getCookie(name: string): string | undefined;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  removeCookie(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): void;
  clearIdentityCookies(): void;
  /** The Cookie header to send to `url`, when the platform does not send cookies itself (weapp). */
  cookieHeaderFor(url: string): string | undefined;
  /** Takes Set-Cookie response headers in, when the platform does not (weapp). */
  absorbSetCookie(url: string, setCookie: string | string[] | undefined): void;
  /** isMiniprogram, scene, appid, channel, unionid, trace from the launch options. */
  applyLaunchCookies(values: LaunchCookieValues): void;
}
