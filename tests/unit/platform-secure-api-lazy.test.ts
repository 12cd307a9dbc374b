import Taro from '@tarojs/taro';
import { get, post, setSecureLayer, setTransport } from '@/platform/http';
import { clearConfigCache } from '@/platform/mpaas';
import { installSecureApi } from '@/platform/secure-api-install';
import type { TransportRequest } from '@/platform/http-transport';
import { envelopeResponse, stubTransport, type StubTransport } from './platform-test-transport';

// H5 installs a layer that fetches the crypto half (crypto-js, jsencrypt) only when it is needed. The crypto
// half is replaced here by a recording one, so the test sees when it is loaded and what it is handed.
const loaded = { count: 0 };
const calls: string[] = [];
jest.mock('@/platform/secure-api', () => {
  loaded.count += 1;
  return {
    secureLayer: {
      prepare: async (req: TransportRequest) => {
        calls.push(`prepare ${req.method} ${req.url.split('?')[0]}`);
        return { ...req, body: 'sealed', headers: { ...req.headers, isenc: '1' } };
      },
      decode: async (res: { data: { data: unknown } }) => {
        calls.push('decode');
        return { ...res, data: { ...res.data, data: { opened: res.data.data } } };
      },
      reRegister: (reason: string) => calls.push(`reRegister ${reason}`),
    },
  };
});

const SMS_PATH = '/xqapi/account/sms/send_verification_code.json';
let transport: StubTransport;

beforeEach(() => {
  Taro.clearStorageSync();
  clearConfigCache();
  calls.length = 0;
  transport = stubTransport();
  transport.respond((req) => {
    const path = req.url.split('?')[0];
    if (path === '/mpaas/config/content') {
      return envelopeResponse({
        result_code: 0,
        data: { data: { security_api_list: { update_type: 1, timestamp: 1, value: [{ path: SMS_PATH, method: 'POST' }] } } },
      });
    }
    if (path === SMS_PATH) return envelopeResponse({ result_code: 0, data: 'ciphertext' }, 200, { isenc: '1' });
    if (path === '/djapi/secure/reject') return envelopeResponse({ result_code: 900001, data: null, message: 'device unknown' }, 400);
    return envelopeResponse({ result_code: 0, data: { plain: true } });
  });
  setTransport(transport);
  installSecureApi();
});

afterEach(() => {
  setSecureLayer(null);
  setTransport(null);
});

it('GETs, unlisted POSTs and plain answers go through without loading the crypto half', async () => {
  await expect(get('/djapi/account')).resolves.toEqual({ plain: true });
  await expect(post('/djapi/analytics', { event: 'view' })).resolves.toEqual({ plain: true });
  expect(loaded.count).toBe(0);
  expect(calls).toEqual([]);
  const analytics = transport.requests.find((r) => r.url.startsWith('/djapi/analytics'));
  expect(analytics?.headers.isenc).toBeUndefined();
});

it('a listed POST loads the crypto half once, is sealed by it, and its encrypted answer is opened by it', async () => {
  await expect(post(SMS_PATH, { telephone: '13800000000' })).resolves.toEqual({ opened: 'ciphertext' });
  await post(SMS_PATH, { telephone: '13800000001' });
  expect(loaded.count).toBe(1);
  expect(calls).toEqual([`prepare POST ${SMS_PATH}`, 'decode', `prepare POST ${SMS_PATH}`, 'decode']);
  const sent = transport.requests.filter((r) => r.url.startsWith(SMS_PATH));
  expect(sent.map((r) => [r.body, r.headers.isenc])).toEqual([
    ['sealed', '1'],
    ['sealed', '1'],
  ]);
});

it('a device refusal asks the crypto half to register again', async () => {
  await expect(post('/djapi/secure/reject', {}, { silent: true })).rejects.toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls).toContain('reRegister rejected');
});
