// Sharing from the built mini program (src/platform/share.weapp.ts + config/index.ts ShareEveryPagePlugin): every
// page answers WeChat's share menu, and the card opens the same page again, its spec URL as the mini program page
// path with params (docs/PRODUCT.md §2.1); Moments get the page's query. Build first (WEAPP_DIR names a private build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type WeappHarness, bootWeapp } from './harness';
import { declaredPages, readAppJson, waitForBuild } from './weapp-build';

type ShareHandler = (this: unknown, options?: unknown) => unknown;

let h: WeappHarness;

before(async () => {
  await waitForBuild();
  h = await bootWeapp();
});

after(() => h?.dispose());

/** Opens `url`, then asks its page for the chat and Moments cards as WeChat would when the menu is tapped. */
async function shareOf(url: string) {
  const page = await h.openPage(url);
  assert.ok(page, `${url} opens`);
  const instance = page.instance as Record<string, unknown>;
  assert.equal(typeof instance.onShareAppMessage, 'function', `${page.route} answers the share menu`);
  assert.equal(typeof instance.onShareTimeline, 'function', `${page.route} can be shared to Moments`);
  const message = h.run(`${page.route} onShareAppMessage`, () =>
    (instance.onShareAppMessage as ShareHandler).call(instance, { from: 'menu' }),
  );
  const timeline = h.run(`${page.route} onShareTimeline`, () => (instance.onShareTimeline as ShareHandler).call(instance));
  return { page, message: message as { title: string; path: string }, timeline: timeline as { title: string; query: string } };
}

describe('sharing on weapp', () => {
  test('a page shares itself: its title, its spec URL as the page path with params, visit-only flags dropped', async () => {
    const { message, timeline } = await shareOf('pages/help/common-question/index?channel=harness&hideHomeBtn=1');
    assert.equal(message.path, '/pages/help/common-question/index?channel=harness');
    assert.ok(message.title.length > 0);
    // (The cards are objects of the mini program's realm: compared field by field.)
    assert.equal(timeline.title, message.title);
    assert.equal(timeline.query, 'channel=harness');
    assert.deepEqual(h.problems(), []);
  });

  test('the 404 page shares the address it stood for', async () => {
    const { message, timeline } = await shareOf('pages/misc/not-found/index?path=%2Fno-such-page&channel=harness');
    assert.equal(message.path, '/pages/misc/not-found/index?path=%2Fno-such-page&channel=harness');
    assert.equal(message.title, '404');
    assert.equal(timeline.query, 'path=%2Fno-such-page&channel=harness');
  });

  test('every declared page has the share menu switched on (the build adds it to each page config)', async () => {
    // Taro creates the menu handlers only for pages whose config enables them (config/index.ts ShareEveryPagePlugin).
    const pages = declaredPages(readAppJson());
    const missing: string[] = [];
    for (const page of pages) {
      const handle = await h.openPage(page);
      const instance = handle?.instance as Record<string, unknown> | undefined;
      if (typeof instance?.onShareAppMessage !== 'function' || typeof instance?.onShareTimeline !== 'function') missing.push(page);
    }
    assert.deepEqual(missing, []);
  });
});
