// The watchlist ("optional") in Chromium against the real server: add from the fund detail, see it on
// /n/optional, remove it — on this device when anonymous, on the account (Xueqiu-shaped calls) when logged in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import fundMessages from '../../src/locales/messages/fund';
import { collectPageErrors, launchBrowser, openPhone, seedLoggedInUser, startServer, type RunningServer, type SeededUser } from './harness';

const zh: Record<string, string> = fundMessages['zh-CN'];
const FUND_SAMPLES_FOR_LIST = {
  stock: FUND_SAMPLE_CODES.stock,
  bond: FUND_SAMPLE_CODES.bond,
  fof: FUND_SAMPLE_CODES.fof,
  moneyMarket: FUND_SAMPLE_CODES.moneyMarket,
};

type Quote = {
  fd_code: string;
  unit_nav: string | null;
  end_date: string | null;
  nav_grtd: string | null;
  nav_grl1y: string | null;
  yield_7d: string | null;
  income_per_10k: string | null;
};
/** '+1.23%' → 1.23; '--' → NaN. */
const percentOf = (text: string) => Number(text.replace(/[+%,\s]/g, ''));
/**
 * A percentage the API states as decimal text, to two decimals rounded half away from zero on the text — as the app's
 * formatPercent does — not through a binary float (Number('6.475').toFixed(2) is '6.47').
 */
const twoDecimals = (text: string | null | undefined): number => {
  if (text === null || text === undefined) return NaN;
  const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const thousandths = Number(`${whole}${`${fraction}000`.slice(0, 3)}`);
  const hundredths = Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0);
  return hundredths === 0 ? 0 : ((text.startsWith('-') ? -1 : 1) * hundredths) / 100;
};

