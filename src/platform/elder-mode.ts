import { useEffect, useState } from 'react';
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
let current: boolean | null = null;

/** The user's own choice, if they made one. */
export function storedElderMode(): boolean | null {
  const value = localStore.getString(ELDER_MODE_STORAGE_KEY);
  return value === '1' ? true : value === '0' ? false : null;
}

/** Whether elder mode is on now: the user's choice, else the host's care mode, else off. */
export function isElderMode(): boolean {
  if (current === null) {
    current = storedElderMode() ?? hostCareMode() ?? false;
    applyElderClass(current);
  }
  return current;
}

/** The switch: turns elder mode on or off now and remembers the choice on this device. */
export function setElderMode(on: boolean): void {
  localStore.setString(ELDER_MODE_STORAGE_KEY, on ? '1' : '0');
  if (current === on) return;
  current = on;
  applyElderClass(on);
  for (const listener of [...listeners]) listener(on);
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

/** Tests: forget the cached mode (the next read asks the storage and the host again). */
export function resetElderModeForTests(): void {
  current = null;
  listeners.clear();
}
