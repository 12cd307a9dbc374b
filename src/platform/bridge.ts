/**
 * The JS bridge to the native apps (docs/PRODUCT.md §1): a typed promise API over the message protocol of
 * docs/BRIDGE.md. The bridge runs on an injectable host (window in the app, a fake in tests) and
 * refuses to call out when the page is not inside a native app of the family.
 */
import { DEFAULT_AID, REQUEST_TIMEOUT_MS } from '@/lib/constants';
import { detectEnvironment } from '@/lib/environment';
import { t } from '@/locales/i18n';
import { TOAST_TYPE, type NativeDestination, type ToastType } from './bridge-enums';
import {
  BRIDGE_PROTOCOL_VERSION,
  type Bridge,
  type BridgeEnvironment,
  type BridgeHost,
  type BridgeMessage,
  type CallOptions,
  type NativeError,
} from './bridge.types';
import { findNativeSink, type NativeSinkWindow } from './native-app';

export type BridgeErrorCode = 'NOT_IN_APP' | 'TIMEOUT' | 'NATIVE' | 'UNSUPPORTED';

/** A bridge call that did not succeed; `message` is catalogue text a page can show as is. */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  readonly action: string;
  /** The native side's own error code, for NATIVE and UNSUPPORTED. */
  readonly nativeCode?: string | number;

  constructor(code: BridgeErrorCode, action: string, message: string, nativeCode?: string | number) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.action = action;
    this.nativeCode = nativeCode;
  }
}

/** Native error code meaning "this app version has no such action". */
export const NATIVE_UNSUPPORTED_CODE = 'UNSUPPORTED_ACTION';

/** Data calls (tokens, device id) are answered at once; a silent native side must not hang the page. */
export const BRIDGE_DATA_TIMEOUT_MS = 10_000;
/** Delegated requests: the native side applies the 20 s request timeout itself; we wait a little longer. */
export const BRIDGE_REQUEST_TIMEOUT_MS = REQUEST_TIMEOUT_MS + 5_000;
/** Calls that show native UI (confirm, photo picker, permission prompt) wait for the user: no timeout. */
export const BRIDGE_NO_TIMEOUT = 0;

/** A capability's wire names: new-style (build ≥ 6910), legacy (older), and the fund app's dedicated one (≥ 6.91). */
interface ActionNames {
  modern: string;
  legacy: string;
  fundDedicated?: string;
}

/** Every capability's action names (docs/BRIDGE.md "Actions"). */
export const BRIDGE_ACTIONS = {
  request: { modern: 'net.request', legacy: 'ajax', fundDedicated: 'fund.request' },
  getWriteToken: { modern: 'auth.getWriteToken', legacy: 'getWriteToken' },
  getReadToken: { modern: 'auth.getReadToken', legacy: 'getReadToken' },
  getAccessToken: { modern: 'auth.getAccessToken', legacy: 'getAccessToken' },
  getDeviceId: { modern: 'device.getId', legacy: 'getDeviceId' },
  getUserInfo: { modern: 'user.getInfo', legacy: 'getUserInfo' },
  requestPermission: { modern: 'permission.request', legacy: 'requestPermission' },
  pickPhoto: { modern: 'media.pickPhoto', legacy: 'choosePhoto' },
  showToast: { modern: 'ui.toast', legacy: 'toast' },
  confirm: { modern: 'ui.confirm', legacy: 'confirm' },
  open: { modern: 'nav.open', legacy: 'openPage' },
  refresh: { modern: 'nav.refresh', legacy: 'refreshPage' },
  notify: { modern: 'event.notify', legacy: 'postNotification' },
  setNavigationButtons: { modern: 'nav.setButtons', legacy: 'setNavButtons' },
  wakeApp: { modern: 'app.wake', legacy: 'wakeApp' },
  verifyTelephone: { modern: 'auth.verifyTelephone', legacy: 'telephoneVerify' },
  share: { modern: 'ui.share', legacy: 'share', fundDedicated: 'fund.share' },
  redirect: { modern: 'nav.redirect', legacy: 'redirect', fundDedicated: 'fund.redirect' },
  pay: { modern: 'pay.open', legacy: 'openPay' },
  openTradeAccount: { modern: 'trade.open', legacy: 'openTradeAccount' },
} as const satisfies Record<string, ActionNames>;

export type Capability = keyof typeof BRIDGE_ACTIONS;

