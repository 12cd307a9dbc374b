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
import { PAINT_THEN_LOAD_SCRIPT } from '../../server/src/plugins/page-first-paint';
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
  'pages/misc/not-found/index': { js: ['js/app-shared.aaaaaaaa.js', 'js/lost.dddddddd.js'], css: [] },
};
const HOME_CALLS = bootRequestsFor('home', {});

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
    const home = (await t.app.inject({ method: 'GET', url: '/index?channel=x' })).body;
    assert.match(home, /<link rel="preload" as="script" href="\/js\/home\.bbbbbbbb\.js">/);
    assert.match(home, /<link rel="preload" as="style" href="\/css\/home\.cccccccc\.css">/);
    assert.equal(home.split('/js/app-shared.aaaaaaaa.js').length - 1, 1, 'index.html already preloads app-shared');
    assert.ok(home.indexOf('home.bbbbbbbb.js') < home.indexOf('</head>'));
    for (const url of ['/no/such/page', '/ccount/get-prove-assets']) {
      const html = (await t.app.inject({ method: 'GET', url })).body;
      assert.match(html, /\/js\/lost\.dddddddd\.js/, url);
      assert.doesNotMatch(html, /home\.bbbbbbbb/, url);
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
    // A fund that does not exist, a code that is not one, home: no first screen, sheets preloaded as before.
    for (const url of ['/funding/999999', '/funding/12ab', '/index']) {
      const other = (await t.app.inject({ method: 'GET', url })).body;
      assert.doesNotMatch(other, /dj-first-paint/, url);
      assert.doesNotMatch(other, /rel="stylesheet" href="\/css\/(fund|home)/, url);
      // Pages the app draws keep their scripts in the head, downloading from the start.
      assert.match(other, /<script defer src="\/js\/app\.12345678\.js"><\/script>/, url);
      assert.doesNotMatch(other, /dj-scripts/, url);
    }
  });

  test('the other pages a shared link opens inline their first answers: screening, rankings, valuation, index picking', async () => {
    const pages: [string, string[]][] = [
      ['/rn/fund/filter', ['/djapi/v3/filter/fund?order_by=1y&page=1&size=20']],
      ['/rank-xq/index', ['/djapi/v3/filter/fund?type=5&order_by=1y&page=1&size=20']],
      ['/rank-xq/qdii', ['/djapi/v3/filter/fund?type=11&order_by=1y&page=1&size=20']],
      ['/djmodule/value-center', ['/djapi/index_eva/dj']],
      ['/index-mass', ['/djapi/index-mass/categories', '/djapi/index-mass/SH000300/funds']],
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
    assert.equal(html.split('</script>').length - 1, 3, 'only the shell’s own two scripts and the boot block close');
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
