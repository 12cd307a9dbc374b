// A page URL's HTML (server/src/plugins/page-html.ts): index.html plus the page's chunk preloads and the answers to
// the GET calls the page makes first, so the app draws its first screen without waiting for them.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setConfigEntry } from '../../server/src/services/mpaas-config';
import { bootRequestsFor } from '../../server/src/plugins/page-boot';
import { PAINT_THEN_LOAD_SCRIPT, escapeHtml } from '../../server/src/plugins/page-first-paint';
import type { AutoInvestPage, IndexCategories, IndexFunds } from '../../src/lib/api-types/discover';
import type { FilterPage } from '../../src/lib/api-types/fund';
import type { ValuationTable } from '../../src/lib/api-types/index-valuation';
import { formatPercent } from '../../src/lib/format';
import { getLocale, setLocale, t as message, type Locale } from '../../src/locales/i18n';
import { createTestApp, createTestUser, type TestApp } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><head><script>window.__boot=1</script><script defer src="/js/app.12345678.js"></script>' +
  '<link rel="preload" as="script" href="/js/app-shared.aaaaaaaa.js"></head><body><div id="app">H5 SHELL</div></body></html>';
const PAGE_ASSETS = {
  'pages/index/index': { js: ['js/app-shared.aaaaaaaa.js', 'js/home.bbbbbbbb.js'], css: ['css/home.cccccccc.css'] },
  'pages/fund/detail/index': {
    js: ['js/app-shared.aaaaaaaa.js', 'js/fund.eeeeeeee.js'],
    css: ['css/app-shared.ffffffff.css', 'css/fund.99999999.css'],
  },
  'pages/login/index': { js: ['js/app-shared.aaaaaaaa.js', 'js/login.bbbbbbbb.js'], css: ['css/login.cccccccc.css'] },
  'pages/misc/not-found/index': { js: ['js/app-shared.aaaaaaaa.js', 'js/lost.dddddddd.js'], css: [] },
};
const HOME_CALLS = bootRequestsFor('home', {});

/** The block the server drew first in <body> (up to the app's root), or null. */
function firstPaintOf(html: string): string | null {
  const start = html.indexOf('<div id="dj-first-paint"');
  return start < 0 ? null : html.slice(start, html.indexOf('<div id="app">', start));
}

/** The app's formatters read one current locale (as in the app): run `format` in `locale`. */
function inLocaleForTest<T>(locale: Locale, format: () => T): T {
  const previous = getLocale();
  setLocale(locale);
  try {
    return format();
  } finally {
    setLocale(previous);
  }
}

/** The inlined answers of a page's HTML, or null when it has none. */
function bootOf(html: string): { at: number; answers: Record<string, unknown> } | null {
  const match = /<script type="application\/json" id="dj-boot">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as { at: number; answers: Record<string, unknown> }) : null;
}

