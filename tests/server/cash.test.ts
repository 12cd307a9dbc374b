// The cash-management product (现金宝) against the real server and database: deposits confirmed T+1, the daily
// income carried into shares (a Friday's distribution covering the weekend), instant withdrawal within the daily
// quota on the platform's advance, ordinary withdrawal T+1, paying for a purchase and selling into it — each
// figure checked against an independent computation and the ledger's invariants after every step.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { CashIncomeRow, CashOrderAnswer, CashRules, CashSummary, CashUnavailable, CashYields } from '../../src/lib/api-types/cash';
import type { Paged } from '../../src/lib/api-types/paged';
import type { BuyQuote, FundHolding, HoldingSummary, OrderListPage, PlaceOrderAnswer } from '../../src/lib/api-types/trading';
import { sevenDayYield } from '../../src/lib/cash-rules';
import { checkLedger } from '../../server/src/ledger/check';
import { CASH_FUND_CODE } from '../../server/src/services/trading';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, encryptForServer, type TestApp } from './helpers';
import { advance, buy, cancel, createInvestor, get, newRequestId, post, sell, TRADE_PASSWORD, type Investor } from './trading-support';
import { fixed, roundedUnits, units } from './exact';

/** Independent: shares (hundredths) × per-10k ('0.6712') / 10,000, in fen, half up — in BigInt. */
function expectedIncome(volume: number, per10k: string): number {
  const [whole, frac = ''] = per10k.split('.');
  const units = BigInt(whole as string) * 10_000n + BigInt(frac.padEnd(4, '0'));
  const num = BigInt(volume) * units;
  const q = num / 100_000_000n;
  const r = num % 100_000_000n;
  return Number(r * 2n >= 100_000_000n ? q + 1n : q);
}

const fen = (text: string) => Number(units(text, 2));

function deposit(t: TestApp, user: Investor, amount: string, requestId = newRequestId()) {
  return post<CashOrderAnswer>(t, user, '/djapi/xjb/deposit', {
    amount,
    request_id: requestId,
    trade_password: encryptForServer(t, TRADE_PASSWORD),
  });
}

function withdraw(t: TestApp, user: Investor, amount: string, mode: 'quick' | 'normal', requestId = newRequestId()) {
  return post<CashOrderAnswer>(t, user, '/djapi/xjb/withdraw', {
    amount,
    mode,
    request_id: requestId,
    trade_password: encryptForServer(t, TRADE_PASSWORD),
  });
}

async function assertLedger(t: TestApp) {
  assert.deepEqual(await checkLedger(t.db.kysely), []);
}

async function navRows(t: TestApp, from: string, to: string) {
  return (
    await sql<{ date: string; per10k: string; yield7d: string }>`
      SELECT date::text AS date, income_per_10k::text AS per10k, yield_7d::text AS yield7d FROM fund_nav
      WHERE fund_code = ${CASH_FUND_CODE} AND date >= ${from}::date AND date <= ${to}::date ORDER BY date`.execute(t.db.kysely)
  ).rows;
}

