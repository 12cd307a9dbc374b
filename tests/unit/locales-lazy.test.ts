// A feature's texts are registered when a module imports `t` from `@/locales/<namespace>` (src/locales/i18n.ts), so
// they load with the feature's code. A module that translates a feature's keys must therefore import that namespace,
// or on a page where nothing else did, the user would read the raw key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CORE_NAMESPACES } from '@/locales/i18n';
import { allNamespaces } from '@/locales/catalogue';

const SRC = path.resolve(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full.endsWith(`${path.sep}locales`) ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const prefixOf = (namespace: (typeof allNamespaces)[number]) => Object.keys(namespace['zh-CN'])[0]!.split('.')[0]!;
const lazy = allNamespaces
  .filter((namespace) => !CORE_NAMESPACES.includes(namespace))
  .map((namespace) => ({
    prefix: prefixOf(namespace),
    keys: Object.keys(namespace['zh-CN']),
  }));

/** True when the text names one of the namespace's keys: a whole key in quotes, or a template that starts one. */
function mentions(text: string, { prefix, keys }: { prefix: string; keys: string[] }): boolean {
  const quoted = [...text.matchAll(new RegExp(`['\`](${prefix}\\.[\\w.]+)['\`]`, 'g'))].some((m) => keys.includes(m[1]!));
  const templated = [...text.matchAll(new RegExp(`\`(${prefix}\\.[\\w.]*)\\$\\{`, 'g'))].some((m) => keys.some((k) => k.startsWith(m[1]!)));
  return quoted || templated;
}

it('has feature namespaces apart from the core ones', () => {
  expect(lazy.map((n) => n.prefix)).toEqual(expect.arrayContaining(['account', 'fund', 'home', 'search', 'demo']));
  for (const core of CORE_NAMESPACES) expect(allNamespaces).toContain(core);
});

it('imports a feature namespace wherever its keys are translated', () => {
  const missing: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const translates = /import \{[^}]*\bt\b[^}]*\} from '@\/locales\//.test(text);
    if (!translates) continue; // a table of keys that another module translates
    for (const namespace of lazy) {
      if (
        mentions(text, namespace) &&
        !text.includes(`from '@/locales/${namespace.prefix}'`) &&
        !text.includes(`import '@/locales/${namespace.prefix}'`)
      ) {
        missing.push(`${path.relative(SRC, file)} → @/locales/${namespace.prefix}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

it('registers a namespace’s texts when its module is imported', () => {
  jest.isolateModules(() => {
    const i18n = require('@/locales/i18n') as typeof import('@/locales/i18n');
    expect(i18n.t('home.entry.xjb')).toBe('home.entry.xjb');
    const home = require('@/locales/home') as typeof import('@/locales/home');
    expect(home.t('home.entry.xjb')).toBe('现金宝');
    expect(i18n.t('home.entry.xjb', undefined, 'en-US')).toBe('Cash');
  });
});
