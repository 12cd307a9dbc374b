/**
 * Business constants and limits of docs/PRODUCT.md §9 (and the numbers §4/§5 state), named in the spec's words.
 * One place on the client side; the server keeps its own copy in `server/src/constants.ts`.
 */

// ---- Requests -------------------------------------------------------------

/** Every product request times out after 20 s (docs/PRODUCT.md §7, §9). */
export const REQUEST_TIMEOUT_MS = 20_000;
/** The generic HTTP client default: 0 means no timeout (docs/PRODUCT.md §9). */
export const HTTP_DEFAULT_TIMEOUT = 0;
/** Retries of the code send after a fresh anonymous token (errors 400016 / 400013). */
export const TOKEN_RETRY_MAX = 3;
/** The logout call (also after a third-party unbind) is retried up to 3 times. */
export const LOGOUT_RETRY = 3;
/** Code-send errors that mean "the anonymous token is stale: fetch a new one and retry". */
export const TOKEN_RETRY_ERROR_CODES: readonly number[] = [400016, 400013];
/** result_code values after which the encryption device must register again. */
export const DEVICE_REREGISTER_RESULT_CODES: readonly number[] = [900001, 900002];
/** After a response fails to decrypt, the device registers again after 1.2 s. */
export const DECRYPT_FAILURE_REREGISTER_DELAY_MS = 1_200;
/** result_code that opens an alert dialog with the server's description. */
export const ALERT_RESULT_CODE = 9999;
/** result_code the server answers when the visitor is not logged in (docs/PRODUCT.md §7.1). */
export const NOT_LOGGED_IN_RESULT_CODE = 300001;

// ---- Caches ---------------------------------------------------------------

/** Registered device info (device_id, secret) is kept 2 days. */
export const DEVICE_INFO_CACHE_MS = 2 * 24 * 60 * 60 * 1000;
/** The security API list (config key security_api_list) is cached about 2 hours. */
export const SECURITY_API_CONFIG_CACHE_MS = 2 * 60 * 60 * 1000;
/** Config key of the list of APIs whose POST bodies are encrypted. */
export const SECURITY_API_CONFIG_KEY = 'security_api_list';

// ---- Login, codes, passwords ----------------------------------------------

/** A phone number has exactly 11 characters (after trimming). */
export const PHONE_LENGTH = 11;
/** The only area code the product sends. */
export const AREA_CODE = '86';
/** Verification codes have up to 4 characters; the modal's verify button needs exactly 4. */
export const CODE_LENGTH = 4;
/** SMS resend countdown in seconds. */
export const SMS_RESEND_COUNTDOWN_S = 30;
/** The voice-verification offer appears 1 s after the countdown ends. */
export const VOICE_PROMPT_DELAY_MS = 1_000;
/** `source` value of the SMS send call. */
export const SMS_SOURCE = 0;
/** Trade passwords are exactly 6 digits. */
export const TRADE_PASSWORD_LENGTH = 6;
/** The generic passcode input defaults to 6 cells. */
export const PASSCODE_DEFAULT_LENGTH = 6;
/** At exactly 6 digits the trade-password completion fires after about 30 ms. */
export const TRADE_PASSWORD_COMPLETE_DELAY_MS = 30;
/**
 * Lifetime of the login token cookie. The spec gives the number 120 but not its unit
 * (seconds? minutes? days?): whoever sets the cookie must state the unit it assumes.
 */
export const LOGIN_TOKEN_COOKIE_LIFETIME = 120;

// ---- Search and watchlist -------------------------------------------------

/** Search is debounced 200 ms. */
export const SEARCH_DEBOUNCE_MS = 200;
/** The search dropdown hides about 10 ms after blur (so a tap on a result still lands). */
export const SEARCH_BLUR_HIDE_MS = 10;
/** `source` query value of the search call. */
export const SEARCH_SOURCE = 'index';
/** The watchlist is fetched in one page of this size. */
export const WATCHLIST_SIZE = 10_000;
/** Portfolio id of the watchlist ("all") in the stock-community API. */
export const WATCHLIST_PID = -17;

// ---- UI defaults ----------------------------------------------------------

/** Toast default duration. */
export const TOAST_DURATION_MS = 2_000;
/** Toast position when a caller gives none. */
export const TOAST_DEFAULT_POSITION = 'center';
/** The app config places toasts at the top. */
export const TOAST_APP_POSITION = 'top';
/** The app config's toast mask swallows taps but cannot be clicked to close. */
export const TOAST_APP_MASK_CLICKABLE = false;
/** Marquee default speed (the widget's own unit, pixels per second in NutUI NoticeBar). */
export const MARQUEE_SPEED = 50;
/** Gap between marquee repetitions. */
export const MARQUEE_GAP_PX = 50;
/** An element counts as seen for tracking when 80 % of it is in view. */
export const IN_VIEW_THRESHOLD = 0.8;
/** Swiper autoplay interval. */
export const SWIPER_AUTOPLAY_MS = 3_000;
/** Pull-to-refresh keeps its completion text 500 ms. */
export const PULL_REFRESH_DONE_HOLD_MS = 500;
/** Spring animation defaults. */
export const ANIMATION_TENSION = 170;
export const ANIMATION_FRICTION = 26;
/** Date picker default range: ten years back and forward from the current year. */
export const DATE_PICKER_YEARS_BACK = 10;
export const DATE_PICKER_YEARS_FORWARD = 10;
/** The demo page's date picker minimum. */
export const DATE_PICKER_DEMO_MIN = '2021-01-01';

