// English (issue 17) in Chromium at 390 px against the real server: a browser set to English gets English on its
// first visit; the switch in the header menu turns the app English and the choice survives a reload; and every page
// an investor meets — home, a fund page, screening, rankings, index valuation, index picking, login, my money,
// 现金宝, 定投, settings and agreements — shows no Chinese character in English except market data the client cannot
// translate (fund, index, manager, company and stock names, a fund's benchmark, a manager's résumé, the operator's
// registered company name and address), which stays Chinese by the Danjuan contract. Build first: `npm run build:h5` (or H5_DIR=<a private build>).
// ENGLISH_SHOTS_DIR=/tmp/s6/english saves a screenshot of each page.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addCalendarDays } from '../../server/src/domain/calendar';
import { shanghaiDate, systemClock } from '../../server/src/domain/clock';
import { simulatedBank } from '../../server/src/services/bank';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { placeBuy } from '../../server/src/services/trading';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import homeMessages from '../../src/locales/messages/home';
import shellMessages from '../../src/locales/messages/shell';
import { collectPageErrors, launchBrowser, openPhone, seedLoggedInUser, startServer, type RunningServer, type SeededUser } from './harness';

const SHOTS = process.env.ENGLISH_SHOTS_DIR;
const zhHome = homeMessages['zh-CN'];
const enHome = homeMessages['en-US'];
const enShell = shellMessages['en-US'];

/** Han characters, CJK punctuation and full-width forms: what an English reader cannot read. */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const CJK_RUN = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;

/** The language switch names each language in itself. */
const LANGUAGE_NAMES = ['简体中文'];

/** The market's own names and texts, Chinese by the Danjuan contract: collected from the seeded database. */
const marketData = new Set<string>();

/** The pages an English reader meets; `loggedIn`: as the investor (true) or anonymous (false), else as it comes. */
const PAGES: { name: string; url: string; loggedIn?: boolean }[] = [
  { name: 'home', url: '/index' },
  { name: 'fund', url: '/funding/001108' },
  { name: 'fund-money-market', url: `/funding/${FUND_SAMPLE_CODES.moneyMarket}` },
  { name: 'fund-closed', url: `/funding/${FUND_SAMPLE_CODES.closed}` },
  { name: 'screening', url: '/rn/fund/filter' },
  { name: 'rankings', url: '/rank-xq/index' },
  { name: 'rankings-qdii', url: '/rank-xq/qdii' },
  { name: 'rankings-auto-invest', url: '/rank-xq/auto-invest' },
  { name: 'index-valuation', url: '/djmodule/value-center' },
  { name: 'index-valuation-index', url: '/djmodule/value-center/SH000300' },
  { name: 'index-picking', url: '/index-mass' },
  { name: 'watchlist', url: '/n/optional' },
  { name: 'login', url: '/account/login', loggedIn: false },
  { name: 'my-money', url: '/my-money', loggedIn: true },
  { name: 'orders', url: '/n/orders', loggedIn: true },
  { name: 'cash', url: '/xjb', loggedIn: true },
  { name: 'cash-rules', url: '/n/xjb/trade-rules' },
  { name: 'auto-invest-intro', url: '/autoinvesment/intro' },
  { name: 'auto-invest-plans', url: '/autoinvesment/total-list', loggedIn: true },
  { name: 'buy', url: `/n/trade/buy/${FUND_SAMPLE_CODES.bond}`, loggedIn: true },
  { name: 'holding', url: `/n/holding/${FUND_SAMPLE_CODES.bond}`, loggedIn: true },
  { name: 'fund-assets', url: '/n/fund-assets', loggedIn: true },
  { name: 'income-calendar', url: '/n/income-calendar', loggedIn: true },
  { name: 'auto-invest-create', url: `/n/aip/create/${FUND_SAMPLE_CODES.stock}`, loggedIn: true },
  { name: 'risk-assessment', url: '/n/risk-assessment', loggedIn: true },
  { name: 'settings', url: '/n/account/settings', loggedIn: true },
  { name: 'agreements', url: '/n/agreements' },
  { name: 'customer-service', url: '/service/customservice' },
  { name: 'faq', url: '/transform-common-question' },
  { name: 'open-account', url: '/ccount', loggedIn: false },
  { name: 'not-found', url: '/no/such/page' },
];

