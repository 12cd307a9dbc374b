// Checks on the built mini program (`npm run build:weapp` → dist/weapp, or WEAPP_DIR): the pages app.json
// declares are the pages built, the package split and sizes WeChat and the product ask for, the DevTools
// project file, and no browser-only global in our own code chunks.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { HOME_PAGE_PATH, getRoute, packageLayout } from '../../src/lib/routes';
import {
  type AppJson,
  type BuiltFile,
  REPO_ROOT,
  declaredPages,
  kb,
  listFiles,
  packageRootOf,
  pagesOnDisk,
  readAppJson,
  subPackagesOf,
  tabBarPages,
  waitForBuild,
} from './weapp-build';

const MB = 1024 * 1024;
/** Product targets (bench/README.md): main package ≤ 1 MB, whole mini program ≤ 4 MB. */
const MAIN_PACKAGE_TARGET = 1 * MB;
const TOTAL_TARGET = 4 * MB;
/** WeChat's own hard cap for the main package and for each subpackage. */
const WECHAT_PACKAGE_CAP = 2 * MB;
const LOGIN_PAGE = 'pages/login/index';
/** Files WeChat DevTools does not upload as part of the code package. */
const NOT_PACKAGED = new Set(['project.config.json', 'project.private.config.json']);

let dir: string;
let app: AppJson;
let files: BuiltFile[];

before(async () => {
  dir = await waitForBuild();
  app = readAppJson(dir);
  files = listFiles(dir);
});

