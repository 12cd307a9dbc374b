// A seeded random simulation of many investors trading across a year of business days, on the real services,
// settlement and database. After every day (orders placed, then the daily jobs) the ledger's invariants must
// hold; at checkpoints and at the end every order's fee and shares, every holding's shares, value, cost and
// cumulative income are recomputed independently from the rules (BigInt arithmetic here, not the library's) and
// must equal the server's figures to the fen. Fund companies refuse too: on some days two funds' NAVs are withheld
// (published, then taken away before the settlement), so purchases of them priced that day fail and are refunded to
// the card they were paid from, and sales fail and give their shares back — checked order by order.
//   SIM_INVESTORS (default 1000), SIM_DAYS (calendar days, default 365; 120 on PostgreSQL), SIM_SEED (default: the
//   business date's day number, so it rotates; 7 without BUSINESS_DATE). It starts at BUSINESS_DATE (npm test sets it,
//   and the date sweep's awkward dates; printed), else on 2025-01-02 at 09:30.
import assert from 'node:assert/strict';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { addCalendarDays, isTradingDay, nextTradingDay } from '../../server/src/domain/calendar';
import { extendMarket } from '../../server/src/market/extend';
import { shanghaiDate, shanghaiInstant } from '../../server/src/domain/clock';
import { TradeRefusal } from '../../server/src/domain/trade-refusal';
import { figuresOf, loadPositions } from '../../server/src/services/holdings';
import { checkLedger } from '../../server/src/ledger/check';
import { cancelOrder, placeBuy, placeSell, setDividendMethod, type TradingDeps } from '../../server/src/services/trading';
import { businessStartForTests, createTestApp, rotatingSeed, type TestApp } from './helpers';

const INVESTORS = Number(process.env.SIM_INVESTORS ?? 1000);
// A year on the embedded database; on PostgreSQL (the suite's second run) four months keep CI's time in bounds.
const DAYS = Number(process.env.SIM_DAYS ?? (process.env.TEST_DATABASE_URL ? 120 : 365));
const SEED = rotatingSeed(process.env.SIM_SEED, 7);
const START = businessStartForTests('2025-01-02T01:30:00.000Z');
const PASSWORD = '246813';

/** mulberry32: small, seeded, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}

// ---- The independent computation (BigInt; the server uses safe-integer arithmetic) ----------------------

const big = (n: number | string) => BigInt(n);
function roundDiv(n: bigint, d: bigint, mode: string): bigint {
  const q = n / d;
  const r = n % d;
  return mode === 'half_up' && r * BigInt(2) >= d ? q + BigInt(1) : q;
}
const units4 = (decimal: string) => {
  const [i, f = ''] = decimal.split('.');
  return big(`${i}${f.padEnd(4, '0').slice(0, 4)}`);
};

interface Bracket {
  lower: number;
  upper: number | null;
  rate: string | null;
  fixed: number | null;
}

function bracket(table: Bracket[], value: number): Bracket | undefined {
  return table.find((b) => value >= b.lower && (b.upper === null || value < b.upper));
}

/** fee of a purchase: amount × r / (1 + r), r = rate% × discount, rate rounded half-up to a ppm. */
function refPurchaseFee(amountFen: number, table: Bracket[], discount: string, mode: string): bigint {
  const b = bracket(table, amountFen);
  if (b?.fixed != null) return big(Math.min(b.fixed, amountFen));
  if (!b?.rate) return BigInt(0);
  const ppm = roundDiv(units4(b.rate) * units4(discount), BigInt(10_000), 'half_up'); // rate%×10^4 = ppm
  if (ppm === BigInt(0)) return BigInt(0);
  return roundDiv(big(amountFen) * ppm, BigInt(1_000_000) + ppm, mode);
}

