// Every public URL of docs/PRODUCT.md §2, opened the way a user opens a shared link: typed into a fresh tab, then
// reloaded. Built routes show their own page at their own address; unbuilt and unknown ones show 404 there.
// Accessibility (issue 26, docs/PRODUCT.md §13): axe-core's WCAG 2.0/2.1 A and AA rules find nothing on any of them —
// logged out and logged in as an investor with real data (a holding with its chart, orders, a plan), at 390 and
// 1280 px, in Chinese and English. Each route is checked once per width and language, the login state alternating
// so that every pair of the three is met (390 zh-CN logged out rides on the deep-link visits above; three more passes).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES, UNBUILT_ROUTES, type RouteName, type SpecRoute } from '../../src/lib/routes';
import shellMessages from '../../src/locales/messages/shell';
import demoMessages from '../../src/locales/messages/demo';
import discoverMessages from '../../src/locales/messages/discover';
import fundMessages from '../../src/locales/messages/fund';
import homeMessages from '../../src/locales/messages/home';
import accountMessages from '../../src/locales/messages/account';
import tradeMessages from '../../src/locales/messages/trade';
import cashMessages from '../../src/locales/messages/cash';
import aipMessages from '../../src/locales/messages/aip';
import legalMessages from '../../src/locales/messages/legal';
import activityMessages from '../../src/locales/messages/activity';
import advisoryMessages from '../../src/locales/messages/advisory';
import pensionMessages from '../../src/locales/messages/pension';
import { allNamespaces } from '../../src/locales/catalogue';
import { axeViolations, describeViolations, settledForAxe } from './axe';
import {
  collectPageErrors,
  launchBrowser,
  openPhone,
  root,
  seedInvestorWithData,
  startServer,
  waitForAppPage,
  type RunningServer,
  type SeededInvestor,
} from './harness';

const zh = {
  ...shellMessages['zh-CN'],
  ...demoMessages['zh-CN'],
  ...discoverMessages['zh-CN'],
  ...fundMessages['zh-CN'],
  ...homeMessages['zh-CN'],
  ...accountMessages['zh-CN'],
  ...tradeMessages['zh-CN'],
  ...cashMessages['zh-CN'],
  ...aipMessages['zh-CN'],
  ...legalMessages['zh-CN'],
  ...activityMessages['zh-CN'],
  ...advisoryMessages['zh-CN'],
  ...pensionMessages['zh-CN'],
} as Record<string, string>;

function text(key: string): string {
  const value = zh[key];
  if (!value) throw new Error(`no zh-CN message ${key}`);
  return value;
}

/** Sample path parameters (real seeded codes where the spec names one). */
const SAMPLE_PARAMS: Record<string, string> = {
  fundcode: '009005',
  indexCode: 'SH000300',
  // The seeded advisory (issue 23): a portfolio and an advisor.
  advisorPortfolioCode: 'TIA06001',
  advisorCode: 'XSTG',
  planId: '1',
  id: '1',
  orderId: '1',
  agreementId: 'privacy',
  serial: 'AP202503051111111153',
};

/** Query parameters a route is documented with (docs/PRODUCT.md §2 table). */
const SAMPLE_QUERY: Partial<Record<RouteName, string>> = {
  autoInvestDetail: '?prelink=/autoinvesment/total-list',
  certification: '?pageId=6&redirect=/index&buyUrl=/index',
  tradePassword: '?redirect=/index&buyUrl=/index',
  login: '?redirect=/n/demo',
  customerService: '?snb_account_type=2&params=%7B%22entryPage%22%3A%22%2Findex%22%7D',
  oauthRedirect: '?redirect=/n/demo',
};

