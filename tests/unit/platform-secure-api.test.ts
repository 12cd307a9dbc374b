import { Buffer } from 'node:buffer';
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import Taro from '@tarojs/taro';
import { setLocale } from '@/locales/i18n';
import { post, setSecureLayer, setTransport } from '@/platform/http';
import { setToastPresenter } from '@/platform/feedback';
import { clearConfigCache } from '@/platform/mpaas';
import { installSecureApi, isSecureApi } from '@/platform/secure-api';
import {
  deviceState,
  forceKeyExchangeForTests,
  forgetDeviceInMemory,
  lastKeyExchangeKind,
  setRsaKeyBitsForTests,
} from '@/platform/secure-device';
import type { BridgeRequest } from '@/platform/bridge.types';
import { createBridgeTransport } from '@/platform/http-bridge-transport';
import type { TransportRequest } from '@/platform/http-transport';
import { envelopeResponse, stubTransport, type StubTransport } from './platform-test-transport';

const SMS_PATH = '/xqapi/account/sms/send_verification_code.json';

function keys(secret: Buffer): { encKey: Buffer; macKey: Buffer } {
  return {
    encKey: createHmac('sha256', secret).update('dj-enc').digest(),
    macKey: createHmac('sha256', secret).update('dj-mac').digest(),
  };
}
function seal(secret: Buffer, text: string): string {
  const { encKey, macKey } = keys(secret);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', encKey, iv);
  const ct = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ct, createHmac('sha256', macKey).update(iv).update(ct).digest()]).toString('base64');
}
function open(secret: Buffer, message: string): string {
  const { encKey, macKey } = keys(secret);
  const raw = Buffer.from(message, 'base64');
  const iv = raw.subarray(0, 16);
  const ct = raw.subarray(16, raw.length - 32);
  if (
    !createHmac('sha256', macKey)
      .update(iv)
      .update(ct)
      .digest()
      .equals(raw.subarray(raw.length - 32))
  ) {
    throw new Error('bad tag');
  }
  const decipher = createDecipheriv('aes-256-cbc', encKey, iv);
  return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
}

/** A fake server with the behaviour of server/src/plugins/secure-api.ts, written with node:crypto only. */
class FakeSecureServer {
  devices = new Map<string, Buffer>();
  exchanges = 0;
  keyTypes: string[] = [];
  plaintextSeen: string[] = [];
  failExchange = false;
  nextSecureAnswer: 'ok' | 'reject-device' | 'garbled' = 'ok';

  handle = (req: TransportRequest) => {
    const path = req.url.split('?')[0];
    if (path === '/mpaas/config/content') {
      return envelopeResponse({
        result_code: 0,
        data: { data: { security_api_list: { update_type: 1, timestamp: 1, value: [{ path: SMS_PATH, method: 'POST' }] } } },
      });
    }
    if (path === '/xqapi/ee2e/public_key_web') {
      this.exchanges += 1;
      if (this.failExchange) return envelopeResponse({ result_code: 500001, data: null, message: 'down' });
      const publicKey = new URLSearchParams(req.body).get('public_key') ?? '';
      const id = `device-${this.exchanges}`;
      const clientKey = createPublicKey(publicKey);
      this.keyTypes.push(clientKey.asymmetricKeyType ?? '');
      if (clientKey.asymmetricKeyType === 'x25519') {
        // docs/SECURITY.md "Key exchange", written with node:crypto only.
        const server = generateKeyPairSync('x25519');
        const raw = (key: typeof clientKey) => key.export({ type: 'spki', format: 'der' }).subarray(12);
        const shared = diffieHellman({ privateKey: server.privateKey, publicKey: clientKey });
        const info = Buffer.concat([raw(clientKey), raw(server.publicKey), Buffer.from(id)]);
        const secret = Buffer.from(hkdfSync('sha256', shared, 'dj-ee2e-x25519-v1', info, 32));
        this.devices.set(id, secret);
        const confirmation = createHmac('sha256', secret).update('dj-confirm').digest('base64');
        return envelopeResponse({
          result_code: 0,
          data: { client_id: id, public_key: server.publicKey.export({ type: 'spki', format: 'pem' }), key_confirmation: confirmation },
        });
      }
      const secret = randomBytes(32);
      this.devices.set(id, secret);
      const encrypted = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, secret).toString('base64');
      return envelopeResponse({ result_code: 0, data: { client_id: id, public_key: 'server-pem', secret: encrypted } });
    }
    if (req.headers.isenc !== '1') {
      this.plaintextSeen.push(req.body ?? '');
      return envelopeResponse({ result_code: 0, data: { plain: true } });
    }
    const secret = this.devices.get(req.headers['X-Device-Id']);
    if (!secret || this.nextSecureAnswer === 'reject-device') {
      this.nextSecureAnswer = 'ok';
      return envelopeResponse({ result_code: 900001, data: null, message: 'device unknown' }, 400);
    }
    const form = new URLSearchParams(open(secret, req.body ?? ''));
    const data =
      this.nextSecureAnswer === 'garbled'
        ? 'AAAA' + seal(randomBytes(32), '{}')
        : seal(secret, JSON.stringify({ sent: form.get('telephone') }));
    this.nextSecureAnswer = 'ok';
    return envelopeResponse({ result_code: 0, data }, 200, { isenc: '1' });
  };
}

