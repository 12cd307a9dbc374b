import { LOGIN_TOKEN_COOKIE_LIFETIME } from '@/lib/constants';
import type { Environment } from '@/lib/environment';
import type { CookieOptions } from './cookie-names';

/**
 * Login wherever the page runs (docs/PRODUCT.md §4 "Login redirect depends on the environment"), one interface for
 * `login.h5.ts` and `login.weapp.ts`, imported as `@/platform/login`.
 */

/** How this environment logs a visitor in. */
export type LoginMethod =
  /** The mini program: its own login page (wx.login → code2session, the phone-number button, or SMS). */
  | 'miniProgram'
  /** The messaging-app browser: WeChat OAuth through the server, back on the OAuth loading page. */
  | 'oauth'
  /** Inside a native app of the family: the app's own login, through the bridge. */
  | 'native'
  /** Anywhere else: the SMS login page `/account/login?redirect&buyUrl`. */
  | 'sms';

export interface LoginTarget {
  /** Where to come back after login: a spec path + query of this app (made safe by the caller). */
  redirect: string;
  /** The purchase URL the login was started from (kept for the page after login). */
  buyUrl?: string;
}

/** docs/PRODUCT.md §3 "Auth client identity": differs between the native apps (iOS, Android) and other environments. */
export interface AuthClient {
  client_id: string;
  client_secret: string;
}

export interface PlatformLogin {
  loginMethod(environment?: Environment): LoginMethod;
  /** Leaves for this environment's login (the login page, OAuth, the mini program's login page). */
  startLogin(target: LoginTarget): Promise<void>;
  /**
   * On the login page: hands over to a login that is not ours to draw (WeChat OAuth, the mini program's
   * page from its web-view) and answers 'left'; 'stay' when the page itself logs the visitor in.
   */
  leaveForEnvironmentLogin(target: LoginTarget): 'left' | 'stay';
  /** Native app only: the app logs in (or already is) and hands the page its token; false when it did not. */
  nativeLogin(): Promise<boolean>;
  /** Mini program only: a `wx.login` code for code2session; null elsewhere or when WeChat refuses. */
  miniProgramLoginCode(): Promise<string | null>;
  /** The WeChat OAuth start URL on our server, which returns to the OAuth loading page with `redirect`. */
  oauthAuthorizeUrl(redirect: string): string;
  authClient(): AuthClient;
}

/**
 * Demo OAuth clients (server/src/constants.ts DEMO_OAUTH_CLIENTS): the spec does not show the real ids
 * and secrets; a deployment replaces them at build time (`TARO_APP_OAUTH_*` is left for that step).
 */
export const AUTH_CLIENTS = {
  h5: { client_id: 'dj-h5', client_secret: 'dj-h5-demo-secret' },
  weapp: { client_id: 'dj-weapp', client_secret: 'dj-weapp-demo-secret' },
  nativeIos: { client_id: 'dj-native-ios', client_secret: 'dj-native-ios-demo-secret' },
  nativeAndroid: { client_id: 'dj-native-android', client_secret: 'dj-native-android-demo-secret' },
} as const satisfies Record<string, AuthClient>;

/** docs/PRODUCT.md §7: the access token (anonymous or user) lives in this cookie. */
export const ACCESS_TOKEN_COOKIE = 'xq_a_token';

/** The login token cookie's lifetime, "120" in the spec without a unit: read as days, like the server (docs/PRODUCT.md §9, §12). */
export const LOGIN_TOKEN_COOKIE_MAX_AGE_SECONDS = LOGIN_TOKEN_COOKIE_LIFETIME * 24 * 60 * 60;

/** Options of the access-token cookie a login sets: the token's own `expires_in` when the server gives one, else 120 days. */
export function accessTokenCookieOptions(expiresInSeconds?: number | null): CookieOptions {
  return { maxAgeSeconds: expiresInSeconds && expiresInSeconds > 0 ? expiresInSeconds : LOGIN_TOKEN_COOKIE_MAX_AGE_SECONDS };
}

/** The OAuth start path (docs/PRODUCT.md §4.3, §7.3); `redirect` is the spec URL to reach after login. */
export const OAUTH_AUTHORIZE_PATH = '/djapi/wechat/oauth/authorize';

/** An access token as the server issues them (40 hex characters); anything else is not ours. */
export function looksLikeAccessToken(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{40}$/.test(value);
}
