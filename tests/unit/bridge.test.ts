import {
  APP_WAKE_MODE,
  NATIVE_DESTINATION,
  NAV_BUTTON_TYPE,
  NOTIFICATION_TYPE,
  PAYMENT_ENV,
  PERMISSION_KIND,
  PHOTO_PICK_TYPE,
  REFRESHABLE_PAGE,
  TELEPHONE_VERIFY_TYPE,
  TOAST_TYPE,
  TRADE_OPEN_REFERER,
} from '@/platform/bridge-enums';
import {
  BRIDGE_DATA_TIMEOUT_MS,
  BridgeError,
  bridge as pageBridge,
  createBridge,
  windowBridgeHost,
  type BridgeWindow,
} from '@/platform/bridge';
import type { BridgeEnvironment, BridgeHost, BridgeMessage, NativeCallback, NativeEventReceiver } from '@/platform/bridge.types';
import { configureAppRegistry, defaultAppKey, getApp, listApps, resetAppRegistry } from '@/platform/app-registry';
import { setLocale } from '@/locales/i18n';

const NEW_APP: BridgeEnvironment = { isNativeApp: true, bridgeStyle: 'new', usesFundAppDedicatedActions: false };
const LEGACY_APP: BridgeEnvironment = { isNativeApp: true, bridgeStyle: 'legacy', usesFundAppDedicatedActions: false };
const FUND_691: BridgeEnvironment = { isNativeApp: true, bridgeStyle: 'new', usesFundAppDedicatedActions: true };
const BROWSER: BridgeEnvironment = { isNativeApp: false, bridgeStyle: null, usesFundAppDedicatedActions: false };

/** A native side we drive by hand: it records messages and answers when told; time moves when told. */
function fakeNative(options: { withPoster?: boolean } = {}) {
  const sent: BridgeMessage[] = [];
  let callback: NativeCallback = () => undefined;
  let event: NativeEventReceiver = () => undefined;
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let timerId = 0;
  const host: BridgeHost = {
    findPoster: () => (options.withPoster === false ? null : (message: string) => sent.push(JSON.parse(message))),
    install(cb, ev) {
      callback = cb;
      event = ev;
    },
    setTimeout(fn, ms) {
      timerId += 1;
      timers.set(timerId, { at: now + ms, fn });
      return timerId;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  return {
    host,
    sent,
    last: () => sent[sent.length - 1]!,
    answer: (id: string, error: { code: string | number; message?: string } | null, result?: unknown) => callback(id, error, result),
    emit: (name: string, payload?: unknown) => event(name, payload),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.fn();
        }
      }
    },
  };
}

afterEach(() => {
  setLocale('zh-CN');
  resetAppRegistry();
});

describe('outside a native app', () => {
  test('every call rejects with NOT_IN_APP and a catalogue message, nothing is posted', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: BROWSER });
    await expect(bridge.getAccessToken()).rejects.toMatchObject({ code: 'NOT_IN_APP', message: '请在App内使用此功能' });
    setLocale('en-US');
    await expect(bridge.request({ url: '/djapi/account', type: 'GET' })).rejects.toMatchObject({
      code: 'NOT_IN_APP',
      message: 'This feature is only available in the app',
    });
    expect(native.sent).toHaveLength(0);
    expect(bridge.isAvailable()).toBe(false);
  });

  test('an app UA without the native handler also rejects', async () => {
    const native = fakeNative({ withPoster: false });
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    await expect(bridge.getDeviceId()).rejects.toBeInstanceOf(BridgeError);
    expect(bridge.isAvailable()).toBe(false);
  });

  test("the page's own bridge in a browser (jsdom) rejects", async () => {
    await expect(pageBridge.getUserInfo()).rejects.toMatchObject({ code: 'NOT_IN_APP' });
  });
});

