import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, json, type TestApp } from './helpers';

interface Envelope<T = Record<string, unknown>> {
  result_code: number;
  data: T;
  message: string;
  error_description: string;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function assertDecimal(value: unknown, what: string): void {
  assert.equal(typeof value, 'string', `${what} is a decimal string, got ${JSON.stringify(value)}`);
  assert.match(value as string, DECIMAL, what);
}

describe('fund read endpoints', () => {
  let t: TestApp;
  const get = async <T = Record<string, unknown>>(url: string, expectStatus = 200) => {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, expectStatus, `${url}: ${res.body.slice(0, 300)}`);
    const body = json<Envelope<T>>(res);
    if (expectStatus === 200) assert.equal(body.result_code, 0);
    return body;
  };

  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  it('GET /djapi/fund/{code}: summary with fund_derived as decimal strings', async () => {
    const { data } = await get<Record<string, unknown> & { fund_derived: Record<string, unknown> }>(`/djapi/fund/${FUND_SAMPLES.stock}`);
    assert.equal(data.fd_code, FUND_SAMPLES.stock);
    assert.equal(data.type, 1);
    assert.equal(data.type_desc, '股票型');
    assert.equal(data.sale_status, 'on_sale');
    assert.equal(data.can_buy, true);
    assert.match(String(data.keeper_name), /基金$/);
    for (const k of ['unit_nav', 'unit_acc_nav', 'nav_grtd', 'nav_grl1w', 'nav_grl1m', 'nav_grl1y', 'nav_grbase'])
      assertDecimal(data.fund_derived[k], k);
    assert.match(String(data.fund_derived.srank_l1y), /^\d+\/\d+$/);
    assert.equal(data.fund_derived.end_date, '2025-03-03');
  });

  it('shows each sample fund in its state', async () => {
    const state = async (code: string) =>
      (
        await get<{
          sale_status: string;
          can_buy: boolean;
          can_sell: boolean;
          status_reason: string;
          daily_purchase_limit: string | null;
          lock_days: number;
        }>(`/djapi/fund/${code}`)
      ).data;
    assert.deepEqual(await state(FUND_SAMPLES.notOnSale).then((d) => [d.sale_status, d.can_buy]), ['not_on_sale', false]);
    assert.deepEqual(await state(FUND_SAMPLES.building).then((d) => [d.sale_status, d.can_buy]), ['building', true]);
    assert.deepEqual(await state(FUND_SAMPLES.tradingSuspended).then((d) => [d.sale_status, d.can_buy, d.can_sell]), [
      'trading_suspended',
      false,
      false,
    ]);
    assert.deepEqual(await state(FUND_SAMPLES.purchaseSuspended).then((d) => [d.sale_status, d.can_buy, d.can_sell]), [
      'purchase_suspended',
      false,
      true,
    ]);
    assert.deepEqual(await state(FUND_SAMPLES.closed).then((d) => [d.sale_status, d.can_buy]), ['closed', false]);
    assert.deepEqual(await state(FUND_SAMPLES.delisted).then((d) => [d.sale_status, d.can_buy]), ['delisted', false]);
    assert.equal((await state(FUND_SAMPLES.purchaseLimited)).daily_purchase_limit, '1000.00');
    assert.equal((await state(FUND_SAMPLES.lockPeriod)).lock_days, 365);
    assert.ok((await state(FUND_SAMPLES.closed)).status_reason.length > 0);
    const building = await get<{ fund_derived: { unit_nav: string; end_date: string | null } }>(`/djapi/fund/${FUND_SAMPLES.building}`);
    assert.deepEqual([building.data.fund_derived.unit_nav, building.data.fund_derived.end_date], ['1.0000', null]);
  });

  it('refuses a malformed code with a 400 envelope and an unknown one with 404', async () => {
    for (const url of ['/djapi/fund/12345', '/djapi/fund/abcdef', '/djapi/fund/detail/0090051', '/djapi/fund/nav/history/x']) {
      const body = await get(url, 400);
      assert.equal(body.result_code, 400001);
      assert.match(body.error_description, /code/);
    }
    const missing = await get('/djapi/fund/999999', 404);
    assert.equal(missing.result_code, 404001);
    assert.match(missing.error_description, /999999/);
    assert.equal((await get('/djapi/fund/order/v2/trade_date?fd_code=999999', 404)).result_code, 404001);
    assert.equal((await get('/djapi/fund/order/v2/trade_date?fd_code=1', 400)).result_code, 400001);
    const english = await t.app.inject({ method: 'GET', url: '/djapi/fund/999999', headers: { 'accept-language': 'en-US' } });
    assert.equal(json<Envelope>(english).error_description, 'No fund with code 999999');
  });

  it('GET /djapi/fund/detail/{code}: position, fee tables with discount, managers with achievements', async () => {
    const { data } = await get<{
      fund_position: { stock_percent: number; stock_list: { name: string; percent: number }[]; chart_list: unknown[] };
      fund_rates: {
        declare_rate_table: { name: string; value: string; unit: string }[];
        withdraw_rate_table: { name: string; value: string }[];
        other_rate_table: { name: string; value: string }[];
        declare_discount: string;
      };
      manager_list: { name: string; achievement_list: { fund_code: string; cp_rate: number | null }[] }[];
    }>(`/djapi/fund/detail/${FUND_SAMPLES.stock}`);
    // Percentages of the position are JSON numbers, as in the real Danjuan answer.
    assert.equal(typeof data.fund_position.stock_percent, 'number');
    assert.equal(data.fund_position.stock_list.length, 10);
    const percents = data.fund_position.stock_list.map((s) => Number(s.percent));
    assert.deepEqual(
      percents,
      [...percents].sort((a, b) => b - a),
      'top-10 sorted by weight',
    );
    assert.equal(data.fund_position.chart_list.length, 4);
    assert.deepEqual(
      data.fund_rates.declare_rate_table.map((r) => [r.name, r.value, r.unit]),
      [
        ['买入金额<100万', '1.5000', '%'],
        ['100万<=买入金额<500万', '1.0000', '%'],
        ['500万<=买入金额', '1000.00', '元'],
      ],
    );
    assert.deepEqual(data.fund_rates.withdraw_rate_table[0], {
      ...data.fund_rates.withdraw_rate_table[0],
      name: '持有期限<7天',
      value: '1.5000',
    });
    assertDecimal(data.fund_rates.declare_discount, 'discount');
    assert.deepEqual(
      data.fund_rates.other_rate_table.map((r) => r.name),
      ['基金管理费', '基金托管费'],
    );
    assert.ok(data.manager_list.length >= 1);
    const own = data.manager_list[0]?.achievement_list.find((a) => a.fund_code === FUND_SAMPLES.stock);
    assert.ok(own, 'the manager’s achievements include this fund');
    assert.equal(typeof own.cp_rate, 'number', 'cp_rate is a number, as in the real Danjuan answer');
  });

  it('GET /djapi/fund/nav/history/{code}: newest first, paged', async () => {
    const p1 = await get<{
      items: { date: string; nav: string; percentage: string | null; value: string }[];
      total_items: number;
      total_pages: number;
      current_page: number;
      size: number;
    }>(`/djapi/fund/nav/history/${FUND_SAMPLES.stock}?page=1&size=5`);
    const p2 = await get<{ items: { date: string }[] }>(`/djapi/fund/nav/history/${FUND_SAMPLES.stock}?page=2&size=5`);
    assert.equal(p1.data.items.length, 5);
    assert.equal(p1.data.items[0]?.date, '2025-03-03');
    const dates = [...p1.data.items, ...p2.data.items].map((i) => i.date);
    assert.deepEqual(dates, [...dates].sort().reverse(), 'descending across pages');
    assert.equal(new Set(dates).size, 10, 'pages do not overlap');
    assert.equal(p1.data.total_pages, Math.ceil(p1.data.total_items / 5));
    for (const item of p1.data.items) {
      assertDecimal(item.nav, 'nav');
      assertDecimal(item.value, 'acc nav');
      assertDecimal(item.percentage, 'percentage');
    }
    const money = await get<{ items: { nav: string; income_per_10k: string; yield_7d: string }[] }>(
      `/djapi/fund/nav/history/${FUND_SAMPLES.moneyMarket}?page=1&size=3`,
    );
    assert.equal(money.data.items[0]?.nav, '1.0000');
    assertDecimal(money.data.items[0]?.income_per_10k, 'income_per_10k');
    assertDecimal(money.data.items[0]?.yield_7d, 'yield_7d');
    assert.equal((await get(`/djapi/fund/nav/history/${FUND_SAMPLES.stock}?page=0&size=5`, 400)).result_code, 400001);
    assert.equal((await get(`/djapi/fund/nav/history/${FUND_SAMPLES.stock}?page=1&size=100000`, 400)).result_code, 400001);
  });

  it('GET /djapi/fund/growth/{code}: the fund line starts at 0 and carries a benchmark line', async () => {
    const { data } = await get<{
      fund_nav_growth: { date: string; nav: string; gr_nav: string; value: string; than_value: string | null }[];
      growth_lines: unknown[];
    }>(`/djapi/fund/growth/${FUND_SAMPLES.stock}?day=3m`);
    const points = data.fund_nav_growth;
    assert.ok(points.length > 40 && points.length < 80, `3 months of trading days, got ${points.length}`);
    assert.equal(points[0]?.gr_nav, '0.0000');
    assert.ok(points[0]?.date && points[0].date <= '2024-12-03');
    const last = points[points.length - 1];
    assertDecimal(last?.than_value, 'benchmark');
    // The growth of the fund equals its NAV ratio (no dividend in this window).
    const ratio = Number(last?.nav) / Number(points[0]?.nav) - 1;
    assert.ok(Math.abs(ratio - Number(last?.value)) < 1e-4, `${ratio} vs ${last?.value}`);
    assert.equal(data.growth_lines.length, 2);
    assert.equal((await get(`/djapi/fund/growth/${FUND_SAMPLES.stock}?day=7d`, 400)).result_code, 400001);
  });

  it('GET /djapi/fund/derived/{code} and achievement', async () => {
    const { data } = await get<Record<string, string | null>>(`/djapi/fund/derived/${FUND_SAMPLES.bond}`);
    for (const k of ['nav_grl1w', 'nav_grl1m', 'nav_grl3m', 'nav_grl6m', 'nav_grl1y', 'nav_grbase']) assertDecimal(data[k], k);
    assert.equal(data.nav_grl5y, null, 'the small market has two years of history');
    const ach = await get<{
      annual_performance_list: { period_time: string; self_nav: string }[];
      stage_performance_list: { period_time: string; self_nav: string; self_nav_rank: string | null }[];
    }>(`/djapi/fundx/base/fund/achievement/${FUND_SAMPLES.bond}`);
    assert.equal(ach.data.annual_performance_list[0]?.period_time, '2025');
    const oneYear = ach.data.stage_performance_list.find((s) => s.period_time === '近1年');
    assert.ok(oneYear);
    assert.ok(Math.abs(Number(oneYear.self_nav) - Number(data.nav_grl1y)) < 1e-3, 'stage return agrees with derived');
  });

  it('GET /djapi/fund/order/v2/trade_date: T, confirmation and visibility from the clock', async () => {
    // The test clock is Tuesday 2025-03-04 10:00 Shanghai: before the cut-off.
    const stock = await get<Record<string, string | boolean>>(`/djapi/fund/order/v2/trade_date?fd_code=${FUND_SAMPLES.stock}`);
    assert.equal(stock.data.trade_date, '2025-03-04');
    assert.equal(stock.data.buy_confirm_date, '2025-03-05');
    assert.equal(stock.data.buy_query_date, '2025-03-06');
    const qdii = await get<Record<string, string>>(`/djapi/fund/order/v2/trade_date?fd_code=${FUND_SAMPLES.qdiiHk}`);
    assert.equal(qdii.data.buy_confirm_date, '2025-03-06', 'QDII confirms on T+2');
    t.clock.set('2025-03-07T07:00:00.000Z'); // Friday 15:00 Shanghai
    const friday = await get<Record<string, string>>(`/djapi/fund/order/v2/trade_date?fd_code=${FUND_SAMPLES.stock}`);
    assert.equal(friday.data.trade_date, '2025-03-10');
    t.clock.set('2025-03-04T02:00:00.000Z');
    const suspended = await get<Record<string, string | boolean>>(
      `/djapi/fund/order/v2/trade_date?fd_code=${FUND_SAMPLES.tradingSuspended}`,
    );
    assert.equal(suspended.data.if_can_buy, false);
  });

  it('GET /djapi/v2/search: code prefix, name and pinyin initials', async () => {
    type Items = { items: { id: string; stype: string; scode: string; sname: string }[] };
    const byCode = await get<Items>('/djapi/v2/search?key=0090&source=index');
    assert.equal(byCode.data.items.length, 15, 'the 15 samples 009001…009015');
    for (const i of byCode.data.items) {
      assert.ok(i.scode.startsWith('0090'));
      assert.equal(i.stype, 'funding');
      assert.equal(i.id, i.scode);
    }
    const exact = await get<Items>(`/djapi/v2/search?key=${FUND_SAMPLES.stock}&source=index`);
    assert.equal(exact.data.items[0]?.sname, '芷汀价值精选股票A');
    const byName = await get<Items>(`/djapi/v2/search?key=${encodeURIComponent('价值精选')}&source=index`);
    assert.ok(byName.data.items.some((i) => i.scode === FUND_SAMPLES.stock));
    for (const i of byName.data.items) assert.ok(i.sname.includes('价值精选'));
    const byInitials = await get<Items>('/djapi/v2/search?key=ZTJZJX&source=index');
    assert.ok(
      byInitials.data.items.some((i) => i.scode === FUND_SAMPLES.stock),
      'initials of 芷汀价值精选',
    );
    const none = await get<Items>('/djapi/v2/search?key=zzzzqqq&source=index');
    assert.deepEqual(none.data.items, []);
    const empty = await get<Items>('/djapi/v2/search?key=&source=index');
    assert.deepEqual(empty.data.items, []);
  });

  it('GET /djapi/v2/search: paged, with the count of every match', async () => {
    type Paged = { items: { scode: string }[]; current_page: number; size: number; total_items: number; total_pages: number };
    const first = await get<Paged>('/djapi/v2/search?key=00&source=index');
    assert.equal(first.data.items.length, 20, 'the first 20 by default');
    assert.equal(first.data.current_page, 1);
    assert.equal(first.data.size, 20);
    assert.ok(first.data.total_items > 20, `more than one page of codes starting 00 (${first.data.total_items})`);
    assert.equal(first.data.total_pages, Math.ceil(first.data.total_items / 20));
    const second = await get<Paged>('/djapi/v2/search?key=00&source=index&page=2');
    assert.equal(second.data.current_page, 2);
    const codes = [...first.data.items, ...second.data.items].map((i) => i.scode);
    assert.equal(new Set(codes).size, codes.length, 'page 2 repeats nothing of page 1');
    assert.deepEqual(codes, [...codes].sort(), 'code matches in code order across pages');
    const last = await get<Paged>(`/djapi/v2/search?key=00&source=index&page=${first.data.total_pages}`);
    assert.equal(last.data.items.length, first.data.total_items - 20 * (first.data.total_pages - 1));
    const samples = await get<Paged>('/djapi/v2/search?key=0090&source=index&size=10&page=2');
    assert.deepEqual([samples.data.items.length, samples.data.total_items, samples.data.total_pages], [5, 15, 2]);
    await get('/djapi/v2/search?key=00&size=500', 400);
  });

  it('GET /djapi/v3/filter/fund: money-market funds ranked by their 7-day yield (order_by=7d)', async () => {
    type Item = { fd_code: string; yield: string | null; sf_type: string; yield_7d?: string | null; income_per_10k?: string | null };
    const page = await get<{ items: Item[]; order_by: string; total_items: number }>('/djapi/v3/filter/fund?type=4&order_by=7d&size=50');
    assert.equal(page.data.order_by, '7d');
    assert.ok(page.data.items.length > 1, 'money-market funds listed');
    const yields = page.data.items.map((i) => i.yield_7d);
    for (const i of page.data.items) {
      assert.equal(i.sf_type, '4');
      assert.equal(i.yield, i.yield_7d, 'the ranked figure is the 7-day yield');
      assert.ok(i.income_per_10k !== undefined, 'per-10k income sent too');
    }
    const known = yields.filter((y): y is string => y != null).map(Number);
    assert.ok(known.length > 1);
    for (let k = 1; k < known.length; k++) assert.ok((known[k - 1] as number) >= (known[k] as number), `descending: ${known.join(', ')}`);
    // Other types carry no money-market fields.
    const stocks = await get<{ items: Item[] }>('/djapi/v3/filter/fund?type=1&order_by=1y&size=5');
    for (const i of stocks.data.items) assert.equal(i.yield_7d, undefined);
  });

  it('GET /djapi/v3/filter/fund: filtered by type, actually sorted, paged', async () => {
    type Page = { items: { fd_code: string; yield: string | null; sf_type: string }[]; total_items: number; total_pages: number };
    const page1 = await get<Page>('/djapi/v3/filter/fund?type=3&order_by=6m&page=1&size=5');
    const page2 = await get<Page>('/djapi/v3/filter/fund?type=3&order_by=6m&page=2&size=5');
    const all = [...page1.data.items, ...page2.data.items];
    assert.ok(all.length > 5);
    for (const item of all) assert.equal(item.sf_type, '3');
    const yields = all.filter((i) => i.yield !== null).map((i) => Number(i.yield));
    assert.deepEqual(
      yields,
      [...yields].sort((a, b) => b - a),
      'best first, across pages',
    );
    assert.equal(page1.data.total_pages, Math.ceil(page1.data.total_items / 5));
    const money = await get<Page>('/djapi/v3/filter/fund?type=4&order_by=1m&page=1&size=50');
    assert.ok(money.data.items.some((i) => i.fd_code === FUND_SAMPLES.xjb));
    assert.ok(!money.data.items.some((i) => i.fd_code === FUND_SAMPLES.closed));
    assert.equal((await get('/djapi/v3/filter/fund?type=9&order_by=1m&page=1&size=5', 400)).result_code, 400001);
    assert.equal((await get('/djapi/v3/filter/fund?type=1&order_by=2w&page=1&size=5', 400)).result_code, 400001);
  });

  it('asset percent and manager list by fund_code', async () => {
    const asset = await get<{ fund_code: string; stock_list: unknown[]; enddate: string }>(
      `/djapi/fundx/base/fund/record/asset/percent?fund_code=${FUND_SAMPLES.stock}`,
    );
    assert.equal(asset.data.stock_list.length, 10);
    assert.match(asset.data.enddate, /^\d{4}-(03-31|06-30|09-30|12-31)$/);
    const managers = await get<{ items: { name: string; post_status: number; cp_rate: number | null; cp_term: string }[] }>(
      `/djapi/fundx/base/fund/record/manager/list?fund_code=${FUND_SAMPLES.stock}&post_status=1`,
    );
    assert.ok(managers.data.items.length >= 1);
    for (const m of managers.data.items) assert.equal(m.post_status, 1);
    assert.match(managers.data.items[0]?.cp_term ?? '', /天$/);
    assert.equal((await get('/djapi/fundx/base/fund/record/manager/list?fund_code=999999', 404)).result_code, 404001);
  });
});

