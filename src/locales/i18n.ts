import common from './messages/common';
import components from './messages/components';
import platform from './messages/platform';
import share from './messages/share';
import shell from './messages/shell';
import type { Locale, MessageNamespace, MessageParams } from './types';

export type { Locale, MessageParams };

export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

/**
 * The texts every page can say: the shell, the platform layer and the shared components. A feature's own texts
 * (account.*, fund.*, home.*, …) join when a module that speaks them is loaded: it imports `t` from
 * `@/locales/<namespace>` (src/locales/account.ts, …), which registers that namespace. So on H5 they travel in the
 * feature's chunk instead of every page's first load. tests/unit/locales-lazy.test.ts checks the imports.
 */
export const CORE_NAMESPACES: readonly MessageNamespace[] = [common, components, platform, share, shell];

const catalogue: Record<Locale, Record<string, string>> = { 'zh-CN': {}, 'en-US': {} };
const registered = new Set<MessageNamespace>();

/** Adds a namespace's texts (once) and returns `t`, so `export const t = registerMessages(ns)` reads naturally. */
export function registerMessages(namespace: MessageNamespace): typeof t {
  if (!registered.has(namespace)) {
    registered.add(namespace);
    for (const locale of LOCALES) Object.assign(catalogue[locale], namespace[locale]);
  }
  return t;
}

for (const namespace of CORE_NAMESPACES) registerMessages(namespace);

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

/**
 * A text of the catalogue in another language: the message whose text (in any locale) is `text`, as `locale` says
 * it; any other text as given. For a text made before a language switch that its owner does not make again (a page's
 * title, computed once when the page rendered): PageShell shows it in the language chosen since. With `variant`
 * (elder mode's '.elder'), the message's variant `key + variant` when the catalogue has one.
 */
export function inLocale(text: string, locale: Locale, variant?: string): string {
  let found: string | undefined;
  for (const from of LOCALES) {
    for (const key of Object.keys(catalogue[from])) {
      if (catalogue[from][key] !== text) continue;
      // Another message may say the same words: the first one with the variant wins, else the first one found.
      const varied = variant ? catalogue[locale][key + variant] : undefined;
      if (varied !== undefined) return varied;
      if (!variant) return catalogue[locale][key] ?? text;
      found ??= catalogue[locale][key] ?? text;
    }
  }
  return found ?? text;
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
 * A text that comes with its own English rendering (operator content such as remote-config banners): the English
 * one for an English reader when there is one, else the Chinese original.
 */
export function localizedText(zh: string, en?: string | null): string {
  return current === 'en-US' && en ? en : zh;
}

/**
 * The locale for a list of preferred languages, most preferred first (navigator.languages, WeChat's language):
 * the first that is English or Chinese decides; none of them → zh-CN.
 */
export function pickLocaleFrom(languages: readonly string[]): Locale {
  for (const language of languages) {
    const lower = language.trim().toLowerCase();
    if (lower.startsWith('en')) return 'en-US';
    if (lower.startsWith('zh')) return 'zh-CN';
  }
  return DEFAULT_LOCALE;
}

/** Whether the catalogue (as loaded so far) has `key`, in zh-CN: every key has both locales (tests/unit/locales.test.ts). */
export function hasMessage(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(catalogue[DEFAULT_LOCALE], key);
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
