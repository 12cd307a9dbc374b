// The browser tests' fake native app (tests/e2e/fake-native-host.js) must speak exactly the protocol the
// page's bridge speaks: load it into this jsdom window and drive it through the real bridge.
import fs from 'node:fs';
import path from 'node:path';
import { createBridge, windowBridgeHost, type BridgeWindow } from '@/platform/bridge';
import { NATIVE_DESTINATION, PHOTO_PICK_TYPE } from '@/platform/bridge-enums';
import type { BridgeEnvironment } from '@/platform/bridge.types';

const SCRIPT = fs.readFileSync(path.resolve(__dirname, '../e2e/fake-native-host.js'), 'utf8');

type FakeWindow = Window &
  BridgeWindow & {
    __nativeCalls: Array<{ id: string; action: string; params: Record<string, unknown> }>;
    __fakeNativeConfig?: Record<string, unknown>;
    __fakeNativeHostInstalled?: boolean;
    __emitNativeEvent: (name: string, payload?: unknown) => void;
  };
const win = window as unknown as FakeWindow;

function install(config?: Record<string, unknown>): void {
  delete win.__fakeNativeHostInstalled;
  delete win.DJBridge;
  delete win.webkit;
  win.__fakeNativeConfig = config;
  // Same as playwright's addInitScript: the script text runs in the page's global scope.
  window.eval(SCRIPT);
}

const NEW_APP: BridgeEnvironment = { isNativeApp: true, bridgeStyle: 'new', usesFundAppDedicatedActions: false };
const LEGACY_APP: BridgeEnvironment = { isNativeApp: true, bridgeStyle: 'legacy', usesFundAppDedicatedActions: false };
const FUND_691: BridgeEnvironment = { isNativeApp: true, bridgeStyle: 'new', usesFundAppDedicatedActions: true };

describe('fake native host', () => {
  const fetchCalls: Array<{ url: string; init: RequestInit & { headers: Record<string, string> } }> = [];
  const responseHeaders: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', isenc: '1' };
  beforeEach(() => {
    fetchCalls.length = 0;
    win.fetch = ((url: string, init: RequestInit & { headers: Record<string, string> }) => {
      fetchCalls.push({ url, init });
      return Promise.resolve({
        status: 400,
        // The Headers interface as far as the host uses it (fetch's names are lower-case).
        headers: {
          forEach: (visit: (value: string, name: string) => void) => Object.entries(responseHeaders).forEach(([n, v]) => visit(v, n)),
        },
        text: () => Promise.resolve('{"result_code":0,"data":{"ok":true}}'),
      });
    }) as unknown as typeof fetch;
  });

  test('answers data capabilities and records every call', async () => {
    install();
    const bridge = createBridge({ host: windowBridgeHost(win), environment: NEW_APP });
    await expect(bridge.getAccessToken()).resolves.toBe('fake-access-token');
    await expect(bridge.getUserInfo()).resolves.toMatchObject({ mask_telephone: '138****5678' });
    await expect(bridge.pickPhoto(PHOTO_PICK_TYPE.FRONT)).resolves.toMatchObject({ width: 1 });
    await expect(bridge.confirm({ message: 'ok?' })).resolves.toBe(true);
    await expect(bridge.open(NATIVE_DESTINATION.SEARCH, { market: 'cn' })).resolves.toBeUndefined();
    expect(win.__nativeCalls.map((c) => c.action)).toEqual([
      'auth.getAccessToken',
      'user.getInfo',
      'media.pickPhoto',
      'ui.confirm',
      'nav.open',
    ]);
    expect(win.__nativeCalls[4]!.params).toEqual({ destination: 'search', market: 'cn' });
  });

  test('performs delegated requests with fetch: POST form-encoded, GET/PUT data in the query', async () => {
    install();
    const bridge = createBridge({ host: windowBridgeHost(win), environment: FUND_691 });
    await expect(bridge.request({ url: '/djapi/order', type: 'POST', data: { amount: '10.00', code: '000001' } })).resolves.toEqual({
      result_code: 0,
      data: { ok: true },
    });
    await bridge.request({ url: '/djapi/v2/search?source=index', type: 'GET', data: { key: '沪深' } });
    await bridge.request({ url: '/djapi/plan/1', type: 'PUT', data: { amount: '5' } });
    expect(fetchCalls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: 'amount=10.00&code=000001',
    });
    expect(fetchCalls[1]!.url).toBe('http://localhost/djapi/v2/search?source=index&key=%E6%B2%AA%E6%B7%B1');
    expect(fetchCalls[2]!.url).toBe('http://localhost/djapi/plan/1?amount=5');
    expect(win.__nativeCalls[0]!.action).toBe('fund.request');
  });

  test('a raw body goes out as given with its content type and extra headers; full_response answers status and headers', async () => {
    install();
    const bridge = createBridge({ host: windowBridgeHost(win), environment: FUND_691 });
    const answer = await bridge.request({
      url: '/xqapi/account/sms/send_verification_code.json',
      type: 'POST',
      data: {},
      body: 'c2VhbGVk',
      content_type: 'text/plain;charset=UTF-8',
      headers: { isenc: '1', 'X-Device-Id': 'dev-1', 'X-XSRF-TOKEN': 'x1' },
      full_response: true,
    });
    expect(answer).toEqual({ status: 400, headers: responseHeaders, body: '{"result_code":0,"data":{"ok":true}}' });
    expect(fetchCalls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', body: 'c2VhbGVk' });
    expect(fetchCalls[0]!.init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'text/plain;charset=UTF-8',
      isenc: '1',
      'X-Device-Id': 'dev-1',
      'X-XSRF-TOKEN': 'x1',
    });
    expect(win.__nativeCalls[0]!.params).toMatchObject({ body: 'c2VhbGVk', full_response: true });
  });

  test('legacyRequests: an older app ignores body, headers and full_response', async () => {
    install({ legacyRequests: true });
    const bridge = createBridge({ host: windowBridgeHost(win), environment: NEW_APP });
    const answer = await bridge.request({
      url: '/djapi/order',
      type: 'POST',
      data: { amount: '1' },
      body: 'c2VhbGVk',
      content_type: 'text/plain',
      headers: { isenc: '1' },
      full_response: true,
    });
    expect(answer).toEqual({ result_code: 0, data: { ok: true } });
    expect(fetchCalls[0]!.init.body).toBe('amount=1');
    expect(fetchCalls[0]!.init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' });
  });

  test('legacy names, iOS sink, configured errors and unknown actions', async () => {
    install({ platform: 'ios', errors: { getWriteToken: { code: 401, message: 'not logged in' } } });
    expect(win.DJBridge).toBeUndefined();
    const bridge = createBridge({ host: windowBridgeHost(win), environment: LEGACY_APP });
    await expect(bridge.getWriteToken()).rejects.toMatchObject({ code: 'NATIVE', nativeCode: 401 });
    await expect(bridge.getDeviceId()).resolves.toBe('fake-device-0001');
    win.webkit!.messageHandlers!.DJBridge!.postMessage(JSON.stringify({ v: 1, id: 'x1', action: 'nope', params: {} }));
    expect(win.__nativeCalls.map((c) => c.action)).toEqual(['getWriteToken', 'getDeviceId', 'nope']);
  });

  test('native events reach subscribers', () => {
    install();
    const bridge = createBridge({ host: windowBridgeHost(win), environment: NEW_APP });
    const taps: unknown[] = [];
    bridge.on('navButtonTap', (payload) => taps.push(payload));
    win.__emitNativeEvent('navButtonTap', { id: 'share' });
    expect(taps).toEqual([{ id: 'share' }]);
  });
});
