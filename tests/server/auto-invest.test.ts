// Auto-invest (定投): the schedule across holidays and month ends, smart ratios at their band edges, plans made,
// run by the daily jobs (a holiday's run on the next trading day, each order confirmed with its shares), paused
// after 3 failed debits, resumed, stopped — and the backtest against an independent computation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { FundHolding, IncomeCalendar, OrderDetail, OrderListPage } from '../../src/lib/api-types/trading';
import type { AipBacktest, AipCreateAnswer, AipList, AipPlanDetail, AipQuote, AipYieldList } from '../../src/lib/api-types/auto-invest';
import {
  anchorFor,
  movingAverageRatio,
  nextRunDate,
  runDatesBetween,
  smartAmountFen,
  valuationRatio,
  type Schedule,
} from '../../server/src/domain/auto-invest-plan';
import { isTradingDay } from '../../server/src/domain/calendar';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkLedger } from '../../server/src/ledger/check';
import { runDuePlans } from '../../server/src/services/auto-invest';
import { createTestApp, encryptForServer, testDatabaseKind, type TestApp } from './helpers';
import { advance, createInvestor, get, newRequestId, post, TRADE_PASSWORD, type Investor } from './trading-support';
import { roundedUnits } from './exact';

describe('auto-invest rules', () => {
  const plan = (cycle: Schedule['cycle'], cycleDay: number | null, today: string): Schedule => ({
    cycle,
    cycleDay,
    anchor: anchorFor(cycle, cycleDay, today),
  });

  it('monthly on day 1 runs on the next trading day after a holiday (2025 May Day, Dragon Boat), once a month', () => {
    const s = plan('monthly', 1, '2025-03-04');
    assert.deepEqual(runDatesBetween(s, '2025-03-04', '2025-07-31'), ['2025-04-01', '2025-05-06', '2025-06-03', '2025-07-01']);
  });

  it('monthly on day 28 and 31-day months; a nominal date is never run twice', () => {
    const s = plan('monthly', 28, '2025-01-28');
    assert.deepEqual(runDatesBetween(s, '2025-01-28', '2025-06-30'), [
      '2025-02-28',
      '2025-03-28',
      '2025-04-28',
      '2025-05-28',
      '2025-06-30',
    ]);
  });

  it('weekly on Wednesday across the 2025 National Day week: Oct 1 (holiday) runs on Oct 9 with Oct 8’s, once', () => {
    const s = plan('weekly', 3, '2025-09-20');
    const dates = runDatesBetween(s, '2025-09-20', '2025-10-20');
    assert.deepEqual(dates, ['2025-09-24', '2025-10-09', '2025-10-15']);
    for (const d of dates) assert.ok(isTradingDay(d));
  });

  it('every two weeks counts from the anchor; daily is every trading day', () => {
    const s = plan('biweekly', 1, '2025-03-04');
    assert.deepEqual(runDatesBetween(s, '2025-03-04', '2025-04-08'), ['2025-03-10', '2025-03-24', '2025-04-07']);
    const d = plan('daily', null, '2025-04-03'); // Thursday; Friday 04-04 is Qingming
    assert.deepEqual(runDatesBetween(d, '2025-04-03', '2025-04-09'), ['2025-04-07', '2025-04-08', '2025-04-09']);
    assert.equal(nextRunDate(d, '2025-04-09'), '2025-04-10');
    assert.throws(() => anchorFor('weekly', 6, '2025-03-04'), RangeError);
    assert.throws(() => anchorFor('monthly', 29, '2025-03-04'), RangeError);
  });

  it('valuation bands: a percentile on a band’s lower edge belongs to it', () => {
    assert.equal(valuationRatio(0), 200);
    assert.equal(valuationRatio(999), 200);
    assert.equal(valuationRatio(1_000), 180);
    assert.equal(valuationRatio(2_999), 160);
    assert.equal(valuationRatio(3_000), 140);
    assert.equal(valuationRatio(4_999), 120);
    assert.equal(valuationRatio(5_000), 90);
    assert.equal(valuationRatio(9_999), 50);
    assert.equal(valuationRatio(10_000), 50);
  });

  it('moving-average bands: above 90/80/70/60 %, below 160…210 %, 100 points less in a wide 10-day range', () => {
    assert.equal(movingAverageRatio(0, 0), 90);
    assert.equal(movingAverageRatio(1_499, 0), 90);
    assert.equal(movingAverageRatio(1_500, 0), 80);
    assert.equal(movingAverageRatio(4_999, 0), 80);
    assert.equal(movingAverageRatio(5_000, 0), 70);
    assert.equal(movingAverageRatio(10_000, 0), 60);
    assert.equal(movingAverageRatio(-1, 0), 160);
    assert.equal(movingAverageRatio(-500, 0), 160);
    assert.equal(movingAverageRatio(-501, 0), 170);
    assert.equal(movingAverageRatio(-1_000, 500), 170);
    assert.equal(movingAverageRatio(-1_000, 501), 70);
    assert.equal(movingAverageRatio(-2_000, 0), 180);
    assert.equal(movingAverageRatio(-3_000, 0), 190);
    assert.equal(movingAverageRatio(-4_000, 0), 200);
    assert.equal(movingAverageRatio(-4_001, 0), 210);
    assert.equal(movingAverageRatio(-4_001, 900), 110);
    assert.equal(smartAmountFen(100_000, 160, 1_000), 160_000);
    assert.equal(smartAmountFen(1_000, 50, 1_000), 1_000, 'never below the minimum');
    assert.equal(smartAmountFen(333, 150, 1), 500, '333 × 1.5 = 499.5 → 500 (half up)');
  });
});

