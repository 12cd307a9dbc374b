// The mini program's view layer (docs/WEAPP.md "The view layer"): every page of app.json drawn from the build's own
// .wxml/.wxss/.json by WeChat's compilers and component framework (view-layer.ts), following the setData of the
// logic layer (harness.ts) fed by the real server (view-layer-scene.ts). For each page: the text the view shows is
// the text of the logic layer's tree, images resolve to files of the build, every bound event names a method that
// exists, and nothing is refused (unknown tags, missing templates, components outside usingComponents, WXSS wcsc
// rejects). The key pages are then laid out in Chromium at 375 × 667 (screenshots) and compared with the H5 build's
// page on the same server: the same figures in the same order, the same blocks.
// Build both first: `npm run build:weapp` and `npm run build:h5` (WEAPP_DIR for a private copy of the weapp build).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { ROUTES, TAB_PAGES, specUrl, specUrlToPage, stringifyQuery } from '../../src/lib/routes';
import { chromiumExecutable } from '../e2e/chromium-path';
import { type PageHandle, type WeappHarness, bootWeapp } from './harness';
import { LANGUAGE_NAMES } from '../../src/components/language-switch/language-names';
import { t } from '../../src/locales/account';
import { type PageReading, figuresOf, readPageScript, styledClasses } from './page-reading';
import { type CompiledStyles, type ViewLayer, compileWxml, compileWxss, cssUrls, openViewLayer, resolveResource } from './view-layer';
import { PHONE, BUILD_ORIGIN, phoneDocument, serveBuild, webviewDocument } from './view-layer-shot';
import { type Scene, createScene } from './view-layer-scene';
import { REPO_ROOT, declaredPages, readAppJson, waitForBuild, weappDir } from './weapp-build';

let scene: Scene;
let h: WeappHarness;
let view: ViewLayer;
let compiled: { wxml: string; styles: CompiledStyles };

/** Path parameters the route table's patterns name; a page added later with another name gets `1`. */
function sampleParams(): Record<string, string> {
  return {
    fundcode: scene.fund,
    planId: scene.planId,
    orderId: '1',
    agreementId: 'user-service',
    indexCode: 'SH000300',
  };
}

/** The URL a page is opened with: its route's path parameters and a channel, as navigateTo would send them. */
function pageUrl(page: string): string {
  const route = ROUTES.find((r) => r.page === page);
  const params: Record<string, string> = {};
  const samples = sampleParams();
  for (const m of route?.pattern.matchAll(/\{(\w+)\}/g) ?? []) params[m[1] as string] = samples[m[1] as string] ?? '1';
  if (page === 'pages/misc/not-found/index') params.path = '/no-such-page';
  return `${page}${stringifyQuery({ ...params, channel: 'view-layer' })}`;
}

/** Waits for a page's data: no wx.request in flight and no setData for a few turns (up to `ms`). */
async function loadedIn(harness: WeappHarness, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await harness.settle(1500);
    if (scene.inFlight() === 0) {
      const again = await harness.settle(1500);
      if (again.settled && scene.inFlight() === 0) return;
    }
  }
}

const loaded = (ms?: number) => loadedIn(h, ms);

before(async () => {
  await waitForBuild();
  const dir = weappDir();
  compiled = { wxml: compileWxml(dir), styles: compileWxss(dir) };
  scene = await createScene();
  // A first visit warms the server's queries: home's remote config answers within the mini program's 1 s config
  // timeout (MPAAS_NON_BROWSER_TIMEOUT_MS) only once the ranking query behind it is no longer cold.
  const warm = await bootWeapp({ request: scene.request });
  await warm.openPage('pages/index/index');
  await loadedIn(warm);
  warm.dispose();
  h = await bootWeapp({ request: scene.request });
  view = openViewLayer(h, compiled);
});

after(async () => {
  view?.dispose();
  h?.dispose();
  await scene?.close();
});