describe('delegated requests', () => {
  test('posts the request with defaults and resolves with the native result', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const response = bridge.request<{ result_code: number }>({ url: '/djapi/account', type: 'GET' });
    const message = native.last();
    expect(message).toMatchObject({
      v: 1,
      action: 'net.request',
      params: { url: '/djapi/account', type: 'GET', data: {}, need_write_token: false, aid: 1 },
    });
    native.answer(message.id, null, { result_code: 0 });
    await expect(response).resolves.toEqual({ result_code: 0 });
  });

  test('a native error rejects the promise (docs/PRODUCT.md §8) with the native code and reason', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const response = bridge.request({ url: '/djapi/order', type: 'POST', data: { amount: '100.00' }, need_write_token: true, aid: 3 });
    expect(native.last().params).toMatchObject({ need_write_token: true, aid: 3, data: { amount: '100.00' } });
    native.answer(native.last().id, { code: 500, message: 'network down' });
    await expect(response).rejects.toMatchObject({ code: 'NATIVE', nativeCode: 500, message: 'App处理失败：network down' });
  });

  test('concurrent calls are matched by id, whatever the answer order', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const first = bridge.getReadToken();
    const second = bridge.getWriteToken();
    const [a, b] = native.sent;
    expect(a!.id).not.toBe(b!.id);
    native.answer(b!.id, null, 'write-token');
    native.answer(a!.id, null, 'read-token');
    await expect(first).resolves.toBe('read-token');
    await expect(second).resolves.toBe('write-token');
  });
});

describe('version switching of action names', () => {
  test('legacy below build 6910, new-style from it, fund-app dedicated request/share/redirect from 6.91', () => {
    const actions = (environment: BridgeEnvironment) => {
      const native = fakeNative();
      const bridge = createBridge({ host: native.host, environment });
      void bridge.request({ url: '/x', type: 'GET' });
      void bridge.share({ title: 'T', link: 'https://example.com' });
      void bridge.redirect('/funding/000001');
      void bridge.getWriteToken();
      return native.sent.map((m) => m.action);
    };
    expect(actions(LEGACY_APP)).toEqual(['ajax', 'share', 'redirect', 'getWriteToken']);
    expect(actions(NEW_APP)).toEqual(['net.request', 'ui.share', 'nav.redirect', 'auth.getWriteToken']);
    expect(actions(FUND_691)).toEqual(['fund.request', 'fund.share', 'fund.redirect', 'auth.getWriteToken']);
  });

  test('an action the app does not know rejects as UNSUPPORTED', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const call = bridge.wakeApp(APP_WAKE_MODE.PAGE, '/index');
    native.answer(native.last().id, { code: 'UNSUPPORTED_ACTION' });
    await expect(call).rejects.toMatchObject({ code: 'UNSUPPORTED', message: '当前App版本不支持此功能，请升级App' });
  });
});

describe('timeouts', () => {
  test('an unanswered data call rejects after the data timeout; a late answer is ignored', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    let settled = false;
    const call = bridge.getAccessToken().finally(() => {
      settled = true;
    });
    native.advance(BRIDGE_DATA_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).toBe(false);
    native.advance(1);
    await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', message: 'App未响应，请稍后重试' });
    expect(() => native.answer(native.last().id, null, 'late')).not.toThrow();
  });

  test('a call that shows native UI waits for the user; per-call timeouts override', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const confirm = bridge.confirm({ message: 'Sure?' });
    native.advance(10 * 60 * 1000);
    native.answer(native.last().id, null, true);
    await expect(confirm).resolves.toBe(true);

    const quick = bridge.getDeviceId({ timeoutMs: 50 });
    native.advance(50);
    await expect(quick).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('every capability sends its parameters', () => {
  test('params on the wire', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    void bridge.getUserInfo();
    void bridge.requestPermission(PERMISSION_KIND.CAMERA);
    void bridge.pickPhoto(PHOTO_PICK_TYPE.ID_CARD);
    void bridge.showToast('已保存', TOAST_TYPE.SUCCESS);
    void bridge.showToast('plain');
    void bridge.confirm({ message: 'Sure?', align: 'left' });
    void bridge.open(NATIVE_DESTINATION.MINI_PROGRAM, { userName: 'gh_123', path: 'pages/index' });
    void bridge.open(NATIVE_DESTINATION.CHANGE_PASSWORD);
    void bridge.refresh(REFRESHABLE_PAGE.QUOTES_CENTER);
    void bridge.notify(NOTIFICATION_TYPE.RISK_TEST_COMPLETE, { level: 'C3' });
    void bridge.setNavigationButtons([{ id: 'help', type: NAV_BUTTON_TYPE.TEXT, text: '帮助' }]);
    void bridge.wakeApp(APP_WAKE_MODE.HOME);
    void bridge.verifyTelephone(TELEPHONE_VERIFY_TYPE.BIND);
    void bridge.pay({ orderId: 'o1', env: PAYMENT_ENV.UAT });
    void bridge.openTradeAccount({ referer: TRADE_OPEN_REFERER.HIGH_LEVEL_PAGE, market: 'hk' });
    expect(native.sent.map((m) => [m.action, m.params])).toEqual([
      ['user.getInfo', {}],
      ['permission.request', { kind: 'CAMERA' }],
      ['media.pickPhoto', { type: 'idCard' }],
      ['ui.toast', { message: '已保存', type: 1 }],
      ['ui.toast', { message: 'plain', type: 0 }],
      ['ui.confirm', { message: 'Sure?', align: 'left' }],
      ['nav.open', { destination: 'miniProgram', userName: 'gh_123', path: 'pages/index' }],
      ['nav.open', { destination: 'changePassword' }],
      ['nav.refresh', { page: 'quotesCenter' }],
      ['event.notify', { type: 'riskTestComplete', payload: { level: 'C3' } }],
      ['nav.setButtons', { buttons: [{ id: 'help', type: 'text', text: '帮助' }] }],
      ['app.wake', { mode: 2 }],
      ['auth.verifyTelephone', { type: 'bind' }],
      ['pay.open', { orderId: 'o1', env: 'UAT' }],
      ['trade.open', { referer: 'HIGH_LEVEL_PAGE', market: 'hk' }],
    ]);
  });

  test('permission answers are booleans', async () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const granted = bridge.requestPermission(PERMISSION_KIND.MICROPHONE);
    native.answer(native.last().id, null, 0);
    await expect(granted).resolves.toBe(false);
  });
});