// ---- Remote configuration (mpaas) ----------------------------------------

/** Config request timeout inside a browser. */
export const MPAAS_BROWSER_TIMEOUT_MS = 3_000;
/** Config request timeout outside a browser (mini program). */
export const MPAAS_NON_BROWSER_TIMEOUT_MS = 1_000;
/** Local storage key prefix of cached config entries. */
export const MPAAS_STORAGE_PREFIX = 'mpaas-';
/** Config content path. */
export const MPAAS_CONTENT_PATH = '/mpaas/config/content';
// The spec's two "snowfire" config paths are configured there but never called: not declared here (docs/PRODUCT.md §12).
/** The config server's update_type meaning "unchanged since last_update". */
export const MPAAS_UPDATE_TYPE_UNCHANGED = 0;

// ---- Apps and environments ------------------------------------------------

/** The four native apps of the family, by numeric aid (see src/platform/app-registry.ts). */
export const APP_ID = {
  /** Social investing app (the default). */
  SOCIAL: 1,
  SECURITIES: 2,
  FUND: 3,
  TRADING: 4,
} as const;
export type AppId = (typeof APP_ID)[keyof typeof APP_ID];
/** The app a request or config call targets when the caller names none. */
export const DEFAULT_AID: AppId = APP_ID.SOCIAL;

/** New-style bridge calls apply from fund-app build 6910 (older builds speak the legacy action names). */
export const NEW_BRIDGE_MIN_BUILD = 6910;
/** The fund-app flavour uses its dedicated request, share and redirect actions from version 6.91. */
export const FUND_APP_DEDICATED_ACTIONS_MIN_VERSION = '6.91';
/** The stock-community app uses a different link prefix from version 12.32.0. */
export const STOCK_APP_NEW_LINK_PREFIX_MIN_VERSION = '12.32.0';

/** Partner channel ids (docs/PRODUCT.md §4): 2500000386 to 2500000390, and 2500000443. */
export const PARTNER_CHANNEL_IDS: readonly string[] = ['2500000386', '2500000387', '2500000388', '2500000389', '2500000390', '2500000443'];
/** Channels containing this token are partner channels of the stock-community messaging account. */
export const XQWX_CHANNEL_TOKEN = 'XQWX';

/** Monitoring is loaded only in these deployment environments. */
export const MONITORING_ENVIRONMENTS: readonly string[] = ['rc', 'master'];

// ---- Stock-indicator defaults (used by src/lib/indicators.ts, a later issue) ----

export const INDICATOR_DEFAULTS = {
  ma: [5],
  boll: { period: 20, stdDevs: 2 },
  rsi: [6, 12, 24],
  kdj: { n: 9, m1: 3, m2: 3 },
  macd: { short: 12, long: 26, signal: 9 },
  wr: [6, 10],
  bias: [6, 12, 24],
  bbi: [3, 6, 12, 24],
  cci: { period: 14, factor: 0.015 },
  psy: { period: 12, maPeriod: 6 },
} as const;

// ---- Storage and cookies --------------------------------------------------

/** Session storage keys of the identity fields cleared on logout. */
export const IDENTITY_SESSION_KEYS: readonly string[] = ['dj-ccount-idno', 'dj-ccount-name', 'dj-ccount-cardno', 'dj-ccount-tel'];
/** Local storage key of the account response's open_trade (docs/PRODUCT.md §3 "saved locally as openTrade"). */
export const LOCAL_KEY_OPEN_TRADE = 'openTrade';
/** Local storage key of an anonymous visitor's watchlist on this device (moved to the account at login). */
export const LOCAL_KEY_WATCHLIST = 'dj-optional-funds';
/**
 * Local storage keys holding a user's data: `resetStores()` (platform/store-registry.ts) removes them on logout,
 * also when the store that writes one was never loaded in this visit. The last login phone
 * (`dj-last-login-phone`) is not one of them: the one-tap login sheet offers it again after a logout (docs/PRODUCT.md §4).
 */
export const USER_LOCAL_KEYS: readonly string[] = [LOCAL_KEY_OPEN_TRADE, LOCAL_KEY_WATCHLIST];
/** Other session storage keys of docs/PRODUCT.md §3. */
export const SESSION_KEY_CHANNEL = 'CHANNEL';
export const SESSION_KEY_HIDE_HOME_BTN = 'hideHomeBtn';
export const SESSION_KEY_BACK_TO_ACTIVITY_PAGE = 'backToActivityPage';
/** XSRF cookie and header of the generic HTTP defaults. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
