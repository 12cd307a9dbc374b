// 投顾 (issue 23, docs/PRODUCT.md §7.5): the portfolios and their departures in the seeded market, the public reads
// and the KYC gate, signing with suitability, a plan order split into fund orders (k × the amount per 份; k/n of the
// shares, an independent BigInt computation), settlement through the ordinary path, the account, and the fee accrued
// day by day against an exact oracle — with the ledger's invariants after each step.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { checkLedger } from '../../server/src/ledger/check';
import { modelPortions, departuresOf } from '../../server/src/services/advisory-reads';
import { FEE_DENOMINATOR, isFeeDay } from '../../server/src/services/advisory';
import { createTestApp, encryptForServer, type TestApp } from './helpers';
import { units } from './exact';
import { advance, buy, createInvestor, get, newRequestId, post, TRADE_PASSWORD } from './trading-support';

let t: TestApp;
before(async () => {
  t = await createTestApp({ market: true });
});
after(async () => t?.close());

const EXEMPT_TYPES = new Set([4, 5]);

describe('advisory data', () => {
  it('seeds 2 advisors and 4 portfolios whose departures keep 100 份, none negative, and AMAC’s 20 % rule', async () => {
    const plans = await t.db.kysely.selectFrom('advisory_plans').select(['code', 'total_portions', 'fee_rate_ppm']).execute();
    assert.equal(plans.length, 4);
    const types = new Map((await t.db.kysely.selectFrom('fund').select(['code', 'type']).execute()).map((f) => [f.code, f.type]));
    for (const plan of plans) {
      assert.ok(plan.fee_rate_ppm <= 50_000, 'fee under the 5 % cap');
      const deps = await departuresOf(t.db.kysely, plan.code);
      assert.ok(deps.length >= 3, `${plan.code}: ${deps.length} departures`);
      for (let i = 1; i <= deps.length; i += 1) {
        const held = modelPortions(deps.slice(0, i));
        const total = [...held.values()].reduce((a, b) => a + b, 0);
        assert.equal(total, plan.total_portions, `${plan.code} after ${deps[i - 1]?.trade_date}`);
        for (const [code, v] of held) {
          assert.ok(v >= 0, `${code} ${v}`);
          if (!EXEMPT_TYPES.has(types.get(code) as number))
            assert.ok(v * 100 <= total * 20, `${plan.code}: ${code} holds ${v} of ${total}`);
        }
      }
      // The legs' portions_before are the model's 份 before the departure.
      for (let i = 1; i < deps.length; i += 1) {
        const held = modelPortions(deps.slice(0, i));
        for (const leg of deps[i]?.legs ?? []) assert.equal(leg.portions_before, held.get(leg.fund_code) ?? 0);
      }
    }
  });
});