describe('WeChat compiles the build', () => {
  test('wcsc accepts every .wxss (no `*` selector…), and their url()s are inline or files of the build', () => {
    assert.deepEqual(compiled.styles.errors, [], 'WXSS WeChat refuses');
    const dir = weappDir();
    const bad: string[] = [];
    for (const [file] of compiled.styles.files) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const ref of cssUrls(source)) {
        // WXSS cannot name a local file (WeChat loads no background image from the package): data: or https only.
        if (!ref.startsWith('data:') && !ref.startsWith('https://')) bad.push(`${file}: url(${ref})`);
      }
    }
    assert.deepEqual(bad, []);
  });

  test('the tab bar icons of app.json are files of the build', () => {
    const app = readAppJson();
    const missing: string[] = [];
    for (const item of app.tabBar?.list ?? []) {
      for (const icon of [(item as { iconPath?: string }).iconPath, (item as { selectedIconPath?: string }).selectedIconPath]) {
        if (icon && !resolveResource(weappDir(), 'app', `/${icon}`).ok) missing.push(icon);
      }
    }
    assert.deepEqual(missing, []);
  });
});

/** Where the pictures go: WEAPP_SCREENSHOTS (docs/screenshots/weapp to refresh the docs' copies), else .tmp. */
const SHOTS_DIR = path.resolve(REPO_ROOT, process.env.WEAPP_SCREENSHOTS || '.tmp/weapp-screenshots');

/** Something only the mini program shows, by design: its texts and blocks (a contiguous run of each), and why. */
interface WeappOnly {
  why: string;
  texts: string[];
  blocks: string[];
}

/**
 * What the H5 pages draw and the mini program does not, by design: the fund page's bar that opens or downloads the
 * native app (issue 27, `download_bar`; inside WeChat's browser it is WeChat's open tag) — a mini program does not
 * advertise an app download.
 */
const H5_ONLY = ['.dj-download-bar'];

interface KeyPage {
  /** File name of the picture. */
  shot: string;
  /** The page's spec URL (both builds open it: H5 as is, the mini program through the route table). */
  url: () => string;
  /** Opened by nobody logged in (else by the scene's investor). */
  anonymous?: boolean;
  /** Taken out of the mini program's reading before it is compared with H5's. */
  weappOnly?: WeappOnly[];
}

/** `list` without the first contiguous run equal to `run`; fails the test when the run is not there (a stale entry). */
function withoutRun(list: readonly string[], run: readonly string[], what: string): string[] {
  if (run.length === 0) return [...list];
  for (let i = 0; i + run.length <= list.length; i += 1) {
    if (run.every((item, k) => list[i + k] === item)) return [...list.slice(0, i), ...list.slice(i + run.length)];
  }
  throw new Error(`${what}: ${JSON.stringify(run)} is not in the mini program's page any more: update WEAPP_ONLY`);
}

/** Blocks without `block` and the blocks nested in it (deeper indentation right after it). */
function withoutBlock(blocks: readonly string[], block: string, what: string): string[] {
  const at = blocks.findIndex((b) => b.trim() === block);
  if (at < 0) throw new Error(`${what}: block ${block} is not in the mini program's page any more: update WEAPP_ONLY`);
  const indent = (b: string) => b.length - b.trimStart().length;
  let end = at + 1;
  while (end < blocks.length && indent(blocks[end] as string) > indent(blocks[at] as string)) end += 1;
  return [...blocks.slice(0, at), ...blocks.slice(end)];
}

/** The pages the key-page test has drawn and checked (the every-page test does the others). */
const keyRoutes = new Set<string>();

const KEY_PAGES: readonly KeyPage[] = [
  { shot: 'home', url: () => specUrl('home') },
  { shot: 'fund', url: () => specUrl('fundDetail', { fundcode: scene.fund }) },
  { shot: 'buy', url: () => specUrl('buy', { fundcode: scene.fund }) },
  {
    shot: 'my-money',
    url: () => specUrl('myMoney'),
    weappOnly: [
      {
        why: 'unbinding WeChat: only the mini program is bound to a WeChat account (src/pages/my-money/index.tsx, unbindSourceFor)',
        texts: [t('account.my.unbind')],
        blocks: [],
      },
      {
        why: 'the language switch: the mini program has no web header with its menu (src/pages/my-money/index.tsx)',
        texts: [t('components.language.label'), LANGUAGE_NAMES['zh-CN'], LANGUAGE_NAMES['en-US']],
        blocks: ['language-switch'],
      },
    ],
  },
  { shot: 'xjb', url: () => specUrl('xjb') },
  { shot: 'plan', url: () => specUrl('autoInvestDetail', { planId: scene.planId }) },
  {
    shot: 'login',
    url: () => specUrl('login'),
    anonymous: true,
    weappOnly: [
      {
        why: 'WeChat phone-number login (a button of open-type getPhoneNumber) with its own agreement tick (wechat-login.weapp.tsx)',
        texts: [
          t('account.login.agreePrefix'),
          t('account.login.serviceTerms'),
          t('account.login.and'),
          t('account.login.privacyPolicy'),
          t('account.login.wechatPhone'),
        ],
        blocks: ['account-wechat-login'],
      },
    ],
  },
  { shot: 'not-found', url: () => '/no-such-page' },
];

