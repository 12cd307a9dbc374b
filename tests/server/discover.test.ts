import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Big from 'big.js';
import { sql } from 'kysely';
import { monthlyBuyDates, simulateAutoInvest } from '../../server/src/domain/auto-invest-simulation';
import { trackingErrorPercent } from '../../server/src/domain/tracking-error';
import { createTestApp, json, type TestApp } from './helpers';

interface Envelope<T> {
  result_code: number;
  data: T;
  error_description: string;
}

interface AutoInvestPage {
  period: string;
  start_date: string;
  end_date: string;
  months: number;
  first_buy_date: string | null;
  monthly_amount: string;
  items: {
    fd_code: string;
    sf_type: string;
    auto_invest_return: string;
    invested_amount: string;
    final_value: string;
    final_shares: string;
    lump_sum_return: string | null;
  }[];
  total_items: number;
  total_pages: number;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

describe('auto-invest simulation (pure)', () => {
  it('matches a hand-worked three-month plan', () => {
    // 1,000.00 at NAV 1.0000 → 1000.00 shares; at 1.2500 → 800.00; at 0.8000 → 1250.00: 3050.00 shares.
    // Valued at 1.1000: 3355.00 CNY for 3000.00 invested: +355 / 3000 = 11.8333…% → 11.8333.
    const result = simulateAutoInvest(
      [
        { date: '2024-01-02', nav: '1.0000' },
        { date: '2024-02-01', nav: '1.2500' },
        { date: '2024-03-01', nav: '0.8000' },
      ],
      [],
      '1.1000',
    );
    assert.deepEqual(result, { buys: 3, investedFen: 300_000, valueFen: 335_500, shares: '3050.00', returnPercent: '11.8333' });
  });

  it('rounds shares half-up to 0.01 and reinvests dividends at the ex-date NAV', () => {
    // 1000 / 1.2345 = 810.044… → 810.04 shares. Dividend 0.1 per share on 2024-01-15 at NAV 1.1000:
    // 810.04 × 0.1 / 1.1 = 73.6400 → 73.64 → 883.68. Buy on 2024-02-01 at 0.9876: 1012.555… → 1012.56 → 1896.24.
    // A dividend on the buy day (0.05 at 0.9876) is paid on the shares held before that buy:
    // 883.68 × 0.05 / 0.9876 = 44.7388… → 44.74, so 883.68 + 44.74 + 1012.56 = 1940.98.
    const plan = [
      { date: '2024-01-02', nav: '1.2345' },
      { date: '2024-02-01', nav: '0.9876' },
    ];
    const withoutSameDay = simulateAutoInvest(plan, [{ date: '2024-01-15', perShare: '0.1', nav: '1.1000' }], '1.0000');
    assert.equal(withoutSameDay?.shares, '1896.24');
    // 1896.24 × 1.0000 = 1896.24 for 2000 invested: −103.76 / 2000 = −5.188 %.
    assert.equal(withoutSameDay?.valueFen, 189_624);
    assert.equal(withoutSameDay?.returnPercent, '-5.1880');
    const sameDay = simulateAutoInvest(
      plan,
      [
        { date: '2024-01-15', perShare: '0.1', nav: '1.1000' },
        { date: '2024-02-01', perShare: '0.05', nav: '0.9876' },
      ],
      '1.0000',
    );
    assert.equal(sameDay?.shares, '1940.98');
    // A dividend before the first buy pays nothing (no shares yet).
    assert.equal(simulateAutoInvest(plan, [{ date: '2023-12-01', perShare: '1', nav: '1' }], '1.0000')?.shares, '1822.60');
    assert.equal(simulateAutoInvest([], [], '1.0000'), null);
  });

  it('buys on the first trading day of each month after the start', () => {
    // 2024-06-01 is a Saturday and 2024-09-01 a Sunday; 2024-10-01…07 is the National Day holiday.
    assert.deepEqual(monthlyBuyDates('2024-05-15', '2024-10-31'), ['2024-06-03', '2024-07-01', '2024-08-01', '2024-09-02', '2024-10-08']);
    // The start day itself is not a buy day (the period starts after it).
    assert.deepEqual(monthlyBuyDates('2024-07-01', '2024-08-01'), ['2024-08-01']);
  });

  it('tracking error: annualised sample deviation of daily return differences', () => {
    // Fund returns alternate +0.1 % / −0.1 % (11 up, 10 down) with the index flat: 21 differences of ±0.001,
    // mean m = 0.001 / 21; Σ(d − m)² = 21e-6 − 21m² = 20.952381e-6; ÷ 20 → sd = 1.0235326e-3;
    // × √250 (15.811388) × 100 = 1.61834 %.
    const index = Array.from({ length: 22 }, (_, i) => ({ date: `2024-01-${String(i + 1).padStart(2, '0')}`, close: 100 }));
    let nav = 1;
    const fund = index.map((p, i) => {
      if (i > 0) nav *= i % 2 === 1 ? 1.001 : 0.999;
      return { date: p.date, nav, accNav: nav };
    });
    const te = trackingErrorPercent(fund, index);
    assert.equal(te?.days, 21);
    assert.equal(te?.value, '1.6183');
    assert.equal(trackingErrorPercent(fund.slice(0, 10), index), null, 'fewer than 20 days');
  });
});

describe('discover endpoints', () => {
  let t: TestApp;
  const get = async <T>(url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 300)}`);
    return json<Envelope<T>>(res);
  };

  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  it('GET /djapi/fund/rank/auto-invest: 12 monthly buys over 1y, best first, values equal a plan worked from the NAV table', async () => {
    const { data } = await get<AutoInvestPage>('/djapi/fund/rank/auto-invest?period=1y&page=1&size=200');
    assert.equal(data.end_date, '2025-03-03');
    assert.equal(data.start_date, '2024-03-03');
    assert.equal(data.months, 12);
    assert.equal(data.first_buy_date, '2024-04-01');
    assert.equal(data.monthly_amount, '1000.00');
    assert.ok(data.items.length >= 10, `got ${data.items.length}`);
    const returns = data.items.map((i) => new Big(i.auto_invest_return));
    for (let i = 1; i < returns.length; i += 1) assert.ok((returns[i - 1] as Big).gte(returns[i] as Big), 'best first');
    assert.ok(!data.items.some((i) => i.sf_type === '4'), 'no money-market funds');
    for (const item of data.items) {
      assert.match(item.auto_invest_return, DECIMAL);
      assert.equal(item.invested_amount, '12000.00');
    }
    // Work two funds (the best and the worst) by hand from the NAV table: the first NAV of each month from April
    // (March 2024's first trading day is before the period starts), dividends reinvested on their day.
    for (const item of [data.items[0], data.items[data.items.length - 1]]) {
      const code = (item as AutoInvestPage['items'][number]).fd_code;
      const rows = (
        await sql<{
          date: string;
          nav: string;
        }>`SELECT date::text AS date, nav FROM fund_nav WHERE fund_code = ${code} AND date >= '2024-04-01' ORDER BY date`.execute(
          t.db.kysely,
        )
      ).rows;
      const divs = (
        await sql<{
          date: string;
          per_share: string;
        }>`SELECT date::text AS date, per_share FROM fund_dividend WHERE fund_code = ${code} AND date > '2024-03-03' ORDER BY date`.execute(
          t.db.kysely,
        )
      ).rows;
      let shares = new Big(0);
      let month = '';
      let buys = 0;
      for (const row of rows) {
        const div = divs.find((d) => d.date === row.date);
        if (div && shares.gt(0)) shares = shares.plus(shares.times(div.per_share).div(row.nav).round(2, Big.roundHalfUp));
        if (row.date.slice(0, 7) !== month) {
          month = row.date.slice(0, 7);
          shares = shares.plus(new Big(1000).div(row.nav).round(2, Big.roundHalfUp));
          buys += 1;
        }
      }
      const last = rows[rows.length - 1] as { nav: string };
      const value = shares.times(last.nav).round(2, Big.roundHalfUp);
      assert.equal(buys, 12, code);
      assert.equal(item?.final_shares, shares.toFixed(2), code);
      assert.equal(item?.final_value, value.toFixed(2), code);
      assert.equal(item?.auto_invest_return, value.minus(12000).div(12000).times(100).round(4, Big.roundHalfUp).toFixed(4), code);
    }
  });

  it('auto-invest ranking by type, paged; money market and bad periods refused', async () => {
    const stock = await get<AutoInvestPage>('/djapi/fund/rank/auto-invest?period=1y&type=1&page=1&size=3');
    assert.ok(stock.data.items.length > 0);
    for (const item of stock.data.items) assert.equal(item.sf_type, '1');
    const page2 = await get<AutoInvestPage>('/djapi/fund/rank/auto-invest?period=1y&type=1&page=2&size=3');
    assert.equal(page2.data.total_items, stock.data.total_items);
    if (page2.data.items.length > 0) {
      assert.ok(new Big((stock.data.items[2] ?? stock.data.items[0])!.auto_invest_return).gte(page2.data.items[0]!.auto_invest_return));
    }
    // The small market is under two years old: nothing covers 5 years.
    const five = await get<AutoInvestPage>('/djapi/fund/rank/auto-invest?period=5y&page=1&size=20');
    assert.equal(five.data.months, 60);
    assert.deepEqual(five.data.items, []);
    assert.equal((await get('/djapi/fund/rank/auto-invest?period=1y&type=4&page=1&size=5', 400)).result_code, 400001);
    assert.equal((await get('/djapi/fund/rank/auto-invest?period=4y&page=1&size=5', 400)).result_code, 400001);
    assert.equal((await get('/djapi/fund/rank/auto-invest?period=1y&page=0&size=5', 400)).result_code, 400001);
  });

  it('GET /djapi/index-mass/categories: indices with trackers, grouped, broad first', async () => {
    const { data } = await get<{
      categories: { key: string; indices: { index_code: string; fund_count: number; pe_percentile: string | null }[] }[];
    }>('/djapi/index-mass/categories');
    assert.equal(data.categories[0]?.key, 'broad');
    const all = data.categories.flatMap((c) => c.indices);
    assert.ok(all.length > 0);
    // Pension Y classes track indices too, but only the pension zone lists them (PRODUCT §10.13).
    const counts = (
      await sql<{
        code: string;
        n: string;
      }>`SELECT tracked_index_code AS code, count(*)::text AS n FROM fund WHERE tracked_index_code IS NOT NULL AND sale_status NOT IN ('closed', 'delisted') AND share_class IS DISTINCT FROM 'Y' GROUP BY 1`.execute(
        t.db.kysely,
      )
    ).rows;
    assert.equal(all.length, counts.length);
    for (const row of counts) assert.equal(all.find((i) => i.index_code === row.code)?.fund_count, Number(row.n), row.code);
  });

  it('GET /djapi/index-mass/{code}/funds: fees, size and a tracking error close to the generated noise', async () => {
    const { data: cats } = await get<{ categories: { indices: { index_code: string }[] }[] }>('/djapi/index-mass/categories');
    const code = (cats.categories[0]?.indices[0] as { index_code: string }).index_code;
    const { data } = await get<{
      index_code: string;
      funds: {
        fd_code: string;
        tracking_error: string | null;
        annual_fee: string;
        manage_fee: string;
        custody_fee: string;
        sales_service_fee: string;
        total_asset: string;
      }[];
    }>(`/djapi/index-mass/${code.toLowerCase()}/funds`);
    assert.equal(data.index_code, code);
    assert.ok(data.funds.length > 0);
    const errors = data.funds.filter((f) => f.tracking_error !== null).map((f) => Number(f.tracking_error));
    assert.deepEqual(
      errors,
      [...errors].sort((a, b) => a - b),
      'best tracking first',
    );
    for (const f of data.funds) {
      assert.equal(f.annual_fee, new Big(f.manage_fee).plus(f.custody_fee).plus(f.sales_service_fee).toFixed(2));
      assert.match(f.total_asset, DECIMAL);
      if (f.tracking_error === null) continue;
      // The market generates index funds with idiosyncratic noise of this annualised size: the measured error is near it.
      const { data: summary } = await get<{ tracking_error: string }>(`/djapi/fund/${f.fd_code}`);
      const ratio = Number(f.tracking_error) / Number(summary.tracking_error);
      assert.ok(ratio > 0.6 && ratio < 1.6, `${f.fd_code}: measured ${f.tracking_error} vs model ${summary.tracking_error}`);
    }
    const missing = await get('/djapi/index-mass/XX999999/funds', 404);
    assert.equal(missing.result_code, 404001);
    assert.equal((await get('/djapi/index-mass/%20bad!/funds', 400)).result_code, 400001);
  });

  it("GET /djapi/v3/filter/fund: size and founding-age screens keep the sort and say each item's size and founding date", async () => {
    type Page = {
      items: { fd_code: string; yield: string | null; total_asset: string; found_date: string }[];
      total_items: number;
      total_pages: number;
    };
    const everything = await get<Page>('/djapi/v3/filter/fund?order_by=base&page=1&size=200');
    for (const item of everything.data.items) {
      assert.match(item.total_asset, DECIMAL);
      assert.match(item.found_date, /^\d{4}-\d{2}-\d{2}$/);
    }
    const big = await get<Page>('/djapi/v3/filter/fund?order_by=base&page=1&size=200&size_min=50');
    const expectedBig = everything.data.items.filter((i) => Number(i.total_asset) >= 50e8).map((i) => i.fd_code);
    assert.deepEqual(
      big.data.items.map((i) => i.fd_code),
      expectedBig,
      'same order, only ≥ 50亿',
    );
    assert.equal(big.data.total_items, expectedBig.length);
    const old = await get<Page>('/djapi/v3/filter/fund?order_by=base&page=1&size=200&found_years_min=1&size_max=20');
    assert.ok(old.data.items.length > 0);
    for (const item of old.data.items) {
      assert.ok(item.found_date <= '2024-03-04', item.found_date);
      assert.ok(Number(item.total_asset) <= 20e8);
    }
    const young = await get<Page>('/djapi/v3/filter/fund?order_by=1m&page=1&size=2&found_years_max=1');
    assert.equal(young.data.total_pages, Math.ceil(young.data.total_items / 2));
    for (const item of young.data.items) assert.ok(item.found_date > '2024-03-04', item.found_date);
    assert.equal((await get('/djapi/v3/filter/fund?order_by=1m&page=1&size=5&size_min=-1', 400)).result_code, 400001);
  });
});
