import { getLocale, pickLocale, registerMessages, setLocale, t } from '@/locales/i18n';
import { allNamespaces } from '@/locales/catalogue';

describe('i18n', () => {
  afterEach(() => setLocale('zh-CN'));

  it('speaks zh-CN by default', () => {
    expect(getLocale()).toBe('zh-CN');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const [ns] = allNamespaces;
    if (!ns) return; // no namespace registered yet: the completeness test covers it later
    const key = Object.keys(ns['en-US']).find((k) => /\{\w+\}/.test(ns['en-US'][k]!));
    if (!key) return;
    registerMessages(ns);
    setLocale('en-US');
    const name = /\{(\w+)\}/.exec(ns['en-US'][key]!)![1]!;
    expect(t(key, { [name]: 'XYZ' })).toContain('XYZ');
  });

  it('falls back to the key itself for a key nobody defined', () => {
    expect(t('nobody.defined.this')).toBe('nobody.defined.this');
  });

  it('picks en-US only for an English request', () => {
    expect(pickLocale('en-GB')).toBe('en-US');
    expect(pickLocale('zh-TW')).toBe('zh-CN');
    expect(pickLocale(undefined)).toBe('zh-CN');
  });
});
