import { catalogue } from '@/locales/catalogue';

// Issue 17: the English catalogue is English. (Every zh-CN key having an en-US key, with the same placeholders, is
// tests/unit/locales.test.ts.)

/** Han characters, CJK punctuation and full-width forms. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Language names, written in their own language on purpose (a reader looks for their own). */
const LANGUAGE_NAME_KEYS = ['demo.switchLocale'];

describe('the en-US catalogue', () => {
  it('has no Chinese character outside language names', () => {
    const chinese = Object.entries(catalogue['en-US'])
      .filter(([key, text]) => CJK.test(text) && !LANGUAGE_NAME_KEYS.includes(key))
      .map(([key, text]) => `${key}: ${text}`);
    expect(chinese).toEqual([]);
  });

  it('differs from zh-CN wherever the Chinese text has Chinese in it', () => {
    const untranslated = Object.entries(catalogue['zh-CN'])
      .filter(([key, zh]) => CJK.test(zh) && catalogue['en-US'][key] === zh)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
