// A seeded random simulation of the cash product (现金宝) over a year of business days on the real services,
// settlement and database: deposits, instant and normal withdrawals, purchases paid with it and cancels, at random
// hours (weekends and after the cut-off included). An independent model here — its own lots by confirmation date,
// first-in first-out withdrawals, income rights, BigInt income and the per-day instant-withdrawal cap — predicts
// every income row, every balance and every refusal of the cap; after every day the server must agree to the fen
// and the ledger's invariants must hold.
// Fund companies refuse too: on some days a NAV is withheld (published, then taken away before the settlement), so
// cash deposits fail back to the card, purchases paid from 现金宝 (a bond fund, T+1; a QDII fund, T+2, after their
// cash redemption went through) are refunded into 现金宝, and instant withdrawals and cash payments whose redemption
// is refused are tried again until they repay the platform's advance. After every day, per investor: money is
// conserved to the fen — what left the card + income = cash shares (frozen ones included) + purchases in transit +
// cost and fees of confirmed purchases + proceeds in transit + the advance's balance — and the cash balance the
// server reads (cashBalance) equals the ledger's.
//   CASH_SIM_INVESTORS (default 30), CASH_SIM_DAYS (calendar days from BUSINESS_DATE — npm test sets it, and the date
//   sweep's awkward dates — else from 2025-01-02; default 75 — from 2025-01-02 the Spring Festival
//   closure included; 30 on PostgreSQL; CASH_SIM_DAYS=365 for a year), CASH_SIM_SEED (11).
import assert from 'node:assert/strict';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { QUICK_WITHDRAW_DAILY_LIMIT_FEN } from '../../src/lib/cash-rules';
import { addCalendarDays, isTradingDay, nextTradingDay } from '../../server/src/domain/calendar';
import { shanghaiDate, shanghaiInstant } from '../../server/src/domain/clock';
import { TradeRefusal } from '../../server/src/domain/trade-refusal';
import { extendMarket } from '../../server/src/market/extend';
import { cashBalance, deposit, withdraw } from '../../server/src/services/cash';
import { checkLedger } from '../../server/src/ledger/check';
import { CASH_FUND_CODE, cancelOrder, placeBuy, type TradingDeps } from '../../server/src/services/trading';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { businessStartForTests, createTestApp, rotatingSeed, type TestApp } from './helpers';

const INVESTORS = Number(process.env.CASH_SIM_INVESTORS ?? 30);
const DAYS = Number(process.env.CASH_SIM_DAYS ?? (process.env.TEST_DATABASE_URL ? 30 : 75));
const SEED = rotatingSeed(process.env.CASH_SIM_SEED, 11);
const START = businessStartForTests('2025-01-02T01:30:00.000Z');
const PASSWORD = '246813';

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

/** shares × per-10k / 10,000 in fen, half up, in BigInt (the server: safe-integer mulDiv). */
function income(volume: number, per10k: string): number {
  const [w, f = ''] = per10k.split('.');
  const n = BigInt(volume) * (BigInt(w as string) * 10_000n + BigInt(f.padEnd(4, '0')));
  return Number(n % 100_000_000n >= 50_000_000n ? n / 100_000_000n + 1n : n / 100_000_000n);
}

/** The model of one investor's cash: shares by lot confirmation date, pending redemptions' parts, the income lot. */
interface Model {
  lots: Map<string, number>;
  pending: Array<{
    orderId: number;
    tradeDate: string;
    createdDate: string;
    quick: boolean;
    /** A purchase's payment from 现金宝 (refused: tried again, never released). */
    payment: boolean;
    parts: Array<[string, number]>;
    open: boolean;
  }>;
  /** Paid purchases waiting to be confirmed (paid with cash: their redemption is in `pending`). */
  paidBy: Map<number, number>;
  incomeLot: string | null;
  quickUsed: Map<string, number>;
  deposits: Array<{ orderId: number; amount: number; confirmDate: string; open: boolean }>;
}

const totalOf = (m: Model) => [...m.lots.values()].reduce((s, v) => s + v, 0);

/** First in, first out: the oldest confirmation dates first. */
function take(m: Model, volume: number): Array<[string, number]> {
  const parts: Array<[string, number]> = [];
  let left = volume;
  for (const date of [...m.lots.keys()].sort()) {
    if (left === 0) break;
    const v = m.lots.get(date) as number;
    const t = Math.min(v, left);
    if (t === 0) continue;
    m.lots.set(date, v - t);
    parts.push([date, t]);
    left -= t;
  }
  assert.equal(left, 0, 'model: enough shares');
  return parts;
}

