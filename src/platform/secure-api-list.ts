import { SECURITY_API_CONFIG_CACHE_MS, SECURITY_API_CONFIG_KEY } from '@/lib/constants';
import { fetchConfig } from './mpaas';

/** docs/PRODUCT.md §3 "Security API config": which calls carry encrypted bodies. */
export interface SecureApiEntry {
  path: string;
  method: string;
}

export const ENCRYPTED_HEADER = 'isenc';
export const DEVICE_ID_HEADER = 'X-Device-Id';

/** The request path without scheme, host and query. */
export function pathOf(url: string): string {
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

/** The list from config key security_api_list, cached 2 h (docs/PRODUCT.md §9); unreachable config = nothing listed. */
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

/** True when a response says its `data` is encrypted (header `isenc: 1`). */
export function isEncryptedResponse(headers: Record<string, string | string[] | undefined>): boolean {
  const flag = headers[ENCRYPTED_HEADER];
  return (Array.isArray(flag) ? flag[0] : flag) === '1';
}
