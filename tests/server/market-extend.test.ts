import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { computeDerived, DERIVED_COLUMNS, derivedRow } from '../../server/src/market/derived';
import { extendMarket } from '../../server/src/market/extend';
import { loadNavHistories, loadNavPoints } from '../../server/src/market/fund-views';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, json, type TestApp } from './helpers';
import Big from 'big.js';

describe('extending the generated market day by day', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // NAVs through 2025-03-03
  });
  after(async () => t.close());

  const lastNav = async (code: string) =>
    (
      await t.db.kysely
        .selectFrom('fund_nav')
        .select(sql<string | null>`max(date)::text`.as('d'))
        .where('fund_code', '=', code)
        .executeTakeFirstOrThrow()
    ).d;

  it('adds NAVs for the new trading days of live funds only, and is idempotent', async () => {
    const report = await extendMarket(t.db, '2025-03-09'); // Sunday: through Friday 03-07
    assert.equal(report.days, 4, '03-04 … 03-07');
    assert.ok(report.navRows > 40);
    assert.equal(await lastNav(FUND_SAMPLES.stock), '2025-03-07');
    assert.equal(await lastNav(FUND_SAMPLES.xjb), '2025-03-07');
    assert.ok(((await lastNav(FUND_SAMPLES.closed)) ?? '') < '2025-01-01', 'a closed fund publishes no NAV');
    assert.equal(await lastNav(FUND_SAMPLES.building), null, 'not founded yet');
    const index = await t.db.kysely
      .selectFrom('index_daily')
      .select(sql<string>`max(date)::text`.as('d'))
      .where('index_code', '=', 'SH000300')
      .executeTakeFirstOrThrow();
    assert.equal(index.d, '2025-03-07');
    const valued = await t.db.kysely
      .selectFrom('index_daily')
      .select(['pe', 'pb', 'roe'])
      .where('index_code', '=', 'SH000300')
      .where('date', '>', '2025-03-03')
      .execute();
    assert.equal(valued.length, 4);
    for (const row of valued) {
      assert.ok(Number(row.pe) >= 9 && Number(row.pe) <= 17, `沪深300 PE ${row.pe} in its band`);
      assert.ok(Math.abs(Number(row.pb) - Number(row.roe) * Number(row.pe)) < 0.001, 'PB = ROE × PE');
    }
    const again = await extendMarket(t.db, '2025-03-09');
    assert.deepEqual(again, { days: 0, navRows: 0 });
  });

  it('continues the series: daily change, money income and derived returns follow', async () => {
    const rows = await t.db.kysely
      .selectFrom('fund_nav')
      .select([sql<string>`date::text`.as('date'), 'nav', 'daily_change'])
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .where('date', '>=', '2025-03-03')
      .orderBy('date')
      .execute();
    assert.equal(rows.length, 5);
    for (let i = 1; i < rows.length; i += 1) {
      const expected = new Big(rows[i]!.nav)
        .div(rows[i - 1]!.nav)
        .minus(1)
        .times(100)
        .round(4, Big.roundHalfUp)
        .toFixed(4);
      assert.equal(rows[i]?.daily_change, expected, `change on ${rows[i]?.date}`);
    }
    const monday = await t.db.kysely
      .selectFrom('fund_nav')
      .select(['income_per_10k'])
      .where('fund_code', '=', FUND_SAMPLES.xjb)
      .where('date', '=', '2025-03-04')
      .executeTakeFirstOrThrow();
    assert.ok(Number(monday.income_per_10k) > 0);
    t.clock.set('2025-03-10T02:00:00.000Z');
    const res = await t.app.inject({ method: 'GET', url: `/djapi/fund/derived/${FUND_SAMPLES.stock}` });
    assert.equal(json<{ data: { end_date: string; unit_nav: string } }>(res).data.end_date, '2025-03-07');
    assert.equal(json<{ data: { unit_nav: string } }>(res).data.unit_nav, rows.at(-1)?.nav);
  });

  it('the period returns it stores are those of each fund’s whole series, read in one text per fund (loadNavHistories)', async () => {
    const funds = await t.db.kysely.selectFrom('fund').select(['code', 'nav_model']).where('nav_model', 'is not', null).execute();
    const codes = funds.map((f) => f.code);
    const histories = await loadNavHistories(t.db, codes);
    for (const f of funds) {
      const points = await loadNavPoints(t.db, f.code);
      // Every field as the row-per-NAV read gives it: nulls where a column is NULL, the same numbers.
      assert.deepEqual(histories.get(f.code), points, `history of ${f.code}`);
      const stored = await t.db.kysely.selectFrom('fund_derived').selectAll().where('fund_code', '=', f.code).executeTakeFirst();
      const moneyMarket = (JSON.parse(f.nav_model as string) as { kind: string }).kind === 'money';
      const derived = computeDerived(points, moneyMarket);
      if (!derived || !stored) continue;
      // A numeric column has no negative zero: -0.0000 is stored as 0.0000.
      const asStored = (v: string | null) => (v !== null && /^-0\.0+$/.test(v) ? v.slice(1) : v);
      assert.deepEqual(
        derivedRow(f.code, derived).map(asStored),
        DERIVED_COLUMNS.map((c) => stored[c]),
        `derived of ${f.code}`,
      );
    }
  });

  it('an announced dividend (stored ahead of its day) is paid on its ex-date: the unit NAV drops by it, no second row', async () => {
    // Announced for Tuesday 2025-03-11, after the NAVs through Friday 03-07: 0.0321 a share.
    await t.db.kysely
      .insertInto('fund_dividend')
      .values({ fund_code: FUND_SAMPLES.stock, date: '2025-03-11', per_share: '0.0321' })
      .execute();
    await extendMarket(t.db, '2025-03-12');
    const rows = await t.db.kysely
      .selectFrom('fund_nav')
      .select([sql<string>`date::text`.as('date'), sql<string>`nav::text`.as('nav'), sql<string>`acc_nav::text`.as('acc')])
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .where('date', 'in', ['2025-03-10', '2025-03-11'])
      .orderBy('date')
      .execute();
    assert.equal(rows.length, 2);
    const [mon, tue] = rows as [(typeof rows)[number], (typeof rows)[number]];
    // The accumulated NAV keeps what the unit NAV paid out: Δacc − Δnav = the dividend, exactly.
    assert.equal(new Big(tue.acc).minus(mon.acc).minus(new Big(tue.nav).minus(mon.nav)).toFixed(4), '0.0321');
    const dividends = await t.db.kysely
      .selectFrom('fund_dividend')
      .select(sql<string>`per_share::text`.as('per_share'))
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .where('date', '=', '2025-03-11')
      .execute();
    assert.deepEqual(
      dividends.map((d) => d.per_share),
      ['0.0321'],
    );
  });
});

describe('the running app hears of a new trading day at once', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // NAVs through 2025-03-03, clock on 2025-03-04
  });
  after(async () => t.close());

  const endDate = async () =>
    json<{ data: { end_date: string } }>(await t.app.inject({ method: 'GET', url: `/djapi/fund/derived/${FUND_SAMPLES.stock}` })).data
      .end_date;

  it('onChanged (here: app.marketCache.invalidate) is called once when rows were written, never for nothing', async () => {
    assert.equal(await endDate(), '2025-03-03');
    let told = 0;
    const onChanged = () => {
      told += 1;
      t.app.marketCache.invalidate();
    };
    await extendMarket(t.db, '2025-03-04', { onChanged });
    assert.equal(told, 1);
    assert.equal(await endDate(), '2025-03-04', 'the next answer has the new NAV, same business date, no wait');
    await extendMarket(t.db, '2025-03-04', { onChanged });
    assert.equal(told, 1, 'nothing new, nothing told');
  });
});
