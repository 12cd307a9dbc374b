/**
 * Types of the JS bridge between the page and the native apps: the wire messages (docs/BRIDGE.md
 * "Protocol"), the host the bridge runs on, and the parameters and results of every capability.
 */
import type { AppId } from '@/lib/constants';
import type {
  AppWakeMode,
  BridgeRequestType,
  ConfirmAlign,
  NativeDestination,
  NavButtonType,
  NotificationType,
  PaymentEnv,
  PermissionKind,
  PhotoPickType,
  RefreshablePage,
  StockMarket,
  TelephoneVerifyType,
  ToastType,
  TradeOpenReferer,
} from './bridge-enums';

/** Protocol version written in every message. */
export const BRIDGE_PROTOCOL_VERSION = 1;

/** Page → native: one JSON text per call. */
export interface BridgeMessage {
  v: typeof BRIDGE_PROTOCOL_VERSION;
  /** Unique per page load; the native side echoes it in its callback. */
  id: string;
  action: string;
  params: Record<string, unknown>;
}

/** The native side's error: a code (string or number) and a human-readable message. */
export interface NativeError {
  code: string | number;
  message?: string;
}

/** Native → page: `window.__djBridgeCallback(id, error, result)`. */
export type NativeCallback = (id: string, error: NativeError | null | undefined, result?: unknown) => void;
/** Native → page, unsolicited: `window.__djBridgeEvent(name, payload)` (e.g. a navigation button tapped). */
export type NativeEventReceiver = (name: string, payload?: unknown) => void;

/** What the bridge needs from its surroundings: `window` in the app, a fake in tests. */
export interface BridgeHost {
  /** The native message sink, looked up at call time (native may inject it late); null outside an app. */
  findPoster(): ((message: string) => void) | null;
  /** Installs the page-side receivers the native side calls. */
  install(callback: NativeCallback, eventReceiver: NativeEventReceiver): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of the environment the bridge decides on (src/lib/environment.ts). */
export interface BridgeEnvironment {
  isNativeApp: boolean;
  bridgeStyle: 'new' | 'legacy' | null;
  usesFundAppDedicatedActions: boolean;
}

export interface CallOptions {
  /** ms before an unanswered call rejects with TIMEOUT; 0 waits forever (user-facing native UI). */
  timeoutMs?: number;
}

// ---- Capability parameters and results -------------------------------------

export interface BridgeRequest {
  /** Query string included (the page has already put GET/PUT/DELETE data there). */
  url: string;
  type: BridgeRequestType;
  /** The payload as an object: an app that does not know `body` form-encodes it into the POST body. */
  data?: Record<string, unknown>;
  /**
   * The request body exactly as it must be sent (form-encoded, JSON, text or an encrypted message). An app that
   * knows it sends it as is and ignores `data` for the body; `content_type` says what it is.
   */
  body?: string;
  /** The Content-Type of `body`. */
  content_type?: string;
  /** Extra request headers (e.g. `isenc`, `X-Device-Id`, `X-XSRF-TOKEN`); the app's own credentials win. */
  headers?: Record<string, string>;
  /** Ask for `{ status, headers, body }` (BridgeFullResponse) instead of the body alone. */
  full_response?: boolean;
  /** The native side adds the user's write token (trading calls). */
  need_write_token?: boolean;
  /** Which app's credentials the native side uses; default aid 1. */
  aid?: AppId;
  /** A label for native logs. */
  name?: string;
  /** Cookie header to send (the cookie-passing variant). */
  cookie?: string;
}

/**
 * A delegated request's answer when `full_response` was asked and the app knows it (docs/BRIDGE.md): the HTTP
 * status, the response headers (names lower-case; at least `isenc` and `content-type`) and the body as text.
 * Older apps answer the body alone.
 */
export interface BridgeFullResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface NativeUserInfo {
  uid: string;
  mask_telephone?: string;
  screen_name?: string;
  [field: string]: unknown;
}

export interface PickedPhoto {
  /** data: URL of the (compressed) image. */
  dataUrl: string;
  width?: number;
  height?: number;
}

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  align?: ConfirmAlign;
}

/** Extra parameters per destination (only what the destination needs). */
export interface DestinationParams {
  changePassword: Record<string, never>;
  setPassword: Record<string, never>;
  search: { market?: StockMarket; keyword?: string };
  fundHome: Record<string, never>;
  tradeHome: { market?: StockMarket };
  myMoneyTab: Record<string, never>;
  miniProgram: { userName: string; path?: string; envVersion?: 'release' | 'trial' | 'develop' };
  chat: { entryPage?: string };
  quickRecharge: { amountFen?: number };
}

export interface NavButton {
  /** Echoed back in the `navButtonTap` event. */
  id: string;
  type: NavButtonType;
  text?: string;
  /** Icon URL for type icon. */
  icon?: string;
  position?: 'left' | 'right';
}

export interface TelephoneVerifyResult {
  verified: boolean;
  mask_telephone?: string;
}

export interface ShareOptions {
  title: string;
  desc?: string;
  link: string;
  imgUrl?: string;
}

export interface PaymentOptions {
  orderId: string;
  env: PaymentEnv;
}

export interface TradeOpenOptions {
  referer: TradeOpenReferer;
  market?: StockMarket;
}

/** Every capability of docs/PRODUCT.md §1, as promises. */
export interface Bridge {
  /** True when calls can reach a native app now. */
  isAvailable(): boolean;
  request<T = unknown>(request: BridgeRequest, options?: CallOptions): Promise<T>;
  getWriteToken(options?: CallOptions): Promise<string>;
  getReadToken(options?: CallOptions): Promise<string>;
  getAccessToken(options?: CallOptions): Promise<string>;
  getDeviceId(options?: CallOptions): Promise<string>;
  getUserInfo(options?: CallOptions): Promise<NativeUserInfo>;
  requestPermission(kind: PermissionKind, options?: CallOptions): Promise<boolean>;
  pickPhoto(type: PhotoPickType, options?: CallOptions): Promise<PickedPhoto>;
  showToast(message: string, type?: ToastType, options?: CallOptions): Promise<void>;
  confirm(dialog: ConfirmOptions, options?: CallOptions): Promise<boolean>;
  open<D extends NativeDestination>(destination: D, params?: DestinationParams[D], options?: CallOptions): Promise<void>;
  refresh(page: RefreshablePage, options?: CallOptions): Promise<void>;
  notify(type: NotificationType, payload?: Record<string, unknown>, options?: CallOptions): Promise<void>;
  setNavigationButtons(buttons: NavButton[], options?: CallOptions): Promise<void>;
  wakeApp(mode: AppWakeMode, url?: string, options?: CallOptions): Promise<void>;
  verifyTelephone(type: TelephoneVerifyType, options?: CallOptions): Promise<TelephoneVerifyResult>;
  share(share: ShareOptions, options?: CallOptions): Promise<void>;
  redirect(url: string, options?: CallOptions): Promise<void>;
  pay(payment: PaymentOptions, options?: CallOptions): Promise<{ paid: boolean }>;
  openTradeAccount(open: TradeOpenOptions, options?: CallOptions): Promise<void>;
  /** Subscribes to a native event (e.g. 'navButtonTap' with `{id}`); returns the unsubscribe. */
  on(event: string, handler: (payload: unknown) => void): () => void;
}
