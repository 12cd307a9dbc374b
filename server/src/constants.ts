// Server-side constants. Names follow docs/PRODUCT.md §9 wording; values there are exact.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** docs/PRODUCT.md §9 "Device info cache 2 days": a secure-API device expires after this. */
export const DEVICE_INFO_CACHE_MS = 2 * DAY;
/** docs/PRODUCT.md §9 "Security API config cache 2 hours" (the client's cache; we send it as a hint). */
export const SECURITY_API_CONFIG_CACHE_MS = 2 * HOUR;
/** docs/PRODUCT.md §9 "Watchlist size 10000 (pid -17)". */
export const WATCHLIST_SIZE = 10000;
export const WATCHLIST_ALL_PID = -17;
/** docs/PRODUCT.md §9 "The cookie lifetime for the login token is 120" — unit not shown; we read it as days. */
export const LOGIN_TOKEN_COOKIE_DAYS = 120;
export const LOGIN_TOKEN_TTL_MS = LOGIN_TOKEN_COOKIE_DAYS * DAY;
/** Anonymous tokens only gate the SMS code send; a short life limits abuse. */
/** docs/PRODUCT.md §9: the operator's monitoring script loads only in these deployment environments (src/lib/constants.ts). */
export const MONITORING_ENVIRONMENTS: readonly string[] = ['rc', 'master'];

export const ANONYMOUS_TOKEN_TTL_MS = 2 * HOUR;
/** docs/PRODUCT.md §3 App registry: aid 1 (the social investing app) is the default. */
export const DEFAULT_APP_AID = 1;

/** Cookie names (docs/PRODUCT.md §3 Cookies). */
export const ACCESS_TOKEN_COOKIE = 'xq_a_token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Secure API headers (docs/PRODUCT.md §7): `isenc: 1` and the device id. */
export const SECURE_API_HEADER = 'isenc';
export const DEVICE_ID_HEADER = 'x-device-id';

/** URL prefixes that are API, never SPA pages (docs/PRODUCT.md §7 host prefixes, plus ours: /__dev, and /ops for staff). */
export const API_PREFIXES = ['/djapi', '/xqapi', '/xqstock', '/open', '/mpaas', '/docs', '/__dev', '/ops'] as const;

/** Demo OAuth clients (docs/PRODUCT.md §3: the real client ids/secrets are "not shown"); one per environment. */
export const DEMO_OAUTH_CLIENTS: Readonly<Record<string, string>> = {
  // H5 in a browser or the messaging-app browser.
  'dj-h5': 'dj-h5-demo-secret',
  // The mini program.
  'dj-weapp': 'dj-weapp-demo-secret',
  // The native apps (iOS / Android) embedding the pages.
  'dj-native-ios': 'dj-native-ios-demo-secret',
  'dj-native-android': 'dj-native-android-demo-secret',
};

/** Analytics upload: the only category we accept. */
export const ANALYTICS_CATEGORY_WEB_BEHAVIOR = 'web_behavior';
export const ANALYTICS_PLATFORMS = ['android', 'ios', 'mac', 'windows', 'other', 'WeChatApp'] as const;
/** At most this many records in one upload (one request = one batch of a page's events). */
export const ANALYTICS_MAX_RECORDS = 500;
/** docs/PRODUCT.md §3: the module defaults to the fund app's own name (its key in src/platform/app-registry.ts, aid 3). */
export const ANALYTICS_DEFAULT_MODULE = 'fund';

/** Default mpaas app key: the default app's (aid 1) key in src/platform/app-registry.ts, used when the caller gives none. */
export const DEFAULT_MPAAS_APPKEY = 'social';

/** Request body limit (form posts and analytics batches are small). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// ---- Accounts -------------------------------------------------------
/** docs/PRODUCT.md §9 "Code length 4"; a code lives 5 minutes, is used once, and dies after 5 wrong tries. */
export const SMS_CODE_LENGTH = 4;
export const SMS_CODE_TTL_MS = 5 * MINUTE;
export const SMS_CODE_MAX_TRIES = 5;
/** docs/PRODUCT.md §9 "SMS resend countdown 30 s": the server refuses a resend to the same phone sooner. */
export const SMS_RESEND_MS = 30 * SECOND;
/** Codes per phone (and purpose) per Shanghai day. */
export const SMS_DAILY_MAX_PER_PHONE = 10;
/**
 * Per client IP (counters shared in Postgres): code sends per hour, token calls per 10 minutes. Generous,
 * because an office or campus shares one address; the per-phone throttle and the 5 tries per code are the
 * real brute-force limits, these stop one machine from sweeping many phones.
 */
export const SMS_SEND_PER_IP = { max: 60, windowMs: HOUR } as const;
export const TOKEN_CALLS_PER_IP = { max: 300, windowMs: 10 * MINUTE } as const;
/** Trade password: 5 wrong tries lock trading for 3 hours (docs/PRODUCT.md §10.12). */
export const TRADE_PASSWORD_MAX_TRIES = 5;
export const TRADE_PASSWORD_LOCK_MS = 3 * HOUR;
/** A risk assessment is valid for 2 years (docs/PRODUCT.md §10.10). */
export const RISK_ASSESSMENT_VALID_YEARS = 2;
/** A WeChat identity waits this long for its phone (thirdparty_token). */
export const THIRDPARTY_TOKEN_TTL_MS = 30 * MINUTE;
/** Cookies of docs/PRODUCT.md §3 for the WeChat identity waiting to be bound (web OAuth / mini program). */
export const THIRDPARTY_TOKEN_COOKIE = 'thirdparty_token';
export const XQFD_THIRDPARTY_TOKEN_COOKIE = 'xqfd_thirdparty_token';
