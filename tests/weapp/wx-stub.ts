// A stand-in for the mini program's `wx` object, enough for Taro's runtime and our platform layer.
// Taro copies `Object.keys(wx)` into `Taro` at start-up, so every API must be an own key here; async APIs
// answer on a later timer tick (as on a phone) and every call is recorded for the tests to read.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

export interface WxRequest {
  url: string;
  method: string;
  data: unknown;
  header: Record<string, string>;
}

export interface WxResponse {
  statusCode?: number;
  data: unknown;
  header?: Record<string, string>;
  /** Set-Cookie values, one per cookie (newer base libraries hand them over as `res.cookies`). */
  cookies?: string[];
}

/** Answers `wx.request`; throwing makes the request fail (`request:fail …`), like a network error. */
export type RequestHandler = (request: WxRequest) => WxResponse | Promise<WxResponse>;

/** One recorded API call: its name and its options (callbacks left out), JSON-safe. */
export interface WxCall {
  api: string;
  options: Record<string, unknown>;
}

/** What the stub needs from the harness around it. */
export interface WxHost {
  /** Runs `fn` later on a timer of the page's world (so errors in it are caught and recorded). */
  later(fn: () => void, ms?: number): void;
  /** Copies plain data into the mini program's realm (what crosses a real wx boundary is JSON). */
  toRealm<T>(value: T): T;
  /** Page paths app.json declares, and the tab pages, to refuse navigation to missing pages like WeChat. */
  declaredPages(): readonly string[];
  tabPages(): readonly string[];
  onListener(event: string, listener: (...args: unknown[]) => void): void;
  offListener(event: string, listener?: (...args: unknown[]) => void): void;
  launchOptions(): Record<string, unknown>;
}

type Options = Record<string, unknown> & {
  success?: (res: unknown) => void;
  fail?: (err: unknown) => void;
  complete?: (res: unknown) => void;
};

export const NOT_LOGGED_IN_ENVELOPE = {
  result_code: 300001,
  data: null,
  message: '未登录',
  error_description: '未登录',
};

/** Default server: nobody is logged in (`/djapi/account` → 300001), every other call succeeds empty. */
export const anonymousServer: RequestHandler = (request) => {
  const pathname = request.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0];
  if (pathname === '/djapi/account') return { statusCode: 200, data: NOT_LOGGED_IN_ENVELOPE };
  return { statusCode: 200, data: { result_code: 0, data: {}, message: '', error_description: '' } };
};

export const SYSTEM_INFO = {
  brand: 'devtools',
  model: 'iPhone 12/13 (Pro)',
  pixelRatio: 3,
  screenWidth: 390,
  screenHeight: 844,
  windowWidth: 390,
  windowHeight: 753,
  statusBarHeight: 47,
  language: 'zh_CN',
  version: '8.0.5',
  system: 'iOS 15.0',
  platform: 'ios',
  fontSizeSetting: 16,
  SDKVersion: '3.3.4',
  benchmarkLevel: 1,
  theme: 'light',
  safeArea: { left: 0, right: 390, top: 47, bottom: 810, width: 390, height: 763 },
  enableDebug: false,
  deviceOrientation: 'portrait',
};

/** The async API names Taro promisifies (read from @tarojs/shared so new ones are covered). */
function taroPromiseApiNames(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@tarojs/shared/dist/shared.esm.js');
  const source = readFileSync(file, 'utf8');
  const block = /const needPromiseApis = new Set\(\[([\s\S]*?)\]\)/.exec(source);
  if (!block) throw new Error(`needPromiseApis not found in ${file}: the wx stub needs updating for this Taro`);
  return [...(block[1] ?? '').matchAll(/'([A-Za-z0-9]+)'/g)].map((m) => m[1] as string);
}