describe('现金宝', () => {
  let t: TestApp;
  let user: Investor;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00 Shanghai
    user = await createInvestor(t);
  });
  after(async () => t.close());

  it('the market’s money-market figures: a Friday’s per-10k covers the weekend, the 7-day yield compounds the last 7 days', async () => {
    const rows = await navRows(t, '2025-02-01', '2025-03-03');
    assert.ok(rows.length > 15);
    const byDate = new Map(rows.map((r) => [r.date, r]));
    // 2025-02-28 is a Friday, 02-27 a Thursday: the Friday figure accrues three days.
    const fri = Number(byDate.get('2025-02-28')?.per10k);
    const thu = Number(byDate.get('2025-02-27')?.per10k);
    assert.ok(fri > 2.5 * thu && fri < 3.5 * thu, `Friday ${fri} vs Thursday ${thu}`);
    for (const r of rows.filter((x) => x.date >= '2025-02-10')) {
      const from = new Date(Date.parse(`${r.date}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
      const window = rows.filter((x) => x.date >= from && x.date <= r.date).map((x) => Number(roundedUnits(x.per10k, 4)));
      assert.equal(fixed(r.yield7d, 3), sevenDayYield(window), `7-day yield of ${r.date}`);
    }
  });

  it('the rules answer states the figures the code applies and the dates of an order placed now (public)', async () => {
    const res = await get<CashRules>(t, null, '/djapi/xjb/rules');
    assert.equal(res.body.result_code, 0);
    assert.equal(res.body.data.fd_code, CASH_FUND_CODE);
    assert.equal(res.body.data.quick_daily_limit, '10000.00');
    assert.equal(res.body.data.cutoff, '15:00');
    assert.equal(res.body.data.deposit_trade_date, '2025-03-04');
    assert.equal(res.body.data.deposit_confirm_date, '2025-03-05');
    assert.equal(res.body.data.deposit_income_date, '2025-03-06');
    assert.equal(res.body.data.normal_arrival_date, '2025-03-05');
  });

  it('needs a login; an empty balance reads as zero with today’s full quota', async () => {
    const anon = await get(t, null, '/djapi/xjb/summary');
    assert.equal(anon.body.result_code, 300001);
    const res = await get<CashSummary>(t, user, '/djapi/xjb/summary');
    assert.equal(res.body.result_code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.total, '0.00');
    assert.equal(res.body.data.quick_quota_left, '10000.00');
    assert.equal(res.body.data.yesterday_income_date, null);
    assert.match(res.body.data.seven_day_yield ?? '', /^\d+\.\d{3}$/);
  });

  it('a deposit of 20,000.00 is unavailable until confirmed, then earns from the trading day after; a weekend is paid on Friday', async () => {
    const placed = await deposit(t, user, '20000.00');
    assert.equal(placed.body.result_code, 0, JSON.stringify(placed.body));
    assert.equal(placed.body.data.confirm_date, '2025-03-05');
    assert.equal(placed.body.data.arrival_date, '2025-03-06');
    const again = await deposit(t, user, '20000.00', 'same-request-1');
    const replay = await deposit(t, user, '20000.00', 'same-request-1');
    assert.equal(replay.body.data.order_id, again.body.data.order_id, 'idempotent by request id');
    await cancel(t, user, again.body.data.order_id);
    let summary = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.equal(summary.available, '0.00');
    assert.equal(summary.unavailable, '20000.00');
    assert.equal(summary.total, '20000.00');
    const unavailable = (await get<CashUnavailable>(t, user, '/djapi/xjb/unavailable')).body.data;
    assert.deepEqual(
      unavailable.items.map((i) => [i.kind, i.amount, i.expected_date]),
      [['deposit', '20000.00', '2025-03-05']],
    );
    await assertLedger(t);

    // Tuesday → the next Tuesday: confirmed Wednesday; income for Thursday, Friday (covering Sat, Sun), Monday.
    await advance(t, 7);
    await assertLedger(t);
    summary = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    const income = (await get<Paged<CashIncomeRow>>(t, user, '/djapi/xjb/income?page=1&size=20')).body.data;
    assert.deepEqual(
      income.items.map((r) => r.date),
      ['2025-03-10', '2025-03-07', '2025-03-06'],
      'Thursday, Friday (for the weekend), Monday',
    );
    const navs = new Map((await navRows(t, '2025-03-06', '2025-03-10')).map((r) => [r.date, r.per10k]));
    let shares = 2_000_000;
    let total = 0;
    for (const row of [...income.items].reverse()) {
      assert.equal(fen(row.shares), shares, `shares earning on ${row.date}`);
      assert.equal(row.income_per_10k, navs.get(row.date));
      const expected = expectedIncome(shares, row.income_per_10k);
      assert.equal(fen(row.income), expected, `income of ${row.date}`);
      shares += expected; // carried into shares the same day
      total += expected;
    }
    assert.equal(fen(summary.total), shares);
    assert.equal(fen(summary.available), shares);
    assert.equal(fen(summary.total_income), total);
    assert.equal(summary.yesterday_income_date, '2025-03-10');
    assert.equal(fen(summary.yesterday_income), fen(income.items[0]?.income ?? '0'));
    // My money: its own line, counted once in total assets.
    const money = (await get<HoldingSummary>(t, user, '/djapi/holding/summary')).body.data;
    assert.equal(money.cash?.total, summary.total);
    assert.equal(money.total_assets, summary.total);
    assert.equal(
      money.items.find((i) => i.fd_code === CASH_FUND_CODE),
      undefined,
    );
    // Issue 28: in 交易记录 a deposit is a transfer in — 现金宝转入, 转入成功 — with thousands separators.
    const list = (await get<OrderListPage>(t, user, `/djapi/order/p/list?page=1&size=20&fd_code=${CASH_FUND_CODE}`)).body.data;
    const confirmed = list.items.filter((i) => i.status === 'confirmed');
    assert.deepEqual(
      confirmed.map((i) => [i.action_desc, i.status_desc, i.value_desc, i.source]),
      [['现金宝转入', '转入成功', '20,000.00元', null]],
    );
  });

  it('快速取现 of 10,000.00 arrives at once on the platform’s advance; the next 0.01 is refused naming the quota', async () => {
    const before = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    const quick = await withdraw(t, user, '10000.00', 'quick');
    assert.equal(quick.body.result_code, 0, JSON.stringify(quick.body));
    assert.equal(quick.body.data.arrival_date, '2025-03-11');
    assert.equal(quick.body.data.quick_quota_left, '0.00');
    const more = await withdraw(t, user, '0.01', 'quick');
    assert.equal(more.body.result_code, 410017);
    assert.match(more.body.message, /10000\.00/);
    assert.match(more.body.message, /普通取现/);
    const after = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.equal(fen(after.total), fen(before.total) - 1_000_000);
    assert.equal(after.quick_quota_left, '0.00');
    const card = await sql<{ balance: string }>`
      SELECT coalesce(sum(CASE WHEN credit_account = 'bank' THEN amount ELSE -amount END), 0)::text AS balance
      FROM ledger_transfers WHERE user_id = ${user.userId} AND asset = 'CNY' AND (credit_account = 'bank' OR debit_account = 'bank')`.execute(
      t.db.kysely,
    );
    assert.equal(Number(card.rows[0]?.balance), -2_000_000 + 1_000_000, 'paid 20,000.00 in, 10,000.00 back on the card');
    await assertLedger(t);
    // An ordinary withdrawal has no quota; it reaches the card the next trading day.
    const normal = await withdraw(t, user, '1000.00', 'normal');
    assert.equal(normal.body.result_code, 0, JSON.stringify(normal.body));
    assert.equal(normal.body.data.arrival_date, '2025-03-12');
    await advance(t, 1);
    await assertLedger(t);
    const order = await get<{ status: string; steps: Array<{ done: boolean }> }>(t, user, `/djapi/fund/order/${normal.body.data.order_id}`);
    assert.equal(order.body.data.status, 'confirmed');
    // The quota is per natural day: a new day, a new quota.
    const fresh = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.equal(fresh.quick_quota_left, '10000.00');
    await assertLedger(t);
  });

  it('pays for a purchase at once (no bank limit), gives it back on cancel, and is spent when the purchase is confirmed', async () => {
    const fund = FUND_SAMPLES.stock;
    const quote = (await get<BuyQuote>(t, user, `/djapi/order/buy/quote?fd_code=${fund}`)).body.data;
    const before = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.equal(quote.cash?.available, before.available);
    const tooMuch = await buy(t, user, fund, String(Number(before.available) + 1), { pay_method: 'xjb' });
    assert.equal(tooMuch.body.result_code, 410018);
    const paid = await buy(t, user, fund, '3000.00', { pay_method: 'xjb' });
    assert.equal(paid.body.result_code, 0, JSON.stringify(paid.body));
    assert.equal((paid.body.data as unknown as PlaceOrderAnswer).pay_method, 'xjb');
    let summary = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.equal(fen(summary.available), fen(before.available) - 300_000, 'deducted at once');
    assert.equal(summary.total, before.total, 'frozen, still yours until the purchase is confirmed');
    const items = (await get<CashUnavailable>(t, user, '/djapi/xjb/unavailable')).body.data.items;
    assert.deepEqual(
      items.map((i) => [i.kind, i.amount, i.fd_code]),
      [['purchase', '3000.00', fund]],
    );
    await assertLedger(t);
    await cancel(t, user, String((paid.body.data as unknown as PlaceOrderAnswer).order_id));
    summary = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.equal(summary.available, before.available, 'refunded on cancel');
    await assertLedger(t);
    const kept = await buy(t, user, fund, '3000.00', { pay_method: 'xjb' });
    assert.equal(kept.body.result_code, 0);
    const money = (await get<HoldingSummary>(t, user, '/djapi/holding/summary')).body.data;
    assert.equal(fen(money.total_assets), fen(before.total), 'counted once while frozen');
    await advance(t, 1);
    await assertLedger(t);
    summary = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    assert.ok(fen(summary.total) < fen(before.total) - 290_000, 'spent when confirmed');
    assert.equal(summary.unavailable, '0.00');
    // Issue 28: a purchase paid by 现金宝 says so in 交易记录 (grouped money) and on its lot.
    const bought = (await get<OrderListPage>(t, user, `/djapi/order/p/list?page=1&size=20&fd_code=${fund}`)).body.data.items.find(
      (i) => i.order_id === String((kept.body.data as unknown as PlaceOrderAnswer).order_id),
    );
    assert.deepEqual([bought?.action_desc, bought?.source, bought?.value_desc], ['现金宝买入', 'cash', '3,000.00元']);
    const lots = (await get<FundHolding>(t, user, `/djapi/holding/fund/${fund}`)).body.data.lots;
    assert.ok(lots.length > 0 && lots.every((l) => l.source === 'cash'), JSON.stringify(lots));
  });

  it('a QDII purchase paid with it (confirmed T+2) stays in total assets once, in the cash balance and then in transit', async () => {
    const before = (await get<HoldingSummary>(t, user, '/djapi/holding/summary')).body.data;
    const paid = await buy(t, user, FUND_SAMPLES.qdiiHk, '500.00', { pay_method: 'xjb' });
    assert.equal(paid.body.result_code, 0, JSON.stringify(paid.body));
    let money = (await get<HoldingSummary>(t, user, '/djapi/holding/summary')).body.data;
    assert.equal(money.total_assets, before.total_assets, 'moved from available to frozen: the same total');
    await advance(t, 1); // the cash redemption is confirmed (T+1); the QDII purchase is not yet (T+2)
    money = (await get<HoldingSummary>(t, user, '/djapi/holding/summary')).body.data;
    const cash = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    const item = money.items.find((i) => i.fd_code === FUND_SAMPLES.qdiiHk);
    assert.equal(item?.buying_amount, '500.00');
    assert.equal(
      fen(money.total_assets),
      fen(cash.total) + fen(money.in_transit_amount) + money.items.reduce((s, i) => s + fen(i.market_value), 0),
    );
    assert.ok(fen(money.in_transit_amount) >= 50_000, 'the purchase is in transit now');
    await assertLedger(t);
  });

  it('a fund sale into 现金宝 arrives on its confirmation date, itemised until then', async () => {
    const fund = FUND_SAMPLES.stock;
    const before = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    const sold = await sell(t, user, fund, '100.00', { to: 'xjb' });
    assert.equal(sold.body.result_code, 0, JSON.stringify(sold.body));
    const answer = sold.body.data as unknown as PlaceOrderAnswer;
    assert.equal(answer.sell_to, 'xjb');
    assert.equal(answer.arrival_date, answer.confirm_date, 'into the cash product on the confirmation date');
    const items = (await get<CashUnavailable>(t, user, '/djapi/xjb/unavailable')).body.data.items;
    assert.equal(items[0]?.kind, 'sale');
    assert.equal(items[0]?.estimated, true);
    assert.equal(items[0]?.expected_date, answer.arrival_date);
    const selfSale = await withdraw(t, user, '0.00', 'normal');
    assert.equal(selfSale.body.result_code, 400001);
    const today = (await get<{ now: string }>(t, null, '/__dev/clock')).body.data.now.slice(0, 10);
    await advance(t, (Date.parse(answer.confirm_date) - Date.parse(today)) / 86_400_000);
    await assertLedger(t);
    const after = (await get<CashSummary>(t, user, '/djapi/xjb/summary')).body.data;
    const order = await get<{ confirm_amount: string; fee: string }>(t, user, `/djapi/fund/order/${answer.order_id}`);
    const net = fen(order.body.data.confirm_amount) - fen(order.body.data.fee);
    const incomeToday = fen(after.total_income) - fen(before.total_income);
    assert.equal(fen(after.total), fen(before.total) + net + incomeToday);
    assert.equal(after.unavailable, '0.00');
  });

  it('yields answer 30 or 90 days of published figures; other values are refused', async () => {
    const res = await get<CashYields>(t, null, '/djapi/xjb/yields?days=90');
    assert.equal(res.body.result_code, 0);
    assert.ok(res.body.data.items.length > 55);
    for (const p of res.body.data.items) assert.match(p.seven_day_yield ?? '', /^\d+\.\d{3}$/);
    const bad = await get(t, null, '/djapi/xjb/yields?days=Infinity');
    assert.equal(bad.status, 400);
  });
});
