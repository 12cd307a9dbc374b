// H5: the browser's preferred languages, the address's `lang`, and the page's `<html lang>`.

export function deviceLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  const list = Array.isArray(navigator.languages) ? [...navigator.languages] : [];
  if (list.length === 0 && navigator.language) list.push(navigator.language);
  return list;
}

export function launchLanguageParam(): string | null {
  if (typeof location === 'undefined') return null;
  try {
    return new URLSearchParams(location.search).get('lang');
  } catch {
    return null;
  }
}

export function applyDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
