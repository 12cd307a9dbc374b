import type { Locale } from '@/locales/i18n';

// The names the language switch shows (no Taro import: the server's first paint draws the switch too).

/** Each language named in itself, as language pickers do, so a reader finds theirs whatever the page speaks. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
/** The same, as short as a crowded bar needs (the desktop header): its choices keep the full name as their label. */
export const LANGUAGE_SHORT_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'EN' };
