// zustand's `persist` middleware over the Taro storage adapter (`taroStorage` of storage.ts: localStorage in
// Taro's {data} format on H5, wx storage in the mini program), for every store that keeps something across launches.
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { taroStorage } from './storage';

/**
 * The version a value written before the store used `persist` reads as: what the hand-written code stored under
 * the same key (a JSON value, or a plain string), handed to the store's `migrate(value, 0)` as it is.
 * Stores therefore start at `version: 1`.
 */
export const LEGACY_STORAGE_VERSION = 0;

export interface TaroPersistOptions<S> {
  /**
   * Nothing worth keeping (e.g. an empty list): the key is removed instead of written, as the hand-written code
   * did, so a logged-out or fresh device has no key at all.
   */
  isEmpty?: (state: S) => boolean;
}

function isStorageValue(value: unknown): value is StorageValue<unknown> {
  return value !== null && typeof value === 'object' && 'state' in value && typeof (value as { version?: unknown }).version === 'number';
}

/**
 * `persist(…, { name: KEY, version: 1, storage: taroPersistStorage<Persisted>(), partialize, migrate })`: the
 * state is stored as JSON `{"state": …, "version": n}` under KEY; a value of an older app version under the same
 * key reaches `migrate` (see LEGACY_STORAGE_VERSION). Reads are synchronous, so a store is hydrated when created.
 */
export function taroPersistStorage<S>(options: TaroPersistOptions<S> = {}): PersistStorage<S> {
  return {
    getItem(name) {
      const text = taroStorage.getItem(name) as string | null;
      if (text === null) return null;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { state: text as unknown as S, version: LEGACY_STORAGE_VERSION };
      }
      return isStorageValue(value) ? (value as StorageValue<S>) : { state: value as S, version: LEGACY_STORAGE_VERSION };
    },
    setItem(name, value) {
      if (options.isEmpty?.(value.state)) void taroStorage.removeItem(name);
      else void taroStorage.setItem(name, JSON.stringify(value));
    },
    removeItem(name) {
      void taroStorage.removeItem(name);
    },
  };
}
