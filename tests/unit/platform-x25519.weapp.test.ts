// The mini program's key exchange (docs/SECURITY.md "Key exchange"): the weapp loader, the CSPRNG seeded from
// wx.getRandomValues, no TextEncoder (jsdom has none, like the mini program), against a server written with node:crypto.
import { Buffer } from 'node:buffer';
import { createHmac, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomFillSync } from 'node:crypto';
import Taro from '@tarojs/taro';
import { setTransport } from '@/platform/http';
import { forgetDeviceInMemory, getDevice, lastKeyExchangeKind } from '@/platform/secure-device';
import { loadX25519 } from '@/platform/x25519-loader';
import type { TransportRequest } from '@/platform/http-transport';
import { envelopeResponse, stubTransport } from './platform-test-transport';

const globals = globalThis as unknown as { wx?: unknown; BigInt?: unknown; TextEncoder?: unknown };

beforeAll(() => {
  globals.wx = {
    getRandomValues: ({ length, success }: { length: number; success: (r: { randomValues: ArrayBuffer }) => void }) => {
      const bytes = new Uint8Array(length);
      randomFillSync(bytes);
      setTimeout(() => success({ randomValues: bytes.buffer }), 0);
    },
  };
});
afterAll(() => {
  delete globals.wx;
});
afterEach(() => {
  setTransport(null);
  forgetDeviceInMemory();
  Taro.clearStorageSync();
});

it('runs without TextEncoder (as in the mini program)', async () => {
  expect(typeof globals.TextEncoder).toBe('undefined');
  const module = await loadX25519();
  expect(module).not.toBeNull();
  const pem = module!.startX25519Exchange(new Uint8Array(32).fill(7)).publicKeyPem;
  expect(createPublicKey(pem).asymmetricKeyType).toBe('x25519');
});

it('registers the device by X25519 through the weapp platform files; the server holds the same secret', async () => {
  const secrets = new Map<string, Buffer>();
  const transport = stubTransport();
  transport.respond((req: TransportRequest) => {
    const clientKey = createPublicKey(new URLSearchParams(req.body).get('public_key') ?? '');
    const server = generateKeyPairSync('x25519');
    const raw = (key: typeof clientKey) => key.export({ type: 'spki', format: 'der' }).subarray(12);
    const id = '5c1b7a52-95a4-4c8e-9a59-0f4e1b3f6a10';
    const shared = diffieHellman({ privateKey: server.privateKey, publicKey: clientKey });
    const secret = Buffer.from(
      hkdfSync('sha256', shared, 'dj-ee2e-x25519-v1', Buffer.concat([raw(clientKey), raw(server.publicKey), Buffer.from(id)]), 32),
    );
    secrets.set(id, secret);
    return envelopeResponse({
      result_code: 0,
      data: {
        client_id: id,
        public_key: server.publicKey.export({ type: 'spki', format: 'pem' }),
        key_confirmation: createHmac('sha256', secret).update('dj-confirm').digest('base64'),
      },
    });
  });
  setTransport(transport);
  const device = await getDevice();
  expect(lastKeyExchangeKind()).toBe('x25519');
  expect(device?.deviceId).toBe('5c1b7a52-95a4-4c8e-9a59-0f4e1b3f6a10');
  expect(Buffer.from(device!.secret).equals(secrets.get(device!.deviceId)!)).toBe(true);
});

it('an engine without BigInt gets no X25519 module (the RSA exchange is used)', async () => {
  const saved = globals.BigInt;
  globals.BigInt = undefined;
  try {
    expect(await loadX25519()).toBeNull();
  } finally {
    globals.BigInt = saved;
  }
});