describe('auto-invest plans', () => {
  let t: TestApp;
  let user: Investor;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00
    user = await createInvestor(t);
  });
  after(async () => t.close());

  const create = (fields: Record<string, string>) =>
    post<AipCreateAnswer>(t, user, '/djapi/aip/create', {
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
      risk_confirm: '1',
      ...fields,
    });
  const act = (planId: string, action: string) =>
    post<AipPlanDetail>(t, user, `/djapi/aip/${planId}/${action}`, { trade_password: encryptForServer(t, TRADE_PASSWORD) });

  it('a monthly plan on day 1: the quote shows the first date; the runs follow the calendar and each order is confirmed', async () => {
    const quote = await get<AipQuote>(t, user, `/djapi/aip/quote?fd_code=${FUND_SAMPLES.stock}&cycle=monthly&cycle_day=1`);
    assert.equal(quote.body.result_code, 0, JSON.stringify(quote.body));
    assert.equal(quote.body.data.first_date, '2025-04-01');
    const wrong = await create({
      fd_code: FUND_SAMPLES.stock,
      amount: '500.00',
      cycle: 'monthly',
      cycle_day: '1',
      trade_password: encryptForServer(t, '000000'),
    });
    assert.equal(wrong.body.result_code, 400051, 'the trade password is asked');
    const bad = await create({ fd_code: FUND_SAMPLES.stock, amount: '500.00', cycle: 'weekly', cycle_day: '6' });
    assert.equal(bad.body.result_code, 410020);
    const made = await create({ fd_code: FUND_SAMPLES.stock, amount: '500.00', cycle: 'monthly', cycle_day: '1' });
    assert.equal(made.body.result_code, 0, JSON.stringify(made.body));
    assert.equal(made.body.data.first_date, '2025-04-01');
    const planId = made.body.data.plan_id;
    await advance(t, 95); // through 2025-06-07
    assert.deepEqual(await checkLedger(t.db.kysely), []);
    const detail = (await get<AipPlanDetail>(t, user, `/djapi/aip/${planId}`)).body.data;
    assert.deepEqual(
      detail.runs.map((r) => [r.date, r.amount, r.status, r.order_status]),
      [
        ['2025-06-03', '500.00', 'placed', 'confirmed'],
        ['2025-05-06', '500.00', 'placed', 'confirmed'],
        ['2025-04-01', '500.00', 'placed', 'confirmed'],
      ],
    );
    assert.equal(detail.next_date, '2025-07-01');
    const orders = await sql<{
      plan_id: string;
      trade_date: string;
      confirm_volume: string;
      confirm_nav: string;
      fee_fen: string;
      amount_fen: string;
    }>`
      SELECT plan_id::text, trade_date::text, confirm_volume::text, confirm_nav::text, fee_fen::text, amount_fen::text FROM orders WHERE user_id = ${user.userId} AND plan_id IS NOT NULL ORDER BY trade_date`.execute(
      t.db.kysely,
    );
    assert.deepEqual(
      orders.rows.map((o) => o.trade_date),
      ['2025-04-01', '2025-05-06', '2025-06-03'],
    );
    let invested = 0;
    for (const o of orders.rows) {
      assert.equal(o.plan_id, planId);
      // shares = (amount − fee) / NAV(T), half up, independently in BigInt.
      const net = BigInt(o.amount_fen) - BigInt(o.fee_fen);
      const nav = BigInt(o.confirm_nav.replace('.', ''));
      const q = (net * 10_000n) / nav;
      const r = (net * 10_000n) % nav;
      assert.equal(BigInt(o.confirm_volume), r * 2n >= nav ? q + 1n : q);
      invested += Number(o.amount_fen);
    }
    assert.equal(Math.round(Number(detail.total_invested) * 100), invested);
    const list = (await get<AipList>(t, user, '/djapi/aip/list')).body.data;
    assert.equal(list.items[0]?.plan_id, planId);
    assert.equal(list.items[0]?.cycle_desc, '每月1日');

    // Issue 28: a plan's orders say 定投 and name their plan, in the list, the order and the holding's lots.
    const listed = (await get<OrderListPage>(t, user, `/djapi/order/p/list?page=1&size=20&fd_code=${FUND_SAMPLES.stock}`)).body.data;
    assert.equal(listed.total_items, 3);
    for (const item of listed.items) {
      assert.deepEqual([item.action_desc, item.source, item.plan_id, item.value_desc], ['定投买入', 'plan', planId, '500.00元']);
      const order = (await get<OrderDetail>(t, user, `/djapi/fund/order/${item.order_id}`)).body.data;
      assert.deepEqual([order.plan_id, order.source, order.income_date], [planId, 'plan', order.query_date]);
    }
    const held = (await get<FundHolding>(t, user, `/djapi/holding/fund/${FUND_SAMPLES.stock}`)).body.data;
    assert.deepEqual(
      held.lots.map((l) => [l.source, l.plan_id]),
      orders.rows.map(() => ['plan', planId]),
    );
    // The fees are in the cost and in 持有收益 (含申购费), all three lots still whole.
    const fees = orders.rows.reduce((s, o) => s + BigInt(o.fee_fen), 0n);
    assert.equal(roundedUnits(held.hold_fee ?? '', 2), fees);
    // No day shows the fee as a loss: the first run's trade date has no income in the calendar (its income starts
    // on the order's income date), and the days, with the fees, add up to the cumulative income.
    let days = 0n;
    for (const month of ['2025-04', '2025-05', '2025-06']) {
      const calendar = (await get<IncomeCalendar>(t, user, `/djapi/holding/income/calendar?month=${month}&fd_code=${FUND_SAMPLES.stock}`))
        .body.data;
      if (month === '2025-04')
        assert.equal(
          calendar.days.find((d) => d.date === '2025-04-01'),
          undefined,
          'no income on the trade date',
        );
      days += roundedUnits(calendar.month_income, 2);
    }
    assert.ok(days - fees - roundedUnits(held.total_gain, 2) <= 3n && days - fees - roundedUnits(held.total_gain, 2) >= -3n);
  });

  it('paid from 现金宝: refused while its balance cannot cover one run (0.00, then short), accepted once it can', async () => {
    const investor = await createInvestor(t);
    const make = (amount: string) =>
      post<AipCreateAnswer>(t, investor, '/djapi/aip/create', {
        request_id: newRequestId(),
        trade_password: encryptForServer(t, TRADE_PASSWORD),
        risk_confirm: '1',
        fd_code: FUND_SAMPLES.bond,
        amount,
        cycle: 'monthly',
        cycle_day: '15',
        pay_method: 'xjb',
      });
    // The plan's payment options: 现金宝 is not offered at 0.00 available (issue 22 §4).
    const cashOffered = async (code: string) =>
      (
        await get<{ cash: { fd_code: string; available: string } | null }>(
          t,
          investor,
          `/djapi/aip/quote?fd_code=${code}&cycle=monthly&cycle_day=15`,
        )
      ).body.data.cash;
    assert.equal(await cashOffered(FUND_SAMPLES.bond), null, '现金宝 at 0.00 is no payment option');
    const empty = await make('100.00');
    assert.equal(empty.body.result_code, 410018, JSON.stringify(empty.body));
    assert.equal(empty.body.message, '现金宝可用余额不足，可用 0.00 元');
    const deposited = await post(t, investor, '/djapi/xjb/deposit', {
      amount: '300.00',
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(deposited.body.result_code, 0, JSON.stringify(deposited.body));
    const today = (await get<{ now: string }>(t, null, '/__dev/clock')).body.data.now.slice(0, 10);
    const confirmDate = (deposited.body.data as { confirm_date: string }).confirm_date;
    await advance(t, Math.round((Date.parse(confirmDate) - Date.parse(today)) / 86_400_000)); // confirmed
    const offered = await cashOffered(FUND_SAMPLES.bond);
    assert.equal(offered?.fd_code, FUND_SAMPLES.xjb);
    assert.match(offered?.available ?? '', /^300\.\d\d$/, 'offered with its available balance');
    assert.equal(await cashOffered(FUND_SAMPLES.xjb), null, '现金宝 does not pay a plan of itself');
    const short = await make('300.01');
    assert.equal(short.body.result_code, 410018);
    assert.match(short.body.message, /可用 300\.\d\d 元/);
    const made = await make('300.00');
    assert.equal(made.body.result_code, 0, JSON.stringify(made.body));
    const plans = await t.db.kysely
      .selectFrom('aip_plans')
      .select(['pay_method', 'amount_fen'])
      .where('user_id', '=', investor.userId)
      .execute();
    assert.deepEqual(
      plans.map((p) => [p.pay_method, Number(p.amount_fen)]),
      [['xjb', 30_000]],
      'the refused ones wrote nothing',
    );
  });

  it('changed to more than 现金宝 covers (its amount, or the card switched to it): refused as a new plan is, nothing changed', async () => {
    const investor = await createInvestor(t);
    const password = () => encryptForServer(t, TRADE_PASSWORD);
    const make = (amount: string, payMethod: string, fundCode: string = FUND_SAMPLES.bond) =>
      post<AipCreateAnswer>(t, investor, '/djapi/aip/create', {
        request_id: newRequestId(),
        trade_password: password(),
        risk_confirm: '1',
        fd_code: fundCode,
        amount,
        cycle: 'monthly',
        cycle_day: '15',
        pay_method: payMethod,
      });
    const update = (planId: string, fields: Record<string, string>) =>
      post<AipPlanDetail>(t, investor, `/djapi/aip/${planId}/update`, {
        cycle: 'monthly',
        cycle_day: '15',
        trade_password: password(),
        ...fields,
      });
    const stored = async () =>
      (
        await t.db.kysely
          .selectFrom('aip_plans')
          .select(['id', 'pay_method', 'amount_fen'])
          .where('user_id', '=', investor.userId)
          .orderBy('id')
          .execute()
      ).map((p) => [p.pay_method, Number(p.amount_fen)]);

    // Nothing in 现金宝 yet: a card plan cannot switch to it, whatever its amount.
    const card = await make('100.00', 'bankcard');
    assert.equal(card.body.result_code, 0, JSON.stringify(card.body));
    const cardId = card.body.data.plan_id;
    const onEmpty = await update(cardId, { amount: '100.00', pay_method: 'xjb' });
    assert.equal(onEmpty.body.result_code, 410018, JSON.stringify(onEmpty.body));
    assert.equal(onEmpty.body.message, '现金宝可用余额不足，可用 0.00 元');

    const deposited = await post(t, investor, '/djapi/xjb/deposit', {
      amount: '300.00',
      request_id: newRequestId(),
      trade_password: password(),
    });
    assert.equal(deposited.body.result_code, 0, JSON.stringify(deposited.body));
    const today = (await get<{ now: string }>(t, null, '/__dev/clock')).body.data.now.slice(0, 10);
    const confirmDate = (deposited.body.data as { confirm_date: string }).confirm_date;
    await advance(t, Math.round((Date.parse(confirmDate) - Date.parse(today)) / 86_400_000)); // confirmed
    const cash = await make('200.00', 'xjb');
    assert.equal(cash.body.result_code, 0, JSON.stringify(cash.body));
    const cashId = cash.body.data.plan_id;

    // One fen more than the balance: the create path's refusal, word for word, on both kinds of change.
    const createRefused = await make('300.01', 'xjb');
    assert.equal(createRefused.body.result_code, 410018);
    const raised = await update(cashId, { amount: '300.01' });
    assert.equal(raised.body.result_code, 410018, JSON.stringify(raised.body));
    assert.equal(raised.body.message, createRefused.body.message);
    assert.match(raised.body.message, /^现金宝可用余额不足，可用 300\.\d\d 元$/);
    const switched = await update(cardId, { amount: '300.01', pay_method: 'xjb' });
    assert.equal(switched.body.result_code, 410018, JSON.stringify(switched.body));
    assert.equal(switched.body.message, createRefused.body.message);
    assert.deepEqual(await stored(), [
      ['bankcard', 10_000],
      ['xjb', 20_000],
    ]);
    // The card pays any amount its limits allow; the balance still matters only to 现金宝.
    const onCard = await update(cardId, { amount: '300.01' });
    assert.equal(onCard.body.result_code, 0, JSON.stringify(onCard.body));

    // Covered to the fen: both changes go through.
    const covered = await update(cashId, { amount: '300.00' });
    assert.equal(covered.body.result_code, 0, JSON.stringify(covered.body));
    const moved = await update(cardId, { amount: '300.00', pay_method: 'xjb' });
    assert.equal(moved.body.result_code, 0, JSON.stringify(moved.body));
    assert.equal(moved.body.data.pay_method, 'xjb');
    assert.deepEqual(await stored(), [
      ['xjb', 30_000],
      ['xjb', 30_000],
    ]);
    // And back to the card: no balance asked.
    const back = await update(cardId, { amount: '5000.00', pay_method: 'bankcard' });
    assert.equal(back.body.result_code, 0, JSON.stringify(back.body));
    assert.equal(back.body.data.pay_method, 'bankcard');

    // A card plan into 现金宝 itself cannot switch to paying from 现金宝, balance or not: refused as a new one is.
    const intoCash = await make('100.00', 'bankcard', FUND_SAMPLES.xjb);
    assert.equal(intoCash.body.result_code, 0, JSON.stringify(intoCash.body));
    const selfPaid = await make('100.00', 'xjb', FUND_SAMPLES.xjb);
    assert.notEqual(selfPaid.body.result_code, 0);
    const selfSwitch = await update(intoCash.body.data.plan_id, { amount: '100.00', pay_method: 'xjb' });
    assert.equal(selfSwitch.body.result_code, selfPaid.body.result_code, JSON.stringify(selfSwitch.body));
    assert.equal(selfSwitch.body.message, selfPaid.body.message);
    assert.match(selfSwitch.body.message, /^现金宝不能用于这笔交易/);
    // The card plans stop here: their debits would take the bank's scripted failures (/__dev/bank fail_next) meant
    // for the plan of the test that follows.
    for (const planId of [cardId, intoCash.body.data.plan_id]) {
      const stopped = await post(t, investor, `/djapi/aip/${planId}/stop`, { trade_password: password() });
      assert.equal(stopped.body.result_code, 0, JSON.stringify(stopped.body));
    }
  });

  it('3 failed debits in a row pause the plan and say why; resume runs again; stop is final', async () => {
    const made = await create({ fd_code: FUND_SAMPLES.bond, amount: '100.00', cycle: 'daily' });
    assert.equal(made.body.result_code, 0, JSON.stringify(made.body));
    const planId = made.body.data.plan_id;
    const failing = await post(t, null, '/__dev/bank', { fail_next: '3' });
    assert.equal(failing.body.result_code, 0);
    await advance(t, 7);
    let detail = (await get<AipPlanDetail>(t, user, `/djapi/aip/${planId}`)).body.data;
    assert.equal(detail.status, 'paused');
    assert.equal(detail.pause_reason, '连续 3 次扣款失败，计划已暂停');
    assert.deepEqual(
      detail.runs.map((r) => r.status),
      ['failed', 'failed', 'failed'],
    );
    assert.equal(detail.runs[0]?.note, '扣款失败，本期未投入');
    assert.equal(detail.next_date, null);
    const resumed = await act(planId, 'resume');
    assert.equal(resumed.body.result_code, 0, JSON.stringify(resumed.body));
    assert.equal(resumed.body.data.status, 'running');
    assert.equal(resumed.body.data.failures, 0);
    await advance(t, 3);
    detail = (await get<AipPlanDetail>(t, user, `/djapi/aip/${planId}`)).body.data;
    assert.ok(detail.runs.filter((r) => r.status === 'placed').length >= 1);
    const stopped = await act(planId, 'stop');
    assert.equal(stopped.body.data.status, 'stopped');
    const again = await act(planId, 'resume');
    assert.equal(again.body.result_code, 410022);
    const other = await get(t, await createInvestor(t), `/djapi/aip/${planId}`);
    assert.equal(other.body.result_code, 410021, 'someone else’s plan reads as no plan');
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('the backtest equals an independent computation (BigInt fees, shares and dividends) on a stock, a bond and an index fund', async () => {
    const index = await sql<{
      code: string;
    }>`SELECT code FROM fund WHERE tracked_index_code = 'SH000300' AND sale_status = 'on_sale' ORDER BY code LIMIT 1`.execute(t.db.kysely);
    for (const fund of [FUND_SAMPLES.stock, FUND_SAMPLES.bond, index.rows[0]?.code as string]) {
      const res = await get<AipBacktest>(
        t,
        null,
        `/djapi/aip/backtest?fd_code=${fund}&amount=777.77&cycle=weekly&cycle_day=2&start=2024-06-01`,
      );
      assert.equal(res.body.result_code, 0, JSON.stringify(res.body));
      const b = res.body.data;
      const f = (
        await sql<{
          rounding_mode: string;
          declare_discount: string;
        }>`SELECT rounding_mode, declare_discount::text FROM fund WHERE code = ${fund}`.execute(t.db.kysely)
      ).rows[0]!;
      const fees = (
        await sql<{ lower: string; upper: string | null; rate: string | null; fixed: string | null }>`
          SELECT lower_bound::text AS lower, upper_bound::text AS upper, rate::text, fixed_fee_fen::text AS fixed FROM fund_fee WHERE fund_code = ${fund} AND kind = 'declare' ORDER BY seq`.execute(
          t.db.kysely,
        )
      ).rows;
      const navs = (
        await sql<{
          date: string;
          nav: string;
        }>`SELECT date::text, nav::text FROM fund_nav WHERE fund_code = ${fund} AND date >= '2024-06-01' ORDER BY date`.execute(t.db.kysely)
      ).rows;
      const divs = (
        await sql<{
          date: string;
          per: string;
        }>`SELECT date::text, per_share::text AS per FROM fund_dividend WHERE fund_code = ${fund} AND date >= '2024-06-01' ORDER BY date`.execute(
          t.db.kysely,
        )
      ).rows;
      const half = f.rounding_mode === 'half_up';
      const div = (n: bigint, d: bigint, up = half) => (up && (n % d) * 2n >= d ? n / d + 1n : n / d);
      const navOf = new Map(navs.map((n) => [n.date, roundedUnits(n.nav, 4)]));
      // Tuesdays from 2024-06-01, each on the next trading day when closed (runDatesBetween is unit-tested above).
      const schedule: Schedule = { cycle: 'weekly', cycleDay: 2, anchor: anchorFor('weekly', 2, '2024-05-31') };
      const runs = runDatesBetween(schedule, '2024-05-31', navs.at(-1)!.date).filter((d) => navOf.has(d));
      let volume = 0n;
      let invested = 0n;
      let feesPaid = 0n;
      let d = 0;
      const amount = 77_777n;
      const reinvest = (through: string) => {
        for (; d < divs.length && divs[d]!.date <= through; d += 1) {
          const nav = navOf.get(divs[d]!.date);
          if (nav === undefined || volume === 0n) continue;
          const cash = div(volume * roundedUnits(divs[d]!.per, 4), 10_000n);
          volume += div(cash * 10_000n, nav);
        }
      };
      for (const date of runs) {
        reinvest(new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10));
        const bracket = fees.find((x) => Number(amount) >= Number(x.lower) && (x.upper === null || Number(amount) < Number(x.upper)));
        let fee = 0n;
        if (bracket?.fixed) fee = BigInt(bracket.fixed);
        else if (bracket?.rate) {
          const ppm = div(roundedUnits(bracket.rate, 4) * roundedUnits(f.declare_discount, 4), 10_000n, true);
          fee = ppm === 0n ? 0n : div(amount * ppm, 1_000_000n + ppm);
        }
        volume += div((amount - fee) * 10_000n, navOf.get(date)!);
        invested += amount;
        feesPaid += fee;
      }
      reinvest(navs.at(-1)!.date);
      const value = div(volume * navOf.get(navs.at(-1)!.date)!, 10_000n);
      const yuan = (fen: bigint) => `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;
      assert.equal(b.runs, runs.length, `${fund} runs`);
      assert.equal(b.invested, yuan(invested), `${fund} invested`);
      assert.equal(b.fees, yuan(feesPaid), `${fund} fees`);
      assert.equal(b.value, yuan(value), `${fund} value`);
    }
  });

  it('the backtest equals an independent computation; the yield list has Danjuan’s shape', async () => {
    const res = await get<AipBacktest>(
      t,
      null,
      `/djapi/aip/backtest?fd_code=${FUND_SAMPLES.stock}&amount=1000&cycle=monthly&cycle_day=15&start=2024-01-01`,
    );
    assert.equal(res.body.result_code, 0, JSON.stringify(res.body));
    const b = res.body.data;
    assert.ok(b.runs >= 12);
    assert.equal(b.invested, (b.runs * 1000).toFixed(2));
    assert.equal(b.points.at(-1)?.value, b.value);
    const ret = ((Number(b.value) - Number(b.invested)) / Number(b.invested)) * 100;
    assert.ok(Math.abs(ret - Number(b.total_return)) < 0.006, `total return ${b.total_return} vs ${ret}`);
    assert.ok(b.xirr !== null);
    const yields = await get<AipYieldList>(t, null, `/djapi/fundx/autoinvest/quote/yield/list?fd_code=${FUND_SAMPLES.stock}`);
    assert.deepEqual(
      yields.body.data.recent_yields.map((y) => y.duration),
      ['近1年', '近2年', '近3年'],
    );
    for (const y of yields.body.data.recent_yields) assert.match(y.normal, /^-?\d+\.\d{4}$/);
  });
});

// The plan step runs two investors' due plans at once on PostgreSQL (issue 22 §3); one investor's plans still run one
// after another in plan id order, so which of them a short 现金宝 balance refuses is what one at a time refuses. Each
// investor has 300.00 in 现金宝 and three daily plans of 200.00 paid from it (each alone within the balance when made,
// so creation accepts them), and one of 100.00 by card, made interleaved with the other investors' plans: the first
// 现金宝 plan in id order is placed, the next two are refused for the balance, the card plan is placed — on PGlite one
// at a time, on PostgreSQL one at a time and two at once.
describe('the plan step, one investor at a time and two at once', () => {
  const widths = testDatabaseKind() === 'postgres' ? [1, 2] : [1];
  for (const width of widths) {
    it(`${width} at a time: each investor's first 现金宝 plan placed, the next two refused, the card plan placed`, async () => {
      const t = await createTestApp({ market: true });
      try {
        const investors: Investor[] = [];
        for (let i = 0; i < 5; i += 1) investors.push(await createInvestor(t));
        let confirmDate = '';
        for (const investor of investors) {
          const deposited = await post<{ confirm_date: string }>(t, investor, '/djapi/xjb/deposit', {
            amount: '300.00',
            request_id: newRequestId(),
            trade_password: encryptForServer(t, TRADE_PASSWORD),
          });
          assert.equal(deposited.body.result_code, 0, JSON.stringify(deposited.body));
          confirmDate = deposited.body.data.confirm_date;
        }
        const today = (await get<{ now: string }>(t, null, '/__dev/clock')).body.data.now.slice(0, 10);
        await advance(t, Math.round((Date.parse(confirmDate) - Date.parse(today)) / 86_400_000));
        const kinds: Array<[string, string]> = [
          ['200.00', 'xjb'],
          ['200.00', 'xjb'],
          ['100.00', 'bankcard'],
          ['200.00', 'xjb'],
        ];
        for (const [amount, payMethod] of kinds) {
          for (const investor of investors) {
            const made = await post<AipCreateAnswer>(t, investor, '/djapi/aip/create', {
              request_id: newRequestId(),
              trade_password: encryptForServer(t, TRADE_PASSWORD),
              risk_confirm: '1',
              fd_code: FUND_SAMPLES.bond,
              amount,
              cycle: 'daily',
              pay_method: payMethod,
            });
            assert.equal(made.body.result_code, 0, JSON.stringify(made.body));
          }
        }
        const k = t.db.kysely;
        const due = await sql<{ date: string }>`SELECT min(next_date)::text AS date FROM aip_plans`.execute(k);
        const date = due.rows[0]?.date as never;
        const report = await runDuePlans(t.db, t.app.bank, date, t.clock.now(), { parallel: width });
        assert.deepEqual(report, { plans_run: 20, orders_placed: 10, runs_failed: 10, runs_skipped: 0, plans_paused: 0 });
        for (const investor of investors) {
          const runs = await sql<{ pay_method: string; amount_fen: string; status: string; placed: boolean }>`
            SELECT p.pay_method, p.amount_fen::text, r.status, r.order_id IS NOT NULL AS placed
            FROM aip_plans p JOIN aip_runs r ON r.plan_id = p.id AND r.user_id = p.user_id
            WHERE p.user_id = ${investor.userId} AND r.date = ${date} ORDER BY p.id`.execute(k);
          assert.deepEqual(
            runs.rows.map((r) => [r.pay_method, Number(r.amount_fen), r.status, r.placed]),
            [
              ['xjb', 20_000, 'placed', true],
              ['xjb', 20_000, 'failed', false],
              ['bankcard', 10_000, 'placed', true],
              ['xjb', 20_000, 'failed', false],
            ],
            `investor ${investor.userId}`,
          );
        }
        assert.deepEqual(await checkLedger(k), []);
      } finally {
        await t.close();
      }
    });
  }
});