describe(`trading simulation: ${INVESTORS} investors, ${DAYS} days from ${START}, seed ${SEED}`, () => {
  let t: TestApp;
  let deps: TradingDeps;
  const users: number[] = [];
  before(async () => {
    t = await createTestApp({ market: true, now: START, logger: false });
    deps = { db: t.db, clock: t.clock, bank: t.app.bank, pepper: t.app.tradePasswordPepper };
    const now = t.clock.now();
    const created = await t.db.kysely
      .insertInto('users')
      .values(
        Array.from({ length: INVESTORS }, (_, i) => ({ telephone: `139${String(i).padStart(8, '0')}`, open_trade: true, created_at: now })),
      )
      .returning('id')
      .execute();
    users.push(...created.map((u) => Number(u.id)));
    const hash = hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER);
    const r = rng(SEED);
    const banks = ['ICBC', 'CMB', 'CCB', 'PSBC'];
    for (let i = 0; i < users.length; i += 500) {
      const slice = users.slice(i, i + 500);
      await t.db.kysely
        .insertInto('bank_cards')
        .values(
          slice.map((id) => ({
            user_id: id,
            bank_code: r.pick(banks),
            card_hmac: `sim${id}`,
            card_no_encrypted: 'x',
            card_tail: '0000',
            reserved_phone_encrypted: 'x',
            reserved_phone_masked: 'x',
            verified_at: now,
          })),
        )
        .execute();
      await t.db.kysely
        .insertInto('trade_passwords')
        .values(slice.map((id) => ({ user_id: id, hash, created_at: now, updated_at: now })))
        .execute();
      await t.db.kysely
        .insertInto('risk_assessments')
        .values(
          slice.map((id) => ({
            user_id: id,
            questionnaire: 'v1',
            answers: '{}',
            score: 60,
            level: r.int(2, 5),
            assessed_at: now,
            valid_until: addCalendarDays(shanghaiDate(new Date(START)), 3 * 365), // valid through the whole run
          })),
        )
        .execute();
    }
    // One fund truncates (舍去尾数), one caps large purchases at the registrar (excess refunded at confirmation).
    await t.db.kysely.updateTable('fund').set({ rounding_mode: 'truncate' }).where('code', '=', '009004').execute();
    await t.db.kysely.updateTable('fund').set({ large_purchase_limit_fen: 300_000 }).where('code', '=', '009005').execute();
  });
  after(async () => t.close());

  it('keeps the ledger balanced every day and every figure equal to an independent computation', { timeout: 1_800_000 }, async () => {
    const r = rng(SEED + 1);
    const funds = (
      await t.db.kysely
        .selectFrom('fund')
        .select('code')
        .where('sale_status', 'in', ['on_sale', 'conversion', 'purchase_suspended'])
        .where('type', '<>', 4)
        .orderBy('code')
        .execute()
    ).map((f) => f.code);
    assert.ok(funds.length >= 10, 'enough funds to trade');
    const tally = { buys: 0, sells: 0, cancels: 0, refused: 0, dividendSwitches: 0, days: 0, withheld: 0 };
    const start = shanghaiDate(t.clock.now());
    for (let day = 0; day < DAYS; day += 1) {
      const date = addCalendarDays(start, day);
      const opsToday = r.int(0, Math.max(2, Math.round(INVESTORS / 60)));
      for (let k = 0; k < opsToday; k += 1) {
        // Before or after the cut-off, weekends included: the trade date follows.
        t.clock.set(shanghaiInstant(date, `${String(r.int(8, 22)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00`));
        const userId = r.pick(users);
        const roll = r.next();
        try {
          if (roll < 0.55) {
            const amount = r.next() < 0.1 ? r.int(100_000, 600_000) : r.int(1_000, 80_000);
            await placeBuy(deps, {
              userId,
              fundCode: r.pick(funds),
              amountFen: amount,
              requestId: `sim-${day}-${k}`,
              riskConfirm: true,
              password: PASSWORD,
              riskWarningText: () => 'sim warning',
            });
            tally.buys += 1;
          } else if (roll < 0.85) {
            const held = await t.db.kysely
              .selectFrom('lots')
              .select(['fund_code', sql<string>`sum(volume)`.as('v')])
              .where('user_id', '=', userId)
              .where('volume', '>', 0)
              .groupBy('fund_code')
              .execute();
            if (held.length === 0) continue;
            const pick = r.pick(held);
            const volume = Math.max(1, Math.floor(Number(pick.v) * r.pick([0.25, 0.5, 1, r.next()])));
            await placeSell(deps, { userId, fundCode: pick.fund_code, volume, requestId: `sim-${day}-${k}`, password: PASSWORD });
            tally.sells += 1;
          } else if (roll < 0.95) {
            // Someone with an open order changes their mind (before the cut-off, or is refused).
            const open = await t.db.kysely
              .selectFrom('orders')
              .select(['user_id', 'id'])
              .where('status', 'in', ['paid', 'submitted'])
              .orderBy('id')
              .execute();
            if (open.length === 0) continue;
            const order = r.pick(open);
            await cancelOrder(deps, { userId: Number(order.user_id), orderId: Number(order.id), password: PASSWORD });
            tally.cancels += 1;
          } else {
            const held = await t.db.kysely
              .selectFrom('lots')
              .select('fund_code')
              .where('user_id', '=', userId)
              .where('volume', '>', 0)
              .execute();
            if (held.length === 0) continue;
            await setDividendMethod(deps, userId, r.pick(held).fund_code, r.next() < 0.5 ? 'reinvest' : 'cash');
            tally.dividendSwitches += 1;
          }
        } catch (error) {
          if (!(error instanceof TradeRefusal)) throw error;
          tally.refused += 1; // limits, suitability, cut-off passed, locked lots: refused with nothing written
        }
      }
      // The next day's jobs: publish NAVs, settle — some days with two fund companies refusing `date`: its NAVs (and
      // those through the trading day after, early, so a withheld row is never a fund's last and never generated
      // again) published, then those two taken away.
      const next = addCalendarDays(date, 1);
      t.clock.set(shanghaiInstant(next, '08:00:00'));
      if (isTradingDay(date) && r.next() < 0.08) {
        await extendMarket(t.db, nextTradingDay(next));
        await t.db.kysely.insertInto('job_runs').values({ job: 'publish-market', business_date: next, report: '{}' }).execute();
        // Funds with orders priced that day, where there are some: a refusal then meets orders.
        const priced = (
          await sql<{ code: string }>`
            SELECT DISTINCT fund_code AS code FROM orders WHERE trade_date = ${date}::date AND status IN ('paid', 'submitted') ORDER BY code`.execute(
            t.db.kysely,
          )
        ).rows.map((x) => x.code);
        const pool = priced.length > 0 ? priced : funds;
        for (const code of new Set([r.pick(pool), r.pick(pool)])) {
          const gone = await t.db.kysely.deleteFrom('fund_nav').where('fund_code', '=', code).where('date', '=', date).executeTakeFirst();
          tally.withheld += Number(gone.numDeletedRows);
        }
      }
      await t.app.jobs.runDue();
      tally.days += 1;
      assert.deepEqual(await checkLedger(t.db.kysely), [], `ledger after ${date}`);
      if (day % 90 === 89 || day === DAYS - 1) await compareWithIndependent(t);
    }
    console.log(`simulation: ${JSON.stringify(tally)}`);
    const confirmed = await sql<{ n: string }>`SELECT count(*) AS n FROM orders WHERE status = 'confirmed'`.execute(t.db.kysely);
    assert.ok(Number(confirmed.rows[0]?.n) > tally.buys / 3, 'orders confirmed');
    const dividends = await sql<{ n: string }>`SELECT count(*) AS n FROM orders WHERE action = '143'`.execute(t.db.kysely);
    console.log(`simulation: ${confirmed.rows[0]?.n} confirmed orders, ${dividends.rows[0]?.n} dividend orders`);
    const failed = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM orders WHERE status = 'failed' AND fail_reason = 'fund_company_refused'`.execute(t.db.kysely);
    console.log(`simulation: ${failed.rows[0]?.n} orders refused by the fund company`);
    if (DAYS >= 90) assert.ok(tally.withheld > 0 && Number(failed.rows[0]?.n) > 0, 'fund companies refused some orders');
  });
});

/** Every confirmed order and every holding recomputed from the raw facts with BigInt. */
async function compareWithIndependent(t: TestApp): Promise<void> {
  const db = t.db.kysely;
  const fees = await db
    .selectFrom('fund_fee')
    .select(['fund_code', 'kind', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
    .orderBy('seq')
    .execute();
  const tableOf = (code: string, kind: string): Bracket[] =>
    fees
      .filter((f) => f.fund_code === code && f.kind === kind)
      .map((f) => ({
        lower: Number(f.lower_bound),
        upper: f.upper_bound === null ? null : Number(f.upper_bound),
        rate: f.rate,
        fixed: f.fixed_fee_fen === null ? null : Number(f.fixed_fee_fen),
      }));
  const fundRows = await db.selectFrom('fund').select(['code', 'rounding_mode', 'declare_discount']).execute();
  const fund = new Map(fundRows.map((f) => [f.code, f]));
  const navRows = await sql<{
    fund_code: string;
    date: string;
    nav: string;
  }>`SELECT fund_code, date::text AS date, nav::text AS nav FROM fund_nav WHERE date >= ${addCalendarDays(shanghaiDate(new Date(START)), -31)}::date`.execute(
    db,
  );
  const nav = new Map(navRows.rows.map((n) => [`${n.fund_code} ${n.date}`, n.nav]));

  // 1. Purchases: fee and shares.
  const buys = await sql<{
    user_id: number;
    fund_code: string;
    action: string;
    amount_fen: string;
    confirm_amount_fen: string;
    fee_fen: string;
    confirm_volume: string;
    trade_date: string;
    refund_fen: string | null;
  }>`
    SELECT user_id, fund_code, action, amount_fen, confirm_amount_fen, fee_fen, confirm_volume, trade_date::text AS trade_date, refund_fen FROM orders WHERE action IN ('020', '022') AND status = 'confirmed'`.execute(
    db,
  );
  for (const o of buys.rows) {
    const f = fund.get(o.fund_code)!;
    const amount = Number(o.confirm_amount_fen);
    const fee = refPurchaseFee(amount, tableOf(o.fund_code, 'declare'), f.declare_discount, f.rounding_mode as string);
    assert.equal(big(o.fee_fen), fee, `fee of ${o.fund_code} ${amount}`);
    const navUnits = units4(nav.get(`${o.fund_code} ${o.trade_date}`)!);
    assert.equal(
      big(o.confirm_volume),
      roundDiv((big(amount) - fee) * BigInt(10_000), navUnits, f.rounding_mode as string),
      `shares of ${o.fund_code} ${amount}`,
    );
    assert.equal(big(o.amount_fen), big(amount) + big(o.refund_fen ?? 0), 'confirmed + refunded = paid');
  }
  // 1b. Purchases the fund company refused: the whole amount back to the card it came from, at once; no shares.
  const refused = await sql<{ user_id: number; id: number; amount_fen: string; refund_fen: string | null; refunds: string | null }>`
    SELECT o.user_id, o.id, o.amount_fen, o.refund_fen,
           (SELECT string_agg(t.credit_account || '=' || t.amount, ',') FROM ledger_transfers t WHERE t.user_id = o.user_id AND t.order_id = o.id AND t.kind = 'purchase_refund') AS refunds
    FROM orders o WHERE o.action IN ('020', '022') AND o.status = 'failed' AND o.fail_reason = 'fund_company_refused'`.execute(db);
  for (const o of refused.rows) {
    assert.equal(o.refund_fen, o.amount_fen, `order ${o.id}: refunded in full`);
    assert.equal(o.refunds, `bank=${o.amount_fen}`, `order ${o.id}: refunded to the card it was paid from`);
  }
  // 1c. Sales the fund company refused: every share back in its lot (nothing left frozen, nothing paid).
  const refusedSales = await sql<{ id: number; paid: string }>`
    SELECT o.id, (SELECT count(*) FROM ledger_transfers t WHERE t.user_id = o.user_id AND t.order_id = o.id AND t.asset = 'CNY')::text AS paid
    FROM orders o WHERE o.action = '024' AND o.status = 'failed'`.execute(db);
  for (const o of refusedSales.rows) assert.equal(o.paid, '0', `refused sale ${o.id} moved no money`);
  // 2. Redemptions: each lot's gross and fee by its holding days.
  const parts = await sql<{
    fund_code: string;
    trade_date: string;
    confirm_date: string;
    lot_confirm: string;
    volume: string;
    gross_fen: string;
    fee_fen: string;
  }>`
    SELECT o.fund_code, o.trade_date::text AS trade_date, o.confirm_date::text AS confirm_date, l.confirm_date::text AS lot_confirm, ol.volume, ol.gross_fen, ol.fee_fen
    FROM orders o JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id JOIN lots l ON l.user_id = ol.user_id AND l.id = ol.lot_id
    WHERE o.action = '024' AND o.status = 'confirmed'`.execute(db);
  for (const p of parts.rows) {
    const f = fund.get(p.fund_code)!;
    const mode = f.rounding_mode as string;
    const gross = roundDiv(big(p.volume) * units4(nav.get(`${p.fund_code} ${p.trade_date}`)!), BigInt(10_000), mode);
    assert.equal(big(p.gross_fen), gross, 'redemption gross');
    const days = (Date.parse(p.confirm_date) - Date.parse(p.lot_confirm)) / 86_400_000;
    const b = bracket(tableOf(p.fund_code, 'withdraw'), days);
    const ppm = b?.rate ? units4(b.rate) : BigInt(0);
    assert.equal(big(p.fee_fen), roundDiv(gross * ppm, BigInt(1_000_000), mode), `redemption fee after ${days} days`);
  }
  // 3. Holdings: shares, value, cost and cumulative income of every investor, against the ledger's own flows.
  const investors = (await sql<{ user_id: number }>`SELECT DISTINCT user_id FROM orders`.execute(db)).rows.map((u) => Number(u.user_id));
  const today = shanghaiDate(t.clock.now());
  for (const userId of investors) {
    const positions = await loadPositions(db, userId);
    const flows = await sql<{ fund: string; kind: string; amount: string }>`
      SELECT split_part(CASE WHEN kind = 'purchase_payment' THEN credit_account WHEN kind IN ('redeem_proceeds', 'purchase_cost', 'purchase_fee', 'purchase_refund') THEN debit_account ELSE debit_account END, ':', 2) AS fund,
             kind, sum(amount)::text AS amount
      FROM ledger_transfers WHERE user_id = ${userId} AND asset = 'CNY' GROUP BY 1, 2`.execute(db);
    const flow = (code: string, kind: string) => big(flows.rows.find((x) => x.fund === code && x.kind === kind)?.amount ?? 0);
    const lotShares = await sql<{ fund_code: string; v: string }>`
      SELECT fund_code, sum(volume)::text AS v FROM lots WHERE user_id = ${userId} GROUP BY fund_code`.execute(db);
    for (const p of positions.funds) {
      const figures = figuresOf(p, today);
      const frozen = big(p.sellingVolume);
      const shares = big(lotShares.rows.find((x) => x.fund_code === p.code)?.v ?? 0) + frozen;
      assert.equal(big(figures.volume), shares, `user ${userId} ${p.code} shares`);
      const value = p.nav ? roundDiv(shares * big(p.nav.units), BigInt(10_000), p.rounding) : BigInt(0);
      assert.equal(big(figures.marketValueFen), value, `user ${userId} ${p.code} value`);
      // Cumulative income = value + proceeds + cash dividends − what confirmed purchases cost (fee included).
      const expected =
        value +
        flow(p.code, 'redeem_proceeds') +
        flow(p.code, 'dividend_cash') -
        flow(p.code, 'purchase_cost') -
        flow(p.code, 'purchase_fee');
      assert.equal(big(figures.totalGainFen), expected, `user ${userId} ${p.code} cumulative income`);
      assert.equal(big(figures.holdGainFen), big(figures.marketValueFen) - big(figures.costFen), 'holding income = value − cost');
    }
  }
}