/** Seeds what the market shows as names and texts into `marketData`, and an investor with a pending purchase. */
async function prepare(
  db: Parameters<NonNullable<NonNullable<Parameters<typeof startServer>[1]>['prepareDatabase']>>[0],
): Promise<SeededUser> {
  const k = db.kysely;
  const add = (values: (string | null | undefined)[]) => {
    for (const value of values) if (value && CJK.test(value)) marketData.add(value.trim());
  };
  for (const f of await k.selectFrom('fund').select(['name', 'full_name', 'custodian', 'benchmark']).execute())
    add([f.name, f.full_name, f.custodian, f.benchmark]);
  for (const c of await k.selectFrom('fund_company').select(['name', 'full_name']).execute()) add([c.name, c.full_name]);
  for (const m of await k.selectFrom('fund_manager').select(['name', 'resume']).execute()) add([m.name, m.resume]);
  for (const i of await k.selectFrom('market_index').select(['name', 'description']).execute()) add([i.name, i.description]);
  for (const h of await k.selectFrom('fund_holding').select('stock_name').distinct().execute()) add([h.stock_name]);

  const user = await seedLoggedInUser(db, '13700001717');
  const now = systemClock.now();
  const { id: userId } = await k.selectFrom('users').select('id').where('telephone', '=', user.telephone).executeTakeFirstOrThrow();
  await k.updateTable('users').set({ open_trade: true }).where('id', '=', userId).execute();
  await k
    .insertInto('bank_cards')
    .values({
      user_id: userId,
      bank_code: 'ICBC',
      card_hmac: 'english-test-card',
      card_no_encrypted: 'x',
      card_tail: '2565',
      reserved_phone_encrypted: 'x',
      reserved_phone_masked: '137****1717',
      verified_at: now,
    })
    .execute();
  await k
    .insertInto('trade_passwords')
    .values({ user_id: userId, hash: hashPassword('258036', DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
    .execute();
  await k
    .insertInto('risk_assessments')
    .values({
      user_id: userId,
      questionnaire: 'v1',
      answers: JSON.stringify({}),
      score: 80,
      level: 5,
      assessed_at: now,
      valid_until: addCalendarDays(shanghaiDate(now), 730),
    })
    .execute();
  // A purchase waiting for confirmation: my money and the orders list have something to say about it.
  await placeBuy(
    { db, clock: systemClock, bank: simulatedBank(), pepper: DEV_TRADE_PASSWORD_PEPPER },
    {
      userId: Number(userId),
      fundCode: FUND_SAMPLE_CODES.bond,
      amountFen: 1_000_000,
      requestId: 'english-test-buy',
      riskConfirm: true,
      password: '258036',
      riskWarningText: () => 'risk',
    },
  );
  return user;
}

/** The words a reader sees: the visible text, the inputs' placeholders and the document title. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const placeholders = [...document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => el.placeholder);
    return [document.title, document.body.innerText, ...placeholders].join('\n');
  });
}

/** Waits until the page has loaded its data: no request in flight, no skeleton, and the text no longer changes. */
async function settled(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  let previous = '';
  for (let i = 0; i < 40; i += 1) {
    await page.waitForTimeout(500);
    const text = await visibleText(page);
    const loading = await page.locator('.nut-skeleton, .skeleton-list').filter({ visible: true }).count();
    if (text === previous && loading === 0 && text.trim().length > 0) return text;
    previous = text;
  }
  return previous;
}

/** The Chinese left on a page once the market's own names and texts are taken out, each with its line. */
function untranslated(text: string): string[] {
  let rest = text;
  const known = [...marketData, ...LANGUAGE_NAMES].filter((value) => rest.includes(value)).sort((a, b) => b.length - a.length);
  for (const value of known) rest = rest.split(value).join(' ');
  const found = new Set<string>();
  for (const line of rest.split('\n')) if (CJK.test(line)) found.add(`${line.match(CJK_RUN)?.join(' ')}  ←  ${line.trim().slice(0, 120)}`);
  return [...found];
}

async function openMenu(page: Page): Promise<void> {
  const header = page.locator('[data-testid="global-header"]').filter({ visible: true }).first();
  await header.waitFor();
  if (!(await header.getByTestId('language-switch').isVisible())) await header.locator('.dj-header__menu-button').click();
}

describe('English (issue 17)', () => {
  let server: RunningServer;
  let browser: Browser;
  let investor: SeededUser;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({}, { prepareDatabase: async (db) => void (investor = await prepare(db)) }),
      launchBrowser(),
    ]);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    // The operator's legal name and address (brand configuration) are names too: agreements state them as registered.
    const brand = (await (await fetch(`${server.url}/djapi/platform/brand`)).json().catch(() => null)) as {
      data?: { company?: string; address?: string };
    } | null;
    for (const value of [brand?.data?.company, brand?.data?.address]) if (value && CJK.test(value)) marketData.add(value);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('speaks English on the first visit of a browser set to English, and <html lang> says so', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${server.url}/index`);
      await page.getByText(enHome['home.ranked.title']).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
      assert.equal(await page.getByText(zhHome['home.ranked.title']).count(), 0);
      // Followed, not chosen: nothing is stored, so the browser's language keeps being followed.
      assert.equal(await page.evaluate(() => localStorage.getItem('dj-locale')), null);
      // An explicit lang in the link still wins over the browser.
      await page.goto(`${server.url}/index?lang=zh-CN`);
      await page.getByText(zhHome['home.ranked.title']).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('switches to English in the header menu, and the choice survives a reload and reaches the server', async () => {
    const { context, page } = await openPhone(browser);
    try {
      const errors = collectPageErrors(page);
      await page.goto(`${server.url}/index`);
      await page.getByText(zhHome['home.ranked.title']).first().waitFor();
      await openMenu(page);
      await page.getByTestId('language-en-US').filter({ visible: true }).first().click();
      await page.getByText(enHome['home.ranked.title']).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
      await page.reload();
      await page.getByText(enHome['home.ranked.title']).first().waitFor();
      assert.equal(await page.getByText(zhHome['home.ranked.title']).count(), 0);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
      // The menu shows the English choice as the current one.
      await openMenu(page);
      assert.equal(await page.getByTestId('language-en-US').filter({ visible: true }).first().getAttribute('aria-pressed'), 'true');
      assert.ok(await page.getByText(enShell['shell.header.closeMenu']).first().isVisible());
      // The server answers this reader in English too (its messages read the lang cookie).
      const answer = (await (await page.request.get(`${server.url}/djapi/fund/NOPE00`)).json()) as { message: string };
      assert.doesNotMatch(answer.message, CJK, answer.message);
      // And back to Chinese.
      await page.getByTestId('language-zh-CN').filter({ visible: true }).first().click();
      await page.getByText(zhHome['home.ranked.title']).first().waitFor();
      await page.reload();
      await page.getByText(zhHome['home.ranked.title']).first().waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  describe('every page in English shows no Chinese but market names and texts', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    before(async () => {
      ({ context, page } = await openPhone(browser));
      errors = collectPageErrors(page);
      await page.goto(`${server.url}/index`);
      await openMenu(page);
      await page.getByTestId('language-en-US').filter({ visible: true }).first().click();
      await page.getByText(enHome['home.ranked.title']).first().waitFor();
    });
    after(() => context?.close());

    for (const target of PAGES) {
      it(`${target.name} (${target.url})`, async () => {
        const host = new URL(server.url).hostname;
        if (target.loggedIn === true) await context.addCookies([{ name: 'xq_a_token', value: investor.token, domain: host, path: '/' }]);
        if (target.loggedIn === false) await context.clearCookies({ name: 'xq_a_token' });
        await page.goto(`${server.url}${target.url}`);
        const text = await settled(page);
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `english-${target.name}.png`), fullPage: true });
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
        assert.deepEqual(untranslated(text), [], `${target.url} shows Chinese in English`);
        assert.deepEqual(errors, []);
      });
    }
  });
});
