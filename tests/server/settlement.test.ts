// The daily settlement's special cases, each with its figures: a subscription confirmed at 1.00 on the founding
// date, a purchase over the registrar's large-purchase limit partly confirmed with the excess refunded, dividends
// paid in cash or reinvested, a lock period, and a QDII fund confirmed T+2. The ledger holds after each. And the
// settlement's lock: it holds each investor's lock as their requests do, and leaves an investor it cannot lock to a
// later run (PostgreSQL: PGlite has one connection, so nothing else can hold a lock while the settlement runs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { nextTradingDay } from '../../server/src/domain/calendar';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkLedger } from '../../server/src/ledger/check';
import { shanghaiDate } from '../../server/src/domain/clock';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers';
import { advance, buy, createInvestor, get, post, sell } from './trading-support';
import Big from 'big.js';
import { divideHalfUp, sharesFor } from './exact';

interface Detail {
  status: string;
  action: string;
  amount: string;
  confirm_amount: string | null;
  confirm_volume: string | null;
  confirm_nav: string | null;
  fee: string | null;
  refund_amount: string | null;
  confirm_date: string;
  trade_date: string;
}

describe('settlement', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00
  });
  after(async () => t.close());

  const detail = async (user: Parameters<typeof get>[1], id: string) => (await get<Detail>(t, user, `/djapi/fund/order/${id}`)).body.data;
  const orderIdOf = (res: { body: { data: unknown; message: string; result_code: number } }) => {
    assert.equal(res.body.result_code, 0, res.body.message);
    return (res.body.data as { order_id: string }).order_id;
  };

  it('a subscription in the building period is confirmed at 1.00 on the founding date, and the fund then opens', async () => {
    const investor = await createInvestor(t);
    const fund = await t.db.kysely
      .selectFrom('fund')
      .select([sql<string>`found_date::text`.as('found')])
      .where('code', '=', FUND_SAMPLES.building)
      .executeTakeFirstOrThrow();
    const placed = await buy(t, investor, FUND_SAMPLES.building, '1000.00');
    const id = orderIdOf(placed);
    const answer = placed.body.data as { action: string; confirm_date: string; fee: string };
    assert.equal(answer.action, '020');
    assert.equal(answer.confirm_date, fund.found);
    // Subscription fee 1.2 % (the fund's table) at the fund's discount, net-amount method; shares at 1.00.
    const days = Math.round((Date.parse(fund.found) - Date.parse('2025-03-04')) / 86_400_000);
    await advance(t, days);
    const confirmed = await detail(investor, id);
    assert.equal(confirmed.status, 'confirmed');
    assert.equal(confirmed.confirm_nav, '1.0000');
    assert.equal(confirmed.fee, answer.fee);
    assert.equal(confirmed.confirm_volume, new Big(1000).minus(answer.fee).toFixed(2), 'net ÷ 1.00');
    const status = await t.db.kysely
      .selectFrom('fund')
      .select('sale_status')
      .where('code', '=', FUND_SAMPLES.building)
      .executeTakeFirstOrThrow();
    assert.equal(status.sale_status, 'on_sale');
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('over the registrar’s large-purchase limit the excess is refunded at confirmation', async () => {
    const investor = await createInvestor(t);
    await t.db.kysely.updateTable('fund').set({ large_purchase_limit_fen: 50_000 }).where('code', '=', FUND_SAMPLES.bond).execute();
    const first = orderIdOf(await buy(t, investor, FUND_SAMPLES.bond, '300.00'));
    const second = orderIdOf(await buy(t, investor, FUND_SAMPLES.bond, '400.00'));
    const placed = await detail(investor, second);
    await advance(t, 7);
    const a = await detail(investor, first);
    const b = await detail(investor, second);
    assert.deepEqual([a.status, a.confirm_amount, a.refund_amount], ['confirmed', '300.00', null]);
    assert.deepEqual([b.status, b.confirm_amount, b.refund_amount], ['confirmed', '200.00', '200.00']);
    assert.ok(Number(b.fee) <= Number(placed.fee), 'the fee is on the confirmed part only');
    const refund = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['amount', 'credit_account'])
      .where('user_id', '=', investor.userId)
      .where('kind', '=', 'purchase_refund')
      .execute();
    assert.deepEqual(
      refund.map((r) => [Number(r.amount), r.credit_account]),
      [[20_000, 'bank']],
    );
    await t.db.kysely.updateTable('fund').set({ large_purchase_limit_fen: null }).where('code', '=', FUND_SAMPLES.bond).execute();
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('dividends: holders on the record date get per-share × shares in cash, or reinvested at the ex-date NAV', async () => {
    const cash = await createInvestor(t);
    const reinvest = await createInvestor(t);
    orderIdOf(await buy(t, cash, FUND_SAMPLES.stock, '1000.00'));
    orderIdOf(await buy(t, reinvest, FUND_SAMPLES.stock, '2000.00'));
    await advance(t, 3);
    assert.equal(
      (await post(t, reinvest, '/djapi/holding/dividend-method', { fd_code: FUND_SAMPLES.stock, method: 'reinvest' })).body.result_code,
      0,
    );
    const clock = (await get<{ now: string }>(t, null, '/__dev/clock')).body.data.now.slice(0, 10);
    // An ex-dividend date: the next trading day, 0.0500 per share.
    const exDate = nextTradingDay(clock);
    await t.db.kysely.insertInto('fund_dividend').values({ fund_code: FUND_SAMPLES.stock, date: exDate, per_share: '0.0500' }).execute();
    const volumeOf = async (userId: number) =>
      Number(
        (
          await sql<{
            v: string;
          }>`SELECT sum(volume)::text AS v FROM lots WHERE user_id = ${userId} AND fund_code = ${FUND_SAMPLES.stock}`.execute(t.db.kysely)
        ).rows[0]!.v,
      );
    const cashShares = await volumeOf(cash.userId);
    const reinvestShares = await volumeOf(reinvest.userId);
    await advance(t, 5);
    const dividendOrders = await t.db.kysely
      .selectFrom('orders')
      .select(['user_id', 'amount_fen', 'confirm_volume', 'confirm_nav'])
      .where('action', '=', '143')
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .execute();
    const paid = (userId: number) => dividendOrders.find((o) => Number(o.user_id) === userId);
    assert.equal(Number(paid(cash.userId)?.amount_fen), Math.round((cashShares * 5) / 100), 'cash = shares × 0.05, to the fen');
    assert.equal(paid(cash.userId)?.confirm_volume, null);
    const reinvested = paid(reinvest.userId);
    assert.equal(BigInt(String(reinvested?.amount_fen)), divideHalfUp(BigInt(reinvestShares) * 5n, 100n));
    const exNav = await t.db.kysely
      .selectFrom('fund_nav')
      .select('nav')
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .where('date', '=', exDate)
      .executeTakeFirstOrThrow();
    assert.equal(reinvested?.confirm_nav, exNav.nav);
    assert.equal(BigInt(String(reinvested?.confirm_volume)), sharesFor(BigInt(String(reinvested?.amount_fen)), exNav.nav), 'no fee');
    assert.equal(await volumeOf(reinvest.userId), reinvestShares + Number(reinvested?.confirm_volume), 'a new lot');
    const card = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('user_id', '=', cash.userId)
      .where('kind', '=', 'dividend_cash')
      .execute();
    assert.deepEqual(
      card.map((c) => Number(c.amount)),
      [Number(paid(cash.userId)?.amount_fen)],
    );
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it(
    'an investor whose request holds their lock is left to the next run; the others are confirmed',
    { skip: testDatabaseKind() !== 'postgres' },
    async () => {
      const busy = await createInvestor(t);
      const free = await createInvestor(t);
      const busyOrder = orderIdOf(await buy(t, busy, FUND_SAMPLES.bond, '300.00'));
      const freeOrder = orderIdOf(await buy(t, free, FUND_SAMPLES.bond, '300.00'));
      const placed = await detail(busy, busyOrder);
      const today = shanghaiDate(t.clock.now());
      const days = Math.round((Date.parse(placed.confirm_date) - Date.parse(today)) / 86_400_000);
      // A request of `busy` in flight: its transaction holds the investor's row lock (trading.ts lockUser) while the day
      // of the confirmation comes and its settlement runs.
      await t.db.kysely.connection().execute(async (conn) => {
        await sql`BEGIN`.execute(conn);
        try {
          await sql`SELECT id FROM users WHERE id = ${busy.userId} FOR UPDATE`.execute(conn);
          await advance(t, days);
          assert.equal((await detail(free, freeOrder)).status, 'confirmed');
          assert.equal((await detail(busy, busyOrder)).status, 'paid', 'not touched while its investor is locked');
        } finally {
          await sql`ROLLBACK`.execute(conn);
        }
      });
      assert.deepEqual(await checkLedger(t.db.kysely), [], 'sound with the order left paid');
      await advance(t, 1);
      const confirmed = await detail(busy, busyOrder);
      assert.deepEqual(
        [confirmed.status, confirmed.confirm_amount, confirmed.confirm_nav],
        ['confirmed', '300.00', (await detail(free, freeOrder)).confirm_nav],
        'confirmed by the next run, at the NAV of its own trade date',
      );
      assert.deepEqual(await checkLedger(t.db.kysely), []);
    },
  );

  it('lots of a lock-period fund cannot be sold before the lock ends; QDII purchases confirm T+2', async () => {
    const investor = await createInvestor(t);
    orderIdOf(await buy(t, investor, FUND_SAMPLES.lockPeriod, '500.00'));
    const qdii = orderIdOf(await buy(t, investor, FUND_SAMPLES.qdiiHk, '500.00'));
    const q = await detail(investor, qdii);
    const tradeDay = Date.parse(q.trade_date);
    assert.ok(Date.parse(q.confirm_date) - tradeDay >= 2 * 86_400_000, `QDII confirmed T+2: ${q.trade_date} → ${q.confirm_date}`);
    await advance(t, 5);
    const holding = await get<{
      volume: string;
      usable_volume: string;
      locked_volume: string;
      lots: Array<{ locked_until: string | null }>;
    }>(t, investor, `/djapi/holding/fund/${FUND_SAMPLES.lockPeriod}`);
    assert.equal(holding.body.data.usable_volume, '0.00');
    assert.equal(holding.body.data.locked_volume, holding.body.data.volume);
    assert.ok(holding.body.data.lots[0]?.locked_until, 'the lot shows when its lock ends');
    const refused = await sell(t, investor, FUND_SAMPLES.lockPeriod, '1.00');
    assert.equal(refused.body.result_code, 410012);
    assert.equal((await detail(investor, qdii)).status, 'confirmed');
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });
});
