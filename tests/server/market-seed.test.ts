import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import type { Database } from '../../server/src/db/database';
import { isTradingDay } from '../../server/src/domain/calendar';
import { FUND_SAMPLES, PURCHASE_LIMITED_DAILY_CAP_FEN } from '../../server/src/market/samples';
import { seedMarket } from '../../server/src/market/seed';
import { startMarketSource } from '../../server/src/market/seed-source';
import { createTestDatabase } from './helpers';

const AS_OF = '2025-03-04';

/** md5 over the ordered contents of a few tables: equal hashes ⇔ identical data. */
async function marketHash(db: Database): Promise<string> {
  const r = await sql<{ h: string }>`SELECT md5(
      (SELECT string_agg(fund_code || date::text || nav::text || acc_nav::text, ',' ORDER BY fund_code, date) FROM fund_nav)
    || (SELECT string_agg(code || name || type::text || sale_status || found_date::text, ',' ORDER BY code) FROM fund)
    || (SELECT string_agg(index_code || date::text || close::text || coalesce(pe::text, ''), ',' ORDER BY index_code, date) FROM index_daily)
    || (SELECT string_agg(fund_code || report_date::text || rank::text || stock_name, ',' ORDER BY fund_code, report_date, rank) FROM fund_holding)
    ) AS h`.execute(db.kysely);
  return (r.rows[0] as { h: string }).h;
}

