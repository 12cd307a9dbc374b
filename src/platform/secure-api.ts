import { t } from '@/locales/i18n';
import {
  DECRYPT_FAILURE_REREGISTER_DELAY_MS,
  SECURITY_API_CONFIG_CACHE_MS,
  SECURITY_API_CONFIG_KEY,
} from '@/lib/constants';
import { decryptMessage, encryptMessage } from './device-crypto';
import { HttpError, isEnvelope } from './http-errors';
import { setSecureLayer, type SecureLayer } from './http';
import type { TransportRequest, TransportResponse } from './http-transport';
import { fetchConfig } from './mpaas';
import { KEY_EXCHANGE_PATH, getDevice, reRegisterDevice } from './secure-device';

/** SPEC §3 "Security API config": which calls carry encrypted bodies. */
export interface SecureApiEntry {
  path: string;
  method: string;
}

export const ENCRYPTED_HEADER = 'isenc';
export const DEVICE_ID_HEADER = 'X-Device-Id';

/** The request path without scheme, host and query. */
function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0] || '/';
}

/** Exact path match, or a prefix match for entries ending in `*`. */
export function isSecureApi(list: readonly SecureApiEntry[], method: string, url: string): boolean {
  const path = pathOf(url);
  return list.some((entry) => {
    if (entry.method.toUpperCase() !== method.toUpperCase()) return false;
    return entry.path.endsWith('*') ? path.startsWith(entry.path.slice(0, -1)) : path === entry.path;
  });
}

/** The list from config key security_api_list, cached 2 h (SPEC §9); unreachable config = nothing listed. */
export async function loadSecureApiList(): Promise<SecureApiEntry[]> {
  try {
    const result = await fetchConfig<SecureApiEntry[]>({ key: SECURITY_API_CONFIG_KEY, maxAge: SECURITY_API_CONFIG_CACHE_MS });
    return Array.isArray(result.data)
      ? result.data.filter((entry) => typeof entry?.path === 'string' && typeof entry?.method === 'string')
      : [];
  } catch {
    return [];
  }
}

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
    headers: {
      ...req.headers,
      'Content-Type': 'text/plain;charset=UTF-8',
      [ENCRYPTED_HEADER]: '1',
      [DEVICE_ID_HEADER]: device.deviceId,
    },
  };
}

async function decode(res: TransportResponse): Promise<TransportResponse> {
  const flag = res.headers[ENCRYPTED_HEADER];
  if ((Array.isArray(flag) ? flag[0] : flag) !== '1' || !isEnvelope(res.data)) return res;
  const encrypted = res.data.data;
  if (encrypted === null || encrypted === undefined || encrypted === '') return res;
  const device = await getDevice();
  if (!device || typeof encrypted !== 'string') throw new Error('undecryptable response');
  const data = JSON.parse(decryptMessage(device.secret, encrypted)) as unknown;
  return { ...res, data: { ...res.data, data } };
}

function reRegister(reason: 'rejected' | 'undecryptable'): void {
  // SPEC §8: at once after 900001/900002; 1.2 s after a response that would not decrypt.
  void reRegisterDevice(reason === 'undecryptable' ? DECRYPT_FAILURE_REREGISTER_DELAY_MS : 0);
}

export const secureLayer: SecureLayer = { prepare, decode, reRegister };

/** Plugs encryption into the http client (the app shell calls this once at launch). */
export function installSecureApi(): void {
  setSecureLayer(secureLayer);
}
