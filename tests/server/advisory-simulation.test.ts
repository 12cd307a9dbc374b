// 投顾 simulation (issue 23): seeded investors sign portfolios, buy the model, and follow the departures — some
// automatically, some by hand when they happen to look — while the clock moves day by day through several monthly
// departures and a quarter's fee day. After every day the ledger's invariants hold; at the end every fee accrual, every
// 098 charge and every buy leg equal an independent BigInt computation from the orders and the published NAVs.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { checkLedger } from '../../server/src/ledger/check';
import { FEE_DENOMINATOR, followLegs, isFeeDay } from '../../server/src/services/advisory';
import { addCalendarDays, type IsoDate } from '../../server/src/domain/calendar';
import { shanghaiDate } from '../../server/src/domain/clock';
import { Rng } from '../../server/src/market/prng';
import { businessStartForTests, createTestApp, encryptForServer, rotatingSeed, TEST_NOW, type TestApp } from './helpers';
import { advance, createInvestor, get, newRequestId, post, TRADE_PASSWORD, type Investor } from './trading-support';

let t: TestApp;
before(async () => {
  t = await createTestApp({ market: true, now: businessStartForTests(TEST_NOW) });
});
after(async () => t?.close());

// Calendar days simulated: ADVISORY_SIM_DAYS, else SIM_DAYS, else 35 — about 28 s of CPU on PGlite (100 days, which always
// hold a quarter's fee day, cost 65 s); the fee's 098 is checked on the business dates whose run holds a fee day, as the
// rotating date of each CI run moves (ADVISORY_SIM_DAYS=100 or a year for the whole picture).
const DAYS = Number(process.env.ADVISORY_SIM_DAYS ?? process.env.SIM_DAYS ?? 35);
const PLANS = ['TIA06001', 'TIA06002', 'TIA06003', 'TIA06004'];

function navUnits(nav: string): bigint {
  const [int, frac = ''] = nav.split('.');
  return BigInt(`${int}${frac.padEnd(4, '0').slice(0, 4)}`);
}

it('follows a sell leg with k/n of the shares, rounded down (BigInt oracle, random cases)', () => {
  const rng = new Rng(rotatingSeed(process.env.ADVISORY_SIM_SEED, 23));
  for (let i = 0; i < 2000; i += 1) {
    const n = rng.int(1, 60);
    const k = rng.int(1, 70);
    const shares = rng.int(0, 50_000_000);
    const per = rng.int(10_000, 1_000_000);
    const [sell, buy] = followLegs(
      [
        { action: '024', fund_code: '000001', portion: k },
        { action: '022', fund_code: '000002', portion: k },
      ],
      per,
      new Map([['000001', n]]),
      new Map([['000001', shares]]),
    );
    const expected = k >= n ? BigInt(shares) : (BigInt(shares) * BigInt(k)) / BigInt(n);
    assert.equal(BigInt(sell?.volume ?? -1), expected, `k ${k} n ${n} shares ${shares}`);
    assert.equal(sell?.portion, Math.min(k, n));
    assert.equal(BigInt(buy?.amount_fen ?? -1), BigInt(k) * BigInt(per));
  }
});

