import { fireEvent, render, screen } from '@testing-library/react';
import { getLocale, pickLocaleFrom, setLocale, t } from '@/locales/i18n';
import { LanguageSwitch } from '@/components/language-switch/language-switch';
import { LOCALE_STORAGE_KEY, applyBootLocale, chooseLocale, storedLocale } from '@/platform/locale-preference';
import { getCookie, removeCookie } from '@/platform/cookies';

// The language at launch (issue 17): a `lang` query, else the remembered choice, else the browser's languages.

function browserLanguages(languages: string[]): void {
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  jest.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

function address(search: string): void {
  window.history.replaceState(null, '', `/index${search}`);
}

beforeEach(() => {
  localStorage.clear();
  removeCookie('lang');
  setLocale('zh-CN');
  document.documentElement.lang = 'zh-CN';
  address('');
});

afterEach(() => {
  jest.restoreAllMocks();
  setLocale('zh-CN');
});

describe('pickLocaleFrom', () => {
  it('takes the first English or Chinese language of the list', () => {
    expect(pickLocaleFrom(['en-US', 'zh-CN'])).toBe('en-US');
    expect(pickLocaleFrom(['fr-FR', 'en-GB', 'zh-CN'])).toBe('en-US');
    expect(pickLocaleFrom(['de', 'zh-TW', 'en'])).toBe('zh-CN');
    expect(pickLocaleFrom(['fr', 'de'])).toBe('zh-CN');
    expect(pickLocaleFrom([])).toBe('zh-CN');
  });
});

describe('applyBootLocale', () => {
  it('follows a browser set to English on the first visit, without remembering it as a choice', () => {
    browserLanguages(['en-US', 'en']);
    expect(applyBootLocale()).toBe('en-US');
    expect(getLocale()).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(getCookie('lang')).toBe('en-US');
    expect(storedLocale()).toBeNull();
  });

  it('speaks Chinese to a Chinese browser', () => {
    browserLanguages(['zh-CN', 'en-US']);
    expect(applyBootLocale()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(getCookie('lang')).toBe('zh-CN');
  });

  it('keeps the remembered choice over the browser language', () => {
    browserLanguages(['en-US']);
    chooseLocale('zh-CN');
    setLocale('en-US');
    expect(applyBootLocale()).toBe('zh-CN');
    browserLanguages(['zh-CN']);
    chooseLocale('en-US');
    setLocale('zh-CN');
    expect(applyBootLocale()).toBe('en-US');
  });

  it('lets an explicit lang query win over both, and remembers it', () => {
    browserLanguages(['zh-CN']);
    chooseLocale('zh-CN');
    address('?lang=en');
    expect(applyBootLocale()).toBe('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe(JSON.stringify({ data: 'en-US' }));
    address('?lang=zh-CN');
    expect(applyBootLocale()).toBe('zh-CN');
  });

  it('ignores a stored value that is no locale', () => {
    browserLanguages(['en-US']);
    localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify({ data: 'fr-FR' }));
    expect(applyBootLocale()).toBe('en-US');
  });
});

describe('LanguageSwitch', () => {
  it('switches the language, remembers it and shows which one is on', () => {
    const changed = jest.fn();
    render(<LanguageSwitch onChange={changed} />);
    expect(screen.getByText('语言')).toBeTruthy();
    expect(screen.getByTestId('language-zh-CN').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('language-en-US'));
    expect(getLocale()).toBe('en-US');
    expect(changed).toHaveBeenCalledWith('en-US');
    expect(storedLocale()).toBe('en-US');
    expect(getCookie('lang')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByText(t('components.language.label'))).toBeTruthy();
    expect(screen.getByText('Language')).toBeTruthy();
    expect(screen.getByTestId('language-en-US').getAttribute('aria-pressed')).toBe('true');
  });
});
