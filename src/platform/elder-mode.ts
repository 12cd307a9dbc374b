import { useEffect, useMemo, useState } from 'react';
import { hasMessage, t } from '@/locales/i18n';
import { applyElderClass, hostCareMode } from './a11y-host';
import { localStore } from './storage';

// Elder mode 关怀版 (issue 26, docs/PRODUCT.md §13): large text, one column, large tap targets, plain words, fewer items
// on home. The user's switch (account settings) is remembered on the device; until they use it, the host decides
// (WeChat's care mode or large font in the mini program, a `care=1` link on H5), else it is off.

/** Local storage key of the user's choice: '1' on, '0' off; absent = follow the host. */
export const ELDER_MODE_STORAGE_KEY = 'dj-elder-mode';

/** The class every page's shell (and on H5 `<html>`) wears while elder mode is on: the stylesheets key on it. */
export const ELDER_CLASS = 'dj-elder';

type Listener = (on: boolean) => void;
const listeners = new Set<Listener>();
/** What the host said (asked once: it does not change while the app runs); undefined = not asked yet. */
let hostMode: boolean | null | undefined;
/** The mode the document's class was last set for. */
let applied: boolean | null = null;

/** The user's own choice, if they made one. */
export function storedElderMode(): boolean | null {
  const value = localStore.getString(ELDER_MODE_STORAGE_KEY);
  return value === '1' ? true : value === '0' ? false : null;
}

/** Whether elder mode is on now: the user's choice (read each time: one storage read), else the host's, else off. */
export function isElderMode(): boolean {
  const stored = storedElderMode();
  if (stored === null && hostMode === undefined) hostMode = hostCareMode();
  const on = stored ?? hostMode ?? false;
  if (applied !== on) {
    applied = on;
    applyElderClass(on);
  }
  return on;
}

/** The switch: turns elder mode on or off now and remembers the choice on this device. */
export function setElderMode(on: boolean): void {
  const before = isElderMode();
  localStore.setString(ELDER_MODE_STORAGE_KEY, on ? '1' : '0');
  isElderMode();
  if (before !== on) for (const listener of [...listeners]) listener(on);
}

/** Calls `listener` on every change; returns the unsubscribe. */
export function onElderModeChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The mode as React state: re-renders on a change. */
export function useElderMode(): boolean {
  const [on, setOn] = useState(isElderMode);
  useEffect(() => {
    setOn(isElderMode());
    return onElderModeChange(setOn);
  }, []);
  return on;
}

/**
 * Suffix of a message's plain wording in elder mode: the key fund.header.yield7d.elder (近7天年化收益率) says what
 * fund.header.yield7d (七日年化) says, without the jargon. Next to its message in the same namespace, both locales.
 */
export const ELDER_WORDING_SUFFIX = '.elder';

/** `t` that says a key's plain wording (`key.elder`) when `elder` and the catalogue has one; else `t` itself. */
export function elderWording(elder: boolean): typeof t {
  if (!elder) return t;
  return (key, params, locale) => {
    const plain = key + ELDER_WORDING_SUFFIX;
    return t(hasMessage(plain) ? plain : key, params, locale);
  };
}

/** The mode's `t` as a hook: plain words while elder mode is on (re-renders on a change). */
export function useElderWording(): typeof t {
  const elder = useElderMode();
  return useMemo(() => elderWording(elder), [elder]);
}

/** Tests: forget what the host said and the class applied (the next read asks again). */
export function resetElderModeForTests(): void {
  hostMode = undefined;
  applied = null;
  listeners.clear();
}