it(`simulates followers by hand and automatic over ${DAYS} days: ledger after every day, fees and legs exact`, async () => {
  const rng = new Rng(rotatingSeed(process.env.ADVISORY_SIM_SEED, 2323));
  const investors: Array<{ inv: Investor; plan: string; auto: boolean; per: number }> = [];
  for (let i = 0; i < 6; i += 1) {
    const inv = await createInvestor(t, { level: 5 });
    const plan = PLANS[i % PLANS.length] as string;
    const auto = i % 2 === 0;
    const per = 100 * rng.int(1, 30) * 100;
    await post(t, inv, '/djapi/ic/kyc', { answers: JSON.stringify({ goal: 'wealth', horizon: 'gt5', drawdown: '30', reaction: 'buy' }) });
    const signed = await post(t, inv, '/djapi/ic/sign', {
      plan_code: plan,
      amount_per_portion: (per / 100).toFixed(2),
      auto_follow: auto ? '1' : '0',
      agreements: 'advisory_service,advisory_risk_disclosure',
      trade_password: encryptForServer(t, TRADE_PASSWORD),
      request_id: newRequestId(),
    });
    assert.equal(signed.body.result_code, 0, JSON.stringify(signed.body));
    const bought = await post(t, inv, '/djapi/order/plan/buy', {
      plan_code: plan,
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(bought.body.result_code, 0, JSON.stringify(bought.body));
    investors.push({ inv, plan, auto, per });
  }
  let handFollows = 0;
  const start = shanghaiDate(t.clock.now()) as IsoDate;
  for (let day = 0; day < DAYS; day += 1) {
    await advance(t, 1);
    assert.deepEqual(await checkLedger(t.db.kysely), [], `ledger on day ${day}`);
    for (const x of investors) {
      if (x.auto || rng.next() < 0.5) continue;
      const latest = await get<{ trading_id: string; follow_status: string }>(t, x.inv, `/djapi/plan/${x.plan}/departure/latest`);
      if (latest.body.data.follow_status !== 'open') continue;
      const followed = await post(t, x.inv, '/djapi/order/plan/buy', {
        plan_code: x.plan,
        trading_id: latest.body.data.trading_id,
        request_id: newRequestId(),
        trade_password: encryptForServer(t, TRADE_PASSWORD),
      });
      assert.equal(followed.body.result_code, 0, JSON.stringify(followed.body));
      handFollows += 1;
    }
  }
  const k = t.db.kysely;
  const orders = await k.selectFrom('advisory_orders').selectAll().execute();
  const autoOrders = orders.filter((o) => o.auto && o.action !== '098').length;
  // Every buy leg costs k × the amount per 份.
  const legs = await k
    .selectFrom('advisory_order_legs as l')
    .innerJoin('advisory_orders as o', (j) => j.onRef('o.user_id', '=', 'l.user_id').onRef('o.id', '=', 'l.plan_order_id'))
    .innerJoin('advisory_accounts as a', (j) => j.onRef('a.user_id', '=', 'l.user_id').onRef('a.plan_code', '=', 'o.plan_code'))
    .leftJoin('orders as fo', (j) => j.onRef('fo.user_id', '=', 'l.user_id').onRef('fo.id', '=', 'l.order_id'))
    .select([
      'l.action',
      'l.portion',
      'l.amount_fen',
      'a.amount_per_portion_fen',
      'fo.amount_fen as order_amount',
      'fo.volume as order_volume',
      'l.volume',
    ])
    .execute();
  for (const l of legs) {
    if (l.action === '022') {
      assert.equal(BigInt(l.amount_fen ?? -1), BigInt(l.portion) * BigInt(l.amount_per_portion_fen));
      if (l.order_amount !== null) assert.equal(l.order_amount, l.amount_fen);
    } else if (l.order_volume !== null) assert.equal(l.order_volume, l.volume);
  }
  // Every accrual from the orders and NAVs, independently.
  const accruals = await k.selectFrom('advisory_fee_accruals').selectAll().orderBy('date').execute();
  assert.ok(accruals.length > 0);
  const rates = new Map(
    (await k.selectFrom('advisory_plans').select(['code', 'fee_rate_ppm']).execute()).map((p) => [p.code, BigInt(p.fee_rate_ppm)]),
  );
  for (const a of accruals) {
    const rows = await sql<{ action: string; volume: string | null; nav: string | null }>`
      SELECT l.action,
             CASE WHEN l.action = '022' THEN CASE WHEN o.status = 'confirmed' AND o.confirm_date <= ${a.date} THEN o.confirm_volume END
                  ELSE CASE WHEN o.status <> 'failed' AND o.status <> 'cancelled' AND o.trade_date < ${a.date} THEN o.volume END END::text AS volume,
             (SELECT nav::text FROM fund_nav n WHERE n.fund_code = l.fund_code AND n.date < ${a.date} ORDER BY date DESC LIMIT 1) AS nav,
             l.fund_code
        FROM advisory_order_legs l JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
        JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
       WHERE l.user_id = ${a.user_id} AND p.plan_code = ${a.plan_code}
      UNION ALL
      -- Each investor holds one portfolio and nothing else: every dividend reinvested (ex-date before the day) and every
      -- day's money-market income (paid for a day before it) on its funds is the account's, as the settlement paid it.
      SELECT '022', sum(v)::text, (SELECT nav::text FROM fund_nav n WHERE n.fund_code = x.fund_code AND n.date < ${a.date} ORDER BY date DESC LIMIT 1), x.fund_code
        FROM (SELECT fund_code, confirm_volume AS v FROM orders WHERE user_id = ${a.user_id} AND action = '143' AND confirm_volume IS NOT NULL AND trade_date < ${a.date}
              UNION ALL
              SELECT fund_code, income_fen FROM mmf_income WHERE user_id = ${a.user_id} AND date < ${a.date}) x
       GROUP BY x.fund_code`.execute(k);
    const perFund = new Map<string, { shares: bigint; nav: bigint }>();
    for (const r of rows.rows as Array<{ action: string; volume: string | null; nav: string | null; fund_code: string }>) {
      const e = perFund.get(r.fund_code) ?? { shares: 0n, nav: r.nav ? navUnits(r.nav) : 0n };
      if (r.volume !== null) e.shares += r.action === '022' ? BigInt(r.volume) : -BigInt(r.volume);
      perFund.set(r.fund_code, e);
    }
    let value = 0n;
    for (const e of perFund.values()) if (e.shares > 0n) value += e.shares * e.nav;
    assert.equal(BigInt(a.value_e4), value, `value of ${a.user_id} ${a.plan_code} on ${a.date}`);
    assert.equal(BigInt(a.fee_numerator), value * (rates.get(a.plan_code) as bigint));
  }
  // Every 098 charges the accruals before its date, to the fen (rounded down), and the ledger moved exactly that.
  for (const fee of orders.filter((o) => o.action === '098')) {
    const charged = accruals.filter((a) => a.charged_order_id === fee.id);
    assert.ok(charged.every((a) => a.date < fee.business_date));
    const sum = charged.reduce((s, a) => s + BigInt(a.fee_numerator), 0n);
    assert.equal(BigInt(fee.amount_fen), sum / FEE_DENOMINATOR);
    const moved = await k
      .selectFrom('ledger_transfers')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('s'))
      .where('user_id', '=', fee.user_id)
      .where('kind', '=', 'advisory_fee_charge')
      .where('order_id', '=', fee.id)
      .executeTakeFirstOrThrow();
    assert.equal(BigInt(moved.s), BigInt(fee.amount_fen));
  }
  // Each 098 redeems shares worth the fee at most, short of it by less than one hundredth of a share per fund (⌊⌋).
  const fees = orders.filter((o) => o.action === '098' && o.amount_fen > 0);
  const feeDayInRun = Array.from({ length: DAYS }, (_, i) => addCalendarDays(start, i + 1)).some((d) => isFeeDay(d));
  if (feeDayInRun) assert.ok(fees.length > 0, 'a quarter’s fee was charged');
  for (const fee of fees) {
    const feeLegs = await k
      .selectFrom('advisory_order_legs')
      .selectAll()
      .where('user_id', '=', fee.user_id)
      .where('plan_order_id', '=', fee.id)
      .execute();
    assert.ok(feeLegs.length > 0, `098 ${fee.id} redeems`);
    let worth = 0n;
    let slack = 0n;
    for (const l of feeLegs) {
      assert.equal(l.action, '024');
      const nav = await k
        .selectFrom('fund_nav')
        .select('nav')
        .where('fund_code', '=', l.fund_code)
        .where('date', '<', fee.business_date)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      worth += BigInt(l.volume ?? 0) * navUnits(nav.nav);
      slack += navUnits(nav.nav);
    }
    const feeE4 = BigInt(fee.amount_fen) * 10_000n;
    assert.ok(worth <= feeE4 && worth > feeE4 - slack, `098 ${fee.id}: redeemed ${worth} for ${feeE4}`);
  }
  // The simulation did what it says (a run that followed nothing would prove nothing).
  assert.ok(autoOrders + handFollows > 0, `follows: auto ${autoOrders}, by hand ${handFollows}`);
});
