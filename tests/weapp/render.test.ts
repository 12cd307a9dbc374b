// The built mini program run in the plain-Node harness (./harness.ts): the app launches, every page
// declared in app.json renders text without an uncaught error, and taps navigate where the route table says.
// Build first: `npm run build:weapp` (or point WEAPP_DIR at a private copy of dist/weapp).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FUND_SAMPLES, FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import { NOT_FOUND_PAGE_PATH, ROUTES, type RouteName, specUrl, specUrlToPage, stringifyQuery } from '../../src/lib/routes';
import { t } from '../../src/locales/demo';
import '../../src/locales/home';
import '../../src/locales/pension';
import { type WeappHarness, bootWeapp, splitPageUrl } from './harness';
import { declaredPages, readAppJson, waitForBuild } from './weapp-build';

/** Plausible path params for every `{param}` of the route table. */
const SAMPLE_PARAMS: Record<string, string> = {
  fundcode: FUND_SAMPLE_CODES.stock,
  planId: '1',
  advisorCode: 'XSTG',
  advisorPortfolioCode: 'TIA06001',
  id: '1',
};

/** Query parameters some pages are opened with (docs/PRODUCT.md §2). */
const SAMPLE_QUERY: Partial<Record<RouteName, Record<string, string>>> = {
  login: { redirect: `/funding/${FUND_SAMPLE_CODES.stock}`, buyUrl: `/funding/${FUND_SAMPLE_CODES.stock}` },
  certification: { pageId: '6', redirect: '/my-money', buyUrl: `/funding/${FUND_SAMPLE_CODES.stock}` },
  tradePassword: { redirect: '/my-money', buyUrl: `/funding/${FUND_SAMPLE_CODES.stock}` },
  customerService: { snb_account_type: '2', params: 'entryPage:demo' },
  autoInvestDetail: { prelink: '/autoinvesment/total-list' },
  oauthRedirect: { redirect: '/index' },
  notFound: { path: '/no-such-page' },
};

/** The weapp URL a page is opened with: path params and query in the query string, encoded as navigateTo sends them. */
function sampleUrl(page: string): string {
  const route = ROUTES.find((r) => r.page === page);
  if (!route) return page;
  const params: Record<string, string> = {};
  for (const m of route.pattern.matchAll(/\{(\w+)\}/g)) {
    const name = m[1] as string;
    params[name] = SAMPLE_PARAMS[name] ?? '1';
  }
  return `${page}${stringifyQuery({ ...params, ...SAMPLE_QUERY[route.name], channel: 'harness' })}`;
}

/** A navigation call's URL without the `__key_` Taro adds to tell page instances apart. */
function withoutTaroKey(url: unknown): string {
  const { page, query } = splitPageUrl(String(url));
  delete query.__key_;
  const search = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `/${page}${search ? `?${search}` : ''}`;
}

function lastNavigation(h: WeappHarness, api: string): string | null {
  const calls = h.callsOf(api);
  const last = calls[calls.length - 1];
  return last ? withoutTaroKey(last.url) : null;
}

let h: WeappHarness;

before(async () => {
  await waitForBuild();
  h = await bootWeapp();
});

after(() => h?.dispose());

describe('launch', () => {
  test('app.js boots without an uncaught error and seeds the CSPRNG from wx.getRandomValues', () => {
    assert.deepEqual(h.problems(), []);
    assert.ok(h.callsOf('getRandomValues').length >= 1, 'the app must ask wx for randomness at launch (docs/WEAPP.md "The Taro recipe")');
  });

  test('the harness world is a phone, not a browser: browser globals crash, wx is there', () => {
    assert.throws(() => h.evaluate('localStorage.getItem("k")'), /Cannot read properties of undefined|localStorage/);
    assert.throws(() => h.evaluate('document.cookie'), /Cannot read properties of undefined/);
    assert.throws(() => h.evaluate('new XMLHttpRequest()'), /not a constructor|XMLHttpRequest/);
    assert.throws(() => h.evaluate('process.env'), /process is not defined/);
    assert.equal(
      h.evaluate('module.exports = [typeof window, typeof navigator, typeof wx, typeof getCurrentPages].join()'),
      'undefined,undefined,object,function',
    );
  });
});

