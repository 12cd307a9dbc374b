import type { StateStorage } from 'zustand/middleware';
import {
  IDENTITY_SESSION_KEYS as LIB_IDENTITY_SESSION_KEYS,
  SESSION_KEY_BACK_TO_ACTIVITY_PAGE,
  SESSION_KEY_CHANNEL,
  SESSION_KEY_HIDE_HOME_BTN,
} from '@/lib/constants';
import { clearSession, getSessionItem, removeSessionItem, setSessionItem } from '@/platform/session-store';
import { localKeys, readLocal, removeLocal, writeLocal } from './local-store';

/** Session storage keys of docs/PRODUCT.md §3: the only names stored per visit. */
export const SESSION_KEYS = {
  channel: SESSION_KEY_CHANNEL,
  hideHomeBtn: SESSION_KEY_HIDE_HOME_BTN,
  backToActivityPage: SESSION_KEY_BACK_TO_ACTIVITY_PAGE,
  accountOpeningIdNo: 'dj-ccount-idno',
  accountOpeningName: 'dj-ccount-name',
  accountOpeningCardNo: 'dj-ccount-cardno',
  accountOpeningTel: 'dj-ccount-tel',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

/** The identity fields cleared from session storage on logout (docs/PRODUCT.md §4 Logout step 2). */
export const IDENTITY_SESSION_KEYS: readonly string[] = LIB_IDENTITY_SESSION_KEYS;

export const sessionStore = {
  get(key: SessionKey): string | null {
    return getSessionItem(key);
  },
  set(key: SessionKey, value: string): void {
    setSessionItem(key, value);
  },
  remove(key: SessionKey): void {
    removeSessionItem(key);
  },
  clear(): void {
    clearSession();
  },
  clearIdentity(): void {
    for (const key of IDENTITY_SESSION_KEYS) removeSessionItem(key);
  },
};

/** Local (persistent) storage: localStorage on H5 and wx storage in the mini program (`local-store.*`). */
export const localStore = {
  getString(key: string): string | null {
    try {
      const value = readLocal(key);
      return typeof value === 'string' && value !== '' ? value : null;
    } catch {
      return null;
    }
  },
  setString(key: string, value: string): void {
    try {
      writeLocal(key, value);
    } catch {
      // Storage full or refused: callers treat local values as caches that can be rebuilt.
    }
  },
  /** Parsed JSON; throws on a corrupt value so callers can decide (mpaas: "cache read failure"). */
  getJson<T>(key: string): T | null {
    const text = localStore.getString(key);
    return text === null ? null : (JSON.parse(text) as T);
  },
  setJson(key: string, value: unknown): void {
    localStore.setString(key, JSON.stringify(value));
  },
  remove(key: string): void {
    try {
      removeLocal(key);
    } catch {
      // nothing to remove
    }
  },
  /** Keys currently stored (for prefix sweeps such as the mpaas cache). */
  keys(): string[] {
    try {
      return localKeys();
    } catch {
      return [];
    }
  },
};

/** zustand `createJSONStorage(() => taroStorage)` adapter: stores persist across launches on both targets. */
export const taroStorage: StateStorage = {
  getItem: (name) => localStore.getString(name),
  setItem: (name, value) => localStore.setString(name, value),
  removeItem: (name) => localStore.remove(name),
};