describe('native events', () => {
  test('subscribers get payloads until they unsubscribe', () => {
    const native = fakeNative();
    const bridge = createBridge({ host: native.host, environment: NEW_APP });
    const taps: unknown[] = [];
    const off = bridge.on('navButtonTap', (payload) => taps.push(payload));
    native.emit('navButtonTap', { id: 'help' });
    native.emit('somethingElse', { id: 'x' });
    off();
    native.emit('navButtonTap', { id: 'again' });
    expect(taps).toEqual([{ id: 'help' }]);
  });
});

describe('window host (the protocol of docs/BRIDGE.md)', () => {
  function fakeWindow(kind: 'android' | 'ios'): BridgeWindow & { posted: string[] } {
    const posted: string[] = [];
    const sink = { postMessage: (message: string) => posted.push(message) };
    return {
      posted,
      ...(kind === 'android' ? { DJBridge: sink } : { webkit: { messageHandlers: { DJBridge: sink } } }),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
  }

  test.each(['android', 'ios'] as const)('%s: message out through the sink, answer in through __djBridgeCallback', async (kind) => {
    const win = fakeWindow(kind);
    const bridge = createBridge({ host: windowBridgeHost(win), environment: NEW_APP });
    expect(bridge.isAvailable()).toBe(true);
    const token = bridge.getAccessToken();
    expect(win.posted).toHaveLength(1);
    const message = JSON.parse(win.posted[0]!) as BridgeMessage;
    expect(message.action).toBe('auth.getAccessToken');
    win.__djBridgeCallback!(message.id, null, 'xq-a-token');
    await expect(token).resolves.toBe('xq-a-token');
  });
});

describe('app registry', () => {
  test('four apps; aid 1 is the default', () => {
    expect(listApps().map((app) => app.aid)).toEqual([1, 2, 3, 4]);
    expect(getApp().aid).toBe(1);
    expect(getApp(99).aid).toBe(1);
    expect(getApp(3).nameKey).toBe('common.app.fund');
    expect(defaultAppKey(3)).toBe('fund');
  });
  test('deployment overrides', () => {
    configureAppRegistry({ 3: { appKey: 'dj-prod', activityBaseUrl: 'https://example.com/activity/' } });
    expect(getApp(3)).toMatchObject({ aid: 3, appKey: 'dj-prod', activityBaseUrl: 'https://example.com/activity/' });
    expect(getApp(1).appKey).toBe('social');
  });
});