/** The wire action for a capability in this environment. */
export function actionName(capability: Capability, environment: BridgeEnvironment): string {
  const names: ActionNames = BRIDGE_ACTIONS[capability];
  if (environment.usesFundAppDedicatedActions && names.fundDedicated) return names.fundDedicated;
  return environment.bridgeStyle === 'legacy' ? names.legacy : names.modern;
}

export interface BridgeContext {
  host: BridgeHost;
  environment: BridgeEnvironment;
}

interface Pending {
  action: string;
  resolve: (value: unknown) => void;
  reject: (error: BridgeError) => void;
  timer: unknown;
}

/**
 * Builds a bridge over a host. The context is resolved on the first call (so the app's default
 * bridge does not touch `window` at import time, which the mini program build also loads).
 */
export function createBridge(context: BridgeContext | (() => BridgeContext)): Bridge {
  const resolveContext = typeof context === 'function' ? context : () => context;
  let resolved: BridgeContext | null = null;
  const pending = new Map<string, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let sequence = 0;
  // Ids unique across bridges on one page (e.g. an iframe sharing the native handler).
  const pagePrefix = `dj${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  function onNativeCallback(id: string, error: NativeError | null | undefined, result?: unknown): void {
    const call = pending.get(String(id));
    if (!call) return; // late answer after a timeout, or another bridge's id
    pending.delete(String(id));
    ctx().host.clearTimeout(call.timer);
    if (error) {
      const unsupported = error.code === NATIVE_UNSUPPORTED_CODE;
      call.reject(
        new BridgeError(
          unsupported ? 'UNSUPPORTED' : 'NATIVE',
          call.action,
          unsupported ? t('common.bridge.unsupported') : t('common.bridge.nativeError', { reason: error.message || String(error.code) }),
          error.code,
        ),
      );
    } else {
      call.resolve(result);
    }
  }

  function onNativeEvent(name: string, payload?: unknown): void {
    for (const handler of listeners.get(name) ?? []) handler(payload);
  }

  function ctx(): BridgeContext {
    if (!resolved) {
      resolved = resolveContext();
      resolved.host.install(onNativeCallback, onNativeEvent);
    }
    return resolved;
  }

  function call<T>(capability: Capability, params: Record<string, unknown>, timeoutMs: number): Promise<T> {
    const { host, environment } = ctx();
    const action = actionName(capability, environment);
    const post = environment.isNativeApp ? host.findPoster() : null;
    if (!post) return Promise.reject(new BridgeError('NOT_IN_APP', action, t('common.bridge.notInApp')));
    sequence += 1;
    const id = `${pagePrefix}_${sequence}`;
    const message: BridgeMessage = { v: BRIDGE_PROTOCOL_VERSION, id, action, params };
    return new Promise<T>((resolve, reject) => {
      const timer =
        timeoutMs > 0
          ? host.setTimeout(() => {
              if (!pending.delete(id)) return;
              reject(new BridgeError('TIMEOUT', action, t('common.bridge.timeout')));
            }, timeoutMs)
          : null;
      pending.set(id, { action, resolve: resolve as (value: unknown) => void, reject, timer });
      try {
        post(JSON.stringify(message));
      } catch (error) {
        // The native sink itself threw (e.g. a torn-down web view): the call cannot be answered.
        pending.delete(id);
        host.clearTimeout(timer);
        const reason = error instanceof Error ? error.message : String(error);
        reject(new BridgeError('NATIVE', action, t('common.bridge.nativeError', { reason })));
      }
    });
  }

  const timeout = (options: CallOptions | undefined, fallback: number): number => options?.timeoutMs ?? fallback;
  const data = BRIDGE_DATA_TIMEOUT_MS;

  return {
    isAvailable: () => {
      const { host, environment } = ctx();
      return environment.isNativeApp && host.findPoster() !== null;
    },
    request: <T>(request: Parameters<Bridge['request']>[0], options?: CallOptions) =>
      call<T>(
        'request',
        { ...request, data: request.data ?? {}, aid: request.aid ?? DEFAULT_AID, need_write_token: !!request.need_write_token },
        timeout(options, BRIDGE_REQUEST_TIMEOUT_MS),
      ),
    getWriteToken: (options) => call<string>('getWriteToken', {}, timeout(options, data)),
    getReadToken: (options) => call<string>('getReadToken', {}, timeout(options, data)),
    getAccessToken: (options) => call<string>('getAccessToken', {}, timeout(options, data)),
    getDeviceId: (options) => call<string>('getDeviceId', {}, timeout(options, data)),
    getUserInfo: (options) => call('getUserInfo', {}, timeout(options, data)),
    requestPermission: (kind, options) => call<boolean>('requestPermission', { kind }, timeout(options, BRIDGE_NO_TIMEOUT)).then(Boolean),
    pickPhoto: (type, options) => call('pickPhoto', { type }, timeout(options, BRIDGE_NO_TIMEOUT)),
    showToast: (message: string, type: ToastType = TOAST_TYPE.NORMAL, options?: CallOptions) =>
      call<void>('showToast', { message, type }, timeout(options, data)).then(() => undefined),
    confirm: (dialog, options) =>
      call<boolean>('confirm', { align: 'center', ...dialog }, timeout(options, BRIDGE_NO_TIMEOUT)).then(Boolean),
    open: (destination: NativeDestination, params?: object, options?: CallOptions) =>
      call<void>('open', { destination, ...(params ?? {}) }, timeout(options, data)).then(() => undefined),
    refresh: (page, options) => call<void>('refresh', { page }, timeout(options, data)).then(() => undefined),
    notify: (type, payload, options) =>
      call<void>('notify', { type, payload: payload ?? {} }, timeout(options, data)).then(() => undefined),
    setNavigationButtons: (buttons, options) =>
      call<void>('setNavigationButtons', { buttons }, timeout(options, data)).then(() => undefined),
    wakeApp: (mode, url, options) =>
      call<void>('wakeApp', url === undefined ? { mode } : { mode, url }, timeout(options, data)).then(() => undefined),
    verifyTelephone: (type, options) => call('verifyTelephone', { type }, timeout(options, BRIDGE_NO_TIMEOUT)),
    share: (share, options) => call<void>('share', { ...share }, timeout(options, BRIDGE_NO_TIMEOUT)).then(() => undefined),
    redirect: (url, options) => call<void>('redirect', { url }, timeout(options, data)).then(() => undefined),
    pay: (payment, options) => call('pay', { ...payment }, timeout(options, BRIDGE_NO_TIMEOUT)),
    openTradeAccount: (open, options) => call<void>('openTradeAccount', { ...open }, timeout(options, data)).then(() => undefined),
    on: (event, handler) => {
      ctx();
      const set = listeners.get(event) ?? new Set();
      set.add(handler);
      listeners.set(event, set);
      return () => set.delete(handler);
    },
  };
}

// ---- The app's bridge on window ---------------------------------------------

/** The globals the protocol uses (docs/BRIDGE.md). */
export interface BridgeWindow extends NativeSinkWindow {
  __djBridgeCallback?: (id: string, error: NativeError | null | undefined, result?: unknown) => void;
  __djBridgeEvent?: (name: string, payload?: unknown) => void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A host over a window: Android/Harmony `window.DJBridge`, iOS `window.webkit.messageHandlers.DJBridge`. */
export function windowBridgeHost(win: BridgeWindow): BridgeHost {
  return {
    findPoster() {
      const sink = findNativeSink(win);
      return sink ? (message) => sink.postMessage(message) : null;
    },
    install(callback, eventReceiver) {
      win.__djBridgeCallback = callback;
      win.__djBridgeEvent = eventReceiver;
    },
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    clearTimeout: (handle) => win.clearTimeout(handle),
  };
}

/** A host with no native side: every call rejects with NOT_IN_APP. */
function inertHost(): BridgeHost {
  return {
    findPoster: () => null,
    install: () => undefined,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** The app's context: the real window and the environment of this page load. */
function defaultContext(): BridgeContext {
  // The mini program is never inside a native app's web view; returning first lets the build drop the
  // browser branch from the weapp bundle (TARO_ENV is a build-time constant).
  if (process.env.TARO_ENV === 'weapp') {
    return { host: inertHost(), environment: detectEnvironment('', { channel: null, taroEnv: 'weapp' }) };
  }
  const win = typeof window !== 'undefined' ? (window as unknown as BridgeWindow) : null;
  const userAgent = win && typeof navigator !== 'undefined' ? navigator.userAgent : '';
  const channel = win && typeof location !== 'undefined' ? new URLSearchParams(location.search).get('channel') : null;
  const environment = detectEnvironment(userAgent, { channel, taroEnv: process.env.TARO_ENV });
  return { host: win ? windowBridgeHost(win) : inertHost(), environment };
}

/** The page's bridge. Outside a native app (browser, WeChat, mini program) every call rejects with NOT_IN_APP. */
export const bridge: Bridge = createBridge(defaultContext);
