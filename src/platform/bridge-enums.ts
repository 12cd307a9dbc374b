/**
 * Enumerations of the JS bridge (docs/PRODUCT.md §3 "Bridge enumerations"), with the values that travel in
 * bridge messages. docs/BRIDGE.md lists them for the native teams.
 */

/** Photo pick types: which photo the page asks the native picker for. */
export const PHOTO_PICK_TYPE = {
  FRONT: 'front',
  BACK: 'back',
  ID_CARD: 'idCard',
  PORTRAIT: 'portrait',
  STOCK_RECOGNIZE: 'stock_recognize',
} as const;
export type PhotoPickType = (typeof PHOTO_PICK_TYPE)[keyof typeof PHOTO_PICK_TYPE];

/** Stock markets. */
export const STOCK_MARKET = { US: 'us', CN: 'cn', HK: 'hk' } as const;
export type StockMarket = (typeof STOCK_MARKET)[keyof typeof STOCK_MARKET];

/** Native toast types (numeric on the wire). */
export const TOAST_TYPE = { NORMAL: 0, SUCCESS: 1, ERROR: 2 } as const;
export type ToastType = (typeof TOAST_TYPE)[keyof typeof TOAST_TYPE];

/** Confirm-dialog text alignment. */
export const CONFIRM_ALIGN = { CENTER: 'center', LEFT: 'left', RIGHT: 'right' } as const;
export type ConfirmAlign = (typeof CONFIRM_ALIGN)[keyof typeof CONFIRM_ALIGN];

/** Telephone verification: bind a new phone, or verify the bound one. */
export const TELEPHONE_VERIFY_TYPE = { BIND: 'bind', VERIFY: 'verify' } as const;
export type TelephoneVerifyType = (typeof TELEPHONE_VERIFY_TYPE)[keyof typeof TELEPHONE_VERIFY_TYPE];

/** Payment-app environments. */
export const PAYMENT_ENV = { PROD: 'PROD', FAT: 'FAT', UAT: 'UAT' } as const;
export type PaymentEnv = (typeof PAYMENT_ENV)[keyof typeof PAYMENT_ENV];

/** Native permission kinds. */
export const PERMISSION_KIND = { CAMERA: 'CAMERA', PHONE: 'PHONE', MICROPHONE: 'MICROPHONE' } as const;
export type PermissionKind = (typeof PERMISSION_KIND)[keyof typeof PERMISSION_KIND];

/** Where a trading-account opening was started from. */
export const TRADE_OPEN_REFERER = { COMBINATION_PAGE: 'COMBINATION_PAGE', HIGH_LEVEL_PAGE: 'HIGH_LEVEL_PAGE' } as const;
export type TradeOpenReferer = (typeof TRADE_OPEN_REFERER)[keyof typeof TRADE_OPEN_REFERER];

/** Notifications the page sends to the native app so it refreshes its own state. */
export const NOTIFICATION_TYPE = {
  REFRESH_USER_PRIVILEGE: 'refreshUserPrivilege',
  REFRESH_SIMULATE_ACCOUNT: 'refreshSimulateAccount',
  BIND_BROKER_SUCCESS: 'bindBrokerSuccess',
  RISK_TEST_COMPLETE: 'riskTestComplete',
  UPDATE_STOCK_FOLLOW: 'updateStockFollow',
} as const;
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

/** Navigation-bar button types. */
export const NAV_BUTTON_TYPE = {
  NORMAL: 'normal',
  DEFAULT_BACK: 'defaultBack',
  CAN_BACK: 'canBack',
  TEXT: 'text',
  ICON: 'icon',
  CLEAR: 'clear',
  BACK_CLEAR: 'backClear',
  BACK_TO_MINE: 'backToMine',
} as const;
export type NavButtonType = (typeof NAV_BUTTON_TYPE)[keyof typeof NAV_BUTTON_TYPE];

/**
 * App-wake modes (codes 2–5). The spec gives only the codes; the meanings are ours (docs/BRIDGE.md):
 * 2 open the app's home, 3 open a page URL inside the app, 4 open and return to the caller, 5 open silently.
 */
export const APP_WAKE_MODE = { HOME: 2, PAGE: 3, ROUND_TRIP: 4, SILENT: 5 } as const;
export type AppWakeMode = (typeof APP_WAKE_MODE)[keyof typeof APP_WAKE_MODE];

/** HTTP methods the native app performs for delegated requests. */
export const BRIDGE_REQUEST_TYPE = { GET: 'GET', POST: 'POST', PUT: 'PUT', DELETE: 'DELETE' } as const;
export type BridgeRequestType = (typeof BRIDGE_REQUEST_TYPE)[keyof typeof BRIDGE_REQUEST_TYPE];

/** Native destinations the page can open (docs/PRODUCT.md §2 "Native destinations"). */
export const NATIVE_DESTINATION = {
  CHANGE_PASSWORD: 'changePassword',
  SET_PASSWORD: 'setPassword',
  SEARCH: 'search',
  FUND_HOME: 'fundHome',
  TRADE_HOME: 'tradeHome',
  MY_MONEY_TAB: 'myMoneyTab',
  MINI_PROGRAM: 'miniProgram',
  CHAT: 'chat',
  QUICK_RECHARGE: 'quickRecharge',
} as const;
export type NativeDestination = (typeof NATIVE_DESTINATION)[keyof typeof NATIVE_DESTINATION];

/** Native pages the page can ask to refresh. */
export const REFRESHABLE_PAGE = {
  PUBLIC_TIMELINE: 'publicTimeline',
  PORTFOLIO: 'portfolio',
  HOME_TIMELINE: 'homeTimeline',
  QUOTES_CENTER: 'quotesCenter',
  TRADE: 'trade',
} as const;
export type RefreshablePage = (typeof REFRESHABLE_PAGE)[keyof typeof REFRESHABLE_PAGE];
