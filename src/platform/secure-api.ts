import { t } from '@/locales/i18n';
import { DECRYPT_FAILURE_REREGISTER_DELAY_MS } from '@/lib/constants';
import { decryptMessage, encryptMessage } from './device-crypto';
import { HttpError, isEnvelope } from './http-errors';
import { setSecureLayer, type SecureLayer } from './http';
import type { TransportRequest, TransportResponse } from './http-transport';
import { DEVICE_ID_HEADER, ENCRYPTED_HEADER, isEncryptedResponse, isSecureApi, loadSecureApiList, pathOf } from './secure-api-list';
import { KEY_EXCHANGE_PATH, getDevice, reRegisterDevice } from './secure-device';

// The light half (which calls are listed) lives apart so H5 can load this crypto half on demand.
export { DEVICE_ID_HEADER, ENCRYPTED_HEADER, isSecureApi, loadSecureApiList, type SecureApiEntry } from './secure-api-list';

async function prepare(req: TransportRequest): Promise<TransportRequest> {
  if (req.method !== 'POST' || pathOf(req.url) === KEY_EXCHANGE_PATH) return req;
  const list = await loadSecureApiList();
  if (!isSecureApi(list, req.method, req.url)) return req;
  const device = await getDevice();
  // Never downgrade a listed API to plain text: without a device the call fails with the hiccup message.
  if (!device) throw new HttpError('network', t('platform.networkHiccup'));
  return {
    ...req,
    body: encryptMessage(device.secret, req.body ?? ''),
    // The plaintext payload must not travel beside its ciphertext (the native bridge would send `data`).
    data: undefined,
    headers: {
      ...req.headers,
      'Content-Type': 'text/plain;charset=UTF-8',
      [ENCRYPTED_HEADER]: '1',
      [DEVICE_ID_HEADER]: device.deviceId,
    },
  };
}

async function decode(res: TransportResponse): Promise<TransportResponse> {
  if (!isEncryptedResponse(res.headers) || !isEnvelope(res.data)) return res;
  const encrypted = res.data.data;
  if (encrypted === null || encrypted === undefined || encrypted === '') return res;
  const device = await getDevice();
  if (!device || typeof encrypted !== 'string') throw new Error('undecryptable response');
  const data = JSON.parse(decryptMessage(device.secret, encrypted)) as unknown;
  return { ...res, data: { ...res.data, data } };
}

function reRegister(reason: 'rejected' | 'undecryptable'): void {
  // docs/PRODUCT.md §8: at once after 900001/900002; 1.2 s after a response that would not decrypt.
  void reRegisterDevice(reason === 'undecryptable' ? DECRYPT_FAILURE_REREGISTER_DELAY_MS : 0);
}

export const secureLayer: SecureLayer = { prepare, decode, reRegister };

/** Plugs encryption into the http client (the app shell calls this once at launch). */
export function installSecureApi(): void {
  setSecureLayer(secureLayer);
}