/** What a user sees on each built page: a text that only that page shows. */
const BUILT_PAGE_TEXT: Partial<Record<RouteName, string>> = {
  home: text('home.ranked.title'),
  root: text('home.ranked.title'),
  appShell: text('home.ranked.title'),
  commonQuestions: text('shell.faq.q1'),
  // The cash product's rule pages are public: their fixed lines show to anyone.
  xjbTradeRules: text('cash.rules.trade.product'),
  xjbWithdrawalRules: text('cash.rules.withdrawal.reset'),
  download: text('shell.download.pageIntro'),
  customerService: text('legal.service.form.title'),
  // Agreements (issue 17): the list's own heading of acceptances, an agreement's link back to the list.
  agreements: text('legal.accepted.title'),
  agreement: text('legal.backToList'),
  demo: text('demo.section.fundSamples'),
  fundDetail: text('fund.chart.title'),
  watchlist: text('fund.optional.local'),
  fundFilter: text('discover.filter.age'),
  rankIndex: text('discover.rank.index.title'),
  rankQdii: text('discover.rank.qdii.title'),
  rankAutoInvest: text('discover.rank.autoInvest.title'),
  indexMass: text('discover.indexMass.category.broad'),
  valueCenter: text('discover.valuation.pePercentile'),
  valueCenterIndex: text('discover.index.kline'),
};

/**
 * Account pages greet an anonymous visitor with a login prompt rather than their content, so the page is told
 * apart by its own title (document title on H5) beside that prompt.
 */
const BUILT_PAGE_TITLE: Partial<Record<RouteName, string>> = {
  login: text('account.login.title'),
  mobileLogin: text('account.login.mobileTitle'),
  openAccount: text('account.open.title'),
  certification: text('account.cert.title'),
  tradePassword: text('account.tp.title'),
  riskAssessment: text('account.risk.title'),
  riskResult: text('account.risk.resultTitle'),
  findFundAccount: text('account.find.title'),
  personalIncomeInfo: text('account.income.title'),
  myMoney: text('account.my.title'),
  accountSettings: text('account.settings.title'),
  // Trading (issue 12): an anonymous visitor gets the login prompt (or the "no such order" box) under the page's title.
  buy: text('trade.title.buy'),
  sell: text('trade.title.sell'),
  tradeResult: text('trade.title.result'),
  orders: text('trade.title.orders'),
  orderDetail: text('trade.title.orderDetail'),
  fundAssets: text('trade.title.fundAssets'),
  holding: text('trade.title.holding'),
  incomeCalendar: text('trade.title.incomeCalendar'),
  // The cash product (issue 13).
  xjb: text('cash.title.home'),
  xjbUnavailableAmount: text('cash.title.unavailable'),
  // Auto-invest (issue 14).
  autoInvestIntro: text('aip.title.intro'),
  autoInvestCreate: text('aip.title.create'),
  autoInvestTotalList: text('aip.title.list'),
  autoInvestDetail: text('aip.title.detail'),
  // Activities and the asset proof (issue 25): their titles (an activity's body loads from the server).
  lumpSumActivity: text('activity.title.lumpSum'),
  competition: text('activity.title.competition'),
  regCoupon: text('activity.title.coupon'),
  assetProof: text('activity.title.assetProof'),
  assetProofVerify: text('activity.title.verify'),
  // 投顾 (issue 23): the advisor's page and a portfolio's latest departure (its body needs the advisory questionnaire).
  advisorPortfolio: text('advisory.title.advisor'),
  advisorLatest: text('advisory.title.latest'),
  // The personal pension zone (issue 24).
  pensionActivity: text('pension.title'),
};

/** Pages that are a step, not a destination: they finish their work and move on (path, then what shows). */
const PASS_THROUGH: Partial<Record<RouteName, { path: string; shows: string }>> = {
  // The bare site address: Taro's H5 router shows home and writes its canonical path /index.
  root: { path: '/index', shows: text('home.ranked.title') },
  // Logout landing: clears identity and starts again at home.
  logoutLanding: { path: '/index', shows: text('home.ranked.title') },
  // OAuth loading page without a WeChat code (opened outside the OAuth round trip): nothing to exchange, so it
  // continues to the SMS login, which comes back to its redirect afterwards.
  oauthRedirect: { path: '/account/login', shows: text('account.login.sendCode') },
};

function sampleUrl(route: SpecRoute, params: Record<string, string> = SAMPLE_PARAMS): string {
  const path = route.pattern.replace(/\{(\w+)\}/g, (_whole, key: string) => {
    const value = params[key];
    if (!value) throw new Error(`no sample for path parameter ${key} of ${route.name}`);
    return value;
  });
  return path + (SAMPLE_QUERY[route.name] ?? '');
}

const NOT_FOUND = '[data-testid="not-found"]';

