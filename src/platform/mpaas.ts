import { t } from '@/locales/i18n';
import {
  DEFAULT_AID,
  MPAAS_BROWSER_TIMEOUT_MS,
  MPAAS_CONTENT_PATH,
  MPAAS_NON_BROWSER_TIMEOUT_MS,
  MPAAS_STORAGE_PREFIX,
  MPAAS_UPDATE_TYPE_UNCHANGED,
} from '@/lib/constants';
import { isBrowserRuntime } from '@/platform/runtime-host';
import { defaultAppKey } from './app-registry';
import { get } from './http';
import { localStore } from './storage';

/** One config entry as the server sends it (docs/PRODUCT.md §3 "Configuration content entry"). */
export interface ConfigEntry<T = unknown> {
  /** 0 = unchanged since the `last_update` we sent. */
  update_type: number;
  /** Sent back as `last_update` next time. */
  timestamp: number;
  value: T;
}

/** A list fetch answers the entries of several keys at once (never cached). */
export interface ConfigListData {
  keys: Array<ConfigEntry & { key: string }>;
}

/**
 * cached: the data came from local storage; safe: the server confirmed it (this call reached the server).
 * Non-stale cache hit → {cached: true, safe: false}; server "unchanged" → {cached: true, safe: true};
 * fresh data → {cached: false, safe: true}.
 */
export interface ConfigResult<T> {
  data: T;
  cached: boolean;
  safe: boolean;
}

interface CommonOptions {
  /** Which app's default appkey to use (docs/PRODUCT.md §3 app registry; default aid 1). */
  aid?: number;
  /** Overrides the app's appkey. */
  appkey?: string;
  /** Other query parameters, sent as they are. */
  params?: Record<string, string | number | boolean>;
}

export interface SingleKeyOptions<T> extends CommonOptions {
  key: string;
  /** Enables the cache; a boolean stores the entry as stale (served first, then refreshed). */
  cache?: boolean;
  /** Enables the cache; the entry is stored as not stale and deleted after this many ms. */
  maxAge?: number;
  /** When a stale cached copy was returned first, receives the refresh's result. */
  onUpdate?: (result: ConfigResult<T>) => void;
  /** When a stale cached copy was returned first, receives the refresh's failure. */
  onUpdateError?: (error: Error) => void;
}

export interface KeyListOptions extends CommonOptions {
  keys: string[];
}

/** What is kept under `mpaas-<appkey>-<key>` in local storage. */
interface CachedEntry<T> {
  value: T;
  timestamp: number;
  stale: boolean;
  /** Epoch ms after which a not-stale entry is gone (maxAge). */
  expiresAt?: number;
}

export class MpaasNoCacheError extends Error {
  constructor() {
    super(t('platform.mpaas.noCache'));
    this.name = 'MpaasNoCacheError';
  }
}

const expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();

function configTimeoutMs(): number {
  return isBrowserRuntime() ? MPAAS_BROWSER_TIMEOUT_MS : MPAAS_NON_BROWSER_TIMEOUT_MS;
}

export function mpaasStorageKey(appkey: string, key: string): string {
  return `${MPAAS_STORAGE_PREFIX}${appkey}-${key}`;
}

/** docs/PRODUCT.md §8 "cache read failure silently yields an empty result": a corrupt entry reads as no entry. */
function readCache<T>(storageKey: string): CachedEntry<T> | null {
  try {
    const entry = localStore.getJson<CachedEntry<T>>(storageKey);
    if (!entry || typeof entry !== 'object' || typeof entry.timestamp !== 'number') return null;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      localStore.remove(storageKey);
      return null;
    }
    return entry;
  } catch {
    return null;
  }
}

