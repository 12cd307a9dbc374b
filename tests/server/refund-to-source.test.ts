// Money goes back where it came from, and a platform advance is always repaid (services/settlement.ts):
// - a purchase paid from 现金宝 that the fund company refuses is refunded into 现金宝 — its frozen cash shares
//   released while their redemption is pending, otherwise a deposit of the refund — never to the card; a card
//   purchase's refund still goes to the card; the excess over a large-purchase limit likewise;
// - a 快速取现 (or a cash payment) whose redemption is refused for its trade date is tried again on the next
//   trading day, its shares still frozen, until it repays the advance: the shares are not given back a second time;
// - a money-market holding's shares include the income carried into them (my money equals the ledger).
// The refusal is a NAV the fund company did not publish for the trade date: the day's NAVs are published, that one
// taken away, then the settlement runs. Figures are checked against the ledger's own balances.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { CashSummary } from '../../src/lib/api-types/cash';
import type { HoldingSummary, OrderDetail } from '../../src/lib/api-types/trading';
import { addCalendarDays, nextTradingDay } from '../../server/src/domain/calendar';
import { shanghaiDate, shanghaiInstant } from '../../server/src/domain/clock';
import { extendMarket } from '../../server/src/market/extend';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkLedger } from '../../server/src/ledger/check';
import { CASH_FUND_CODE } from '../../server/src/services/trading';
import { createTestApp, encryptForServer, type TestApp } from './helpers';
import { buy, createInvestor, get, newRequestId, post, sell, TRADE_PASSWORD, type Investor } from './trading-support';
import { units } from './exact';

const fen = (text: string | null | undefined) => Number(units(text ?? 'NaN', 2));

