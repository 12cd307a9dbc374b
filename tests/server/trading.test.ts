// Buying, selling, cancelling and the settlement against the real server and database: the golden Danjuan order,
// every refusal (and that a refusal writes nothing), idempotency, the dev bank's failed payment, and the ledger's
// invariants after every step.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import Big from 'big.js';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkLedger } from '../../server/src/ledger/check';
import { createTestApp, createTestUser, type TestApp } from './helpers';
import { advance, buy, cancel, createInvestor, get, post, sell } from './trading-support';
import { divideHalfUp, units } from './exact';

const STOCK = FUND_SAMPLES.stock;

async function counts(t: TestApp) {
  const orders = await sql<{ n: string }>`SELECT count(*) AS n FROM orders`.execute(t.db.kysely);
  const transfers = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_transfers`.execute(t.db.kysely);
  return { orders: Number(orders.rows[0]?.n), transfers: Number(transfers.rows[0]?.n) };
}

async function assertLedger(t: TestApp) {
  assert.deepEqual(await checkLedger(t.db.kysely), [], 'ledger invariants');
}

describe('trading', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00, NAVs through 03-03
    // Danjuan's own order: 1.2 % purchase fee at 1折, NAV 1.6000 on T.
    await t.db.kysely.deleteFrom('fund_fee').where('fund_code', '=', STOCK).where('kind', '=', 'declare').execute();
    await t.db.kysely
      .insertInto('fund_fee')
      .values([
        { fund_code: STOCK, kind: 'declare', seq: 1, lower_bound: 0, upper_bound: 100_000_000, rate: '1.2', fixed_fee_fen: null },
        { fund_code: STOCK, kind: 'declare', seq: 2, lower_bound: 100_000_000, upper_bound: 500_000_000, rate: '0.8', fixed_fee_fen: null },
        { fund_code: STOCK, kind: 'declare', seq: 3, lower_bound: 500_000_000, upper_bound: null, rate: null, fixed_fee_fen: 100_000 },
      ])
      .execute();
    await t.db.kysely.updateTable('fund').set({ declare_discount: '0.1', risk_level: 4 }).where('code', '=', STOCK).execute();
    await t.db.kysely
      .insertInto('fund_nav')
      .values({ fund_code: STOCK, date: '2025-03-04', nav: '1.6000', acc_nav: '1.6000' } as never)
      .execute();
  });
  after(async () => t.close());

  it('refuses an anonymous visitor, an investor without an account or without an assessment', async () => {
    const anonymous = await buy(t, { headers: {} } as never, STOCK, '317.00');
    assert.equal(anonymous.body.result_code, 300001);
    const plain = await createTestUser(t);
    assert.equal((await buy(t, plain, STOCK, '317.00')).body.result_code, 410001);
    const unassessed = await createInvestor(t, { assessed: false });
    const res = await buy(t, unassessed, STOCK, '317.00');
    assert.equal(res.body.result_code, 410002);
    assert.match(res.body.message, /风险测评/);
  });

  it('refuses bad amounts, unknown and closed funds, limits and a wrong password — writing nothing', async () => {
    const investor = await createInvestor(t);
    const before = await counts(t);
    for (const amount of ['0', '-1', 'NaN', '1e309', '1.001', '', 'Infinity', '１００']) {
      const res = await buy(t, investor, STOCK, amount);
      assert.equal(res.body.result_code, 400001, `amount ${JSON.stringify(amount)}: ${res.body.message}`);
    }
    assert.equal((await buy(t, investor, '999999', '100')).body.result_code, 410005);
    const closed = await buy(t, investor, FUND_SAMPLES.closed, '100');
    assert.equal(closed.body.result_code, 410005);
    assert.match(closed.body.message, /暂不可买入/);
    const tooSmall = await buy(t, investor, STOCK, '9.99');
    assert.equal(tooSmall.body.result_code, 410006);
    assert.equal(tooSmall.body.message, '最低买入金额为 10.00 元');
    const limited = await buy(t, investor, FUND_SAMPLES.purchaseLimited, '1000.01');
    assert.equal(limited.body.result_code, 410007);
    assert.match(limited.body.message, /每人每日限购 1000\.00 元/);
    const bank = await buy(t, investor, STOCK, '50000.01');
    assert.equal(bank.body.result_code, 410008);
    assert.equal(bank.body.message, '超过中国工商银行单笔支付限额 50000.00 元');
    const wrong = await buy(t, investor, STOCK, '100', { password: '111111' });
    assert.equal(wrong.body.result_code, 400051);
    assert.match(wrong.body.message, /还可尝试 4 次/);
    assert.deepEqual(await counts(t), before, 'no order, no ledger entry');
  });

  it('warns an investor above their level and records the accepted warning; refuses C1 outright', async () => {
    const c2 = await createInvestor(t, { level: 2 });
    const warned = await buy(t, c2, STOCK, '100.00');
    assert.equal(warned.body.result_code, 410003);
    const data = warned.body.data as { risk_warning: string; fund_risk: number; investor_level: number };
    assert.equal(data.fund_risk, 4);
    assert.match(data.risk_warning, /C2.*R4/);
    const accepted = await buy(t, c2, STOCK, '100.00', { risk_confirm: '1' });
    assert.equal(accepted.body.result_code, 0, accepted.body.message);
    const orderId = (accepted.body.data as { order_id: string }).order_id;
    const detail = await get<{ risk_warning: { text: string; accepted_at: string } }>(t, c2, `/djapi/fund/order/${orderId}`);
    assert.match(detail.body.data.risk_warning.text, /超出您的风险承受能力/);
    assert.equal(detail.body.data.risk_warning.accepted_at, '2025-03-04T02:00:00.000Z');
    const c1 = await createInvestor(t, { level: 1 });
    assert.equal((await buy(t, c1, FUND_SAMPLES.bond, '100', { risk_confirm: '1' })).body.result_code, 410004);
    await assertLedger(t);
  });

  it('a request id replayed returns the first answer; with other fields it is refused; at once it makes one order', async () => {
    const investor = await createInvestor(t);
    const first = await buy(t, investor, STOCK, '200.00', { request_id: 'same-intent-1' });
    const again = await buy(t, investor, STOCK, '200.00', { request_id: 'same-intent-1' });
    assert.equal(first.body.result_code, 0);
    assert.deepEqual(again.body.data, first.body.data);
    const other = await buy(t, investor, STOCK, '300.00', { request_id: 'same-intent-1' });
    assert.equal(other.body.result_code, 410011);
    const burst = await Promise.all(Array.from({ length: 5 }, () => buy(t, investor, STOCK, '50.00', { request_id: 'burst-intent-1' })));
    const ids = new Set(burst.map((r) => (r.body.data as { order_id?: string } | null)?.order_id));
    assert.equal(ids.size, 1, JSON.stringify(burst.map((r) => r.body.message)));
    const rows = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', investor.userId)
      .where('request_id', '=', 'burst-intent-1')
      .execute();
    assert.equal(rows.length, 1);
    await assertLedger(t);
  });

  it('a declined payment is a failed order with its reason and nothing posted', async () => {
    const investor = await createInvestor(t);
    await post(t, null, '/__dev/bank', { fail_next: '1' });
    const res = await buy(t, investor, STOCK, '120.00');
    assert.equal(res.body.result_code, 410010);
    assert.match(res.body.message, /银行卡扣款失败/);
    const orderId = (res.body.data as { order_id: string }).order_id;
    const detail = await get<{ status: string; fail_reason: string }>(t, investor, `/djapi/fund/order/${orderId}`);
    assert.equal(detail.body.data.status, 'failed');
    assert.match(detail.body.data.fail_reason, /银行拒绝/);
    const transfers = await t.db.kysely.selectFrom('ledger_transfers').select('id').where('user_id', '=', investor.userId).execute();
    assert.equal(transfers.length, 0);
    // The next payment goes through.
    assert.equal((await buy(t, investor, STOCK, '120.00')).body.result_code, 0);
  });

  it('cancels before the cut-off (money back to the card), not after it; someone else’s order does not exist', async () => {
    const investor = await createInvestor(t);
    const placed = await buy(t, investor, STOCK, '150.00');
    const orderId = (placed.body.data as { order_id: string; if_undo: string }).order_id;
    assert.equal((placed.body.data as { if_undo: string }).if_undo, 'y');
    const stranger = await createInvestor(t);
    assert.equal((await get(t, stranger, `/djapi/fund/order/${orderId}`)).body.result_code, 410014);
    assert.equal((await cancel(t, stranger, orderId)).body.result_code, 410014);
    const cancelled = await cancel(t, investor, orderId);
    assert.equal(cancelled.body.result_code, 0, cancelled.body.message);
    assert.equal((cancelled.body.data as { status: string; refund_amount: string }).status, 'cancelled');
    assert.equal((cancelled.body.data as { refund_amount: string }).refund_amount, '150.00');
    assert.equal((await cancel(t, investor, orderId)).body.result_code, 410013, 'cancelled once');
    const late = await buy(t, investor, STOCK, '160.00');
    const lateId = (late.body.data as { order_id: string }).order_id;
    t.clock.set('2025-03-04T07:00:00.000Z'); // 15:00 in Shanghai
    const refused = await cancel(t, investor, lateId);
    assert.equal(refused.body.result_code, 410013);
    assert.match(refused.body.message, /2025-03-04 15:00/);
    t.clock.set('2025-03-04T02:00:00.000Z');
    await assertLedger(t);
  });

  it('every trading route is owner-only: anonymous → log in, a POST without the XSRF header → refused, another investor’s order → none', async () => {
    const TRADING = /^\/djapi\/(order|fund\/order|holding)/;
    const routes = t.app.registeredRoutes.filter((r) => TRADING.test(r.url) && r.method !== 'HEAD');
    assert.ok(routes.length >= 9, routes.map((r) => `${r.method} ${r.url}`).join(', '));
    const alice = await createInvestor(t);
    const placed = await buy(t, alice, FUND_SAMPLES.bond, '100.00');
    const aliceOrder = (placed.body.data as { order_id: string }).order_id;
    const bob = await createInvestor(t);
    for (const route of routes) {
      const url = route.url.replace(':order_id', aliceOrder).replace(':fd_code', FUND_SAMPLES.bond);
      const anonymous = await t.app.inject({
        method: route.method as 'GET',
        url: route.method === 'GET' ? `${url}${url.includes('quote') ? `?fd_code=${FUND_SAMPLES.bond}` : ''}` : url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: route.method === 'POST' ? 'a=1' : undefined,
      });
      assert.ok([300001, 400001].includes(JSON.parse(anonymous.body).result_code), `${route.method} ${url} anonymous: ${anonymous.body}`);
      if (route.method === 'POST') {
        const noXsrf = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: bob.cookie },
          payload: 'a=1',
        });
        assert.equal(JSON.parse(noXsrf.body).result_code, 403001, `${url} without the XSRF header`);
      }
    }
    assert.equal((await get(t, bob, `/djapi/fund/order/${aliceOrder}`)).body.result_code, 410014);
    assert.equal((await cancel(t, bob, aliceOrder)).body.result_code, 410014);
    const bobList = await get<{ total_items: number }>(t, bob, '/djapi/order/p/list?page=1&size=20');
    assert.equal(bobList.body.data.total_items, 0);
    const bobSummary = await get<{ items: unknown[]; total_assets: string }>(t, bob, '/djapi/holding/summary');
    assert.deepEqual([bobSummary.body.data.items.length, bobSummary.body.data.total_assets], [0, '0.00']);
    // Holding nothing is an answer, not an error (issue 28): result_code 0, nothing held.
    const bobHolding = await get<{ volume: string; market_value: string; lots: unknown[] }>(
      t,
      bob,
      `/djapi/holding/fund/${FUND_SAMPLES.bond}`,
    );
    assert.equal(bobHolding.body.result_code, 0);
    assert.deepEqual([bobHolding.body.data.volume, bobHolding.body.data.market_value, bobHolding.body.data.lots], ['0.00', '0.00', []]);
    for (const url of [
      '/djapi/order/p/list?page=0',
      '/djapi/order/p/list?size=Infinity',
      '/djapi/order/p/list?size=51',
      '/djapi/fund/order/abc',
      '/djapi/fund/order/1e309',
      `/djapi/holding/income/calendar?month=2025-13`,
    ]) {
      assert.equal((await get(t, bob, url)).body.result_code, 400001, url);
    }
  });

  it('Danjuan’s order: 317.00 confirmed the next day at NAV 1.6000 → fee 0.38, 197.89 shares; sell half; proceeds arrive', async () => {
    const investor = await createInvestor(t);
    const placed = await buy(t, investor, STOCK, '317.00');
    assert.equal(placed.body.result_code, 0, placed.body.message);
    const answer = placed.body.data as Record<string, unknown>;
    assert.equal(answer.fee, '0.38');
    assert.equal(answer.real_rate, '0.12');
    assert.equal(answer.trade_date, '2025-03-04');
    assert.equal(answer.confirm_date, '2025-03-05');
    assert.equal(answer.query_date, '2025-03-06');
    assert.equal(answer.status, 'paid');
    await assertLedger(t);

    await advance(t, 1); // Wednesday 03-05: NAVs of 03-04 published, the order confirmed
    const detail = await get<Record<string, unknown>>(t, investor, `/djapi/fund/order/${answer.order_id as string}`);
    assert.equal(detail.body.data.status, 'confirmed');
    assert.equal(detail.body.data.confirm_amount, '317.00');
    assert.equal(detail.body.data.confirm_volume, '197.89');
    assert.equal(detail.body.data.confirm_nav, '1.6000');
    assert.equal(detail.body.data.fee, '0.38');
    assert.deepEqual((detail.body.data.confirm_infos as string[][])[0], [
      '确认信息',
      '确认金额,317.00元',
      '确认份额,197.89份',
      '确认净值,1.6000',
      '净值日期,2025-03-04',
      '确认日期,2025-03-05',
      '手续费,0.38元',
    ]);
    await assertLedger(t);

    const holding = await get<{ volume: string; cost: string; lots: Array<{ volume: string; confirm_date: string; redeem_rate: string }> }>(
      t,
      investor,
      `/djapi/holding/fund/${STOCK}`,
    );
    assert.equal(holding.body.data.volume, '197.89');
    assert.equal(holding.body.data.cost, '317.00');
    assert.equal(holding.body.data.lots.length, 1);
    assert.equal(holding.body.data.lots[0]?.confirm_date, '2025-03-05');

    const sold = await sell(t, investor, STOCK, '98.94');
    assert.equal(sold.body.result_code, 0, sold.body.message);
    const sale = sold.body.data as Record<string, unknown>;
    assert.equal(sale.trade_date, '2025-03-05');
    assert.equal(sale.confirm_date, '2025-03-06');
    assert.ok(typeof sale.arrival_date === 'string' && sale.arrival_date > '2025-03-06');
    assert.equal((await sell(t, investor, STOCK, '98.96')).body.result_code, 410012, 'only 98.95 left');
    await assertLedger(t);

    await advance(t, 1); // Thursday 03-06: the sale confirmed at NAV(03-05), 1 day held → 1.5 %
    const saleDetail = await get<Record<string, unknown>>(t, investor, `/djapi/fund/order/${sale.order_id as string}`);
    assert.equal(saleDetail.body.data.status, 'confirmed');
    const nav = await t.db.kysely
      .selectFrom('fund_nav')
      .select('nav')
      .where('fund_code', '=', STOCK)
      .where('date', '=', '2025-03-05')
      .executeTakeFirstOrThrow();
    // 98.94 shares × NAV(03-05), to the fen half-up; the fee 1.5 % of it, to the fen half-up (exact, in integers).
    const grossFen = divideHalfUp(9894n * units(nav.nav, 4), 10_000n);
    assert.equal(saleDetail.body.data.confirm_amount, new Big(String(grossFen)).div(100).toFixed(2));
    const lots = saleDetail.body.data.lots as Array<{ holding_days: number; rate: string; fee: string }>;
    assert.equal(lots[0]?.holding_days, 1);
    assert.equal(lots[0]?.rate, '1.5');
    assert.equal(lots[0]?.fee, new Big(String(divideHalfUp(grossFen * 15n, 1000n))).div(100).toFixed(2));
    await assertLedger(t);

    await advance(t, 7);
    const paidOut = await get<{ status_desc: string; steps: Array<{ done: boolean }> }>(
      t,
      investor,
      `/djapi/fund/order/${sale.order_id as string}`,
    );
    assert.ok(
      paidOut.body.data.steps.every((s) => s.done),
      JSON.stringify(paidOut.body.data.steps),
    );
    const payout = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(['amount', 'credit_account'])
      .where('user_id', '=', investor.userId)
      .where('kind', '=', 'payout')
      .execute();
    assert.equal(payout.length, 1);
    assert.equal(payout[0]?.credit_account, 'bank');
    await assertLedger(t);

    const summary = await get<{ total_assets: string; items: Array<{ volume: string; market_value: string }> }>(
      t,
      investor,
      '/djapi/holding/summary',
    );
    assert.equal(summary.body.data.items[0]?.volume, '98.95');
    const list = await get<{ total_items: number; items: Array<{ action: string }> }>(
      t,
      investor,
      '/djapi/order/p/list?page=1&size=20&type=all',
    );
    assert.equal(list.body.data.total_items, 2);
    assert.deepEqual(
      list.body.data.items.map((i) => i.action),
      ['024', '022'],
    );
  });
});
