// The pages a shared link opens, drawn by their HTML first (issue 17, server/src/plugins/page-first-paint.ts): at
// Lighthouse's phone (412×823, 1.75 dppx) in Chinese and in English, each page's Largest Contentful Paint is an
// element of the server-drawn block — the app, drawing the same screen under it, never paints anything larger —
// and the key texts sit where the app then draws them, with the same words and figures.
// Build first: `npm run build:h5` (or H5_DIR=<a private build>).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';

/** Lighthouse's mobile device: a Moto G Power's user agent and screen. */
const LIGHTHOUSE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** Records every LCP entry, and whether its element was inside the server's block when it was reported. */
const OBSERVE_LCP = `
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const el = e.element;
      window.__lcp.push({
        inFirstPaint: !!(el && el.closest('#dj-first-paint')),
        what: el ? el.tagName + '.' + String(el.className) + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '(gone)',
        size: e.size,
        at: Math.round(e.startTime),
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface LcpEntry {
  inFirstPaint: boolean;
  what: string;
  size: number;
  at: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

/** Each page and the texts whose place and words must not change when the app takes over (first match of each). */
const PAGES: { url: string; keys: string[] }[] = [
  {
    url: '/index',
    keys: [
      '.home__entry-label',
      '.home__banner-title',
      '.home__fund-name .taro-text',
      '.home__fund-yield .percent-text',
      '.risk-disclosure__line',
    ],
  },
  {
    url: '/djmodule/value-center',
    keys: [
      '.dj-header__title',
      '.valuation__summary .taro-text',
      '.valuation__sorted',
      '.valuation__name',
      '.valuation__row--head .valuation__cell--pe',
    ],
  },
  {
    url: '/rank-xq/index',
    keys: [
      '.dj-header__title',
      '.discover-filterbar__text',
      '.discover-count',
      '.risk-disclosure__line',
      '.discover-fund__name',
      '.discover-fund__value .percent-text',
    ],
  },
  {
    url: '/rank-xq/qdii',
    keys: ['.dj-header__title', '.discover-fund__name', '.discover-fund__fact'],
  },
  {
    url: '/rank-xq/auto-invest',
    keys: [
      '.dj-header__title',
      '.discover-filterbar__tab:last-child .discover-filterbar__text',
      '.discover-note',
      '.risk-disclosure__line',
      '.discover-fund__name',
      '.discover-fund__fact:last-child',
      '.discover-fund__value .percent-text',
    ],
  },
  {
    url: '/rn/fund/filter',
    keys: [
      '.dj-header__title',
      '.discover-filterbar__tab:last-child .discover-filterbar__text',
      '.risk-disclosure__line',
      '.discover-fund__name',
      '.discover-fund__fact:last-child',
    ],
  },
  {
    url: '/index-mass',
    keys: [
      '.dj-header__title',
      '.nut-radio-button-active',
      '.index-mass__index-name',
      '.discover-section-title',
      '.discover-fund__name',
      '.index-mass__te',
    ],
  },
];

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The desktop header's parts (the account part is left out: the block cannot know the session, the app fills it in). */
const DESKTOP_HEADER = [
  '.dj-header__logo',
  '.dj-header__nav',
  '.dj-header__nav-link--active',
  '.dj-header__language .language-switch__choices',
  '.dj-header__download .dj-header__box-title',
  '.dj-header__service .dj-header__box-button',
];
const DESKTOP_PAGES: { url: string; keys: string[] }[] = [
  { url: '/index', keys: DESKTOP_HEADER },
  { url: '/rank-xq/qdii', keys: [...DESKTOP_HEADER, '.dj-header__back', '.dj-header__title'] },
];

/** A page loaded from its HTML alone (no script runs), once the server's first screen is in it. */
async function openHtmlOnly(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.route('**/js/**', (route) => route.abort());
  await page.goto(url);
  await page.locator('#dj-first-paint').waitFor({ state: 'attached' });
  return page;
}

/** The boxes and texts of `selectors` (first match each) inside `scope` ('' = the whole page). */
function boxesOf(page: Page, scope: string, selectors: string[]): Promise<(Box | null)[]> {
  return page.evaluate(
    ({ scope, selectors }) =>
      selectors.map((selector) => {
        const el = document.querySelector(scope ? `${scope} ${selector}` : selector);
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height, text: (el.textContent ?? '').trim() };
      }),
    { scope, selectors },
  );
}

describe('the first paint of the pages a shared link opens (412 px, Lighthouse’s phone)', () => {
  let server: RunningServer;
  let browser: Browser;
  let fundCode: string;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const list = (await (await fetch(`${server.url}/djapi/v3/filter/fund?order_by=1y&page=1&size=1`)).json()) as {
      data: { items: { fd_code: string }[] };
    };
    fundCode = list.data.items[0]!.fd_code;
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    describe(locale, () => {
      let context: BrowserContext;
      before(async () => {
        context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
          locale,
          userAgent: LIGHTHOUSE_UA,
        });
        await context.addInitScript({ content: OBSERVE_LCP });
      });
      after(async () => {
        await context?.close();
      });

      const pages = () => [...PAGES, { url: `/funding/${fundCode}`, keys: ['.fund-header__name', '.fund-header__code'] }];
      // The list is only known once the server is up: one test walks every page (each a fresh load).
      it('every page’s largest paint is the server’s block, and the app draws the same texts in the same places', async () => {
        for (const { url, keys } of pages()) {
          const page = await openHtmlOnly(context, `${server.url}${url}`);
          try {
            const lang = await page.evaluate(() => document.documentElement.lang);
            assert.equal(lang, locale, `${url}: <html lang>`);
            const drawn = await boxesOf(page, '#dj-first-paint', keys);
            drawn.forEach((box, i) => assert.ok(box && box.width > 0 && box.text !== '', `${url}: the block draws ${keys[i]}`));

            // With the scripts: the app draws its page under the block, then removes it.
            await page.unroute('**/js/**');
            await page.goto(`${server.url}${url}`);
            await page.locator('#dj-first-paint').waitFor({ state: 'detached' });
            await page.locator(keys[0]!).first().waitFor();
            // Home's banner and notice start moving after 3 s (new slides, same sizes): past that too.
            await page.waitForTimeout(url === '/index' ? 4_000 : 1_500);
            const app = await boxesOf(page, '', keys);
            keys.forEach((key, i) => {
              const a = drawn[i]!;
              const b = app[i];
              assert.ok(b, `${url}: the app draws ${key}`);
              assert.equal(b.text, a.text, `${url} ${key}: the same words`);
              const moved = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
              assert.ok(moved <= 2, `${url} ${key}: block ${JSON.stringify(a)} vs app ${JSON.stringify(b)}`);
            });
            const entries = await page.evaluate(() => (window as unknown as { __lcp: LcpEntry[] }).__lcp);
            assert.ok(entries.length > 0, `${url}: a largest paint`);
            assert.ok(
              entries.every((e) => e.inFirstPaint),
              `${url}: the app painted something larger than the block's largest:\n${entries.map((e) => JSON.stringify(e)).join('\n')}`,
            );
          } finally {
            await page.close();
          }
        }
      });
    });
  }
  // Home's notice line is still until its scroller loads: in English it shows whole words, none cut at the edge.
  it('en-US: home’s still notice line ends on a whole word, none cut at the box’s edge', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', userAgent: LIGHTHOUSE_UA });
    try {
      const page = await context.newPage();
      await page.route('**/js/**', (route) => route.abort());
      await page.goto(`${server.url}/index`);
      const line = page.locator('#dj-first-paint .marquee__text');
      await line.waitFor();
      // Each character: inside the line's visible box, outside it, or cut by its edge (collapsed spaces have no box).
      const { text, last, prefix, cut } = await line.evaluate((el) => {
        const wrap = el.closest('.nut-noticebar-box-wrap')!.getBoundingClientRect();
        const node = el.firstChild!;
        const all = node.textContent ?? '';
        let lastInside = -1;
        let sawOutside = false;
        let inOrder = true;
        let straddles = false;
        for (let i = 0; i < all.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          if (r.width === 0) continue;
          const inside =
            r.left >= wrap.left - 0.5 && r.right <= wrap.right + 0.5 && r.top >= wrap.top - 0.5 && r.bottom <= wrap.bottom + 0.5;
          const outside = r.right <= wrap.left || r.left >= wrap.right || r.bottom <= wrap.top || r.top >= wrap.bottom;
          if (inside) {
            lastInside = i;
            if (sawOutside) inOrder = false;
          } else if (outside) sawOutside = true;
          else straddles = true;
        }
        return { text: all, last: lastInside, prefix: inOrder, cut: straddles };
      });
      const shown = text.slice(0, last + 1);
      const rest = text.slice(last + 1);
      assert.ok(shown.trim().length > 0, 'the line shows text');
      assert.ok(rest.trim().length > 0, `the notices are longer than the line (${text.length} characters): the test means something`);
      assert.ok(prefix, `the line shows the text's beginning, nothing after a hidden part: "${shown}"`);
      assert.equal(cut, false, `no character cut by the box's edge: "${shown}|${rest}"`);
      assert.match(rest, /^\s/, `the shown part ends at a word's end: "${shown}|${rest}"`);
    } finally {
      await context.close();
    }
  });

  // A desktop gets the header's one row in the page's column (components/header/header.scss): the block draws that
  // row too — not the phone's bar — so the header does not change when the app takes over.
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale} at 1280 px: the block draws the desktop header, in the same place and size as the app's`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale, userAgent: DESKTOP_UA });
      try {
        for (const { url, keys } of DESKTOP_PAGES) {
          const page = await openHtmlOnly(context, `${server.url}${url}`);
          try {
            const [header] = await boxesOf(page, '#dj-first-paint', ['.dj-header']);
            const drawn = await boxesOf(page, '#dj-first-paint', keys);
            drawn.forEach((box, i) => assert.ok(box && box.width > 0, `${url}: the block draws ${keys[i]}`));
            assert.ok(
              header && header.height < 60 + (keys.includes('.dj-header__title') ? 50 : 0),
              `${url}: one row (${header?.height}px)`,
            );

            await page.unroute('**/js/**');
            await page.goto(`${server.url}${url}`);
            await page.locator('#dj-first-paint').waitFor({ state: 'detached' });
            await page.locator(`#app ${keys[0]}`).first().waitFor();
            const [appHeader] = await boxesOf(page, '#app', ['.dj-header']);
            const app = await boxesOf(page, '#app', keys);
            for (const [key, a, b] of [
              ['.dj-header', header, appHeader] as const,
              ...keys.map((key, i) => [key, drawn[i], app[i]] as const),
            ]) {
              assert.ok(a && b, `${url}: both draw ${key}`);
              if (key !== '.dj-header') assert.equal(b.text, a.text, `${url} ${key}: the same words`);
              const moved = Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
              assert.ok(moved <= 2, `${url} ${key}: block ${JSON.stringify(a)} vs app ${JSON.stringify(b)}`);
            }
          } finally {
            await page.close();
          }
        }
      } finally {
        await context.close();
      }
    });
  }
});