describe('refunds go back to their source; advances are repaid', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00 Shanghai
  });
  after(async () => t.close());

  const today = () => shanghaiDate(t.clock.now());
  const ok = <T>(res: { body: { result_code: number; message: string; data: T } }) => {
    assert.equal(res.body.result_code, 0, res.body.message);
    return res.body.data;
  };
  const detail = async (user: Investor, id: string) => ok(await get<OrderDetail>(t, user, `/djapi/fund/order/${id}`));
  const summary = async (user: Investor) => ok(await get<CashSummary>(t, user, '/djapi/xjb/summary'));

  /** The ledger balance of one of the investor's accounts (credits − debits). */
  async function balance(user: Investor, asset: string, account: string): Promise<number> {
    const row = await sql<{ b: string }>`
      SELECT coalesce(sum(CASE WHEN credit_account = ${account} THEN amount ELSE -amount END), 0)::text AS b FROM ledger_transfers
      WHERE user_id = ${user.userId} AND asset = ${asset} AND (credit_account = ${account} OR debit_account = ${account})`.execute(
      t.db.kysely,
    );
    return Number(row.rows[0]?.b);
  }
  /** The investor's cash-fund shares on the ledger (its lots' accounts; NAV 1.00: a hundredth of a share is a fen). */
  async function cashShares(user: Investor): Promise<number> {
    const row = await sql<{ b: string }>`
      SELECT coalesce(sum(CASE WHEN credit_account LIKE 'lot:%' THEN amount ELSE 0 END) - sum(CASE WHEN debit_account LIKE 'lot:%' THEN amount ELSE 0 END), 0)::text AS b
      FROM ledger_transfers WHERE user_id = ${user.userId} AND asset = ${`F:${CASH_FUND_CODE}`}`.execute(t.db.kysely);
    return Number(row.rows[0]?.b);
  }
  const payOrder = async (user: Investor, purchaseId: string) =>
    t.db.kysely
      .selectFrom('orders as p')
      .innerJoin('orders as x', (j) => j.onRef('x.user_id', '=', 'p.user_id').onRef('x.id', '=', 'p.linked_order_id'))
      .select(['x.id', 'x.status', 'x.sell_mode', sql<string>`x.trade_date::text`.as('trade_date')])
      .where('p.user_id', '=', user.userId)
      .where('p.id', '=', Number(purchaseId))
      .executeTakeFirstOrThrow();

  /** Business time moves to `date` at `time` (Shanghai); the jobs due run; the ledger must hold. */
  async function moveTo(date: string, time = '10:00:00') {
    t.clock.set(shanghaiInstant(date, time));
    await t.app.jobs.runDue();
    assert.deepEqual(await checkLedger(t.db.kysely), [], `ledger after ${date}`);
  }
  const nextMorning = () => moveTo(nextTradingDay(today()));

  /**
   * The jobs through business date `date`, with the NAVs of `withheld` (fund, day) taken away after they were
   * published and before that date's settlement: the fund company refused that day. Then 10:00 of `date`.
   */
  async function settleWithheld(date: string, withheld: Array<[string, string]>) {
    await moveTo(addCalendarDays(date, -1), '23:00:00');
    t.clock.set(shanghaiInstant(date, '00:30:00'));
    await extendMarket(t.db, addCalendarDays(date, -1));
    await t.db.kysely.insertInto('job_runs').values({ job: 'publish-market', business_date: date, report: '{}' }).execute();
    for (const [code, day] of withheld) {
      const gone = await t.db.kysely.deleteFrom('fund_nav').where('fund_code', '=', code).where('date', '=', day).executeTakeFirst();
      assert.equal(Number(gone.numDeletedRows), 1, `the NAV of ${code} on ${day} was published`);
    }
    await moveTo(date);
  }

  async function investorWithCash(amount: string): Promise<Investor> {
    const user = await createInvestor(t);
    const placed = await post(t, user, '/djapi/xjb/deposit', {
      amount,
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(placed.body.result_code, 0, placed.body.message);
    return user;
  }

  it('a 现金宝 purchase refused at confirmation goes back to 现金宝 (its shares released), a card purchase to the card', async () => {
    const cashUser = await investorWithCash('10000.00');
    const cardUser = await createInvestor(t);
    await nextMorning(); // the deposit is confirmed
    const T = today();
    const before = await summary(cashUser);
    assert.equal(before.available, '10000.00');
    const paid = ok(await buy(t, cashUser, FUND_SAMPLES.bond, '3000.00', { pay_method: 'xjb' })) as { order_id: string };
    const byCard = ok(await buy(t, cardUser, FUND_SAMPLES.bond, '100.00')) as { order_id: string };
    assert.equal((await summary(cashUser)).available, '7000.00', 'frozen at once');
    const tip = (await detail(cashUser, paid.order_id)).undo_tip ?? '';
    assert.match(tip, /现金宝/, 'the cancel tip names where the money goes');
    assert.doesNotMatch(tip, /银行卡/);

    await settleWithheld(nextTradingDay(T), [[FUND_SAMPLES.bond, T]]);

    const refused = await detail(cashUser, paid.order_id);
    assert.equal(refused.status, 'failed');
    assert.equal(refused.refund_amount, '3000.00');
    assert.equal(refused.fail_reason, '基金公司确认失败', 'in words, not the settlement’s code');
    assert.deepEqual(
      refused.steps.slice(1).map((s) => s.title),
      ['交易失败：基金公司确认失败', '资金已退回现金宝'],
    );
    assert.equal((await payOrder(cashUser, paid.order_id)).status, 'cancelled', 'the cash redemption paying for it is called off');
    // Not a fen to the card: it paid 10,000.00 in once; the 3,000.00 is in 现金宝 again, the advance settled.
    assert.equal(await balance(cashUser, 'CNY', 'bank'), -1_000_000);
    assert.equal(await balance(cashUser, 'CNY', 'advance'), 0);
    const after = await summary(cashUser);
    const shares = await cashShares(cashUser);
    assert.equal(shares, 1_000_000 + fen(after.total_income), 'cash shares: the deposit and its income, nothing spent');
    assert.equal(fen(after.total), shares, 'the balance shown is the ledger’s');
    assert.equal(fen(after.available), shares);
    assert.equal(after.unavailable, '0.00');
    const money = ok(await get<HoldingSummary>(t, cashUser, '/djapi/holding/summary'));
    assert.equal(money.total_assets, after.total);
    assert.equal(money.in_transit_amount, '0.00');

    const cardRefused = await detail(cardUser, byCard.order_id);
    assert.deepEqual([cardRefused.status, cardRefused.refund_amount], ['failed', '100.00']);
    assert.equal(cardRefused.steps.at(-1)?.title, '资金已原路退回银行卡');
    assert.equal(await balance(cardUser, 'CNY', 'bank'), 0, 'paid 100.00, refunded 100.00 to the card');
  });

  it('two sales of the same lot refused on the same day give every share back to it (the lot, the ledger and my money agree)', async () => {
    const user = await createInvestor(t);
    ok(await buy(t, user, FUND_SAMPLES.bond, '5000.00'));
    await nextMorning(); // T's purchase confirmed the next trading day
    await nextMorning();
    const lot = await t.db.kysely
      .selectFrom('lots')
      .select(['id', 'volume', 'cost_fen'])
      .where('user_id', '=', user.userId)
      .where('fund_code', '=', FUND_SAMPLES.bond)
      .executeTakeFirstOrThrow();
    const T = today();
    // Two orders taking from the one lot: 20.00 shares, then 30.00.
    ok(await sell(t, user, FUND_SAMPLES.bond, '20.00'));
    ok(await sell(t, user, FUND_SAMPLES.bond, '30.00'));
    const frozen = await t.db.kysely
      .selectFrom('lots')
      .select('volume')
      .where('user_id', '=', user.userId)
      .where('id', '=', lot.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(frozen.volume), Number(lot.volume) - 5_000, 'both sales froze their shares in the lot');

    await settleWithheld(nextTradingDay(T), [[FUND_SAMPLES.bond, T]]); // the ledger's invariants hold after it

    const back = await t.db.kysely
      .selectFrom('lots')
      .select(['volume', 'cost_fen'])
      .where('user_id', '=', user.userId)
      .where('id', '=', lot.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [Number(back.volume), Number(back.cost_fen)],
      [Number(lot.volume), Number(lot.cost_fen)],
      'every share and fen of cost back',
    );
    assert.equal(await balance(user, `F:${FUND_SAMPLES.bond}`, `lot:${lot.id}`), Number(lot.volume), 'the ledger holds as much in the lot');
    const sales = await t.db.kysely
      .selectFrom('orders')
      .select('status')
      .where('user_id', '=', user.userId)
      .where('action', '=', '024')
      .execute();
    assert.deepEqual(
      sales.map((o) => o.status),
      ['failed', 'failed'],
    );
  });

  it('refused after its cash redemption went through (QDII, T+2): the refund is deposited into 现金宝', async () => {
    const user = await investorWithCash('2000.00');
    await nextMorning();
    const paid = ok(await buy(t, user, FUND_SAMPLES.qdiiHk, '500.00', { pay_method: 'xjb' })) as {
      order_id: string;
      trade_date: string;
      confirm_date: string;
    };
    const T = paid.trade_date;
    await moveTo(nextTradingDay(T)); // T+1: the cash redemption is confirmed and repays the advance; the purchase is due T+2
    assert.ok(paid.confirm_date > today(), `QDII confirmed later: ${paid.confirm_date}`);
    assert.equal((await payOrder(user, paid.order_id)).status, 'confirmed');
    assert.equal(await balance(user, 'CNY', 'advance'), 0);
    const spent = await cashShares(user);
    await settleWithheld(paid.confirm_date, [[FUND_SAMPLES.qdiiHk, T]]);
    const refused = await detail(user, paid.order_id);
    assert.deepEqual([refused.status, refused.refund_amount], ['failed', '500.00']);
    const deposit = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'status', 'amount_fen', 'fund_code'])
      .where('user_id', '=', user.userId)
      .where('pay_method', '=', 'refund')
      .executeTakeFirstOrThrow();
    assert.deepEqual([deposit.fund_code, deposit.status, Number(deposit.amount_fen)], [CASH_FUND_CODE, 'confirmed', 50_000]);
    const shown = await detail(user, String(deposit.id));
    assert.equal(shown.action_desc, '退款转入现金宝');
    const income = await sql<{ s: string }>`
      SELECT coalesce(sum(income_fen), 0)::text AS s FROM mmf_income WHERE user_id = ${user.userId} AND date >= ${addCalendarDays(today(), -1)}::date`.execute(
      t.db.kysely,
    );
    assert.equal(await cashShares(user), spent + 50_000 + Number(income.rows[0]?.s), '500.00 back in 现金宝');
    assert.equal(await balance(user, 'CNY', 'bank'), -200_000, 'the card only paid the deposit');
    assert.equal(fen((await summary(user)).total), await cashShares(user));
  });

  it('the excess of a 现金宝 purchase over a large-purchase limit goes back to 现金宝', async () => {
    const user = await investorWithCash('2000.00');
    await nextMorning();
    await t.db.kysely.updateTable('fund').set({ large_purchase_limit_fen: 50_000 }).where('code', '=', FUND_SAMPLES.bond).execute();
    try {
      const paid = ok(await buy(t, user, FUND_SAMPLES.bond, '700.00', { pay_method: 'xjb' })) as { order_id: string };
      await nextMorning();
      const confirmed = await detail(user, paid.order_id);
      assert.deepEqual([confirmed.status, confirmed.confirm_amount, confirmed.refund_amount], ['confirmed', '500.00', '200.00']);
      const refunds = await t.db.kysely
        .selectFrom('ledger_transfers')
        .select(['amount', 'credit_account'])
        .where('user_id', '=', user.userId)
        .where('kind', '=', 'purchase_refund')
        .execute();
      assert.deepEqual(
        refunds.map((r) => [Number(r.amount), r.credit_account]),
        [[20_000, `company:${CASH_FUND_CODE}`]],
      );
      const income = await sql<{
        s: string;
      }>`SELECT coalesce(sum(income_fen), 0)::text AS s FROM mmf_income WHERE user_id = ${user.userId}`.execute(t.db.kysely);
      assert.equal(await cashShares(user), 200_000 - 70_000 + 20_000 + Number(income.rows[0]?.s));
      assert.equal(await balance(user, 'CNY', 'bank'), -200_000);
    } finally {
      await t.db.kysely.updateTable('fund').set({ large_purchase_limit_fen: null }).where('code', '=', FUND_SAMPLES.bond).execute();
    }
  });

  it('a 快速取现 whose redemption is refused is tried again the next trading day until it repays the advance', async () => {
    const user = await investorWithCash('5000.00');
    await nextMorning();
    const quick = ok(
      await post<{ order_id: string; trade_date: string }>(t, user, '/djapi/xjb/withdraw', {
        amount: '1000.00',
        mode: 'quick',
        request_id: newRequestId(),
        trade_password: encryptForServer(t, TRADE_PASSWORD),
      }),
    );
    // A purchase paid from 现金宝 the same day: its purchase is confirmed, its cash redemption refused as well.
    const paid = ok(await buy(t, user, FUND_SAMPLES.stock, '400.00', { pay_method: 'xjb' })) as { order_id: string };
    const T = today();
    assert.equal(await balance(user, 'CNY', 'bank'), -500_000 + 100_000, 'the 1,000.00 is on the card at once');
    await settleWithheld(nextTradingDay(T), [[CASH_FUND_CODE, T]]);
    const pending = await detail(user, quick.order_id);
    assert.equal(pending.status, 'submitted', 'not failed: the money is on the card, the shares are not given back');
    assert.equal(pending.status_desc, '已到账');
    assert.ok(pending.trade_date > T, `tried again after ${T}: ${pending.trade_date}`);
    assert.equal((await detail(user, paid.order_id)).status, 'confirmed');
    const pay = await payOrder(user, paid.order_id);
    assert.deepEqual([pay.status, pay.trade_date > T], ['submitted', true]);
    assert.equal(await balance(user, 'CNY', 'advance'), -140_000, 'the advance is still owed, by the two redemptions');
    const income = async () =>
      Number(
        (
          await sql<{ s: string }>`SELECT coalesce(sum(income_fen), 0)::text AS s FROM mmf_income WHERE user_id = ${user.userId}`.execute(
            t.db.kysely,
          )
        ).rows[0]?.s,
      );
    const incomeBefore = await income();
    assert.equal(await cashShares(user), 500_000 - 140_000 + incomeBefore, 'the shares stay out of the balance');
    await moveTo(nextTradingDay(pending.confirm_date));
    assert.equal((await detail(user, quick.order_id)).status, 'confirmed');
    assert.equal((await payOrder(user, paid.order_id)).status, 'confirmed');
    assert.equal(await balance(user, 'CNY', 'advance'), 0, 'repaid');
    assert.equal(await balance(user, 'CNY', 'bank'), -400_000, 'the card got the 1,000.00 once');
    const total = await cashShares(user);
    assert.equal(total, 500_000 - 140_000 + (await income()), 'nothing created or lost');
    assert.equal(fen((await summary(user)).total), total);
  });

  it('a money-market holding counts the income carried into its shares, once (my money equals the ledger)', async () => {
    const user = await createInvestor(t);
    ok(await buy(t, user, FUND_SAMPLES.moneyMarket, '10000.00'));
    await moveTo(addCalendarDays(today(), 7));
    const held = await sql<{ b: string }>`
      SELECT (sum(CASE WHEN credit_account LIKE 'lot:%' THEN amount ELSE 0 END) - sum(CASE WHEN debit_account LIKE 'lot:%' THEN amount ELSE 0 END))::text AS b
      FROM ledger_transfers WHERE user_id = ${user.userId} AND asset = ${`F:${FUND_SAMPLES.moneyMarket}`}`.execute(t.db.kysely);
    const shares = Number(held.rows[0]?.b);
    const income = await sql<{ s: string }>`SELECT sum(income_fen)::text AS s FROM mmf_income WHERE user_id = ${user.userId}`.execute(
      t.db.kysely,
    );
    const incomeFen = Number(income.rows[0]?.s);
    assert.ok(incomeFen > 0, 'income paid');
    assert.equal(shares, 1_000_000 + incomeFen);
    const holding = ok(
      await get<{ volume: string; market_value: string; hold_gain: string; total_gain: string }>(
        t,
        user,
        `/djapi/holding/fund/${FUND_SAMPLES.moneyMarket}`,
      ),
    );
    assert.equal(fen(holding.volume), shares);
    assert.equal(fen(holding.market_value), shares);
    assert.equal(fen(holding.hold_gain), incomeFen);
    assert.equal(fen(holding.total_gain), incomeFen);
    const money = ok(await get<HoldingSummary>(t, user, '/djapi/holding/summary'));
    assert.equal(fen(money.total_assets), shares);
    assert.equal(fen(money.total_gain), incomeFen);
    assert.equal(fen(money.hold_gain), incomeFen);
  });
});