// issue 22 §4: the fund pages serve the market as stored — stock quotes, industries, bond rows, the subscription period
// and the community counts are generated with the market (generate.ts, seed-data.ts), never made up at read time: change
// the stored rows and the pages say what they now hold.
describe('fund pages serve the stored market', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  it('quotes, industries, bond rows, subscription period and community counts are the stored ones', async () => {
    const k = t.db.kysely;
    const code = FUND_SAMPLES.stock;
    const report = await sql<{
      d: string;
    }>`SELECT max(report_date)::text AS d FROM fund_asset_allocation WHERE fund_code = ${code}`.execute(k);
    const reportDate = report.rows[0]?.d as string;
    const first = await k
      .selectFrom('fund_holding')
      .select(['stock_code'])
      .where('fund_code', '=', code)
      .where('report_date', '=', reportDate)
      .where('rank', '=', 1)
      .executeTakeFirstOrThrow();
    // Every stored quote of that stock, every day: the page shows this one whatever the quote day.
    await sql`UPDATE stock_quote SET price = 123.45, change_percent = -6.78 WHERE stock_code = ${first.stock_code}`.execute(k);
    await sql`UPDATE fund_holding SET industry = '测试行业' WHERE fund_code = ${code} AND report_date = ${reportDate}::date AND rank = 1`.execute(
      k,
    );
    await sql`DELETE FROM fund_bond_holding WHERE fund_code = ${code}`.execute(k);
    await sql`INSERT INTO fund_bond_holding VALUES (${code}, ${reportDate}::date, 1, '019999', '测试国债', 1.23)`.execute(k);
    await sql`UPDATE fund SET ipo_start = '2015-01-05', ipo_end = '2015-01-30', follower_count = 4321, status_count = 98 WHERE code = ${code}`.execute(
      k,
    );
    t.app.marketCache.invalidate();

    const asset = json<Envelope<{ stock_list: Array<Record<string, unknown>>; bond_list: Array<Record<string, unknown>> }>>(
      await t.app.inject({ method: 'GET', url: `/djapi/fundx/base/fund/record/asset/percent?fund_code=${code}` }),
    ).data;
    const stock = asset.stock_list.find((s) => s.code === first.stock_code) as Record<string, unknown>;
    assert.equal(stock.current_price, 123.45);
    assert.equal(stock.change_percentage, -6.78);
    assert.equal(stock.industry_label, '测试行业');
    assert.deepEqual(
      asset.bond_list.map((b) => [b.code, b.name, b.percent]),
      [['019999', '测试国债', 1.23]],
    );
    const summary = json<Envelope<Record<string, unknown>>>(await t.app.inject({ method: 'GET', url: `/djapi/fund/${code}` })).data;
    assert.equal(summary.ipo_start_date, Date.parse('2015-01-05T00:00:00+08:00'));
    assert.equal(summary.ipo_end_date, Date.parse('2015-01-30T00:00:00+08:00'));
    assert.equal(summary.follower_count, 4321);
    assert.equal(summary.status_count, 98);
  });
});
