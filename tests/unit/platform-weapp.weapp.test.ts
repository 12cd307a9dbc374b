// Runs in the weapp-flavoured jest project: '@/platform/x' resolves to x.weapp.ts here.
import { randomFillSync } from 'node:crypto';
import Taro from '@tarojs/taro';
import { window as taroWindow } from '@tarojs/runtime';
import { ensureCsprngReady, randomBytes } from '@/platform/csprng';
import { defaultApiHost, isBrowserRuntime } from '@/platform/runtime-host';
import { get, resolveUrl, setTransport } from '@/platform/http';
import { reloadCookieJarForTests } from '@/platform/cookies.weapp';
import { getSessionItem } from '@/platform/session-store';
import { clearConfigCache, fetchConfig } from '@/platform/mpaas';
import { flushAnalytics, resetAnalytics, trackEvent } from '@/platform/analytics';
import { rsaEncrypt } from '@/platform/device-crypto';
import { envelopeResponse, stubTransport } from './platform-test-transport';

type WxStub = { getRandomValues: jest.Mock };
const globals = globalThis as unknown as { wx?: WxStub };

function installWx(): WxStub {
  const wx: WxStub = {
    getRandomValues: jest.fn(({ length, success }: { length: number; success: (r: { randomValues: ArrayBuffer }) => void }) => {
      const bytes = new Uint8Array(length);
      randomFillSync(bytes);
      setTimeout(() => success({ randomValues: bytes.buffer }), 0); // asynchronous, like the real API
    }),
  };
  globals.wx = wx;
  return wx;
}

afterEach(() => {
  setTransport(null);
  jest.useRealTimers();
});

describe('CSPRNG on weapp (wx.getRandomValues → HMAC_DRBG)', () => {
  it('refuses to give random bytes before it is seeded, never falling back to Math.random', async () => {
    delete globals.wx;
    expect(() => randomBytes(16)).toThrow();
    await expect(ensureCsprngReady()).rejects.toThrow();
  });

  it('seeds from wx.getRandomValues, then serves bytes synchronously and installs crypto.getRandomValues', async () => {
    const wx = installWx();
    await ensureCsprngReady();
    expect(wx.getRandomValues).toHaveBeenCalled();
    const a = randomBytes(32);
    const b = randomBytes(32);
    expect(a).toHaveLength(32);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    // what jsencrypt reads as self.crypto on weapp (Taro's window) now exists and is ours
    const taroCrypto = (taroWindow as unknown as { crypto?: { getRandomValues(a: Uint8Array): Uint8Array } }).crypto;
    expect(typeof taroCrypto?.getRandomValues).toBe('function');
    const filled = taroCrypto!.getRandomValues(new Uint8Array(16));
    expect(filled.some((byte) => byte !== 0)).toBe(true);
  });

  it('RSA padding draws from that CSPRNG', async () => {
    const wx = installWx();
    await ensureCsprngReady();
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const before = wx.getRandomValues.mock.calls.length;
    const c1 = await rsaEncrypt(publicKey, '123456');
    const c2 = await rsaEncrypt(publicKey, '123456');
    expect(c1).not.toBe(c2);
    expect(wx.getRandomValues.mock.calls.length).toBeGreaterThan(before);
  });
});

describe('network on weapp', () => {
  beforeEach(() => {
    Taro.clearStorageSync();
    reloadCookieJarForTests();
  });

  it('prefixes API paths with the build-time API_BASE_URL', () => {
    expect(defaultApiHost()).toBe('http://localhost:8080');
    expect(resolveUrl('/djapi/account')).toBe('http://localhost:8080/djapi/account');
    expect(isBrowserRuntime()).toBe(false);
  });

  it('sends the emulated cookie jar as the Cookie header, absorbs Set-Cookie, echoes XSRF', async () => {
    const transport = stubTransport();
    setTransport(transport);
    transport.respond(() => ({
      status: 200,
      headers: { 'set-cookie': 'xq_a_token=abc; Path=/; Max-Age=60, XSRF-TOKEN=x9; Path=/' },
      data: { result_code: 0, data: {} },
    }));
    await get('/xqapi/provider/oauth/token');
    await get('/djapi/account');
    expect(transport.requests[0].headers.Cookie).toBeUndefined();
    expect(transport.requests[1].headers).toMatchObject({ Cookie: 'xq_a_token=abc; XSRF-TOKEN=x9', 'X-XSRF-TOKEN': 'x9' });
  });

  it('config requests time out after 1000 ms outside a browser', async () => {
    jest.useFakeTimers();
    clearConfigCache();
    const transport = stubTransport();
    setTransport(transport);
    transport.respond(() => new Promise(() => undefined));
    let settled = false;
    const pending = fetchConfig({ key: 'home_banners' })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout', message: expect.stringContaining('1000') });
  });

  it('records analytics with platform WeChatApp', async () => {
    installWx();
    resetAnalytics();
    const transport = stubTransport();
    transport.respond(() => envelopeResponse({ result_code: 0, data: { accepted: 1 } }));
    setTransport(transport);
    trackEvent('customer_service_click');
    await flushAnalytics();
    expect(transport.requests[0].body?.split('|')[2]).toBe('WeChatApp');
    resetAnalytics();
  });

  it('keeps session values in memory only', () => {
    expect(getSessionItem('CHANNEL')).toBeNull();
  });
});
