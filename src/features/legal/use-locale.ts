import { useEffect, useState } from 'react';
import { getLocale, onLocaleChange } from '@/locales/i18n';
import type { Locale } from '@/locales/types';

/** The current locale, re-rendering on a switch (an agreement is redrawn in the other language). */
export function useLocale(): Locale {
  const [locale, setLocale] = useState(getLocale);
  useEffect(() => onLocaleChange(setLocale), []);
  return locale;
}