describe('home page', () => {
  test('shows the search box and the entries, and titles the navigation bar', async () => {
    const page = await h.openPage('pages/index/index');
    assert.ok(page);
    const text = page.text();
    for (const key of [
      'home.entry.xjb',
      'home.entry.autoInvest',
      'home.entry.pension',
      'home.entry.valuation',
      'home.entry.rankings',
      'home.ranked.title',
      'home.valuation.title',
    ]) {
      assert.ok(text.includes(t(key)), `home lacks ${t(key)}:\n${text}`);
    }
    const titles = h.callsOf('setNavigationBarTitle').map((c) => c.title);
    assert.ok(titles.includes(t('home.title')), `navigation bar titles: ${titles.join(', ')}`);
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('tapping an entry navigates to its page (built) or to the 404 page (not built yet); a tab page by switchTab', async () => {
    const page = await h.openPage('pages/index/index');
    assert.ok(page);
    for (const [label, route, api] of [
      // The watchlist is a tab page (自选): WeChat opens those with switchTab only (navigateTo fails on them).
      ['home.entry.watchlist', 'watchlist', 'switchTab'],
      ['home.entry.filter', 'fundFilter', 'navigateTo'],
      ['home.entry.xjb', 'xjb', 'navigateTo'],
      // The personal pension zone (issue 24): home's 养老金 entry lands on it.
      ['home.entry.pension', 'pensionActivity', 'navigateTo'],
    ] as const) {
      const before = h.callsOf(api).length;
      const handlers = await page.tap(t(label));
      assert.ok(handlers >= 1, `no tap handler bound above "${t(label)}"`);
      assert.equal(h.callsOf(api).length, before + 1, `tapping "${t(label)}" did not call wx.${api}`);
      assert.equal(lastNavigation(h, api), specUrlToPage(specUrl(route)).url);
    }
    // Follow the built one: the page it opens renders.
    const target = await h.openPage(specUrlToPage(specUrl('watchlist')).url);
    assert.ok(target && target.texts().length > 0, 'the watchlist page drew nothing');
    assert.deepEqual(h.problems(), []);
    await h.closePage(target);
    await h.closePage(page);
  });
});

describe('elder mode 关怀版 (issue 26)', () => {
  test('home shows my money, 现金宝 and customer service in plain words, a short fund list, no entry grid or valuation', async () => {
    // The user's switch, as stored on the device (platform/elder-mode.ts reads it as each page draws).
    h.stub.storage.set('dj-elder-mode', JSON.stringify('1'));
    try {
      const page = await h.openPage('pages/index/index');
      assert.ok(page);
      const text = page.text();
      for (const key of ['home.elder.myMoney', 'home.elder.xjb', 'home.elder.service', 'home.elder.fundsTitle'])
        assert.ok(text.includes(t(key)), `elder home lacks ${t(key)}:\n${text}`);
      for (const key of ['home.entry.autoInvest', 'home.valuation.title']) assert.ok(!text.includes(t(key)), `elder home shows ${t(key)}`);
      assert.deepEqual(h.problems(), []);
      await h.closePage(page);
    } finally {
      h.stub.storage.delete('dj-elder-mode');
    }
  });
});

describe('personal pension zone', () => {
  test('a visitor sees what it is, the log-in gate and the estimate at 20 % (2,400.00)', async () => {
    const page = await h.openPage(specUrlToPage(specUrl('pensionActivity')).url);
    assert.ok(page);
    const text = page.text();
    for (const key of ['pension.hero.title', 'pension.intro.title', 'pension.tax.title'])
      assert.ok(text.includes(t(key)), `no ${t(key)}:\n${text}`);
    assert.ok(text.includes('2,400.00'), text);
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });
});

describe('demo page', () => {
  test('lists every fund-type sample and the route shortcuts', async () => {
    const page = await h.openPage('pages/demo/index');
    assert.ok(page);
    const text = page.text();
    assert.ok(text.includes(t('demo.section.fundSamples')), text);
    for (const sample of FUND_SAMPLES) {
      assert.ok(text.includes(t(sample.labelKey)), `demo lacks the sample "${t(sample.labelKey)}"`);
      assert.ok(text.includes(specUrl('fundDetail', { fundcode: sample.code })), `demo lacks the link of ${sample.code}`);
    }
    assert.ok(text.includes(specUrl('xjbTradeRules')), 'demo lacks the route shortcuts');
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('tapping a fund sample opens its fund page; the locale button switches to English', async () => {
    const page = await h.openPage('pages/demo/index');
    assert.ok(page);
    const stock = FUND_SAMPLES.find((s) => s.kind === 'stock');
    assert.ok(stock);
    await page.tap(t(stock.labelKey));
    assert.equal(lastNavigation(h, 'navigateTo'), specUrlToPage(specUrl('fundDetail', { fundcode: stock.code })).url);

    await page.tap(t('demo.switchLocale'));
    const text = page.text();
    assert.ok(text.includes(t('demo.title', undefined, 'en-US')), `no English title after the switch:\n${text.slice(0, 400)}`);
    assert.ok(text.includes(t(stock.labelKey, undefined, 'en-US')), 'fund samples not translated');
    await page.tap(t('demo.switchLocale', undefined, 'en-US'));
    assert.ok(page.text().includes(t('demo.title')), 'could not switch back to Chinese');
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });
});

describe('network', () => {
  test('the login state is asked of the API at an absolute URL (wx.request has no origin)', () => {
    const urls = h.callsOf('request').map((c) => String(c.url));
    const account = urls.find((u) => u.split('?')[0]?.endsWith('/djapi/account'));
    assert.ok(account, `no /djapi/account request among: ${urls.join(', ')}`);
    assert.match(account, /^https?:\/\/[^/]+\/djapi\/account/);
  });

  // A failed request must not become an unhandled rejection (the Taro.request task is itself a promise).
  for (const [name, request] of [
    [
      'the network is down',
      () => {
        throw new Error('net::ERR_CONNECTION_REFUSED');
      },
    ],
    ['the server answers 502 with HTML', () => ({ statusCode: 502, data: '<html>Bad Gateway</html>' })],
    [
      'the server answers a 9999 envelope',
      () => ({ statusCode: 200, data: { result_code: 9999, data: null, message: '系统繁忙', error_description: '系统繁忙' } }),
    ],
  ] as const) {
    test(`home and 404 still render when ${name}`, async () => {
      const own = await bootWeapp({ request });
      try {
        for (const url of ['pages/index/index', sampleUrl(NOT_FOUND_PAGE_PATH)]) {
          const page = await own.openPage(url);
          assert.ok(page && page.texts().length > 0, `${url} drew nothing`);
          await own.closePage(page);
        }
        assert.ok(own.callsOf('request').length >= 1, 'no request was made');
        assert.deepEqual(own.problems(), []);
      } finally {
        own.dispose();
      }
    });
  }
});

describe('missing pages', () => {
  test('a page not in app.json redirects to the 404 page, which names the path', async () => {
    const none = await h.openPage('pages/no-such/index');
    assert.equal(none, null);
    const target = lastNavigation(h, 'redirectTo');
    assert.equal(target, `/${NOT_FOUND_PAGE_PATH}${stringifyQuery({ path: '/pages/no-such/index' })}`);
    const page = await h.openPage(target);
    assert.ok(page);
    assert.match(page.text(), /404/);
    assert.ok(page.text().includes('/pages/no-such/index'), page.text());
    await h.closePage(page);
  });
});

describe('every page declared in app.json renders', async () => {
  // Registered when the file loads, so the page list is read here rather than in before().
  const pages = declaredPages(readAppJson(await waitForBuild()));
  for (const pagePath of pages) {
    test(pagePath, async () => {
      const url = sampleUrl(pagePath);
      const errorsBefore = h.problems().length;
      const page = await h.openPage(url);
      assert.ok(page, `${url} did not open`);
      const problems = h.problems().slice(errorsBefore);
      assert.deepEqual(problems, [], `${url} crashed`);
      const text = page.text();
      assert.ok(text.trim().length > 0, `${url} rendered no text`);
      if (pagePath === NOT_FOUND_PAGE_PATH) assert.match(text, /404/);
      await h.closePage(page);
      assert.deepEqual(h.problems().slice(errorsBefore), [], `${url} crashed while closing`);
    });
  }
});