describe('app.json and the pages on disk', () => {
  test('every declared page has its .js, .json and .wxml (and a .wxss where Taro emits one)', () => {
    const names = new Set(files.map((f) => f.file));
    const missing: string[] = [];
    for (const page of declaredPages(app)) {
      for (const ext of ['.js', '.json', '.wxml']) if (!names.has(page + ext)) missing.push(page + ext);
    }
    assert.deepEqual(missing, [], `declared pages with missing files in ${dir}`);
  });

  test('every page built under pages/ is declared in app.json (no orphan pages)', () => {
    const declared = new Set(declaredPages(app));
    const orphans = pagesOnDisk(files).filter((page) => !declared.has(page));
    assert.deepEqual(orphans, []);
  });

  test("each page's usingComponents resolve to built components", () => {
    const names = new Set(files.map((f) => f.file));
    const broken: string[] = [];
    for (const page of declaredPages(app)) {
      const json = JSON.parse(readFileSync(path.join(dir, `${page}.json`), 'utf8')) as { usingComponents?: Record<string, string> };
      for (const [tag, target] of Object.entries(json.usingComponents ?? {})) {
        if (target.startsWith('plugin://')) continue;
        const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(page), target);
        for (const ext of ['.js', '.json', '.wxml']) {
          if (!names.has(resolved + ext)) broken.push(`${page} <${tag}> → ${resolved}${ext}`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  test('app.json is the route table of src/lib/routes.ts (a stale build fails here: rebuild)', () => {
    const layout = packageLayout();
    const stale = `${dir}/app.json differs from packageLayout() in src/lib/routes.ts: rebuild with \`npm run build:weapp\``;
    assert.deepEqual(app.pages, layout.pages, stale);
    assert.deepEqual(
      subPackagesOf(app).map((s) => ({ root: s.root, pages: s.pages })),
      layout.subPackages,
      stale,
    );
  });

  test('the home page is the entry page', () => {
    assert.equal(app.pages[0], HOME_PAGE_PATH);
  });
});

describe('package split', () => {
  test('the main package holds only tab pages and the login page', () => {
    const allowed = new Set([...tabBarPages(app), HOME_PAGE_PATH, LOGIN_PAGE]);
    const extra = app.pages.filter((page) => !allowed.has(page));
    assert.deepEqual(extra, [], `only tab pages (${[...allowed].join(', ')}) belong in the main package`);
    for (const tab of tabBarPages(app)) assert.ok(app.pages.includes(tab), `tab page ${tab} must be in the main package`);
  });

  test('the tab bar is 首页 / 自选 / 我的 (home, the watchlist, my money), each with its icon built beside the pages', () => {
    const list = (app.tabBar?.list ?? []) as { pagePath: string; text?: string; iconPath?: string; selectedIconPath?: string }[];
    assert.deepEqual(
      list.map((item) => [item.pagePath, item.text]),
      [
        [HOME_PAGE_PATH, '首页'],
        [getRoute('watchlist').page, '自选'],
        [getRoute('myMoney').page, '我的'],
      ],
    );
    const names = new Set(files.map((f) => f.file));
    for (const item of list) {
      for (const icon of [item.iconPath, item.selectedIconPath]) {
        assert.ok(icon && names.has(icon), `${item.pagePath}: icon ${icon} is not in the build`);
        const bytes = readFileSync(path.join(dir, icon));
        assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${icon} is a PNG (WeChat takes no SVG)`);
        assert.ok(bytes.length <= 40 * 1024, `${icon} is over WeChat's 40 KB for a tab icon`);
        assert.equal(packageRootOf(app, icon), null, `${icon} must be in the main package`);
      }
    }
  });

  test('every other page is in a subpackage named by its domain (pages/<domain>)', () => {
    const subs = subPackagesOf(app);
    const roots = subs.map((s) => s.root.replace(/\/$/, ''));
    assert.equal(new Set(roots).size, roots.length, `duplicate subpackage roots: ${roots.join(', ')}`);
    for (const root of roots) assert.match(root, /^pages\/[a-z0-9-]+$/, `subpackage root ${root} is not pages/<domain>`);
    for (const sub of subs) assert.ok(sub.pages.length > 0, `subpackage ${sub.root} is empty`);
    for (const page of app.pages) {
      assert.equal(packageRootOf(app, page), null, `main-package page ${page} sits under a subpackage root`);
    }
    const all = declaredPages(app);
    assert.equal(new Set(all).size, all.length, 'a page is declared twice');
  });

  test('sizes: main ≤ 1 MB (WeChat cap 2 MB), each subpackage ≤ 2 MB, total ≤ 4 MB', () => {
    const byPackage = new Map<string, number>();
    let total = 0;
    for (const f of files) {
      if (NOT_PACKAGED.has(f.file)) continue;
      const key = packageRootOf(app, f.file) ?? '(main)';
      byPackage.set(key, (byPackage.get(key) ?? 0) + f.bytes);
      total += f.bytes;
    }
    const main = byPackage.get('(main)') ?? 0;
    const heaviest = [...files]
      .filter((f) => packageRootOf(app, f.file) === null && !NOT_PACKAGED.has(f.file))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5);
    console.log(
      [
        `weapp package sizes (${dir}):`,
        ...[...byPackage.entries()].map(([name, bytes]) => `  ${name.padEnd(16)} ${kb(bytes)}`),
        `  total            ${kb(total)}`,
        `  main vs target ${kb(MAIN_PACKAGE_TARGET)}: ${((main / MAIN_PACKAGE_TARGET) * 100).toFixed(0)} %; vs WeChat cap: ${((main / WECHAT_PACKAGE_CAP) * 100).toFixed(0)} %`,
        `  heaviest main-package files: ${heaviest.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ')}`,
      ].join('\n'),
    );
    assert.ok(main <= WECHAT_PACKAGE_CAP, `main package ${kb(main)} is over WeChat's 2 MB cap`);
    assert.ok(main <= MAIN_PACKAGE_TARGET, `main package ${kb(main)} is over the 1 MB product target`);
    for (const [name, bytes] of byPackage) {
      if (name !== '(main)') assert.ok(bytes <= WECHAT_PACKAGE_CAP, `subpackage ${name} ${kb(bytes)} is over WeChat's 2 MB cap`);
    }
    assert.ok(total <= TOTAL_TARGET, `whole mini program ${kb(total)} is over the 4 MB product target`);
  });
});

describe('WeChat DevTools project file', () => {
  test('project.config.json at the repo root has miniprogramRoot ./dist/weapp', () => {
    const config = JSON.parse(readFileSync(path.join(REPO_ROOT, 'project.config.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(config.miniprogramRoot, './dist/weapp');
    assert.equal(config.compileType, 'miniprogram');
    assert.equal(typeof config.appid, 'string');
  });
});

// The mini program has no browser: `localStorage`, `sessionStorage`, `XMLHttpRequest` do not exist (WeChat's
// module wrapper even shadows them with undefined), so touching them crashes. `window`, `document`, `navigator`,
// `location`, `history` (and `self`, see config/index.ts) are rewritten by Taro's ProvidePlugin into
// `n(<runtime>)["window"]` — Taro's fake objects — which is the allowed exception; but Taro's document has no
// `cookie` and its navigator.userAgent is a fixed desktop string, so reading either is a bug on weapp.
// Only our code chunks are scanned (app.js, common.js, comp.js, pages/**), not Taro's taro.js/vendors.js/runtime.js.
describe('browser-only globals in our code chunks', () => {
  const FREE_GLOBALS = [
    'localStorage',
    'sessionStorage',
    'XMLHttpRequest',
    'window',
    'document',
    'navigator',
    'self',
    'location',
    'history',
  ];
  // A bare identifier: not a property (`.x`), not a string (`"x"`), not an object key (`x:`), not `typeof x`.
  const freeUse = new RegExp(`(?<![\\w$."'])(?<!typeof )\\b(${FREE_GLOBALS.join('|')})\\b(?!["'\\w$]|\\s*:)`, 'g');
  const PROPERTY_USES: { re: RegExp; why: string }[] = [
    { re: /\.cookie\b(?![\w$])/g, why: "document.cookie: Taro's document has no cookies (use src/platform/cookies)" },
    { re: /\.userAgent\b/g, why: "navigator.userAgent: Taro's navigator reports a fixed desktop UA on weapp" },
  ];
  /** Allowed exceptions, `file: snippet` with the reason. */
  const ALLOWED: readonly { file: string | RegExp; contains: string; reason: string }[] = [];

  /**
   * The source with the inside of every quoted string blanked (same length, so indexes still point into the
   * original): a word in a text or a URL ("…your precise location…", "/djapi/fund/nav/history/") is not a use.
   */
  const codeOnly = (source: string): string =>
    source.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (literal) => literal[0] + ' '.repeat(literal.length - 2) + literal[0]);

  const ourChunks = (): BuiltFile[] =>
    files.filter((f) => f.file.endsWith('.js') && (['app.js', 'common.js', 'comp.js'].includes(f.file) || f.file.startsWith('pages/')));

  test('the scan covers app.js, common.js and every page', () => {
    const scanned = ourChunks().map((f) => f.file);
    assert.ok(scanned.includes('app.js') && scanned.includes('common.js'), scanned.join(', '));
    for (const page of declaredPages(app)) assert.ok(scanned.includes(`${page}.js`), `${page}.js not scanned`);
  });

  test('no free browser global and no document.cookie / navigator.userAgent', () => {
    const hits: string[] = [];
    for (const f of ourChunks()) {
      const source = readFileSync(path.join(dir, f.file), 'utf8');
      const report = (index: number, length: number, why: string): void => {
        const snippet = source.slice(Math.max(0, index - 60), index + length + 40).replace(/\s+/g, ' ');
        if (ALLOWED.some((a) => (typeof a.file === 'string' ? a.file === f.file : a.file.test(f.file)) && snippet.includes(a.contains)))
          return;
        hits.push(`${f.file}: ${why}\n    …${snippet}…`);
      };
      for (const m of codeOnly(source).matchAll(freeUse)) report(m.index ?? 0, m[0].length, `free global "${m[1]}"`);
      for (const { re, why } of PROPERTY_USES) for (const m of source.matchAll(re)) report(m.index ?? 0, m[0].length, why);
    }
    assert.deepEqual(hits, []);
  });

  test('the scanner finds what it is looking for (guards against a regex that matches nothing)', () => {
    const sample =
      'var a=localStorage.getItem("k");b=typeof window;c={window:1};d=n(1)["window"];e=x.cookie;f=document.title;' +
      'g="/djapi/fund/nav/history/";h=\'your precise location, it\\\'s "history"\';i="say \\"window\\" \'";';
    const free = [...codeOnly(sample).matchAll(freeUse)].map((m) => m[1]);
    assert.deepEqual(free, ['localStorage', 'document']);
    assert.equal([...sample.matchAll(PROPERTY_USES[0]?.re ?? /$^/g)].length, 1);
  });
});
