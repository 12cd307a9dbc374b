import { getLocale, pickLocale, pickLocaleFrom, setLocale, type Locale } from '@/locales/i18n';
import { setCookie } from './cookies';
import { applyDocumentLanguage, deviceLanguages, launchLanguageParam } from './locale-host';
import { localStore } from './storage';

/** Local storage key of the language the user chose (the switch, or a `lang` link); absent = follow the device. */
export const LOCALE_STORAGE_KEY = 'dj-locale';
/** The cookie the server reads to answer in the same language (docs/PRODUCT.md §8: `lang=en…`). */
export const LOCALE_COOKIE = 'lang';
const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The language the user chose earlier, if any. */
export function storedLocale(): Locale | null {
  const value = localStore.getString(LOCALE_STORAGE_KEY);
  return value === 'zh-CN' || value === 'en-US' ? value : null;
}

/** Speaks `locale` now: the catalogue, `<html lang>`, and the cookie that makes the server's messages match. */
function apply(locale: Locale): void {
  setLocale(locale);
  applyDocumentLanguage(locale);
  setCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS });
}

/**
 * The language at launch, applied before the first page draws: an explicit `lang` query wins (and is remembered),
 * then the user's earlier choice, then the browser's or WeChat's language (navigator.languages / wx language),
 * else zh-CN. A language followed from the device is not stored, so a later device change is followed too.
 */
export function applyBootLocale(): Locale {
  const requested = launchLanguageParam();
  let locale: Locale;
  if (requested) {
    locale = pickLocale(requested);
    localStore.setString(LOCALE_STORAGE_KEY, locale);
  } else {
    locale = storedLocale() ?? pickLocaleFrom(deviceLanguages());
  }
  apply(locale);
  return locale;
}

/** The user picked a language (the switch): speak it and remember it across launches. */
export function chooseLocale(locale: Locale): void {
  localStore.setString(LOCALE_STORAGE_KEY, locale);
  if (locale !== getLocale()) apply(locale);
}