describe('watchlist', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SeededUser;
  /** A second user whose list already holds a stock fund, a bond fund, a FOF and a money-market fund. */
  let watcher: SeededUser;
  const watched = [FUND_SAMPLES_FOR_LIST.stock, FUND_SAMPLES_FOR_LIST.bond, FUND_SAMPLES_FOR_LIST.fof, FUND_SAMPLES_FOR_LIST.moneyMarket];

  before(async () => {
    [server, browser] = await Promise.all([
      startServer(
        {},
        {
          prepareDatabase: async (db) => {
            user = await seedLoggedInUser(db);
            watcher = await seedLoggedInUser(db, '13812340000');
            const id = (await db.kysely.selectFrom('users').select('id').where('telephone', '=', '13812340000').executeTakeFirstOrThrow())
              .id;
            const funds = await db.kysely.selectFrom('fund').select(['code', 'name']).where('code', 'in', watched).execute();
            await db.kysely
              .insertInto('watchlist')
              .values(
                funds.map((f, i) => ({
                  user_id: id,
                  symbol: `F${f.code.trim()}`,
                  name: f.name,
                  created_at: new Date(Date.UTC(2025, 0, 1, 0, i)),
                })),
              )
              .execute();
          },
        },
      ),
      launchBrowser(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fundName(code: string): Promise<string> {
    const body = (await (await fetch(`${server.url}/djapi/fund/${code}`)).json()) as { data: { fd_name: string } };
    return body.data.fd_name;
  }

  it('anonymous: add from the detail, list on /n/optional, remove', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    const code = FUND_SAMPLE_CODES.fof;
    const name = await fundName(code);
    await page.goto(`${server.url}/funding/${code}`);
    const watch = page.getByTestId('watch-button');
    await watch.waitFor();
    assert.equal((await watch.innerText()).trim(), zh['fund.action.watch']);
    await watch.tap();
    await page.getByText(zh['fund.watch.added']!).waitFor();
    assert.equal((await watch.innerText()).trim(), zh['fund.action.unwatch']);

    await page.goto(`${server.url}/n/optional`);
    await page.getByText(zh['fund.optional.local']!).waitFor();
    const row = page.getByTestId('watchlist-row').filter({ hasText: name });
    await row.waitFor();
    // Its latest NAV and date, as the fund page has them.
    const quote = (await (await fetch(`${server.url}/djapi/fund/quotes?fd_codes=${code}`)).json()) as { data: { items: Quote[] } };
    const q = quote.data.items[0] as Quote;
    assert.equal(await row.getByTestId('watchlist-nav').textContent(), `${q.unit_nav}${q.end_date?.slice(5)}`);
    // Still there after a reload (kept on this device).
    await page.reload();
    await row.waitFor();
    await page.getByTestId('watchlist-edit').tap();
    await row.locator('.nut-button', { hasText: zh['fund.optional.remove']! }).tap();
    await page.getByText(zh['fund.optional.empty']!).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('logged in: the list lives on the account', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await context.addCookies([{ name: 'xq_a_token', value: user.token, url: server.url }]);
    const code = FUND_SAMPLE_CODES.stock;
    const name = await fundName(code);
    const list = async () => {
      const res = await fetch(`${server.url}/xqstock/v5/stock/portfolio/stock/watchlist.json?size=10000&pid=-17`, {
        headers: { cookie: `xq_a_token=${user.token}` },
      });
      return ((await res.json()) as { data: { items: { symbol: string }[] } }).data.items.map((i) => i.symbol);
    };
    await page.goto(`${server.url}/funding/${code}`);
    const watch = page.getByTestId('watch-button');
    await watch.waitFor();
    await watch.tap();
    await page.getByText(zh['fund.watch.added']!).waitFor();
    assert.deepEqual(await list(), [`F${code}`], 'saved on the server');

    await page.goto(`${server.url}/n/optional`);
    const row = page.getByTestId('watchlist-row').filter({ hasText: name });
    await row.waitFor();
    assert.equal(await page.getByText(zh['fund.optional.local']!).count(), 0);
    await page.getByTestId('watchlist-edit').tap();
    await row.locator('.nut-button', { hasText: zh['fund.optional.remove']! }).tap();
    await page.getByText(zh['fund.optional.empty']!).waitFor();
    assert.deepEqual(await list(), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("shows each fund's NAV, day's change and a chosen return, sorts by each (arrows as on the valuation table); money-market funds show 七日年化", async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await context.addCookies([{ name: 'xq_a_token', value: watcher.token, url: server.url }]);
    const answer = (await (await fetch(`${server.url}/djapi/fund/quotes?fd_codes=${watched.join(',')}`)).json()) as {
      data: { items: Quote[] };
    };
    const quotes = new Map(answer.data.items.map((q) => [q.fd_code, q]));
    await page.goto(`${server.url}/n/optional`);
    const rows = page.getByTestId('watchlist-row');
    await rows.first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="watchlist-nav"]')?.textContent?.startsWith('--'));
    const shown = async () =>
      rows.evaluateAll((els) =>
        els.map((el) => ({
          code: el.getAttribute('data-code') ?? '',
          nav: el.querySelector('[data-testid="watchlist-nav"]')?.textContent ?? '',
          change: el.querySelector('[data-testid="watchlist-change"]')?.textContent ?? '',
          ret: el.querySelector('[data-testid="watchlist-return"]')?.textContent ?? '',
        })),
      );
    const sortMarks = async () => ({
      nav: await page.getByTestId('watchlist-sort-nav').locator('.watchlist__arrow').textContent(),
      change: await page.getByTestId('watchlist-sort-change').locator('.watchlist__arrow').textContent(),
      return: await page.getByTestId('watchlist-sort-return').locator('.watchlist__arrow').textContent(),
    });
    const listed = await shown();
    assert.deepEqual(listed.map((r) => r.code).sort(), [...watched].sort());
    for (const r of listed) {
      const q = quotes.get(r.code) as Quote;
      if (r.code === FUND_SAMPLES_FOR_LIST.moneyMarket) {
        // A money-market fund has no day's change: "--" there, its 七日年化 labelled under its name (issue 17).
        assert.equal(r.change, '--', `money market: ${r.change}`);
        const yieldText = await rows
          .filter({ has: page.getByTestId('watchlist-yield7d') })
          .getByTestId('watchlist-yield7d')
          .innerText();
        assert.ok(yieldText.startsWith(zh['fund.optional.yield7d']!), yieldText);
        assert.equal(percentOf(yieldText.replace(zh['fund.optional.yield7d']!, '')), twoDecimals(q.yield_7d));
        assert.ok(r.nav.includes(zh['fund.optional.income10k']!), r.nav);
      } else {
        assert.equal(r.nav, `${q.unit_nav}${q.end_date?.slice(5)}`, r.code);
        assert.equal(percentOf(r.change), twoDecimals(q.nav_grtd), r.code);
      }
    }
    // Red up, green down: the colour follows the sign of the day's change.
    const colours = await page
      .locator('[data-testid="watchlist-change"] .percent-text')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', colour: getComputedStyle(el).color })));
    for (const c of colours) {
      if (c.text.startsWith('+')) assert.match(c.colour, /rgb\((2[0-9]{2}), ([0-9]{1,2}), ([0-9]{1,2})\)/, JSON.stringify(c));
      if (c.text.startsWith('-')) assert.match(c.colour, /rgb\(([0-9]{1,2}), (1[0-9]{2}), ([0-9]{1,2})\)/, JSON.stringify(c));
    }

    // 近1年 as the return column, sorted high to low, then low to high.
    await page.getByTestId('watchlist-periods').getByText(zh['fund.optional.period.1y']!, { exact: true }).tap();
    // Before any tap every sortable column shows ↕ (as on the valuation table); the tapped one ↓ in the accent colour.
    assert.deepEqual(await sortMarks(), { nav: '↕', change: '↕', return: '↕' });
    await page.getByTestId('watchlist-sort-return').tap();
    assert.equal(await page.getByTestId('watchlist-sort-return').textContent(), `${zh['fund.optional.period.1y']}↓`);
    assert.deepEqual(await sortMarks(), { nav: '↕', change: '↕', return: '↓' });
    assert.equal(await page.getByTestId('watchlist-sort-return').getAttribute('data-sort'), 'desc');
    assert.equal(
      await page.getByTestId('watchlist-sort-return').evaluate((el) => getComputedStyle(el).color),
      'rgb(192, 57, 31)',
      'the sorting column in the accent colour (darkened for 4.5:1 contrast, issue 26)',
    );
    assert.notEqual(await page.getByTestId('watchlist-sort-nav').evaluate((el) => getComputedStyle(el).color), 'rgb(192, 57, 31)');
    const desc = await shown();
    const expectedDesc = [...answer.data.items]
      .filter((q) => q.nav_grl1y !== null)
      .sort((a, b) => Number(b.nav_grl1y) - Number(a.nav_grl1y))
      .map((q) => q.fd_code);
    assert.deepEqual(desc.map((r) => r.code).slice(0, expectedDesc.length), expectedDesc, 'by the 1-year return, high to low');
    for (const r of desc.slice(0, expectedDesc.length)) assert.equal(percentOf(r.ret), twoDecimals(quotes.get(r.code)?.nav_grl1y), r.code);
    await page.getByTestId('watchlist-sort-return').tap();
    assert.deepEqual(await sortMarks(), { nav: '↕', change: '↕', return: '↑' });
    const asc = await shown();
    assert.deepEqual(asc.map((r) => r.code).slice(0, expectedDesc.length), [...expectedDesc].reverse(), 'low to high');
    // The day's change, high to low, then low to high: the money-market fund (no day's change) last both times.
    await page.getByTestId('watchlist-sort-change').tap();
    const changeOrder = await shown();
    const byChange = changeOrder.map((r) => percentOf(r.change)).filter((v) => !Number.isNaN(v));
    assert.equal(byChange.length, watched.length - 1, 'every fund but the money-market one has a day change');
    assert.deepEqual(
      byChange,
      [...byChange].sort((a, b) => b - a),
    );
    assert.equal(changeOrder.at(-1)?.code, FUND_SAMPLES_FOR_LIST.moneyMarket, 'the money-market fund sorts last');
    assert.deepEqual(await sortMarks(), { nav: '↕', change: '↓', return: '↕' });
    await page.getByTestId('watchlist-sort-change').tap();
    const changeAsc = await shown();
    assert.deepEqual(
      changeAsc.map((r) => percentOf(r.change)).filter((v) => !Number.isNaN(v)),
      [...byChange].reverse(),
    );
    assert.equal(changeAsc.at(-1)?.code, FUND_SAMPLES_FOR_LIST.moneyMarket, 'still last, low to high');
    await page.getByTestId('watchlist-sort-change').tap();

    // The latest NAV (money-market funds: income per 10k units, what the column shows), high to low, then low to high,
    // then back to the list's own order.
    const navOf = (code: string) =>
      Number(code === FUND_SAMPLES_FOR_LIST.moneyMarket ? quotes.get(code)?.income_per_10k : quotes.get(code)?.unit_nav);
    const byNav = [...watched].filter((c) => Number.isFinite(navOf(c))).sort((a, b) => navOf(b) - navOf(a));
    assert.ok(byNav.length >= 3, 'the demo funds have NAVs');
    await page.getByTestId('watchlist-sort-nav').tap();
    assert.deepEqual(await sortMarks(), { nav: '↓', change: '↕', return: '↕' });
    assert.equal(await page.getByTestId('watchlist-sort-nav').getAttribute('aria-label'), `按${zh['fund.optional.col.nav']}排序`);
    const navDesc = await shown();
    assert.deepEqual(navDesc.map((r) => r.code).slice(0, byNav.length), byNav, 'by NAV, high to low');
    for (const r of navDesc.slice(0, byNav.length)) {
      const figure = Number(r.nav.replace(zh['fund.optional.income10k']!, '').replace(/\d\d-\d\d$/, ''));
      assert.ok(Math.abs(figure - navOf(r.code)) < 0.0001, `${r.code}: the NAV shown is the one sorted by (${r.nav})`);
    }
    await page.getByTestId('watchlist-sort-nav').tap();
    assert.deepEqual((await shown()).map((r) => r.code).slice(0, byNav.length), [...byNav].reverse(), 'by NAV, low to high');
    assert.deepEqual(await sortMarks(), { nav: '↑', change: '↕', return: '↕' });
    await page.getByTestId('watchlist-sort-nav').tap();
    assert.deepEqual(await sortMarks(), { nav: '↕', change: '↕', return: '↕' });
    assert.deepEqual(
      (await shown()).map((r) => r.code),
      listed.map((r) => r.code),
      "a third tap: the list's own order again",
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('at 390 px: each name on one line (cut with …, the full name in its aria-label), every period chip clear of 编辑', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await context.addCookies([{ name: 'xq_a_token', value: watcher.token, url: server.url }]);
    await page.goto(`${server.url}/n/optional`);
    await page.getByTestId('watchlist-row').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.evaluate(() => window.innerWidth), 390);
    const names = await page.locator('[data-testid="watchlist-row"] .watchlist__fund-name').evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        return {
          text: el.textContent ?? '',
          label: el.getAttribute('aria-label'),
          lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)),
          cut: el.scrollWidth > el.clientWidth,
          ellipsis: style.textOverflow,
        };
      }),
    );
    assert.equal(names.length, watched.length);
    for (const n of names) {
      assert.equal(n.lines, 1, `${n.text} on one line`);
      assert.equal(n.label, n.text, 'the full name in its aria-label');
      assert.equal(n.ellipsis, 'ellipsis');
    }
    assert.ok(
      names.some((n) => n.cut),
      `a name too long for 390 px is cut: ${names.map((n) => n.text).join(' ')}`,
    );
    const edit = await page.getByTestId('watchlist-edit').boundingBox();
    assert.ok(edit);
    const chips = await page
      .getByTestId('watchlist-periods')
      .locator('.watchlist__period')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', ...el.getBoundingClientRect().toJSON() })));
    assert.equal(chips.length, 8);
    for (const c of chips) {
      const clear = c.right <= edit.x || c.left >= edit.x + edit.width || c.bottom <= edit.y || c.top >= edit.y + edit.height;
      assert.ok(clear, `${c.text} is not under 编辑 (${JSON.stringify(c)} vs ${JSON.stringify(edit)})`);
      assert.ok(c.left >= 0 && c.right <= 390, `${c.text} on screen`);
    }
    // Nothing scrolls sideways: every chip shows its whole label.
    assert.ok(await page.getByTestId('watchlist-periods').evaluate((el) => el.scrollWidth <= el.clientWidth));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