let transport: StubTransport;
let server: FakeSecureServer;
let toasts: string[];

beforeAll(() => setRsaKeyBitsForTests(1024)); // key size does not change the protocol; keeps the suite fast

beforeEach(() => {
  Taro.clearStorageSync();
  clearConfigCache();
  forgetDeviceInMemory();
  setLocale('en-US');
  server = new FakeSecureServer();
  transport = stubTransport();
  transport.respond(server.handle);
  setTransport(transport);
  toasts = [];
  setToastPresenter((text) => toasts.push(text));
  installSecureApi();
});

afterEach(() => {
  setSecureLayer(null);
  setTransport(null);
  setToastPresenter(null);
  setLocale('zh-CN');
});

const sendCode = () => post<{ sent: string }>(SMS_PATH, { telephone: '13800000000', areacode: '86' });
const secureRequests = () => transport.requests.filter((r) => r.url.startsWith(SMS_PATH));

it('matches listed APIs by method and path', () => {
  const list = [
    { path: SMS_PATH, method: 'POST' },
    { path: '/djapi/secure/*', method: 'post' },
  ];
  expect(isSecureApi(list, 'POST', `https://h.example.com${SMS_PATH}?x=1`)).toBe(true);
  expect(isSecureApi(list, 'GET', SMS_PATH)).toBe(false);
  expect(isSecureApi(list, 'POST', '/djapi/secure/order')).toBe(true);
  expect(isSecureApi(list, 'POST', '/djapi/account')).toBe(false);
});

it('registers a device, sends the listed POST encrypted with isenc and X-Device-Id, and decrypts the answer', async () => {
  await expect(sendCode()).resolves.toEqual({ sent: '13800000000' });
  const [req] = secureRequests();
  expect(req.headers).toMatchObject({ isenc: '1', 'X-Device-Id': 'device-1' });
  expect(req.body).not.toContain('13800000000');
  expect(server.plaintextSeen).toEqual([]);
  expect(deviceState()).toBe('registered');
  const stored = JSON.stringify(Object.fromEntries(Taro.getStorageInfoSync().keys.map((k) => [k, Taro.getStorageSync(k)])));
  expect(stored).not.toContain(server.devices.get('device-1')!.toString('base64')); // secret not stored in clear
  expect(server.keyTypes).toEqual(['x25519']); // no RSA key made on the device
  expect(lastKeyExchangeKind()).toBe('x25519');
}, 30_000);

it('an engine without BigInt registers with the RSA exchange instead, and talks the same wire format', async () => {
  forceKeyExchangeForTests('rsa');
  try {
    await expect(sendCode()).resolves.toEqual({ sent: '13800000000' });
    expect(server.keyTypes).toEqual(['rsa']);
    expect(lastKeyExchangeKind()).toBe('rsa');
    expect(server.plaintextSeen).toEqual([]);
  } finally {
    forceKeyExchangeForTests(null);
  }
}, 30_000);

