import { catalogue } from './catalogue';
import type { Locale, MessageParams } from './types';

export type { Locale, MessageParams };

export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

let current: Locale = DEFAULT_LOCALE;
const listeners = new Set<(locale: Locale) => void>();

export function getLocale(): Locale {
  return current;
}

export function setLocale(locale: Locale): void {
  if (locale === current || !LOCALES.includes(locale)) return;
  current = locale;
  for (const listener of listeners) listener(locale);
}

/** Subscribe to locale changes (React components re-render through this); returns the unsubscribe. */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Picks the locale a visitor asked for: an explicit `lang`, else the browser's language, else zh-CN. */
export function pickLocale(requested?: string | null): Locale {
  if (!requested) return DEFAULT_LOCALE;
  return requested.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

/**
 * The text for `key` in the current locale, with `{name}` placeholders filled.
 * A missing key falls back to zh-CN, then to the key itself, so a gap shows up in review instead of crashing.
 */
export function t(key: string, params?: MessageParams, locale: Locale = current): string {
  const text = catalogue[locale][key] ?? catalogue[DEFAULT_LOCALE][key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