/** The routes axe checks: the built ones (a pass-through's page is its destination's) and one 404 page. */
const AXED = (name: RouteName): boolean => name === 'notFound' || (!UNBUILT_ROUTES.has(name) && !PASS_THROUGH[name]);

/** The address bar as a user reads it: path plus decoded query values. */
function address(page: Page): { path: string; query: Record<string, string> } {
  const url = new URL(page.url());
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

function expectedAddress(url: string): { path: string; query: Record<string, string> } {
  const parsed = new URL(url, 'http://x');
  return { path: parsed.pathname, query: Object.fromEntries(parsed.searchParams) };
}

async function bodyText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** Every catalogue key: a page that shows one verbatim has lost its texts (its namespace was never registered). */
const ALL_KEYS = allNamespaces.flatMap((namespace) => Object.keys(namespace['zh-CN']));

async function expectNoRawKeys(page: Page, label: string): Promise<void> {
  const shown = `${await page.title()}\n${await bodyText(page)}`;
  assert.deepEqual(
    ALL_KEYS.filter((key) => shown.includes(key)),
    [],
    `${label}: texts, not catalogue keys`,
  );
}

async function expectNotFound(page: Page, url: string): Promise<void> {
  await page.locator(NOT_FOUND).waitFor({ timeout: 30_000 });
  const body = await bodyText(page);
  assert.match(body, /404/, `${url}: the 404 page says 404`);
  assert.ok(body.includes(expectedAddress(url).path), `${url}: the 404 page names the address it could not show`);
  assert.deepEqual(address(page), expectedAddress(url), `${url}: the address bar keeps the URL`);
}

async function expectBuiltPage(page: Page, url: string, shows: string, at = url): Promise<void> {
  // Visible text only: Taro's own (hidden) navigation bar repeats the page title.
  await page.getByText(shows, { exact: false }).filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  // Let a pass-through page finish moving on before reading the address.
  await page.waitForURL((current) => current.pathname === expectedAddress(at).path, { timeout: 30_000 });
  assert.equal(await page.locator(NOT_FOUND).count(), 0, `${url}: a built page is not the 404 page`);
  if (at === url) assert.deepEqual(address(page), expectedAddress(url), `${url}: the address bar keeps the URL`);
  else assert.equal(address(page).path, expectedAddress(at).path, `${url}: continues to ${at}`);
}

describe('every spec route as a deep link, and again after a reload', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let investor: SeededInvestor;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({}, { prepareDatabase: async (db) => void (investor = await seedInvestorWithData(db)) }),
      launchBrowser(),
    ]);
    ({ context, page } = await openPhone(browser));
    errors = collectPageErrors(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the route table covers every route of docs/PRODUCT.md §2 (36 routes, the shell, the OAuth page, 404)', () => {
    assert.equal(ROUTES.length, 56); // + risk assessment and its result, the watchlist, an index's valuation page, 7 trading pages, auto-invest's create page, account settings, the agreements list and one agreement, the asset proof's verification
    for (const name of UNBUILT_ROUTES)
      assert.ok(
        ROUTES.some((r) => r.name === name),
        `${name} is a route`,
      );
  });

  for (const route of ROUTES) {
    const url = sampleUrl(route);
    const built = !UNBUILT_ROUTES.has(route.name) && route.name !== 'notFound';
    it(`${url} ${built ? 'shows its page' : 'shows the 404 page'}`, async () => {
      errors.length = 0;
      for (const load of ['deep link', 'reload'] as const) {
        if (load === 'deep link') await page.goto(server.url + url);
        else if (PASS_THROUGH[route.name])
          await page.goto(server.url + url); // it moved on: open it again
        else await page.reload();
        const label = `${url} (${load})`;
        if (!built) {
          await expectNotFound(page, url);
        } else {
          const passThrough = PASS_THROUGH[route.name];
          const title = BUILT_PAGE_TITLE[route.name];
          if (title && !passThrough) {
            await page.waitForFunction((expected) => document.title === expected, title, { timeout: 30_000 });
            assert.equal(await page.locator(NOT_FOUND).count(), 0, `${label}: a built page is not the 404 page`);
            assert.deepEqual(address(page), expectedAddress(url), `${label}: the address bar keeps the URL`);
            await expectNoRawKeys(page, label);
            continue;
          }
          const shows = passThrough?.shows ?? BUILT_PAGE_TEXT[route.name];
          assert.ok(shows, `${route.name} is built: give it the text its page shows in BUILT_PAGE_TEXT`);
          await expectBuiltPage(page, label, shows, passThrough ? passThrough.path : url);
          await expectNoRawKeys(page, label);
        }
      }
      // axe at 390 px, zh-CN, logged out: the page as it now stands, once its data has come (one 404 page for all).
      if (AXED(route.name)) {
        await settledForAxe(page);
        const violations = await axeViolations(page);
        assert.equal(violations.length, 0, `${url}: axe (390 px, zh-CN, logged out)\n${describeViolations(violations)}`);
      }
      assert.deepEqual(errors, [], `${url}: no uncaught page errors`);
    });
  }

  it('an unknown path shows the 404 page at its own address, also after a reload', async () => {
    errors.length = 0;
    await page.goto(`${server.url}/no-such-page`);
    await expectNotFound(page, '/no-such-page');
    await page.reload();
    await expectNotFound(page, '/no-such-page');
    assert.deepEqual(errors, []);
  });

  it('a missing static file is a real HTTP 404, not the app', async () => {
    const response = await fetch(`${server.url}/js/missing.js`);
    assert.equal(response.status, 404);
    assert.doesNotMatch(await response.text(), /<div id="app"|taro/i);
  });

  it('a page URL answers the app shell with 200 (shared links and refreshes work)', async () => {
    const response = await fetch(`${server.url}/funding/009005`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
  });

  it('/docs serves the OpenAPI UI listing the API', async () => {
    errors.length = 0;
    await page.goto(`${server.url}/docs`);
    await page.locator('section.swagger-ui').waitFor({ timeout: 15_000 });
    await page.getByText('/djapi/account', { exact: true }).first().waitFor({ timeout: 15_000 });
    const spec = await fetch(`${server.url}/docs/json`);
    assert.equal(spec.status, 200);
    const document = (await spec.json()) as { openapi?: string; paths?: Record<string, unknown> };
    assert.match(document.openapi ?? '', /^3\./);
    assert.ok(document.paths && '/djapi/wechat/wxconfig' in document.paths);
  });

  it('phone screenshots of home, the demo page and 404 (saved under .tmp/screenshots/ for a human look)', async () => {
    const dir = path.join(root, '.tmp', 'screenshots');
    mkdirSync(dir, { recursive: true });
    const shots: [string, string, string][] = [
      ['/index', 'home', text('home.ranked.title')],
      ['/n/demo', 'demo', text('demo.section.fundSamples')],
      ['/no-such-page', 'not-found', text('shell.notFound.backHome')],
    ];
    for (const [url, name, shows] of shots) {
      await page.goto(server.url + url);
      await page.getByText(shows).first().waitFor();
      await page.waitForLoadState('networkidle');
      // A Taro page scrolls inside its own container, not the document: shoot it one screen at a time.
      const screens = await page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('.taro_page_show');
        return scroller ? Math.min(8, Math.ceil(scroller.scrollHeight / scroller.clientHeight)) : 1;
      });
      for (let n = 0; n < screens; n += 1) {
        await page.evaluate((index) => {
          const scroller = document.querySelector<HTMLElement>('.taro_page_show');
          if (scroller) scroller.scrollTop = index * scroller.clientHeight;
        }, n);
        await page.screenshot({ path: path.join(dir, n === 0 ? `${name}.png` : `${name}-${n + 1}.png`) });
      }
      // Nothing is wider than the phone: no sideways scrolling.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${url} fits 390 px (${width})`);
    }
  });

  // Text that runs past the right edge of a phone is cut off (Taro pages clip sideways overflow).
  for (const route of ROUTES.filter((r) => !UNBUILT_ROUTES.has(r.name) && !PASS_THROUGH[r.name])) {
    const url = sampleUrl(route);
    it(`${url}: no text runs past the edge of a 390 px phone`, async () => {
      await page.goto(server.url + url);
      await waitForAppPage(page);
      await page.waitForLoadState('networkidle');
      const clipped = await page.evaluate(() => {
        const found: string[] = [];
        const scope = document.querySelector('.taro_page_show') ?? document.body;
        const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!node.textContent?.trim() || !parent) continue;
          // Carousels and the marquee move their text past the edge on purpose.
          if (parent.closest('[class*="swiper"], [class*="marquee"]')) continue;
          // Text in a region that scrolls sideways (a wide table on a phone) is reached by scrolling it.
          let scrolls = false;
          for (let el: HTMLElement | null = parent; el && el !== scope; el = el.parentElement) {
            const overflowX = getComputedStyle(el).overflowX;
            if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth) scrolls = true;
          }
          if (scrolls) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const box = range.getBoundingClientRect();
          if (box.width > 0 && box.right > window.innerWidth + 0.5) found.push(node.textContent.trim().slice(0, 80));
        }
        return found;
      });
      assert.deepEqual(clipped, [], `${url}: text cut off at the right edge`);
    });
  }

  it('channel and hideHomeBtn from the URL are kept in sessionStorage for the visit', async () => {
    await page.goto(`${server.url}/index?channel=XQWX_demo&hideHomeBtn=1`);
    await page.getByText(text('home.ranked.title')).first().waitFor();
    const stored = await page.evaluate(() => ({
      channel: sessionStorage.getItem('CHANNEL'),
      hideHomeBtn: sessionStorage.getItem('hideHomeBtn'),
    }));
    assert.deepEqual(stored, { channel: 'XQWX_demo', hideHomeBtn: '1' });
    // They hold on the next page of the visit even though its URL does not carry them.
    await page.goto(`${server.url}/no-such-page`);
    await page.locator(NOT_FOUND).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('CHANNEL')), 'XQWX_demo');
    assert.equal(await page.getByText(text('shell.notFound.backHome')).count(), 0, 'hideHomeBtn hides the home button');
  });

  // The three other passes of axe (the first rode on the deep links): every pair of width, language and login state.
  const AXE_PASSES = [
    { width: 390, locale: 'en-US', loggedIn: true },
    { width: 1280, locale: 'zh-CN', loggedIn: true },
    { width: 1280, locale: 'en-US', loggedIn: false },
  ] as const;
  for (const pass of AXE_PASSES) {
    const label = `${pass.width} px, ${pass.locale}, ${pass.loggedIn ? 'logged in' : 'logged out'}`;
    it(`axe finds no WCAG 2.1 A/AA violation on any route (${label})`, async () => {
      const host = new URL(server.url).hostname;
      await page.setViewportSize({ width: pass.width, height: pass.width > 800 ? 800 : 844 });
      await context.addCookies([{ name: 'lang', value: pass.locale, domain: host, path: '/' }]);
      if (pass.loggedIn) await context.addCookies([{ name: 'xq_a_token', value: investor.token, domain: host, path: '/' }]);
      else await context.clearCookies({ name: 'xq_a_token' });
      // The investor's own order and plan, where a route names one.
      const params = {
        ...SAMPLE_PARAMS,
        orderId: String(investor.pendingOrderId),
        planId: String(investor.planId),
        fundcode: investor.holdingFund,
      };
      const found: string[] = [];
      try {
        await page.goto(`${server.url}/index?lang=${pass.locale}`);
        await waitForAppPage(page);
        for (const route of ROUTES.filter((r) => AXED(r.name))) {
          const url = sampleUrl(route, params);
          await page.goto(server.url + url);
          if (route.name === 'notFound') await page.locator(NOT_FOUND).waitFor();
          else await waitForAppPage(page, 30_000);
          await settledForAxe(page);
          const violations = await axeViolations(page);
          if (violations.length > 0) found.push(`${url}\n${describeViolations(violations)}`);
        }
      } finally {
        // Back to how the other tests of the file found the page: a logged-out zh-CN phone.
        await context.clearCookies({ name: 'xq_a_token' });
        await context.addCookies([{ name: 'lang', value: 'zh-CN', domain: host, path: '/' }]);
        await page.goto(`${server.url}/index?lang=zh-CN`);
        await page.setViewportSize({ width: 390, height: 844 });
      }
      assert.deepEqual(found, [], `axe (${label})`);
    });
  }
});
