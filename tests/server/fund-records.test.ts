// The fund page's record answers (issue 17): dividends (GET /djapi/fund/dividend/{code}) against the market's own
// rows, and the money-market figures the growth answer carries per day.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, json, type TestApp } from './helpers';
import { fixed } from './exact';

interface Envelope<T> {
  result_code: number;
  data: T;
}

interface DividendPage {
  fd_code: string;
  items: { record_date: string; ex_date: string; per_share: string; plan_text: string }[];
  current_page: number;
  size: number;
  total_items: number;
  total_pages: number;
}

describe('fund records', () => {
  let t: TestApp;
  const get = async <T>(url: string, status = 200) => {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 200)}`);
    return json<Envelope<T>>(res);
  };

  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  it('dividends: every paid one of the market, newest first, paged; record date the trading day before', async () => {
    const today = (await sql<{ d: string }>`SELECT value AS d FROM market_meta WHERE key = 'as_of'`.execute(t.db.kysely)).rows[0]?.d;
    const top = (
      await sql<{ fund_code: string; n: string }>`
        SELECT fund_code, count(*)::text AS n FROM fund_dividend GROUP BY fund_code ORDER BY count(*) DESC, fund_code LIMIT 1`.execute(
        t.db.kysely,
      )
    ).rows[0];
    assert.ok(top, 'the market pays dividends');
    const rows = (
      await sql<{ date: string; per_share: string }>`
        SELECT date::text AS date, per_share::text AS per_share FROM fund_dividend WHERE fund_code = ${top.fund_code}
        ${today ? sql`AND date <= ${today}` : sql``} ORDER BY date DESC`.execute(t.db.kysely)
    ).rows;
    const size = Math.max(1, Math.ceil(rows.length / 2));
    const first = (await get<DividendPage>(`/djapi/fund/dividend/${top.fund_code}?page=1&size=${size}`)).data;
    assert.equal(first.total_items, rows.length);
    assert.equal(first.total_pages, Math.ceil(rows.length / size));
    const all = [...first.items];
    if (first.total_pages > 1)
      all.push(...(await get<DividendPage>(`/djapi/fund/dividend/${top.fund_code}?page=2&size=${size}`)).data.items);
    assert.deepEqual(
      all.map((d) => [d.ex_date, d.per_share]),
      rows.map((r) => [r.date, r.per_share]),
    );
    for (const d of all) {
      assert.ok(d.record_date < d.ex_date, `${d.record_date} before ${d.ex_date}`);
      assert.equal(d.plan_text, `每份派现金${d.per_share}元`);
    }
  });

  it('a fund without dividends answers an empty list; an unknown code 404001; a bad size 400001', async () => {
    const none = (
      await sql<{ code: string }>`
        SELECT code FROM fund WHERE code NOT IN (SELECT fund_code FROM fund_dividend) ORDER BY code LIMIT 1`.execute(t.db.kysely)
    ).rows[0];
    assert.ok(none);
    const page = (await get<DividendPage>(`/djapi/fund/dividend/${none.code}`)).data;
    assert.deepEqual([page.items, page.total_items, page.total_pages], [[], 0, 0]);
    assert.equal((await get<unknown>('/djapi/fund/dividend/999999', 404)).result_code, 404001);
    assert.equal((await get<unknown>(`/djapi/fund/dividend/${none.code}?size=0`, 400)).result_code, 400001);
  });

  it('the growth answer of a money-market fund carries each day’s 七日年化 and 万份收益; other funds do not', async () => {
    type Growth = { fund_nav_growth: { date: string; yield_7d?: string | null; income_per_10k?: string | null }[] };
    const money = (await get<Growth>(`/djapi/fund/growth/${FUND_SAMPLES.moneyMarket}?day=1m`)).data.fund_nav_growth;
    const navs = (
      await sql<{ date: string; yield_7d: string | null; income_per_10k: string | null }>`
        SELECT date::text AS date, yield_7d::text AS yield_7d, income_per_10k::text AS income_per_10k FROM fund_nav
        WHERE fund_code = ${FUND_SAMPLES.moneyMarket} AND date >= ${money[0]!.date} ORDER BY date`.execute(t.db.kysely)
    ).rows;
    assert.equal(money.length, navs.length);
    money.forEach((p, i) => {
      const row = navs[i]!;
      assert.equal(p.date, row.date);
      assert.equal(p.yield_7d, row.yield_7d == null ? null : fixed(row.yield_7d, 4));
      assert.equal(p.income_per_10k, row.income_per_10k == null ? null : fixed(row.income_per_10k, 4));
    });
    assert.ok(money.some((p) => p.yield_7d != null));
    const stock = (await get<Growth>(`/djapi/fund/growth/${FUND_SAMPLES.stock}?day=1m`)).data.fund_nav_growth;
    assert.ok(stock.every((p) => !('yield_7d' in p) && !('income_per_10k' in p)));
  });
});