function giveBack(m: Model, parts: Array<[string, number]>) {
  for (const [date, v] of parts) m.lots.set(date, (m.lots.get(date) ?? 0) + v);
}

describe(`cash product simulation: ${INVESTORS} investors, ${DAYS} days from ${START}, seed ${SEED}`, () => {
  let t: TestApp;
  let deps: TradingDeps;
  const users: number[] = [];
  const models = new Map<number, Model>();
  before(async () => {
    t = await createTestApp({ market: true, now: START, logger: false });
    deps = { db: t.db, clock: t.clock, bank: t.app.bank, pepper: t.app.tradePasswordPepper };
    const now = t.clock.now();
    const created = await t.db.kysely
      .insertInto('users')
      .values(
        Array.from({ length: INVESTORS }, (_, i) => ({ telephone: `137${String(i).padStart(8, '0')}`, open_trade: true, created_at: now })),
      )
      .returning('id')
      .execute();
    users.push(...created.map((u) => Number(u.id)));
    const hash = hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER);
    await t.db.kysely
      .insertInto('bank_cards')
      .values(
        users.map((id) => ({
          user_id: id,
          bank_code: 'CMB',
          card_hmac: `cash${id}`,
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
      .values(users.map((id) => ({ user_id: id, hash, created_at: now, updated_at: now })))
      .execute();
    await t.db.kysely
      .insertInto('risk_assessments')
      .values(
        users.map((id) => ({
          user_id: id,
          questionnaire: 'v1',
          answers: '{}',
          score: 90,
          level: 5,
          assessed_at: now,
          valid_until: addCalendarDays(shanghaiDate(new Date(START)), 3 * 365), // valid through the whole run
        })),
      )
      .execute();
    for (const id of users)
      models.set(id, { lots: new Map(), pending: [], paidBy: new Map(), incomeLot: null, quickUsed: new Map(), deposits: [] });
  });
  after(async () => t.close());

  /**
   * Per investor, from the ledger: what left the card (net) + the income paid = cash shares (in lots or frozen by a
   * pending withdrawal) + purchases in transit + cost and fees of confirmed purchases of other funds + proceeds in
   * transit + the advance's balance (minus what the platform advanced and has not been repaid). And the cash
   * balance the server shows (available + unavailable) = the ledger's cash shares, less those of pending instant
   * and ordinary withdrawals (their money is on the card or on its way to it), plus deposits in transit.
   */
  async function assertConserved(when: string) {
    const cash = CASH_FUND_CODE;
    const rows = await sql<{
      user_id: number;
      card: string;
      income: string;
      shares: string;
      transit: string;
      deposits: string;
      invested: string;
      proceeds: string;
      advance: string;
      outgoing: string;
    }>`
      WITH legs AS (
        SELECT user_id, asset, credit_account AS account, amount, kind FROM ledger_transfers
        UNION ALL SELECT user_id, asset, debit_account, -amount, kind FROM ledger_transfers
      )
      SELECT u.id AS user_id,
        coalesce((SELECT -sum(amount) FROM legs WHERE user_id = u.id AND asset = 'CNY' AND account = 'bank'), 0)::text AS card,
        coalesce((SELECT sum(income_fen) FROM mmf_income WHERE user_id = u.id AND fund_code = ${cash}), 0)::text AS income,
        coalesce((SELECT sum(amount) FROM legs WHERE user_id = u.id AND asset = ${`F:${cash}`} AND (account LIKE 'lot:%' OR account LIKE 'selling:%')), 0)::text AS shares,
        coalesce((SELECT sum(amount) FROM legs WHERE user_id = u.id AND asset = 'CNY' AND account LIKE 'purchase:%'), 0)::text AS transit,
        coalesce((SELECT sum(amount) FROM legs WHERE user_id = u.id AND asset = 'CNY' AND account = ${`purchase:${cash}`}), 0)::text AS deposits,
        coalesce((SELECT sum(amount) FROM legs WHERE user_id = u.id AND asset = 'CNY' AND kind IN ('purchase_cost', 'purchase_fee')
                   AND account IN ('company:' || ${FUND_SAMPLES.bond}, 'fee:' || ${FUND_SAMPLES.bond}, 'company:' || ${FUND_SAMPLES.qdiiHk}, 'fee:' || ${FUND_SAMPLES.qdiiHk})), 0)::text AS invested,
        coalesce((SELECT sum(amount) FROM legs WHERE user_id = u.id AND asset = 'CNY' AND account LIKE 'proceeds:%'), 0)::text AS proceeds,
        coalesce((SELECT sum(amount) FROM legs WHERE user_id = u.id AND asset = 'CNY' AND account = 'advance'), 0)::text AS advance,
        coalesce((SELECT sum(ol.volume) FROM orders o JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id
                  WHERE o.user_id = u.id AND o.fund_code = ${cash} AND o.action = '024' AND o.status = 'submitted' AND o.sell_mode IN ('quick', 'card')), 0)::text AS outgoing
      FROM users u ORDER BY u.id`.execute(t.db.kysely);
    for (const row of rows.rows) {
      const n = (x: string) => Number(x);
      const userId = Number(row.user_id);
      assert.equal(
        n(row.card) + n(row.income),
        n(row.shares) + n(row.transit) + n(row.invested) + n(row.proceeds) + n(row.advance),
        `money of user ${userId} conserved ${when}: ${JSON.stringify(row)}`,
      );
      const balance = await cashBalance(deps, userId);
      assert.equal(balance.totalFen, n(row.shares) - n(row.outgoing) + n(row.deposits), `cash balance of user ${userId} ${when}`);
      assert.equal(balance.totalIncomeFen, n(row.income), `income of user ${userId} ${when}`);
    }
  }

  it(
    'pays every day’s income, holds every balance and refuses exactly the instant withdrawals over the cap',
    { timeout: 1_800_000 },
    async () => {
      const r = rng(SEED);
      const tally = {
        deposits: 0,
        quick: 0,
        quickRefused: 0,
        normal: 0,
        payments: 0,
        cancels: 0,
        incomeRows: 0,
        refused: 0,
        withheld: 0,
        depositsFailed: 0,
        sharesReleased: 0,
        refundDeposits: 0,
        retried: 0,
        advanceRetried: 0,
      };
      let lastRefund = 0;
      const start = shanghaiDate(t.clock.now());
      const nav = new Map<string, string>();
      for (let day = 0; day < DAYS; day += 1) {
        const date = addCalendarDays(start, day);
        const ops = r.int(0, Math.max(2, Math.round(INVESTORS / 3)));
        for (let k = 0; k < ops; k += 1) {
          t.clock.set(shanghaiInstant(date, `${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00`));
          const today = shanghaiDate(t.clock.now());
          const userId = r.pick(users);
          const m = models.get(userId) as Model;
          const roll = r.next();
          const requestId = `cash-${day}-${k}`;
          try {
            if (roll < 0.35) {
              const amount = r.next() < 0.2 ? r.int(1_000_000, 3_000_000) : r.int(1, 500_000);
              const placed = await deposit(deps, { userId, amountFen: amount, requestId, password: PASSWORD, riskWarningText: () => '' });
              const row = await t.db.kysely
                .selectFrom('orders')
                .select([sql<string>`confirm_date::text`.as('c')])
                .where('user_id', '=', userId)
                .where('id', '=', placed.orderId)
                .executeTakeFirstOrThrow();
              m.deposits.push({ orderId: placed.orderId, amount, confirmDate: row.c, open: true });
              tally.deposits += 1;
            } else if (roll < 0.6) {
              // 快速取现: sometimes far over the quota, to meet the cap.
              const available = totalOf(m);
              const used = m.quickUsed.get(today) ?? 0;
              const amount = r.next() < 0.3 ? r.int(1, 1_500_000) : r.int(1, Math.max(1, Math.floor(available / 2)));
              const overCap = used + amount > QUICK_WITHDRAW_DAILY_LIMIT_FEN;
              const overBalance = amount > available;
              try {
                const placed = await withdraw(deps, { userId, amountFen: amount, mode: 'quick', requestId, password: PASSWORD });
                assert.ok(!overCap && !overBalance, `a quick withdrawal of ${amount} (used ${used}, held ${available}) went through`);
                const row = await t.db.kysely
                  .selectFrom('orders')
                  .select([sql<string>`trade_date::text`.as('t')])
                  .where('user_id', '=', userId)
                  .where('id', '=', placed.orderId)
                  .executeTakeFirstOrThrow();
                m.pending.push({
                  orderId: placed.orderId,
                  tradeDate: row.t,
                  createdDate: today,
                  quick: true,
                  payment: false,
                  parts: take(m, amount),
                  open: true,
                });
                m.quickUsed.set(today, used + amount);
                tally.quick += 1;
              } catch (error) {
                if (!(error instanceof TradeRefusal)) throw error;
                assert.equal(
                  error.reason,
                  overCap ? 'cashQuickQuota' : 'cashInsufficient',
                  `refusal of ${amount} (used ${used}, held ${available})`,
                );
                assert.ok(overCap || overBalance);
                tally.quickRefused += 1;
              }
            } else if (roll < 0.75) {
              const available = totalOf(m);
              if (available === 0) continue;
              const amount = r.int(1, available);
              const placed = await withdraw(deps, { userId, amountFen: amount, mode: 'normal', requestId, password: PASSWORD });
              const row = await t.db.kysely
                .selectFrom('orders')
                .select([sql<string>`trade_date::text`.as('t')])
                .where('user_id', '=', userId)
                .where('id', '=', placed.orderId)
                .executeTakeFirstOrThrow();
              m.pending.push({
                orderId: placed.orderId,
                tradeDate: row.t,
                createdDate: today,
                quick: false,
                payment: false,
                parts: take(m, amount),
                open: true,
              });
              tally.normal += 1;
            } else if (roll < 0.9) {
              const available = totalOf(m);
              if (available < 1_000) continue;
              const amount = r.int(1_000, Math.min(available, 300_000));
              const placed = await placeBuy(deps, {
                userId,
                fundCode: r.next() < 0.25 ? FUND_SAMPLES.qdiiHk : FUND_SAMPLES.bond,
                amountFen: amount,
                requestId,
                riskConfirm: true,
                payMethod: 'xjb',
                password: PASSWORD,
                riskWarningText: () => '',
              });
              const row = await t.db.kysely
                .selectFrom('orders as p')
                .innerJoin('orders as x', (j) => j.onRef('x.user_id', '=', 'p.user_id').onRef('x.id', '=', 'p.linked_order_id'))
                .select([sql<string>`x.trade_date::text`.as('t'), 'x.id'])
                .where('p.user_id', '=', userId)
                .where('p.id', '=', placed.orderId)
                .executeTakeFirstOrThrow();
              m.pending.push({
                orderId: Number(row.id),
                tradeDate: row.t,
                createdDate: today,
                quick: false,
                payment: true,
                parts: take(m, amount),
                open: true,
              });
              m.paidBy.set(placed.orderId, Number(row.id));
              tally.payments += 1;
            } else {
              // Someone changes their mind about an open deposit or cash-paid purchase (placed just now when there is
              // none): cancelled before the cut-off of its T; after it the refusal leaves everything as it was.
              const candidates = [...m.paidBy.keys(), ...m.deposits.filter((d) => d.open).map((d) => d.orderId)];
              if (candidates.length === 0) {
                const amount = r.int(1, 200_000);
                const placed = await deposit(deps, { userId, amountFen: amount, requestId, password: PASSWORD, riskWarningText: () => '' });
                const row = await t.db.kysely
                  .selectFrom('orders')
                  .select([sql<string>`confirm_date::text`.as('c')])
                  .where('user_id', '=', userId)
                  .where('id', '=', placed.orderId)
                  .executeTakeFirstOrThrow();
                m.deposits.push({ orderId: placed.orderId, amount, confirmDate: row.c, open: true });
                candidates.push(placed.orderId);
                tally.deposits += 1;
              }
              const orderId = r.pick(candidates);
              await cancelOrder(deps, { userId, orderId, password: PASSWORD });
              const payId = m.paidBy.get(orderId);
              if (payId !== undefined) {
                const p = m.pending.find((x) => x.orderId === payId) as Model['pending'][number];
                giveBack(m, p.parts);
                p.open = false;
                m.paidBy.delete(orderId);
              } else {
                const d = m.deposits.find((x) => x.orderId === orderId) as Model['deposits'][number];
                d.open = false;
              }
              tally.cancels += 1;
            }
          } catch (error) {
            if (!(error instanceof TradeRefusal)) throw error;
            tally.refused += 1; // cut-off passed for a cancel, bank limits, a closed order
          }
        }
        // The next day's jobs — some days with a fund company refusing: the cash fund's or the bond fund's NAV of
        // `date`, or the QDII fund's of a purchase due now, withheld. `date`'s NAVs (and those through the trading day
        // after `next`, early, so a withheld row is never a fund's last and never generated again) are published
        // here, then taken away.
        const next = addCalendarDays(date, 1);
        const withheld: Array<[string, string]> = [];
        if (isTradingDay(date)) {
          // Chance alone may not meet a refused redemption in a short run (30 days on PostgreSQL from 2026-11-29 met
          // no refused 快速取现): until each kind has been met, a 快速取现 or an ordinary withdrawal due today has the
          // cash fund's NAV withheld. Not a payment's redemption: refused, it is tried again and releases nothing, so
          // it would withhold every day — and fail every deposit (from 2026-11-30, seed 20787: 56 of 73, no income).
          const due = [...models.values()].flatMap((m) => m.pending.filter((p) => p.open && p.tradeDate === date));
          const unmet =
            (tally.advanceRetried === 0 && due.some((p) => p.quick)) ||
            (tally.sharesReleased === 0 && due.some((p) => !p.quick && !p.payment));
          if (r.next() < 0.2 || unmet) withheld.push([CASH_FUND_CODE, date]);
          if (r.next() < 0.2) withheld.push([FUND_SAMPLES.bond, date]);
        }
        const dueQdii = await sql<{ d: string }>`
          SELECT DISTINCT trade_date::text AS d FROM orders WHERE fund_code = ${FUND_SAMPLES.qdiiHk} AND status = 'paid' AND confirm_date <= ${next}::date
          ORDER BY d`.execute(t.db.kysely);
        for (const row of dueQdii.rows) if (r.next() < 0.5) withheld.push([FUND_SAMPLES.qdiiHk, row.d]);
        t.clock.set(shanghaiInstant(next, '00:30:00'));
        if (withheld.length > 0) {
          await extendMarket(t.db, nextTradingDay(next));
          await t.db.kysely.insertInto('job_runs').values({ job: 'publish-market', business_date: next, report: '{}' }).execute();
          for (const [code, day] of withheld) {
            const gone = await t.db.kysely.deleteFrom('fund_nav').where('fund_code', '=', code).where('date', '=', day).executeTakeFirst();
            tally.withheld += Number(gone.numDeletedRows);
          }
        }
        await t.app.jobs.runDue();
        assert.deepEqual(await checkLedger(t.db.kysely), [], `ledger after ${date}`);
        // The model settles too: deposits confirmed through `next` (or failed back to the card), closed purchases
        // forgotten; what the fund companies' refusals did — cash redemptions called off (a refused purchase's
        // shares, or a failed ordinary withdrawal's, back in their lots), redemptions behind an advance tried again
        // on a later trade date, refunds deposited into 现金宝.
        const watched = [...models.values()].flatMap((m) => [
          ...m.deposits.filter((d) => d.open).map((d) => d.orderId),
          ...m.pending.filter((p) => p.open).map((p) => p.orderId),
        ]);
        const states = new Map(
          watched.length === 0
            ? []
            : (
                await sql<{ id: number; status: string; trade_date: string }>`
                  SELECT id, status, trade_date::text AS trade_date FROM orders WHERE id = ANY(${watched}::bigint[])`.execute(t.db.kysely)
              ).rows.map((o) => [Number(o.id), o]),
        );
        for (const m of models.values()) {
          for (const d of m.deposits.filter((x) => x.open && x.confirmDate <= next)) {
            d.open = false;
            if (states.get(d.orderId)?.status === 'failed') {
              tally.depositsFailed += 1;
              continue;
            }
            m.lots.set(d.confirmDate, (m.lots.get(d.confirmDate) ?? 0) + d.amount);
          }
          for (const p of m.pending.filter((x) => x.open)) {
            const state = states.get(p.orderId);
            if (!state) continue;
            if (state.status === 'cancelled' || state.status === 'failed') {
              giveBack(m, p.parts);
              p.open = false;
              tally.sharesReleased += 1;
            } else if (state.status === 'submitted' && state.trade_date !== p.tradeDate) {
              assert.ok(state.trade_date > p.tradeDate, `order ${p.orderId} tried again later, not earlier`);
              p.tradeDate = state.trade_date;
              tally.retried += 1;
              if (p.quick) tally.advanceRetried += 1;
            }
          }
        }
        const refunds = await sql<{ id: number; user_id: number; amount_fen: string; confirm_date: string }>`
          SELECT id, user_id, amount_fen::text, confirm_date::text AS confirm_date FROM orders WHERE pay_method = 'refund' AND id > ${lastRefund} ORDER BY id`.execute(
          t.db.kysely,
        );
        for (const f of refunds.rows) {
          const m = models.get(Number(f.user_id)) as Model;
          m.lots.set(f.confirm_date, (m.lots.get(f.confirm_date) ?? 0) + Number(f.amount_fen));
          lastRefund = Math.max(lastRefund, Number(f.id));
          tally.refundDeposits += 1;
        }
        const settledPayments = await sql<{ id: number }>`SELECT id FROM orders WHERE pay_method = 'xjb' AND status <> 'paid'`.execute(
          t.db.kysely,
        );
        for (const m of models.values()) for (const s of settledPayments.rows) m.paidBy.delete(Number(s.id));
        // Income for each distribution day published since: predicted per investor, then compared.
        const rows = await sql<{ date: string; per10k: string }>`
        SELECT date::text AS date, income_per_10k::text AS per10k FROM fund_nav WHERE fund_code = ${CASH_FUND_CODE} AND date < ${next}::date AND date >= ${start}::date ORDER BY date`.execute(
          t.db.kysely,
        );
        for (const row of rows.rows.filter((x) => !nav.has(x.date))) {
          nav.set(row.date, row.per10k);
          const d = row.date;
          const paid = await t.db.kysely
            .selectFrom('mmf_income')
            .select(['user_id', 'volume', 'income_fen'])
            .where('fund_code', '=', CASH_FUND_CODE)
            .where('date', '=', d)
            .execute();
          const byUser = new Map(paid.map((p) => [Number(p.user_id), p]));
          for (const [userId, m] of models) {
            let shares = 0;
            for (const [confirm, v] of m.lots) if (confirm < d) shares += v;
            for (const p of m.pending) {
              if (!p.open || p.tradeDate < d || (p.quick && p.createdDate <= d)) continue;
              for (const [confirm, v] of p.parts) if (confirm < d) shares += v;
            }
            const expected = shares > 0 ? income(shares, row.per10k) : 0;
            const got = byUser.get(userId);
            if (expected === 0) {
              assert.equal(got, undefined, `no income for user ${userId} on ${d}`);
              continue;
            }
            assert.ok(got, `income row of user ${userId} on ${d}`);
            assert.equal(Number(got.volume), shares, `shares earning for user ${userId} on ${d}`);
            assert.equal(Number(got.income_fen), expected, `income of user ${userId} on ${d}`);
            if (m.incomeLot === null) m.incomeLot = d;
            m.lots.set(m.incomeLot, (m.lots.get(m.incomeLot) ?? 0) + expected);
            tally.incomeRows += 1;
          }
        }
        // Pending redemptions are kept until the fund company has answered (confirmed: forgotten; refused: above).
        for (const m of models.values()) m.pending = m.pending.filter((p) => p.open && states.get(p.orderId)?.status !== 'confirmed');
        // Every balance: the server's cash lots equal the model's.
        const held = await sql<{
          user_id: number;
          v: string;
        }>`SELECT user_id, sum(volume)::text AS v FROM lots WHERE fund_code = ${CASH_FUND_CODE} GROUP BY user_id`.execute(t.db.kysely);
        const heldOf = new Map(held.rows.map((h) => [Number(h.user_id), Number(h.v)]));
        for (const [userId, m] of models) assert.equal(heldOf.get(userId) ?? 0, totalOf(m), `cash shares of user ${userId} after ${date}`);
        await assertConserved(`after ${date}`);
      }
      console.log(`cash simulation: ${JSON.stringify(tally)}`);
      assert.ok(tally.incomeRows > DAYS, 'income paid');
      assert.ok(
        tally.withheld > 0 && tally.sharesReleased > 0 && tally.advanceRetried > 0,
        'refusals met: shares released, advances retried',
      );
      if (DAYS >= 60)
        assert.ok(tally.refundDeposits > 0 && tally.depositsFailed > 0, 'refunds deposited into 现金宝, deposits failed to the card');
      assert.ok(tally.quickRefused > 0 && tally.quick > 0, 'the cap was met and respected');
    },
  );
});