describe('advisory reads', () => {
  it('lists the advisors with their licence line and portfolios (public)', async () => {
    const res = await get<{
      items: Array<{ advisor_code: string; licence: string; plans: Array<{ plan_code: string; fee_rate: string }> }>;
    }>(t, null, '/djapi/ic/list');
    assert.equal(res.body.result_code, 0);
    assert.equal(res.body.data.items.length, 2);
    assert.match(res.body.data.items[0]?.licence ?? '', /演示/);
    assert.deepEqual(
      res.body.data.items.flatMap((a) => a.plans.map((p) => `${p.plan_code}:${p.fee_rate}`)),
      ['TIA06001:0.0050', 'TIA06002:0.0040', 'TIA06003:0.0020', 'TIA06004:0.0060'],
    );
    const one = await get<{ name: string }>(t, null, '/djapi/ic/XSTG');
    assert.equal(one.body.data.name, '雪石投顾');
    const none = await get(t, null, '/djapi/ic/NOPE');
    assert.equal(none.body.result_code, 430000);
  });

  it('answers a portfolio in Danjuan’s shape, 91003 for an unknown code; NAV history and indicators', async () => {
    const res = await get<Record<string, unknown> & { plan_derived: { unit_nav: string; end_date: string } }>(
      t,
      null,
      '/djapi/plan/TIA06001',
    );
    assert.equal(res.body.result_code, 0);
    for (const key of ['plan_code', 'plan_name', 'type', 'found_date', 'manager_name', 'risk_level', 'fee_rate', 'plan_derived', 'yield'])
      assert.ok(key in res.body.data, key);
    assert.match(res.body.data.plan_derived.unit_nav, /^\d+\.\d{4}$/);
    assert.equal((await get(t, null, '/djapi/plan/TIA09999')).body.result_code, 91003);
    const history = await get<{ items: Array<{ date: string; value: string; percentage: string }>; total_pages: number }>(
      t,
      null,
      '/djapi/plan/nav/history/TIA06001?size=10',
    );
    assert.equal(history.body.data.items.length, 10);
    assert.equal(history.body.data.items[0]?.date, res.body.data.plan_derived.end_date);
    const ind = await get<{ max_drawdown: string; volatility: string; sharpe: string }>(
      t,
      null,
      '/djapi/plan/nav/indicator?plan_code=TIA06001',
    );
    assert.match(ind.body.data.max_drawdown, /^\d+\.\d{2}$/);
    assert.ok(Number(ind.body.data.volatility) > 0);
  });

  it('shows composition and departures only after the advisory questionnaire', async () => {
    const visitor = await get(t, null, '/djapi/plan/position/detail?plan_code=TIA06001');
    assert.equal(visitor.body.result_code, 430001);
    const investor = await createInvestor(t, { level: 4 });
    assert.equal((await get(t, investor, '/djapi/plan/TIA06001/trade_history')).body.result_code, 430001);
    const bad = await post(t, investor, '/djapi/ic/kyc', { answers: JSON.stringify({ goal: 'wealth' }) });
    assert.equal(bad.body.result_code, 430007);
    const kyc = await post<{ tolerance: number }>(t, investor, '/djapi/ic/kyc', {
      answers: JSON.stringify({ goal: 'wealth', horizon: 'gt5', drawdown: '20', reaction: 'hold' }),
    });
    assert.equal(kyc.body.data.tolerance, 4);
    const detail = await get<{ items: Array<{ percent: string; portion: number }> }>(
      t,
      investor,
      '/djapi/plan/position/detail?plan_code=TIA06001',
    );
    assert.equal(detail.body.result_code, 0);
    assert.equal(
      detail.body.data.items.reduce((a, i) => a + i.portion, 0),
      100,
    );
    const history = await get<{ items: Array<{ trading_id: string; trading_elements: unknown[] }> }>(
      t,
      investor,
      '/djapi/plan/TIA06001/trade_history',
    );
    assert.ok(history.body.data.items.length >= 3);
    const latest = await get<{ trading_id: string; follow_status: string }>(t, investor, '/djapi/plan/TIA06001/departure/latest');
    assert.equal(latest.body.data.trading_id, history.body.data.items[0]?.trading_id);
    assert.equal(latest.body.data.follow_status, 'not_signed');
  });
});