describe('market seed', () => {
  let db: Database;
  let drop: () => Promise<void>;

  before(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  after(async () => drop());

  it('is deterministic: the same seed gives identical data, another seed different data', async () => {
    const first = await seedMarket(db, { seed: 7, small: true, asOf: AS_OF });
    const h1 = await marketHash(db);
    await seedMarket(db, { seed: 7, small: true, asOf: AS_OF });
    assert.equal(await marketHash(db), h1, 'same seed, same market');
    await seedMarket(db, { seed: 8, small: true, asOf: AS_OF });
    assert.notEqual(await marketHash(db), h1, 'another seed, another market');
    assert.ok(first.funds >= 60, `small market has ~60 funds, got ${first.funds}`);
  });

  it('loads the same market when generated in a worker thread (npm start) as inline, keys rebuilt, phases reported', async () => {
    const inline = await seedMarket(db, { seed: 7, small: true, asOf: AS_OF });
    const h1 = await marketHash(db);
    const threaded = await seedMarket(db, {
      seed: 7,
      small: true,
      asOf: AS_OF,
      source: startMarketSource({ seed: 7, small: true, asOf: AS_OF, worker: true }),
    });
    assert.equal(threaded.thread, 'worker', 'generated in the worker, not the inline fallback');
    assert.equal(inline.thread, 'inline');
    assert.equal(await marketHash(db), h1, 'same bytes loaded');
    assert.deepEqual([threaded.funds, threaded.navRows, threaded.indexRows], [inline.funds, inline.navRows, inline.indexRows]);
    assert.ok(
      threaded.navRows > 10_000 && threaded.indexRows > 10_000,
      `counts reported: ${threaded.navRows} NAV, ${threaded.indexRows} index rows`,
    );
    for (const phase of ['generate', 'copy', 'wait', 'index', 'analyze'] as const) {
      assert.ok(Number.isInteger(threaded.phases[phase]) && threaded.phases[phase] >= 0, `${phase}: ${threaded.phases[phase]}`);
    }
    // The primary keys dropped for the load are back (a duplicate NAV row is refused).
    const keys = await sql<{
      name: string;
    }>`SELECT conname AS name FROM pg_constraint WHERE contype = 'p' AND connamespace = current_schema()::regnamespace AND conname IN ('fund_nav_pkey', 'fund_holding_pkey', 'index_daily_pkey') ORDER BY conname`.execute(
      db.kysely,
    );
    assert.deepEqual(
      keys.rows.map((r) => r.name),
      ['fund_holding_pkey', 'fund_nav_pkey', 'index_daily_pkey'],
    );
    await assert.rejects(sql`INSERT INTO fund_nav SELECT * FROM fund_nav LIMIT 1`.execute(db.kysely), /duplicate key/);
  });

  it('leaves the previous market in place when a seed fails part-way (one transaction)', async () => {
    await seedMarket(db, { seed: 7, small: true, asOf: AS_OF });
    const before = await marketHash(db);
    const failing = startMarketSource({ seed: 8, small: true, asOf: AS_OF });
    let handed = 0;
    const broken = {
      ...failing,
      options: failing.options,
      next: async () => {
        handed += 1;
        if (handed > 8) throw new Error('generator broke');
        return failing.next();
      },
      loaded: (chunk: Parameters<typeof failing.loaded>[0]) => failing.loaded(chunk),
      report: () => failing.report(),
      cancel: () => failing.cancel(),
    };
    await assert.rejects(seedMarket(db, { seed: 8, small: true, asOf: AS_OF, source: broken }), /generator broke/);
    assert.equal(await marketHash(db), before, 'the old market is intact');
  });

  it('creates every fund-type sample in its state (and the app lists the same codes)', async () => {
    await seedMarket(db, { seed: 1, small: true, asOf: AS_OF });
    assert.deepEqual({ ...FUND_SAMPLE_CODES }, { ...FUND_SAMPLES }, 'src/lib/fund-samples.ts and server/src/market/samples.ts agree');
    const funds = await db.kysely.selectFrom('fund').selectAll().where('code', 'in', Object.values(FUND_SAMPLES)).execute();
    const byCode = new Map(funds.map((f) => [f.code, f]));
    const state = (code: string) => byCode.get(code)?.sale_status;
    assert.equal(funds.length, Object.keys(FUND_SAMPLES).length);
    assert.equal(state(FUND_SAMPLES.notOnSale), 'not_on_sale');
    assert.equal(state(FUND_SAMPLES.building), 'building');
    assert.equal(state(FUND_SAMPLES.hybridConversion), 'conversion');
    assert.equal(state(FUND_SAMPLES.tradingSuspended), 'trading_suspended');
    assert.equal(state(FUND_SAMPLES.purchaseSuspended), 'purchase_suspended');
    assert.equal(state(FUND_SAMPLES.closed), 'closed');
    assert.equal(state(FUND_SAMPLES.delisted), 'delisted');
    for (const key of ['moneyMarket', 'bond', 'stock', 'fof', 'qdiiHk', 'lockPeriod', 'purchaseLimited', 'xjb'] as const) {
      assert.equal(state(FUND_SAMPLES[key]), 'on_sale', key);
    }
    assert.deepEqual(
      [
        FUND_SAMPLES.moneyMarket,
        FUND_SAMPLES.bond,
        FUND_SAMPLES.stock,
        FUND_SAMPLES.fof,
        FUND_SAMPLES.hybridConversion,
        FUND_SAMPLES.qdiiHk,
        FUND_SAMPLES.xjb,
      ].map((c) => byCode.get(c)?.type),
      [4, 2, 1, 6, 3, 11, 4],
    );
    assert.equal(byCode.get(FUND_SAMPLES.lockPeriod)?.lock_days, 365);
    assert.equal(byCode.get(FUND_SAMPLES.purchaseLimited)?.daily_purchase_limit_fen, PURCHASE_LIMITED_DAILY_CAP_FEN);
    const building = byCode.get(FUND_SAMPLES.building);
    assert.ok(
      building?.subscribe_start && building.subscribe_end && building.subscribe_start <= AS_OF && AS_OF <= building.subscribe_end,
      'subscription window open',
    );
    assert.ok(building.found_date > AS_OF, 'founded after the subscription');
    const navCount = async (code: string) =>
      Number(
        (
          await db.kysely
            .selectFrom('fund_nav')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('fund_code', '=', code)
            .executeTakeFirstOrThrow()
        ).n,
      );
    assert.equal(await navCount(FUND_SAMPLES.building), 0, 'no NAV before founding');
    const lastNav = async (code: string) =>
      (
        await db.kysely
          .selectFrom('fund_nav')
          .select(sql<string>`max(date)::text`.as('d'))
          .where('fund_code', '=', code)
          .executeTakeFirstOrThrow()
      ).d;
    assert.ok((await lastNav(FUND_SAMPLES.closed)) < '2025-01-01', 'a closed fund stops publishing NAVs');
    assert.equal(await lastNav(FUND_SAMPLES.stock), '2025-03-03', 'NAVs run through the trading day before as-of');
  });

  it('publishes NAVs on trading days only; money-market funds stay at 1.0000 and pay income', async () => {
    const days = await db.kysely
      .selectFrom('fund_nav')
      .select(sql<string>`date::text`.as('d'))
      .distinct()
      .execute();
    assert.ok(days.length > 400);
    for (const { d } of days) assert.ok(isTradingDay(d), `${d} is a trading day`);
    const money = await db.kysely.selectFrom('fund_nav').selectAll().where('fund_code', '=', FUND_SAMPLES.xjb).execute();
    assert.ok(money.length > 100);
    for (const row of money) {
      assert.equal(row.nav, '1.0000');
      assert.ok(Number(row.income_per_10k) > 0 && Number(row.income_per_10k) < 10, `per-10k income ${row.income_per_10k}`);
      assert.ok(Number(row.yield_7d) > 0 && Number(row.yield_7d) < 5, `7-day yield ${row.yield_7d}`);
    }
  });

  it('gives every listed fund a fee table, a manager and (equity funds) top-10 holdings', async () => {
    const noFees = await sql<{
      code: string;
    }>`SELECT code FROM fund f WHERE NOT EXISTS (SELECT 1 FROM fund_fee x WHERE x.fund_code = f.code AND x.kind = 'declare')`.execute(
      db.kysely,
    );
    assert.deepEqual(noFees.rows, []);
    const noManager = await sql<{
      code: string;
    }>`SELECT code FROM fund f WHERE NOT EXISTS (SELECT 1 FROM fund_manager_post p WHERE p.fund_code = f.code AND p.resi_date IS NULL)`.execute(
      db.kysely,
    );
    assert.deepEqual(noManager.rows, []);
    const holdings = await db.kysely.selectFrom('fund_holding').selectAll().where('fund_code', '=', FUND_SAMPLES.stock).execute();
    assert.ok(holdings.length >= 10);
    const stock = await db.kysely
      .selectFrom('fund_fee')
      .selectAll()
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .orderBy('kind')
      .orderBy('seq')
      .execute();
    const declare = stock.filter((f) => f.kind === 'declare');
    assert.deepEqual(
      declare.map((f) => [f.lower_bound, f.upper_bound, f.rate, f.fixed_fee_fen]),
      [
        [0, 100_000_000, '1.5000', null],
        [100_000_000, 500_000_000, '1.0000', null],
        [500_000_000, null, null, 100_000],
      ],
    );
    const withdraw = stock.filter((f) => f.kind === 'withdraw');
    assert.deepEqual(withdraw[0] && [withdraw[0].lower_bound, withdraw[0].upper_bound, withdraw[0].rate], [0, 7, '1.5000']);
  });
});