it('an X25519 answer whose key confirmation does not verify leaves the device not registered; nothing goes out in clear', async () => {
  const original = server.handle;
  server.handle = (req) => {
    const res = original(req);
    if (req.url.split('?')[0] !== '/xqapi/ee2e/public_key_web') return res;
    const data = (res.data as { data: Record<string, string> }).data;
    data.key_confirmation = Buffer.alloc(32).toString('base64'); // a replayed or altered answer
    return res;
  };
  transport.respond(server.handle);
  await expect(sendCode()).rejects.toMatchObject({ kind: 'network' });
  expect(deviceState()).toBe('notRegistered');
  expect(secureRequests()).toEqual([]);
  expect(server.plaintextSeen).toEqual([]);
}, 30_000);

it('reuses the stored device (also after a relaunch) and registers again after 2 days', async () => {
  await sendCode();
  forgetDeviceInMemory(); // a relaunch: only local storage is left
  await sendCode();
  expect(server.exchanges).toBe(1);
  const realNow = Date.now;
  try {
    Date.now = () => realNow() + 2 * 24 * 60 * 60 * 1000 + 1;
    forgetDeviceInMemory();
    await sendCode();
  } finally {
    Date.now = realNow;
  }
  expect(server.exchanges).toBe(2);
}, 30_000);

it('leaves unlisted POSTs in clear text', async () => {
  await post('/djapi/provider/oauth/logout', { a: '1' });
  expect(server.plaintextSeen).toEqual(['a=1']);
  expect(server.exchanges).toBe(0);
});

it('900001: shows the hiccup message and registers the device again', async () => {
  await sendCode();
  server.nextSecureAnswer = 'reject-device';
  await expect(sendCode()).rejects.toMatchObject({ resultCode: 900001 });
  expect(toasts).toEqual(['network is having a hiccup, please retry later']);
  await waitFor(() => server.exchanges === 2);
  await expect(sendCode()).resolves.toEqual({ sent: '13800000000' });
  expect(secureRequests().at(-1)!.headers['X-Device-Id']).toBe('device-2');
}, 30_000);

it('an undecryptable answer: same message, data emptied, registration again after 1.2 s', async () => {
  await sendCode();
  server.nextSecureAnswer = 'garbled';
  const error = await sendCode().catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: 'decrypt', message: 'network is having a hiccup, please retry later' });
  expect((error as { body: { data: unknown } }).body.data).toBeNull();
  expect(toasts).toEqual(['network is having a hiccup, please retry later']);
  await new Promise((r) => setTimeout(r, 1000));
  expect(deviceState()).toBe('registered'); // not yet
  expect(server.exchanges).toBe(1);
  await new Promise((r) => setTimeout(r, 300));
  // Forgotten at 1.2 s and registered again (an X25519 exchange takes milliseconds: it may be done already).
  await waitFor(() => server.exchanges === 2);
  await waitFor(() => deviceState() === 'registered');
  expect(secureRequests()).toHaveLength(2);
}, 30_000);

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 20));
}

it('a failed key exchange leaves the device not registered and never sends the listed call in clear', async () => {
  server.failExchange = true;
  await expect(sendCode()).rejects.toMatchObject({ message: 'network is having a hiccup, please retry later' });
  expect(deviceState()).toBe('notRegistered');
  expect(secureRequests()).toEqual([]);
}, 30_000);

it('inside a native app: the encrypted body and its headers go through the bridge, no plaintext beside them, and the answer decrypts', async () => {
  // A native app of docs/BRIDGE.md: sends `body` as given with the page's headers, answers status, headers and body.
  const delegated: BridgeRequest[] = [];
  setTransport(
    createBridgeTransport({
      request: async <T>(req: BridgeRequest): Promise<T> => {
        delegated.push(req);
        const res = await server.handle({
          url: req.url,
          method: req.type,
          headers: { ...req.headers, ...(req.content_type ? { 'Content-Type': req.content_type } : {}) },
          body: req.body,
        });
        return { status: res.status, headers: res.headers, body: JSON.stringify(res.data) } as T;
      },
    }),
  );
  await expect(sendCode()).resolves.toEqual({ sent: '13800000000' });
  const send = delegated.find((r) => r.url.startsWith(SMS_PATH))!;
  expect(send.headers).toMatchObject({ isenc: '1', 'X-Device-Id': 'device-1' });
  expect(send.content_type).toBe('text/plain;charset=UTF-8');
  expect(send.data).toEqual({}); // an app that predates `body` would send nothing, never the telephone
  expect(JSON.stringify(send)).not.toContain('13800000000');
  expect(server.plaintextSeen).toEqual([]);
}, 30_000);
