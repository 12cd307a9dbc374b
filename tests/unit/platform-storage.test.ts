import Taro from '@tarojs/taro';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_KEYS, localStore, sessionStore, taroStorage } from '@/platform/storage';
import * as weappSession from '@/platform/session-store.weapp';

beforeEach(() => {
  Taro.clearStorageSync();
  sessionStore.clear();
});

it('names exactly the session keys of docs/PRODUCT.md §3', () => {
  expect(Object.values(SESSION_KEYS)).toEqual([
    'CHANNEL',
    'hideHomeBtn',
    'backToActivityPage',
    'dj-ccount-idno',
    'dj-ccount-name',
    'dj-ccount-cardno',
    'dj-ccount-tel',
  ]);
});

it('stores per-visit values in sessionStorage on H5, and clears the identity fields on logout', () => {
  sessionStore.set(SESSION_KEYS.channel, 'c1');
  sessionStore.set(SESSION_KEYS.accountOpeningName, '张三');
  sessionStore.set(SESSION_KEYS.accountOpeningIdNo, '110101199003071234');
  expect(sessionStorage.getItem('dj-ccount-name')).toBe('张三');
  sessionStore.clearIdentity();
  expect(sessionStore.get(SESSION_KEYS.accountOpeningName)).toBeNull();
  expect(sessionStore.get(SESSION_KEYS.accountOpeningIdNo)).toBeNull();
  expect(sessionStore.get(SESSION_KEYS.channel)).toBe('c1');
});

it('emulates session storage in memory on weapp', () => {
  weappSession.setSessionItem('CHANNEL', 'x');
  expect(weappSession.getSessionItem('CHANNEL')).toBe('x');
  weappSession.clearSession();
  expect(weappSession.getSessionItem('CHANNEL')).toBeNull();
});

it('reads and writes local JSON through Taro storage, and reports corrupt JSON', () => {
  localStore.setJson('k', { a: 1 });
  expect(localStore.getJson('k')).toEqual({ a: 1 });
  expect(localStore.keys()).toContain('k');
  localStore.setString('bad', '{');
  expect(() => localStore.getJson('bad')).toThrow();
  localStore.remove('k');
  expect(localStore.getJson('k')).toBeNull();
});

it('persists a zustand store through taroStorage', async () => {
  const useStore = create<{ openTrade: boolean; set: (v: boolean) => void }>()(
    persist((set) => ({ openTrade: false, set: (v) => set({ openTrade: v }) }), {
      name: 'account',
      storage: createJSONStorage(() => taroStorage),
    }),
  );
  useStore.getState().set(true);
  expect(JSON.parse(Taro.getStorageSync('account') as string)).toMatchObject({ state: { openTrade: true } });
  Taro.setStorageSync('account', JSON.stringify({ state: { openTrade: false }, version: 0 }));
  await useStore.persist.rehydrate();
  expect(useStore.getState().openTrade).toBe(false);
});