let h5Dir: string;
let t: TestApp;
before(async () => {
  h5Dir = mkdtempSync(join(tmpdir(), 'h5-page-'));
  mkdirSync(join(h5Dir, 'js'));
  writeFileSync(join(h5Dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(h5Dir, 'page-assets.json'), JSON.stringify(PAGE_ASSETS));
  t = await createTestApp({ market: true, config: { h5Dir } });
});
after(async () => {
  await t.close();
  rmSync(h5Dir, { recursive: true, force: true });
});

describe('page HTML', () => {
  test('preloads the chunks of the page the URL shows, once each; unknown and unbuilt URLs preload the 404 page', async () => {
    // (A page the server draws first starts its scripts after that paint: see the first-paint tests below.)
    const login = (await t.app.inject({ method: 'GET', url: '/account/login?channel=x' })).body;
    assert.match(login, /<link rel="preload" as="script" href="\/js\/login\.bbbbbbbb\.js">/);
    assert.match(login, /<link rel="preload" as="style" href="\/css\/login\.cccccccc\.css">/);
    assert.equal(login.split('/js/app-shared.aaaaaaaa.js').length - 1, 1, 'index.html already preloads app-shared');
    assert.ok(login.indexOf('login.bbbbbbbb.js') < login.indexOf('</head>'));
    for (const url of ['/no/such/page', '/no/such/other-page']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      assert.match(html, /\/js\/lost\.dddddddd\.js/, url);
      assert.doesNotMatch(html, /login\.bbbbbbbb/, url);
      assert.equal(bootOf(html), null, `${url}: a 404 page asks nothing first`);
    }
  });

  test('inlines exactly what the home page’s first calls answer', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/index' })).body;
    const boot = bootOf(html);
    assert.ok(boot, 'home HTML carries its answers');
    assert.deepEqual(Object.keys(boot.answers).sort(), [...HOME_CALLS].sort());
    for (const url of HOME_CALLS) {
      const direct = JSON.parse((await t.app.inject({ method: 'GET', url })).body) as unknown;
      assert.deepEqual(boot.answers[url], direct, url);
    }
    assert.equal((boot.answers['/djapi/account'] as { result_code: number }).result_code, 300001, 'anonymous visitor');
    assert.ok(Math.abs(boot.at - Date.now()) < 60_000);
    // `/` and the /_app shell are home too.
    for (const url of ['/', '/_app'])
      assert.deepEqual(Object.keys(bootOf((await t.app.inject({ method: 'GET', url })).body)!.answers).sort(), [...HOME_CALLS].sort());
  });

  test('a fund page inlines the fund’s first answers; a code that is not six digits asks nothing but the account and the brand', async () => {
    const calls = bootRequestsFor('fundDetail', { fundcode: '009005' });
    assert.equal(calls.length, 8);
    const boot = bootOf((await t.app.inject({ method: 'GET', url: '/funding/009005?channel=share' })).body)!;
    assert.deepEqual(Object.keys(boot.answers).sort(), [...calls].sort());
    for (const url of calls) assert.deepEqual(boot.answers[url], JSON.parse((await t.app.inject({ method: 'GET', url })).body), url);
    assert.equal((boot.answers['/djapi/fund/009005'] as { result_code: number }).result_code, 0);
    const bad = bootOf((await t.app.inject({ method: 'GET', url: '/funding/12ab' })).body)!;
    assert.deepEqual(Object.keys(bad.answers).sort(), ['/djapi/account', '/djapi/platform/brand']);
  });

  test('a fund page draws its first screen in the HTML: the fund’s name and code over the page frame, its sheets blocking', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/funding/009005' })).body;
    const summary = bootOf(html)!.answers['/djapi/fund/009005'] as { data: { fd_name: string } };
    const body = html.slice(html.indexOf('<body>'));
    // First in <body>, before the app's root: it shows before any script has run.
    assert.ok(body.indexOf('id="dj-first-paint"') >= 0 && body.indexOf('id="dj-first-paint"') < body.indexOf('id="app"'));
    assert.ok(body.includes(`<span class="fund-header__name">${summary.data.fd_name}</span>`), summary.data.fd_name);
    assert.match(body, /<span class="fund-header__code">009005<\/span>/);
    // The page's own stylesheets apply from the first paint (blocking links, not preloads); scripts stay preloads.
    const head = html.slice(0, html.indexOf('</head>'));
    assert.match(head, /<link rel="stylesheet" href="\/css\/app-shared\.ffffffff\.css">/);
    assert.match(head, /<link rel="stylesheet" href="\/css\/fund\.99999999\.css">/);
    assert.doesNotMatch(head, /rel="preload" as="style" href="\/css\/fund/);
    // Paint first, then load: no script tag or script preload in the HTML; the loader after the stylesheets starts the
    // app's scripts (in their order) and preloads the page's chunks once the first paint is on screen.
    assert.doesNotMatch(head, /<script[^>]*\bsrc=|as="script"/);
    const list = /<script type="application\/json" id="dj-scripts">(.*?)<\/script><script>(.*?)<\/script><\/body>/s.exec(body);
    assert.ok(list, 'the script list and its loader end the body');
    assert.deepEqual(JSON.parse(list[1]!), {
      run: ['/js/app.12345678.js'],
      preload: ['/js/app-shared.aaaaaaaa.js', '/js/fund.eeeeeeee.js'],
    });
    assert.equal(list[2], PAINT_THEN_LOAD_SCRIPT);
    // The CSP allows that loader (and index.html's own inline script), nothing else inline.
    const csp = String((await t.app.inject({ method: 'GET', url: '/funding/009005' })).headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(PAINT_THEN_LOAD_SCRIPT).digest('base64')}'`;
    assert.ok(csp.includes(hash), csp);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
    // A fund that does not exist, a code that is not one, a ranking link with its own screens (the page asks another
    // list than the inlined one): no first screen, sheets preloaded as before.
    for (const url of ['/funding/999999', '/funding/12ab', '/rank-xq/index?period=3y', '/rn/fund/filter?type=4']) {
      const other = (await t.app.inject({ method: 'GET', url })).body;
      assert.doesNotMatch(other, /dj-first-paint/, url);
      assert.doesNotMatch(other, /rel="stylesheet" href="\/css\/(fund|home)/, url);
      // Pages the app draws keep their scripts in the head, downloading from the start.
      assert.match(other, /<script defer src="\/js\/app\.12345678\.js"><\/script>/, url);
      assert.doesNotMatch(other, /dj-scripts/, url);
    }
  });

  test('the other pages a shared link opens draw their first screen from their inlined answers, in the visitor’s language', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const say = (key: string, params?: Record<string, string | number>) => escapeHtml(message(key, params, locale));
      const headers = { 'accept-language': locale === 'en-US' ? 'en-US,en;q=0.9' : 'zh-CN,zh;q=0.9,en;q=0.8' };
      const load = async (url: string) => {
        const html = (await t.app.inject({ method: 'GET', url, headers })).body;
        assert.match(html, new RegExp(`<html lang="${locale}"`), url);
        const block = firstPaintOf(html);
        assert.ok(block, `${url} (${locale}): a first paint`);
        // Every page shows the seller's risk disclosure from its first paint.
        assert.ok(block.includes(say('components.disclosure.risk')) && block.includes(say('components.disclosure.past')), url);
        return { block, answers: bootOf(html)!.answers };
      };
      /** `texts` appear in the block in this order. */
      const inOrder = (block: string, texts: string[], what: string) => {
        let at = 0;
        for (const text of texts) {
          const found = block.indexOf(text, at);
          assert.ok(found >= 0, `${what}: ${text} (in order)`);
          at = found + text.length;
        }
      };
      const percent = (value: string | null, options: { sign?: boolean; ratio?: boolean } = { sign: true }) =>
        inLocaleForTest(locale, () => formatPercent(value, options));

      // Home: the page's own sheets block (it is drawn before its scripts run); the ranked funds with their returns.
      const home = await load('/index');
      const homeHtml = (await t.app.inject({ method: 'GET', url: '/index', headers })).body;
      assert.match(homeHtml.slice(0, homeHtml.indexOf('</head>')), /<link rel="stylesheet" href="\/css\/home\.cccccccc\.css">/);
      const ranked = (home.answers['/djapi/v3/filter/fund?order_by=1y&page=1&size=5'] as { data: FilterPage }).data.items;
      assert.equal(ranked.length, 5);
      inOrder(
        home.block,
        [say('home.ranked.title'), ...ranked.flatMap((f) => [escapeHtml(f.fd_name), f.fd_code, percent(f.yield)])],
        'home',
      );
      inOrder(home.block, [say('home.entry.xjb'), say('home.entry.watchlist'), say('home.notice'), say('home.valuation.title')], 'home');

      // Rankings and screening: the header's title, the count, every fund of the inlined page with its return.
      for (const [url, title, listUrl] of [
        ['/rank-xq/index', 'discover.rank.index.title', '/djapi/v3/filter/fund?type=5&order_by=1y&page=1&size=20'],
        ['/rank-xq/qdii', 'discover.rank.qdii.title', '/djapi/v3/filter/fund?type=11&order_by=1y&page=1&size=20'],
        ['/rn/fund/filter', 'discover.filter.title', '/djapi/v3/filter/fund?order_by=1y&page=1&size=20'],
      ] as const) {
        const page = await load(url);
        const list = (page.answers[listUrl] as { data: FilterPage }).data;
        assert.ok(list.items.length > 0 && list.items.length <= 20, url);
        inOrder(
          page.block,
          [
            `<h1 class="dj-header__title">${say(title)}</h1>`,
            say('discover.filter.count', { count: list.total_items }),
            ...list.items.flatMap((f, i) => [`>${i + 1}<`, escapeHtml(f.fd_name), f.fd_code, percent(f.yield)]),
            // The list's foot: more to load, or the end.
            say(list.total_pages > 1 ? 'discover.list.more' : 'discover.list.noMore'),
          ],
          url,
        );
      }

      // The auto-invest ranking: its title, the simulated plan's rule, every fund of the inlined page with the plan's
      // return, what it put in and came to, and a lump sum's return.
      const autoInvest = await load('/rank-xq/auto-invest');
      const plans = (autoInvest.answers['/djapi/fund/rank/auto-invest?period=1y&page=1&size=20'] as { data: AutoInvestPage }).data;
      assert.ok(plans.items.length > 0 && plans.items.length <= 20, 'auto-invest ranking');
      inOrder(
        autoInvest.block,
        [
          `<h1 class="dj-header__title">${say('discover.rank.autoInvest.title')}</h1>`,
          say('discover.rank.autoInvest.rule', {
            amount: plans.monthly_amount,
            months: plans.months,
            from: plans.first_buy_date ?? plans.start_date,
            to: plans.end_date,
          }),
          say('components.disclosure.risk'),
          ...plans.items.flatMap((f, i) => [
            `>${i + 1}<`,
            escapeHtml(f.fd_name),
            f.fd_code,
            say('discover.rank.autoInvest.value', { invested: f.invested_amount, value: f.final_value }),
            percent(f.auto_invest_return),
          ]),
          say(plans.total_pages > 1 ? 'discover.list.more' : 'discover.list.noMore'),
        ],
        'auto-invest ranking',
      );

      // The valuation table, lowest PE percentile first, as it opens.
      const valuation = await load('/djmodule/value-center');
      const table = (valuation.answers['/djapi/index_eva/dj'] as { data: ValuationTable }).data.items;
      const sorted = [...table].sort((a, b) => Number(a.pe_percentile) - Number(b.pe_percentile));
      inOrder(
        valuation.block,
        [
          say('discover.valuation.title'),
          ...sorted.flatMap((i) => [escapeHtml(i.name), `>${i.pe}<`, percent(i.pe_percentile, { ratio: true })]),
        ],
        'valuation',
      );

      // Index picking: the categories, the first category's indices, the funds tracking its first index.
      const mass = await load('/index-mass');
      const categories = (mass.answers['/djapi/index-mass/categories'] as { data: IndexCategories }).data.categories;
      // The funds of the index the page opens with (the first category's first), asked after the categories.
      const first = categories[0]!.indices[0]!;
      const funds = (mass.answers[`/djapi/index-mass/${first.index_code}/funds`] as { data: IndexFunds }).data.funds;
      inOrder(
        mass.block,
        [
          ...categories.map((c) => say(`discover.indexMass.category.${c.key}`)),
          ...categories[0]!.indices.map((i) => escapeHtml(i.name)),
          say('discover.indexMass.funds', { name: first.name }),
          ...funds.flatMap((f) => [escapeHtml(f.fd_name), f.fd_code, percent(f.tracking_error, {})]),
          say('discover.indexMass.compareHint'),
        ],
        'index picking',
      );
    }
  });

  test('the other pages a shared link opens inline their first answers: screening, rankings (the auto-invest one too), valuation, index picking', async () => {
    const pages: [string, string[]][] = [
      ['/rn/fund/filter', ['/djapi/v3/filter/fund?order_by=1y&page=1&size=20']],
      ['/rank-xq/index', ['/djapi/v3/filter/fund?type=5&order_by=1y&page=1&size=20']],
      ['/rank-xq/qdii', ['/djapi/v3/filter/fund?type=11&order_by=1y&page=1&size=20']],
      ['/rank-xq/auto-invest', ['/djapi/fund/rank/auto-invest?period=1y&page=1&size=20']],
      ['/djmodule/value-center', ['/djapi/index_eva/dj']],
      // The test market's first broad index is 深证成指: its funds, asked once the categories are in.
      ['/index-mass', ['/djapi/index-mass/categories', '/djapi/index-mass/SZ399001/funds']],
    ];
    for (const [page, calls] of pages) {
      const boot = bootOf((await t.app.inject({ method: 'GET', url: page })).body)!;
      for (const url of calls) {
        const answer = boot.answers[url] as { result_code: number } | undefined;
        assert.equal(answer?.result_code, 0, `${page}: ${url}`);
        assert.deepEqual(answer, JSON.parse((await t.app.inject({ method: 'GET', url })).body), url);
      }
    }
  });

  test('the account answer is the visitor’s own, from their own cookies', async () => {
    const user = await createTestUser(t);
    const other = await createTestUser(t);
    const html = (await t.app.inject({ method: 'GET', url: '/funding/000001', headers: { cookie: user.cookie } })).body;
    const account = bootOf(html)!.answers['/djapi/account'] as { result_code: number; data: { user: { mask_telephone: string } } };
    assert.equal(account.result_code, 0);
    assert.equal(account.data.user.mask_telephone, `${user.telephone.slice(0, 3)}****${user.telephone.slice(-4)}`);
    assert.doesNotMatch(html, new RegExp(other.telephone.slice(-4) + '"'));
  });

  test('remote config text cannot break out of the inlined JSON', async () => {
    const text = '</script><script>alert(1)</script>\u2028<!--';
    await setConfigEntry(t.db.kysely, { appkey: 'social', key: 'home_marquee', value: { items: [{ text, link: '' }] }, now: new Date() });
    const html = (await t.app.inject({ method: 'GET', url: '/index' })).body;
    assert.doesNotMatch(html, /<script>alert/);
    // The shell's inline script, the script list and its loader (home is drawn first), the boot block.
    assert.equal(html.split('</script>').length - 1, 4, 'only the shell’s own script, the loader’s two and the boot block close');
    // The first paint shows the notice as text.
    assert.ok(firstPaintOf(html)!.includes(escapeHtml(text)), 'the notice, escaped, in the first paint');
    const marquee = bootOf(html)!.answers['/mpaas/config/content?appkey=social&key=home_marquee'] as {
      data: { data: { home_marquee: { value: { items: { text: string }[] } } } };
    };
    assert.equal(marquee.data.data.home_marquee.value.items[0]!.text, text);
  });

  test('a page load counts once against the visitor’s rate limit; its in-process calls are covered by it', async () => {
    const limited = await createTestApp({ config: { h5Dir, rateLimitPerMinute: 3 } });
    try {
      // The limit is 3 a minute here; each home HTML makes five in-process calls, all answered, and counts once.
      for (let i = 0; i < 2; i += 1) {
        const html = (await limited.app.inject({ method: 'GET', url: '/index' })).body;
        assert.equal((bootOf(html)!.answers['/djapi/account'] as { result_code: number }).result_code, 300001);
      }
      assert.equal((await limited.app.inject({ method: 'GET', url: '/djapi/account' })).statusCode, 200, 'the third hit');
      assert.equal((await limited.app.inject({ method: 'GET', url: '/djapi/account' })).statusCode, 429, 'the fourth is limited');
      assert.equal((await limited.app.inject({ method: 'GET', url: '/index' })).statusCode, 429, 'a page load too');
      // A client cannot claim to be an in-process call.
      const forged = await limited.app.inject({ method: 'GET', url: '/djapi/account', headers: { 'x-dj-page-boot': 'guess' } });
      assert.equal(forged.statusCode, 429);
    } finally {
      await limited.close();
    }
  });

  test('a HEAD request gets the headers without building the answers', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/index' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /text\/html/);
    assert.equal(response.body, '');
  });
});

describe('a development server whose business clock was moved', () => {
  test('every page’s HTML carries the business time (the demo-time badge), and says nothing before the clock moves', async () => {
    const dev = await createTestApp({ market: true, config: { h5Dir, nodeEnv: 'development' } });
    try {
      // The test clock sits at a fixed past instant: as far from the wall clock as a moved one.
      const clockOf = async (url: string) =>
        (bootOf((await dev.app.inject({ method: 'GET', url })).body) as { clock?: { now: string } } | null)?.clock;
      assert.deepEqual(await clockOf('/index'), { now: '2025-03-04T10:00:00.000+08:00' });
      assert.deepEqual(await clockOf('/no/such/page'), { now: '2025-03-04T10:00:00.000+08:00' }, 'the 404 page too');
      await dev.app.inject({
        method: 'POST',
        url: '/__dev/clock/advance',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'days=1',
      });
      assert.deepEqual(await clockOf('/index'), { now: '2025-03-05T10:00:00.000+08:00' });
      dev.clock.set(new Date());
      assert.equal(await clockOf('/index'), undefined, 'business time = wall clock: no badge');
    } finally {
      await dev.close();
    }
  });
});
