/** Where the app learns which language to speak, per target (used by `locale-preference.ts`). */
export interface LocaleHost {
  /** The languages the device or browser prefers, most preferred first (H5: navigator.languages; weapp: WeChat's). */
  deviceLanguages(): string[];
  /** The `lang` query the app was opened with (H5: the address; weapp: the launch options), if any. */
  launchLanguageParam(): string | null;
  /** H5: sets `<html lang>` so screen readers, hyphenation and translation tools know the page's language. */
  applyDocumentLanguage(locale: string): void;
}