function withoutCallbacks(options: unknown): Record<string, unknown> {
  if (!options || typeof options !== 'object') return { value: options };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    if (typeof value !== 'function') out[key] = value;
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

function pagePathOf(url: string): string {
  return url.replace(/^\//, '').split('?')[0] as string;
}

const noop = (): void => undefined;

/** What wx.request returns. */
interface RequestTask {
  abort(): void;
  onHeadersReceived(): void;
  offHeadersReceived(): void;
  onChunkReceived(): void;
  offChunkReceived(): void;
}

export interface WxStub {
  wx: Record<string, unknown>;
  calls: WxCall[];
  storage: Map<string, string>;
  setRequestHandler(handler: RequestHandler): void;
}

export function createWx(host: WxHost, initialStorage: Record<string, unknown> = {}): WxStub {
  const calls: WxCall[] = [];
  // Stored as JSON text: what wx storage keeps is serialised data, and reads must hand back fresh copies.
  const storage = new Map<string, string>(Object.entries(initialStorage).map(([k, v]) => [k, JSON.stringify(v)]));
  let requestHandler: RequestHandler = anonymousServer;

  const record = (api: string, options: unknown): void => {
    calls.push({ api, options: withoutCallbacks(options) });
  };
  const succeed = (api: string, options: Options | undefined, res: Record<string, unknown> = {}): void => {
    host.later(() => {
      const payload = host.toRealm({ errMsg: `${api}:ok`, ...res });
      options?.success?.(payload);
      options?.complete?.(payload);
    });
  };
  const fail = (api: string, options: Options | undefined, reason: string): void => {
    host.later(() => {
      const payload = host.toRealm({ errMsg: `${api}:fail ${reason}` });
      options?.fail?.(payload);
      options?.complete?.(payload);
    });
  };

  const wx: Record<string, unknown> = {};

  // Every async API Taro knows: recorded, then "ok". The specific ones below override these.
  for (const api of taroPromiseApiNames()) {
    wx[api] = (options?: Options) => {
      record(api, options);
      succeed(api, options);
    };
  }

  const readStored = (key: string): unknown => {
    const text = storage.get(key);
    return text === undefined ? '' : host.toRealm(JSON.parse(text) as unknown);
  };
  const storageInfo = () => ({
    keys: [...storage.keys()],
    currentSize: Math.ceil([...storage.values()].reduce((n, v) => n + v.length, 0) / 1024),
    limitSize: 10240,
  });

  const navigation = (api: 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab') => (options: Options) => {
    record(api, options);
    const url = String(options?.url ?? '');
    const page = pagePathOf(url);
    if (!host.declaredPages().includes(page)) return fail(api, options, `page "${page}" is not found`);
    const isTab = host.tabPages().includes(page);
    if (api === 'switchTab' && !isTab) return fail(api, options, `can not switch to no-tabBar page`);
    if ((api === 'navigateTo' || api === 'redirectTo') && isTab) return fail(api, options, `can not ${api} a tabbar page`);
    return succeed(api, options);
  };

  const selectorQuery = () => {
    const queued: { selector: string; all: boolean; cb?: (res: unknown) => void }[] = [];
    const rect = (selector: string) => ({
      id: selector.replace(/^#/, ''),
      dataset: {},
      left: 0,
      right: SYSTEM_INFO.windowWidth,
      top: 0,
      bottom: 0,
      width: SYSTEM_INFO.windowWidth,
      height: 0,
      scrollLeft: 0,
      scrollTop: 0,
      scrollWidth: SYSTEM_INFO.windowWidth,
      scrollHeight: 0,
    });
    const nodesRef = (selector: string, all: boolean, query: unknown) => {
      const add = (cb?: (res: unknown) => void) => {
        queued.push({ selector, all, cb });
        return query;
      };
      return {
        boundingClientRect: add,
        scrollOffset: add,
        fields: (_f: unknown, cb?: (res: unknown) => void) => add(cb),
        node: add,
        context: add,
      };
    };
    const query: Record<string, unknown> = {};
    Object.assign(query, {
      in: () => query,
      select: (selector: string) => nodesRef(selector, false, query),
      selectAll: (selector: string) => nodesRef(selector, true, query),
      selectViewport: () => nodesRef('viewport', false, query),
      exec: (cb?: (res: unknown[]) => void) => {
        record('createSelectorQuery.exec', { selectors: queued.map((q) => q.selector) });
        host.later(() => {
          const results = queued.map((q) => host.toRealm(q.all ? [rect(q.selector)] : rect(q.selector)));
          queued.forEach((q, i) => q.cb?.(results[i]));
          cb?.(host.toRealm(results));
        });
      },
    });
    return query;
  };

  const listener = (event: string) => (fn: (...args: unknown[]) => void) => host.onListener(event, fn);
  const unlisten = (event: string) => (fn?: (...args: unknown[]) => void) => host.offListener(event, fn);

  Object.assign(wx, {
    // System information (sync): the device a page lays itself out for.
    getSystemInfoSync: () => host.toRealm(SYSTEM_INFO),
    getSystemInfo: (options: Options) => succeed('getSystemInfo', options, SYSTEM_INFO),
    getSystemInfoAsync: (options: Options) => succeed('getSystemInfoAsync', options, SYSTEM_INFO),
    getWindowInfo: () =>
      host.toRealm({
        pixelRatio: SYSTEM_INFO.pixelRatio,
        screenWidth: SYSTEM_INFO.screenWidth,
        screenHeight: SYSTEM_INFO.screenHeight,
        windowWidth: SYSTEM_INFO.windowWidth,
        windowHeight: SYSTEM_INFO.windowHeight,
        statusBarHeight: SYSTEM_INFO.statusBarHeight,
        safeArea: SYSTEM_INFO.safeArea,
        screenTop: 0,
      }),
    getDeviceInfo: () =>
      host.toRealm({
        brand: SYSTEM_INFO.brand,
        model: SYSTEM_INFO.model,
        system: SYSTEM_INFO.system,
        platform: SYSTEM_INFO.platform,
        benchmarkLevel: 1,
      }),
    getAppBaseInfo: () =>
      host.toRealm({
        SDKVersion: SYSTEM_INFO.SDKVersion,
        language: SYSTEM_INFO.language,
        version: SYSTEM_INFO.version,
        theme: 'light',
        enableDebug: false,
        fontSizeSetting: 16,
        host: { env: 'WeChat' },
      }),
    getSystemSetting: () =>
      host.toRealm({ bluetoothEnabled: false, locationEnabled: false, wifiEnabled: true, deviceOrientation: 'portrait' }),
    getAppAuthorizeSetting: () =>
      host.toRealm({
        albumAuthorized: 'not determined',
        cameraAuthorized: 'not determined',
        microphoneAuthorized: 'not determined',
        notificationAuthorized: 'not determined',
      }),
    getAccountInfoSync: () => host.toRealm({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }),
    getMenuButtonBoundingClientRect: () => host.toRealm({ width: 87, height: 32, top: 51, right: 380, bottom: 83, left: 293 }),
    getLaunchOptionsSync: () => host.toRealm(host.launchOptions()),
    getEnterOptionsSync: () => host.toRealm(host.launchOptions()),
    canIUse: () => true,
    nextTick: (fn: () => void) => host.later(fn),

    // Storage, sync and async (10 MB, values kept as JSON like the real one).
    setStorageSync: (key: string, data: unknown) => {
      record('setStorageSync', { key });
      storage.set(String(key), JSON.stringify(data === undefined ? '' : data));
    },
    getStorageSync: (key: string) => readStored(String(key)),
    removeStorageSync: (key: string) => void storage.delete(String(key)),
    clearStorageSync: () => storage.clear(),
    getStorageInfoSync: () => host.toRealm(storageInfo()),
    setStorage: (options: Options) => {
      record('setStorage', { key: options.key });
      storage.set(String(options.key), JSON.stringify(options.data === undefined ? '' : options.data));
      succeed('setStorage', options);
    },
    getStorage: (options: Options) => {
      const key = String(options.key);
      if (!storage.has(key)) return fail('getStorage', options, 'data not found');
      return succeed('getStorage', options, { data: JSON.parse(storage.get(key) as string) as unknown });
    },
    removeStorage: (options: Options) => {
      storage.delete(String(options.key));
      succeed('removeStorage', options);
    },
    clearStorage: (options: Options) => {
      storage.clear();
      succeed('clearStorage', options);
    },
    getStorageInfo: (options: Options) => succeed('getStorageInfo', options, storageInfo()),

    // Network: answered by the injectable handler.
    request: (options: Options): RequestTask => {
      record('request', options);
      const request: WxRequest = {
        url: String(options.url ?? ''),
        method: String(options.method ?? 'GET').toUpperCase(),
        data: withoutCallbacks({ data: options.data }).data,
        header: (withoutCallbacks(options.header ?? {}) as Record<string, string>) ?? {},
      };
      let aborted = false;
      // WeChat needs an absolute http(s) URL (the mini program has no origin to resolve against).
      if (!/^https?:\/\//i.test(request.url)) {
        fail('request', options, `invalid url "${request.url}"`);
        return { abort: noop, onHeadersReceived: noop, offHeadersReceived: noop, onChunkReceived: noop, offChunkReceived: noop };
      }
      Promise.resolve()
        .then(() => requestHandler(request))
        .then(
          (response) => {
            if (aborted) return;
            succeed('request', options, {
              statusCode: response.statusCode ?? 200,
              data: response.data,
              header: response.header ?? { 'Content-Type': 'application/json' },
              cookies: response.cookies ?? [],
            });
          },
          (err: unknown) => {
            if (!aborted) fail('request', options, err instanceof Error ? err.message : String(err));
          },
        );
      return {
        abort: () => {
          aborted = true;
          fail('request', options, 'abort');
        },
        onHeadersReceived: noop,
        offHeadersReceived: noop,
        onChunkReceived: noop,
        offChunkReceived: noop,
      };
    },

    // Randomness: the CSPRNG our RSA padding relies on (docs/WEAPP.md "The Taro recipe").
    getRandomValues: (options: Options) => {
      record('getRandomValues', options);
      const bytes = randomBytes(Number(options.length ?? 0));
      host.later(() => {
        const buffer = new ArrayBuffer(bytes.length);
        new Uint8Array(buffer).set(bytes);
        const res = { errMsg: 'getRandomValues:ok', randomValues: buffer };
        options.success?.(res);
        options.complete?.(res);
      });
    },

    // Login and UI feedback.
    login: (options: Options) => {
      record('login', options);
      succeed('login', options, { code: 'harness-login-code' });
    },
    showToast: (options: Options) => {
      record('showToast', options);
      succeed('showToast', options);
    },
    showModal: (options: Options) => {
      record('showModal', options);
      succeed('showModal', options, { confirm: true, cancel: false });
    },
    navigateTo: navigation('navigateTo'),
    redirectTo: navigation('redirectTo'),
    reLaunch: navigation('reLaunch'),
    switchTab: navigation('switchTab'),
    navigateBack: (options: Options) => {
      record('navigateBack', options);
      succeed('navigateBack', options);
    },

    // Layout queries: a phone-width box with no height (there is no layout engine here).
    createSelectorQuery: selectorQuery,
    createIntersectionObserver: (_component: unknown, options: unknown) => {
      record('createIntersectionObserver', options);
      const observer: Record<string, unknown> = {};
      Object.assign(observer, {
        relativeTo: () => observer,
        relativeToViewport: () => observer,
        observe: (selector: string) => record('IntersectionObserver.observe', { selector }),
        disconnect: () => undefined,
      });
      return observer;
    },
    createAnimation: () => {
      const animation: Record<string, unknown> = {};
      const chain = () => animation;
      for (const step of [
        'opacity',
        'backgroundColor',
        'width',
        'height',
        'top',
        'left',
        'bottom',
        'right',
        'rotate',
        'scale',
        'translate',
        'translateX',
        'translateY',
        'skew',
        'matrix',
        'step',
      ]) {
        animation[step] = chain;
      }
      animation.export = () => host.toRealm({ actions: [] });
      return animation;
    },
    getUpdateManager: () => ({
      onCheckForUpdate: () => undefined,
      onUpdateReady: () => undefined,
      onUpdateFailed: () => undefined,
      applyUpdate: () => undefined,
    }),
    getRealtimeLogManager: () => ({
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      setFilterMsg: () => undefined,
      addFilterMsg: () => undefined,
    }),
    getLogManager: () => ({ log: () => undefined, info: () => undefined, warn: () => undefined, debug: () => undefined }),
    reportAnalytics: (event: string, data: unknown) => record('reportAnalytics', { event, data }),
    reportEvent: (event: string, data: unknown) => record('reportEvent', { event, data }),

    // App-level events (wx.onX / wx.offX).
    onAppShow: listener('appShow'),
    offAppShow: unlisten('appShow'),
    onAppHide: listener('appHide'),
    offAppHide: unlisten('appHide'),
    onError: listener('error'),
    offError: unlisten('error'),
    onUnhandledRejection: listener('unhandledRejection'),
    offUnhandledRejection: unlisten('unhandledRejection'),
    onPageNotFound: listener('pageNotFound'),
    offPageNotFound: unlisten('pageNotFound'),
    onAppRoute: listener('appRoute'),
    offAppRoute: unlisten('appRoute'),
    onNetworkStatusChange: listener('networkStatusChange'),
    offNetworkStatusChange: unlisten('networkStatusChange'),
    onWindowResize: listener('windowResize'),
    offWindowResize: unlisten('windowResize'),
    onMemoryWarning: listener('memoryWarning'),
    offMemoryWarning: unlisten('memoryWarning'),
    onKeyboardHeightChange: listener('keyboardHeightChange'),
    offKeyboardHeightChange: unlisten('keyboardHeightChange'),
  });

  return {
    wx,
    calls,
    storage,
    setRequestHandler: (handler) => {
      requestHandler = handler;
    },
  };
}
