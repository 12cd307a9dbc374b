import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@/lib/constants';

/** Cookies of docs/PRODUCT.md §3 that identify a user: all cleared together on logout. */
export const IDENTITY_COOKIES = [
  'accesstoken',
  'u',
  'uid',
  'refreshtoken',
  'xq-dj-token',
  'xq_a_token',
  'thirdparty_token',
  'xqfd_thirdparty_token',
] as const;

/** The XSRF pair of docs/PRODUCT.md §7: cookie set by the server, echoed back as a header. */
export const XSRF_COOKIE = XSRF_COOKIE_NAME;
export const XSRF_HEADER = XSRF_HEADER_NAME;

/** Launch facts carried as cookies so the server can attribute a visit (docs/PRODUCT.md §3 Cookies). */
export interface LaunchCookieValues {
  scene?: string | number;
  appid?: string;
  channel?: string;
  unionid?: string;
  trace?: string;
}

export interface CookieOptions {
  /** Lifetime in seconds (Max-Age); omitted = a session cookie. */
  maxAgeSeconds?: number;
  path?: string;
  domain?: string;
}
