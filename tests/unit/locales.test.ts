import { allNamespaces, catalogue } from '@/locales/catalogue';
import { LOCALES } from '@/locales/i18n';
import type { MessageNamespace } from '@/locales/types';

/** The `{name}` placeholders of a message, sorted, duplicates kept once. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** "components" for a namespace whose keys are "components.*" (or the odd prefixes, to report). */
function prefixes(ns: MessageNamespace): string[] {
  return [...new Set(Object.keys(ns['zh-CN']).map((key) => key.split('.')[0]!))];
}

describe('message catalogue', () => {
  it('has namespaces registered', () => {
    expect(allNamespaces.length).toBeGreaterThan(0);
  });

  it('has every key in both locales, in every namespace', () => {
    for (const ns of allNamespaces) {
      const zh = Object.keys(ns['zh-CN']).sort();
      const en = Object.keys(ns['en-US']).sort();
      expect({ namespace: prefixes(ns), missingInEnglish: zh.filter((k) => !en.includes(k)) }).toEqual({
        namespace: prefixes(ns),
        missingInEnglish: [],
      });
      expect({ namespace: prefixes(ns), missingInChinese: en.filter((k) => !zh.includes(k)) }).toEqual({
        namespace: prefixes(ns),
        missingInChinese: [],
      });
    }
  });

  it('has no empty or blank message', () => {
    const blank = LOCALES.flatMap((locale) =>
      Object.entries(catalogue[locale])
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => `${locale} ${key}`),
    );
    expect(blank).toEqual([]);
  });

  it('has the same placeholders in both locales', () => {
    const mismatched = Object.keys(catalogue['zh-CN'])
      .filter((key) => key in catalogue['en-US'])
      .filter((key) => placeholders(catalogue['zh-CN'][key]!).join() !== placeholders(catalogue['en-US'][key]!).join());
    expect(mismatched).toEqual([]);
  });

  it("gives elder mode's plain wording (key.elder, issue 26) only to a message that exists, with its placeholders", () => {
    const zh = catalogue['zh-CN'];
    const plain = Object.keys(zh).filter((key) => key.endsWith('.elder'));
    expect(plain.length).toBeGreaterThan(20);
    const orphans = plain.filter((key) => !(key.slice(0, -'.elder'.length) in zh));
    expect(orphans).toEqual([]);
    const mismatched = plain.filter((key) => placeholders(zh[key]!).join() !== placeholders(zh[key.slice(0, -'.elder'.length)]!).join());
    expect(mismatched).toEqual([]);
  });

  it('keeps each namespace under one key prefix, so namespaces cannot overwrite each other', () => {
    for (const ns of allNamespaces) expect(prefixes(ns)).toHaveLength(1);
    const all = allNamespaces.map((ns) => prefixes(ns)[0]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('uses the English texts of docs/PRODUCT.md for the shared components and the demo page', () => {
    const en = catalogue['en-US'];
    expect(en['components.empty.title']).toBe('No data yet');
    expect(en['components.error.title']).toBe('Network exception, please retry later');
    expect(en['components.error.retry']).toBe('Click to retry');
    expect(en['components.error.refresh']).toBe('Refresh');
    expect(en['components.datePicker.title']).toBe('Select date');
    expect(en['components.datePicker.confirm']).toBe('OK');
    expect(en['demo.password.correct']).toBe('Password correct');
    expect(en['demo.password.error']).toBe('Password error: {reason}');
  });
});