function writeCache<T>(storageKey: string, value: T, timestamp: number, maxAge: number | undefined): void {
  const existing = expiryTimers.get(storageKey);
  if (existing !== undefined) clearTimeout(existing);
  expiryTimers.delete(storageKey);
  if (maxAge === undefined) {
    localStore.setJson(storageKey, { value, timestamp, stale: true } satisfies CachedEntry<T>);
    return;
  }
  localStore.setJson(storageKey, { value, timestamp, stale: false, expiresAt: Date.now() + maxAge } satisfies CachedEntry<T>);
  // Deleted after maxAge ms; expiresAt covers a relaunch in between.
  expiryTimers.set(
    storageKey,
    setTimeout(() => {
      expiryTimers.delete(storageKey);
      localStore.remove(storageKey);
    }, maxAge),
  );
}

function resolveAppKey(options: CommonOptions): string {
  return options.appkey ?? defaultAppKey(options.aid ?? DEFAULT_AID);
}

/** The server wraps the content once more: the envelope's data is `{ data: content }` (docs/PRODUCT.md §7 "data.data"). */
async function requestContent<R>(query: Record<string, string | number | boolean>): Promise<R> {
  const body = await get<{ data: R }>(MPAAS_CONTENT_PATH, query, { timeoutMs: configTimeoutMs(), silent: true });
  return body?.data;
}

async function refreshSingle<T>(
  options: SingleKeyOptions<T>,
  appkey: string,
  storageKey: string,
  cached: CachedEntry<T> | null,
): Promise<ConfigResult<T>> {
  const query: Record<string, string | number | boolean> = { ...options.params, appkey, key: options.key };
  if (cached) query.last_update = cached.timestamp;
  const content = await requestContent<Record<string, ConfigEntry<T> | undefined>>(query);
  const entry = content?.[options.key];
  if (!entry || entry.update_type === MPAAS_UPDATE_TYPE_UNCHANGED) {
    if (!cached) throw new MpaasNoCacheError();
    return { data: cached.value, cached: true, safe: true };
  }
  writeCache(storageKey, entry.value, entry.timestamp, options.maxAge);
  return { data: entry.value, cached: false, safe: true };
}

/** Fetches several keys at once: comma-joined, never cached (docs/PRODUCT.md §5). */
export async function fetchConfigList(options: KeyListOptions): Promise<ConfigResult<ConfigListData>> {
  const appkey = resolveAppKey(options);
  const data = await requestContent<ConfigListData>({ ...options.params, appkey, keys: options.keys.join(',') });
  return { data, cached: false, safe: true };
}

/**
 * Fetches one config key with the cache semantics of docs/PRODUCT.md §4:
 * - caching is on when `cache` is true or `maxAge` is given;
 * - a not-stale cached entry resolves at once ({cached: true, safe: false}) and no request goes out;
 * - a stale cached entry resolves at once too, and the refresh still goes out: its result goes to `onUpdate`;
 * - otherwise the promise resolves with the server's answer (a cached entry's timestamp is sent as last_update,
 *   so "unchanged" answers {cached: true, safe: true}, new data {cached: false, safe: true} and is stored).
 * Network errors and timeouts reject (or go to `onUpdateError` after a cached copy was served).
 */
export async function fetchConfig<T = unknown>(options: SingleKeyOptions<T>): Promise<ConfigResult<T>> {
  const appkey = resolveAppKey(options);
  const storageKey = mpaasStorageKey(appkey, options.key);
  const cached = readCache<T>(storageKey);
  const cacheEnabled = options.cache === true || options.maxAge !== undefined;
  if (cacheEnabled && cached && !cached.stale) return { data: cached.value, cached: true, safe: false };
  if (cacheEnabled && cached) {
    refreshSingle(options, appkey, storageKey, cached).then(
      (result) => options.onUpdate?.(result),
      (error: unknown) => options.onUpdateError?.(error instanceof Error ? error : new Error(String(error))),
    );
    return { data: cached.value, cached: true, safe: false };
  }
  return refreshSingle(options, appkey, storageKey, cached);
}

/** Forgets every cached config entry (logout, tests). */
export function clearConfigCache(): void {
  for (const timer of expiryTimers.values()) clearTimeout(timer);
  expiryTimers.clear();
  for (const key of localStore.keys()) if (key.startsWith(MPAAS_STORAGE_PREFIX)) localStore.remove(key);
}