describe('advisory money', () => {
  it('signs with suitability, buys the model as fund orders of k × the amount per 份, settles them, accrues the fee exactly', async () => {
    const investor = await createInvestor(t, { level: 3 });
    await post(t, investor, '/djapi/ic/kyc', {
      answers: JSON.stringify({ goal: 'wealth', horizon: 'gt5', drawdown: '30', reaction: 'buy' }),
    });
    const sign = (plan: string, amount = '100.00', request_id = newRequestId()) =>
      post<{ auto_follow: boolean }>(t, investor, '/djapi/ic/sign', {
        plan_code: plan,
        amount_per_portion: amount,
        auto_follow: '1',
        agreements: 'advisory_service,advisory_risk_disclosure',
        trade_password: encryptForServer(t, TRADE_PASSWORD),
        request_id,
      });
    // R4 above C3: refused with the suitability wording.
    const refused = await sign('TIA06001');
    assert.equal(refused.body.result_code, 430002);
    assert.match(refused.body.message, /R4.*C3/);
    assert.equal((await sign('TIA06002', '50.00')).body.result_code, 430005, 'below 100 CNY per 份');
    const signed = await sign('TIA06002');
    assert.equal(signed.body.result_code, 0, JSON.stringify(signed.body));
    // Nothing half-written by the refusals: one account.
    const accounts = await t.db.kysely.selectFrom('advisory_accounts').selectAll().where('user_id', '=', investor.userId).execute();
    assert.equal(accounts.length, 1);

    const requestId = newRequestId();
    const buy = () =>
      post<{ order_id: string; order: { sub_order_list: Array<{ orders: Array<{ fd_code: string; amount: string; portion: number }> }> } }>(
        t,
        investor,
        '/djapi/order/plan/buy',
        { plan_code: 'TIA06002', request_id: requestId, trade_password: encryptForServer(t, TRADE_PASSWORD) },
      );
    const placed = await buy();
    assert.equal(placed.body.result_code, 0, JSON.stringify(placed.body));
    const again = await buy();
    assert.equal(again.body.data.order_id, placed.body.data.order_id, 'idempotent by request id');
    const model = modelPortions(await departuresOf(t.db.kysely, 'TIA06002'));
    const legs = placed.body.data.order.sub_order_list.flatMap((g) => g.orders);
    assert.equal(legs.length, [...model.values()].filter((v) => v > 0).length);
    for (const leg of legs)
      assert.equal(BigInt(Math.round(Number(leg.amount) * 100)), BigInt(model.get(leg.fd_code) ?? 0) * 10_000n, leg.fd_code);
    const fundOrders = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'amount_fen', 'status'])
      .where('user_id', '=', investor.userId)
      .execute();
    assert.equal(fundOrders.length, legs.length, 'one ordinary fund order per leg, none twice');
    assert.deepEqual(await checkLedger(t.db.kysely), []);

    // Settlement through the ordinary path, the fee accruing every calendar day.
    await advance(t, 7);
    assert.deepEqual(await checkLedger(t.db.kysely), []);
    const holding = await get<{
      total_assets: string;
      fee_accrued: string;
      items: Array<{ fd_code: string; portion: number; volume: string }>;
    }>(t, investor, '/djapi/holding/plan/TIA06002');
    assert.equal(holding.body.result_code, 0);
    assert.ok(Number(holding.body.data.total_assets) > 0);
    for (const item of holding.body.data.items) assert.equal(item.portion, model.get(item.fd_code));
    // My money's advisory line (issue 23): the account's own figures, to the fen; its funds are in the summary's total.
    const full = await get<Record<string, string>>(t, investor, '/djapi/holding/plan/TIA06002');
    const money = await get<{ total_assets: string; advisory: Array<Record<string, string>> }>(t, investor, '/djapi/holding/summary');
    assert.deepEqual(money.body.data.advisory, [
      {
        plan_code: 'TIA06002',
        plan_name: full.body.data.plan_name,
        total_assets: full.body.data.total_assets,
        total_gain: full.body.data.total_gain,
        pending_amount: full.body.data.pending_amount,
        fee_accrued: full.body.data.fee_accrued,
      },
    ]);
    const fen = (yuan: string) => BigInt(yuan.replace('.', ''));
    assert.ok(fen(money.body.data.total_assets) >= fen(full.body.data.total_assets as string));

    // The fee oracle: each day's value from the investor's shares on the ledger through that day (the account holds
    // every share: money-market income included) and the latest NAV before it, × rate / 365, in BigInt.
    const accruals = await t.db.kysely
      .selectFrom('advisory_fee_accruals')
      .selectAll()
      .where('user_id', '=', investor.userId)
      .orderBy('date')
      .execute();
    assert.ok(accruals.length >= 1, 'the fee accrues once the shares are confirmed');
    let expected = 0n;
    for (const a of accruals) {
      const rows = await sql<{ fund_code: string; volume: string; nav: string }>`
        SELECT s.fund_code, s.volume::text AS volume,
               (SELECT nav::text FROM fund_nav n WHERE n.fund_code = s.fund_code AND n.date < ${a.date} ORDER BY date DESC LIMIT 1) AS nav
          FROM (SELECT substr(asset, 3) AS fund_code,
                       sum(CASE WHEN credit_account LIKE 'lot:%' THEN amount ELSE 0 END) - sum(CASE WHEN debit_account LIKE 'lot:%' THEN amount ELSE 0 END) AS volume
                  FROM ledger_transfers WHERE user_id = ${investor.userId} AND asset LIKE 'F:%' AND business_date <= ${a.date}
                 GROUP BY asset) s WHERE s.volume > 0`.execute(t.db.kysely);
      let value = 0n;
      for (const r of rows.rows) {
        const [int, frac = ''] = r.nav.split('.');
        value += BigInt(r.volume) * BigInt(`${int}${frac.padEnd(4, '0').slice(0, 4)}`);
      }
      assert.equal(BigInt(a.value_e4), value, `value on ${a.date}`);
      const day = value * 4000n;
      assert.equal(BigInt(a.fee_numerator), day, `fee on ${a.date}`);
      expected += day;
    }
    assert.equal(holding.body.data.fee_accrued, (Number(expected / FEE_DENOMINATOR) / 100).toFixed(2));

    const detail = await get<{ action: string; ttype: string; total_fee: string }>(
      t,
      investor,
      `/djapi/order/p/plan/${placed.body.data.order_id}`,
    );
    assert.equal(detail.body.data.ttype, 'ic');
    assert.equal(detail.body.data.action, '022');
    const fees = await t.db.kysely
      .selectFrom('orders')
      .select(sql<string>`sum(fee_fen)::text`.as('f'))
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    assert.equal(detail.body.data.total_fee, (Number(fees.f) / 100).toFixed(2));
    // The order list's advisory items (Danjuan's ttype ic).
    const list = await get<{ items: Array<{ order_id: string; ttype: string; plan_code: string; action: string; amount: string }> }>(
      t,
      investor,
      '/djapi/order/p/list?type=ic',
    );
    assert.deepEqual(
      list.body.data.items.map((i) => [i.order_id, i.ttype, i.plan_code, i.action]),
      [[placed.body.data.order_id, 'ic', 'TIA06002', '022']],
    );
    // The main order list groups it: one ic item with its plan, action and amount; its legs' fund orders not alone.
    const main = await get<{
      total_items: number;
      items: Array<{ order_id: string; ttype: string; plan_code?: string; action: string; amount: number | null }>;
    }>(t, investor, '/djapi/order/p/list?type=all&size=50');
    assert.deepEqual(
      main.body.data.items.map((i) => [i.order_id, i.ttype, i.plan_code, i.action]),
      [[placed.body.data.order_id, 'ic', 'TIA06002', '022']],
    );
    assert.equal(main.body.data.total_items, 1);
    assert.equal(
      units(String(main.body.data.items[0]?.amount ?? 0), 2),
      legs.reduce((a, l) => a + units(l.amount, 2), 0n),
    );
    // Redeeming the whole account: one 024 plan order, every fund's confirmed shares sold.
    const shares = new Map(holding.body.data.items.map((i) => [i.fd_code, i.volume]));
    const redeem = await post<{
      order: { action: string; sub_order_list: Array<{ orders: Array<{ fd_code: string; volume: string; status: string }> }> };
    }>(t, investor, '/djapi/order/plan/sell', {
      plan_code: 'TIA06002',
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(redeem.body.result_code, 0, JSON.stringify(redeem.body));
    assert.equal(redeem.body.data.order.action, '024');
    const sold = redeem.body.data.order.sub_order_list.flatMap((g) => g.orders);
    assert.equal(sold.length, shares.size);
    for (const leg of sold) assert.equal(leg.volume, shares.get(leg.fd_code), leg.fd_code);
    assert.deepEqual(await checkLedger(t.db.kysely), []);
    const after = await get<{ items: Array<{ portion: number }> }>(t, investor, '/djapi/holding/plan/TIA06002');
    assert.ok(after.body.data.items.every((i) => i.portion === 0));
    // Someone else's plan order: not found.
    const other = await createInvestor(t);
    assert.equal((await get(t, other, `/djapi/order/p/plan/${placed.body.data.order_id}`)).body.result_code, 430006);
  });

  it('upgrades only the shares outside every advisory account: another portfolio’s shares of the same funds stay there', async () => {
    const investor = await createInvestor(t, { level: 5 });
    await post(t, investor, '/djapi/ic/kyc', {
      answers: JSON.stringify({ goal: 'wealth', horizon: 'gt5', drawdown: '30', reaction: 'buy' }),
    });
    const sign = (plan: string) =>
      post(t, investor, '/djapi/ic/sign', {
        plan_code: plan,
        amount_per_portion: '100.00',
        auto_follow: '0',
        agreements: 'advisory_service,advisory_risk_disclosure',
        trade_password: encryptForServer(t, TRADE_PASSWORD),
        request_id: newRequestId(),
      });
    assert.equal((await sign('TIA06002')).body.result_code, 0);
    const model = await post(t, investor, '/djapi/order/plan/buy', {
      plan_code: 'TIA06002',
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(model.body.result_code, 0, JSON.stringify(model.body));
    // By hand: one fund of TIA06003 that TIA06002 holds too.
    const [bond, shared] = await Promise.all(
      ['TIA06003', 'TIA06002'].map((plan) =>
        t.db.kysely.selectFrom('advisory_plan_funds').select('fund_code').where('plan_code', '=', plan).execute(),
      ),
    );
    const both = (bond ?? []).map((f) => f.fund_code).filter((code) => (shared ?? []).some((f) => f.fund_code === code));
    assert.ok(both.length > 0, 'TIA06002 and TIA06003 share a fund');
    const code = both[0] as string;
    const hand = await buy(t, investor, code, '1000.00');
    assert.equal(hand.body.result_code, 0, JSON.stringify(hand.body));
    await advance(t, 4);
    const handOrder = await get<{ status: string; confirm_volume: string }>(
      t,
      investor,
      `/djapi/fund/order/${String(hand.body.data.order_id)}`,
    );
    assert.equal(handOrder.body.data.status, 'confirmed');
    const before = await get<{ items: Array<{ fd_code: string; volume: string }> }>(t, investor, '/djapi/holding/plan/TIA06002');
    assert.equal((await sign('TIA06003')).body.result_code, 0);
    const up = await post<{ order: { sub_order_list: Array<{ orders: Array<{ fd_code: string; volume: string }> }> } }>(
      t,
      investor,
      '/djapi/ic/upgrade',
      { plan_code: 'TIA06003', request_id: newRequestId(), trade_password: encryptForServer(t, TRADE_PASSWORD) },
    );
    assert.equal(up.body.result_code, 0, JSON.stringify(up.body));
    // Only the hand-bought shares move; TIA06002's account keeps every share it held.
    assert.deepEqual(
      up.body.data.order.sub_order_list.flatMap((g) => g.orders).map((o) => [o.fd_code, o.volume]),
      [[code, handOrder.body.data.confirm_volume]],
    );
    const after = await get<{ items: Array<{ fd_code: string; volume: string }> }>(t, investor, '/djapi/holding/plan/TIA06002');
    assert.deepEqual(after.body.data.items, before.body.data.items);
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('upgrades shares bought by hand into the account (267): no order, no transfer, lots kept, 份 at the amount per 份', async () => {
    const investor = await createInvestor(t, { level: 5 });
    await post(t, investor, '/djapi/ic/kyc', {
      answers: JSON.stringify({ goal: 'wealth', horizon: 'gt5', drawdown: '30', reaction: 'buy' }),
    });
    const funds = await t.db.kysely
      .selectFrom('advisory_plan_funds')
      .select(['fund_code', 'role'])
      .where('plan_code', '=', 'TIA06003')
      .orderBy('seq')
      .execute();
    const bond = funds.find((f) => f.role === 'bond')?.fund_code as string;
    const bought = await buy(t, investor, bond, '1000.00');
    assert.equal(bought.body.result_code, 0, JSON.stringify(bought.body));
    await advance(t, 4);
    const signed = await post(t, investor, '/djapi/ic/sign', {
      plan_code: 'TIA06003',
      amount_per_portion: '100.00',
      auto_follow: '0',
      agreements: 'advisory_service,advisory_risk_disclosure',
      trade_password: encryptForServer(t, TRADE_PASSWORD),
      request_id: newRequestId(),
    });
    assert.equal(signed.body.result_code, 0);
    const lots = await t.db.kysely
      .selectFrom('lots')
      .select(['id', 'volume', 'confirm_date'])
      .where('user_id', '=', investor.userId)
      .execute();
    const transfersBefore = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    const requestId = newRequestId();
    const upgrade = () =>
      post<{ order: { action: string; sub_order_list: Array<{ orders: Array<{ fd_code: string; volume: string; portion: number }> }> } }>(
        t,
        investor,
        '/djapi/ic/upgrade',
        { plan_code: 'TIA06003', request_id: requestId, trade_password: encryptForServer(t, TRADE_PASSWORD) },
      );
    const up = await upgrade();
    assert.equal(up.body.result_code, 0, JSON.stringify(up.body));
    assert.equal(up.body.data.order.action, '267');
    const legs = up.body.data.order.sub_order_list.flatMap((g) => g.orders);
    assert.equal(legs.length, 1);
    const volume = lots.reduce((a, l) => a + BigInt(l.volume), 0n);
    assert.equal(legs[0]?.volume, `${volume / 100n}.${String(volume % 100n).padStart(2, '0')}`);
    // 份 = floor(shares × NAV / 100 CNY), exactly.
    const nav = await t.db.kysely
      .selectFrom('fund_nav')
      .select('nav')
      .where('fund_code', '=', bond)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const [int, frac = ''] = nav.nav.split('.');
    const valueFen = (volume * BigInt(`${int}${frac.padEnd(4, '0').slice(0, 4)}`)) / 10_000n;
    assert.equal(BigInt(legs[0]?.portion ?? -1), valueFen / 10_000n);
    // Nothing redeemed, nothing posted, the lots as they were.
    const transfersAfter = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    assert.equal(transfersAfter.n, transfersBefore.n);
    assert.deepEqual(
      await t.db.kysely.selectFrom('lots').select(['id', 'volume', 'confirm_date']).where('user_id', '=', investor.userId).execute(),
      lots,
    );
    const holding = await get<{ items: Array<{ fd_code: string; portion: number; volume: string }> }>(
      t,
      investor,
      '/djapi/holding/plan/TIA06003',
    );
    assert.deepEqual(
      holding.body.data.items.map((i) => [i.fd_code, i.portion, i.volume]),
      [[bond, legs[0]?.portion, legs[0]?.volume]],
    );
    // Idempotent; a second upgrade has nothing left to move.
    assert.equal((await upgrade()).body.result_code, 0);
    const again = await post(t, investor, '/djapi/ic/upgrade', {
      plan_code: 'TIA06003',
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(again.body.result_code, 430005);
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('knows the fee days: the first trading day of each quarter', () => {
    assert.equal(isFeeDay('2025-04-01'), true);
    assert.equal(isFeeDay('2025-04-02'), false);
    assert.equal(isFeeDay('2025-05-06'), false);
    assert.equal(isFeeDay('2025-01-02'), true);
    assert.equal(isFeeDay('2025-10-09'), true, 'after the National Day holiday');
  });
});