describe('the key pages: pictures, and the same page as H5', () => {
  let browser: Browser;
  let h5Origin: string;

  before(async () => {
    // The H5 side: the H5 build the server serves (npm test builds both before this step).
    const h5Index = path.join(REPO_ROOT, 'dist', 'h5', 'index.html');
    assert.ok(existsSync(h5Index), `No H5 build at ${h5Index}: run \`npm run build:h5\` first (the key pages are compared with it)`);
    h5Origin = await scene.listen();
    browser = await chromium.launch({
      executablePath: chromiumExecutable(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  after(async () => {
    await browser?.close();
  });

  test('each drawn at 375 × 667 and read like its H5 page: same figures in the same order, same blocks', async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const app = readAppJson();
    const phone = await browser.newContext({ viewport: { ...PHONE }, deviceScaleFactor: 2, locale: 'zh-CN' });
    const shotPage = await phone.newPage();
    const show = await serveBuild(shotPage, weappDir());
    const token = /xq_a_token=([^;]+)/.exec(scene.investor.cookie)?.[1] ?? '';
    const readPage = readPageScript(styledClasses(path.join(REPO_ROOT, 'src')));
    const failures: string[] = [];
    for (const key of KEY_PAGES) {
      const url = key.url();
      const target = specUrlToPage(url);
      scene.identity = key.anonymous ? null : scene.investor;
      const titlesBefore = h.callsOf('setNavigationBarTitle').length;
      const handle = (await h.openPage(target.url.slice(1))) as PageHandle;
      const rendered = view.render(handle);
      await loaded();
      for (const problem of rendered.problems()) failures.push(`${key.shot}: ${problem.kind}: ${problem.message}`);
      if (JSON.stringify(rendered.texts()) !== JSON.stringify(handle.texts()))
        failures.push(`${key.shot}: the view shows other text than the logic layer's tree`);
      keyRoutes.add(handle.route);
      const weappRead = rendered.read(readPage);
      const weapp: PageReading = { texts: weappRead.texts, blocks: weappRead.blocks };
      for (const only of key.weappOnly ?? []) {
        weapp.texts = withoutRun(weapp.texts, only.texts, key.shot);
        for (const block of only.blocks) weapp.blocks = withoutBlock(weapp.blocks, block, key.shot);
      }

      // The picture: the phone's frame around the webview's document.
      const pageJson = JSON.parse(readFileSync(path.join(weappDir(), `${handle.route}.json`), 'utf8')) as Record<string, unknown>;
      const titles = h.callsOf('setNavigationBarTitle').slice(titlesBefore);
      const title = String(titles[titles.length - 1]?.title ?? pageJson.navigationBarTitleText ?? app.window?.navigationBarTitleText ?? '');
      const tab = TAB_PAGES.includes(handle.route) ? handle.route : null;
      const snapshot = rendered.snapshot();
      show(
        handle.route,
        phoneDocument(handle.route, snapshot, { app, pageJson, title, back: tab === null, tab }),
        webviewDocument(handle.route, snapshot),
      );
      await shotPage.goto(`${BUILD_ORIGIN}/__phone__/${handle.route}`, { waitUntil: 'load' });
      await shotPage.frameLocator('#webview').locator('wx-page-root').waitFor({ state: 'attached' });
      await shotPage.waitForLoadState('networkidle');
      await shotPage.screenshot({ path: path.join(SHOTS_DIR, `${key.shot}.png`) });
      rendered.dispose();
      await h.closePage(handle);

      // The same page in the H5 build, from the same server.
      const context = await browser.newContext({ viewport: { ...PHONE }, locale: 'zh-CN', isMobile: true, hasTouch: true });
      if (!key.anonymous) await context.addCookies([{ name: 'xq_a_token', value: token, url: h5Origin }]);
      const page = await context.newPage();
      await page.goto(`${h5Origin}${url}`);
      await page.locator('#app .page-shell').first().waitFor({ timeout: 30_000 });
      await page.locator('#dj-first-paint').waitFor({ state: 'detached', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // The H5 page draws its sections below the first screen after it (deferred rendering): on a busy machine they
      // come after the network is idle. Wait for each block the mini program drew (a block H5 truly lacks still fails
      // the comparison below, after 15 s).
      for (const block of new Set(weapp.blocks.map((b) => b.trim()).filter(Boolean))) {
        await page
          .locator(`.${block}`)
          .first()
          .waitFor({ state: 'attached', timeout: 15_000 })
          .catch(() => undefined);
      }
      // Parts only the H5 build draws, by design, taken out before the comparison.
      await page.evaluate(`for (const el of document.querySelectorAll(${JSON.stringify(H5_ONLY.join(','))})) el.remove();`);
      const h5 = (await page.evaluate(readPage)) as PageReading;
      await context.close();

      if (process.env.WEAPP_VIEW_DEBUG) console.log(JSON.stringify({ page: key.shot, weapp, h5 }, null, 1));
      const wxFigures = figuresOf(weapp.texts);
      const h5Figures = figuresOf(h5.texts);
      if (JSON.stringify(wxFigures) !== JSON.stringify(h5Figures)) {
        failures.push(`${key.shot}: other figures than H5's:\n  weapp: ${wxFigures.join(' ')}\n  h5:    ${h5Figures.join(' ')}`);
      }
      if (JSON.stringify(weapp.texts) !== JSON.stringify(h5.texts)) {
        failures.push(`${key.shot}: other text than H5's:\n  weapp: ${weapp.texts.join(' | ')}\n  h5:    ${h5.texts.join(' | ')}`);
      }
      if (JSON.stringify(weapp.blocks) !== JSON.stringify(h5.blocks)) {
        failures.push(`${key.shot}: other blocks than H5's:\n  weapp: ${weapp.blocks.join(',')}\n  h5:    ${h5.blocks.join(',')}`);
      }
    }
    scene.identity = scene.investor;
    await phone.close();
    assert.deepEqual(failures, []);
  });
});

describe('every other page of app.json in the view layer', () => {
  test('draws the logic layer’s text, with its images, handlers, tags and templates all WeChat’s', async () => {
    const failures: string[] = [];
    const pages = declaredPages(readAppJson());
    assert.ok(pages.length > 10, `app.json declares ${pages.length} pages`);
    for (const page of pages.filter((p) => !keyRoutes.has(p))) {
      const url = pageUrl(page);
      const handle = await h.openPage(url);
      if (!handle) {
        failures.push(`${url}: did not open`);
        continue;
      }
      // Drawn from the first data, then kept in step by every later setData (path keys, as Taro sends them).
      const rendered = view.render(handle);
      await loaded();
      const logic = handle.texts();
      const shown = rendered.texts();
      if (logic.length === 0) failures.push(`${page}: the logic layer drew no text`);
      if (JSON.stringify(shown) !== JSON.stringify(logic)) {
        failures.push(
          `${page}: the view shows other text than the logic layer's tree:\n  view:  ${shown.join(' | ')}\n  logic: ${logic.join(' | ')}`,
        );
      }
      for (const problem of rendered.problems()) failures.push(`${page}: ${problem.kind}: ${problem.message}`);
      rendered.dispose();
      await h.closePage(handle);
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(h.problems(), []);
  });

  test('a tap in the view runs the page’s handler in the logic layer (home → 现金宝 navigates)', async () => {
    const handle = (await h.openPage('pages/index/index')) as PageHandle;
    const rendered = view.render(handle);
    await loaded();
    const before = h.callsOf('navigateTo').length;
    await rendered.tap('现金宝');
    const calls = h.callsOf('navigateTo').slice(before);
    assert.equal(calls.length, 1, JSON.stringify(calls));
    assert.match(String(calls[0]?.url), /^\/pages\/xjb\/home\/index/);
    rendered.dispose();
    await h.closePage(handle);
  });
});
