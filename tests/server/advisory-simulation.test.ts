// 投顾 simulation (issue 23): seeded investors sign portfolios, buy the model, and follow the departures — some
// automatically, some by hand when they happen to look — while the clock moves day by day through a year of monthly
// departures and quarterly fee days. After every day the ledger's invariants hold; at the end every fee accrual, every
// 098 charge and every buy leg equal an independent BigInt computation from the orders and the published NAVs.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { checkLedger } from '../../server/src/ledger/check';
import { FEE_DENOMINATOR, followLegs, isFeeDay } from '../../server/src/services/advisory';
import { addCalendarDays, type IsoDate } from '../../server/src/domain/calendar';
import { shanghaiDate } from '../../server/src/domain/clock';
import { Rng } from '../../server/src/market/prng';
import { issueSession } from '../../server/src/plugins/session';
import { businessStartForTests, createTestApp, encryptForServer, rotatingSeed, TEST_NOW, type TestApp } from './helpers';
import { advance, createInvestor, get, newRequestId, post, TRADE_PASSWORD, type Investor } from './trading-support';

let t: TestApp;
before(async () => {
  t = await createTestApp({ market: true, now: businessStartForTests(TEST_NOW) });
  // The market's other funds take no part: their NAVs stop being generated (as an imported fund's, no nav_model), so a
  // year of daily jobs publishes the indices and the portfolios' funds only — the advisory's whole world, at a fifth of
  // the cost. Their stored history stays.
  await sql`UPDATE fund SET nav_model = NULL WHERE code NOT IN (SELECT fund_code FROM advisory_plan_funds)`.execute(t.db.kysely);
});
after(async () => t?.close());

// Calendar days simulated: ADVISORY_SIM_DAYS, else SIM_DAYS, else a year (365: twelve monthly departures, four quarters'
// fee days whatever the start) with ADVISORY_SIM_INVESTORS (4: one per portfolio, two following automatically, two by
// hand). The daily jobs, not the investors, cost the time: the market pared to the portfolios' funds (above) and the
// jobs reading nothing on dates with nothing to do bring a year to about 42 s of CPU (user+sys) on this file, where 35
// days on the whole market with 6 investors cost 18 s before.
// On PostgreSQL (the suite's second run) 35 days, as before: there a day costs about 0.8 s of the database's CPU, most of
// it checkLedger's pension statement (0.5–1.3 s a call on PostgreSQL 15, against milliseconds on PGlite).
const DAYS = Number(process.env.ADVISORY_SIM_DAYS ?? process.env.SIM_DAYS ?? (process.env.TEST_DATABASE_URL ? 35 : 365));
const INVESTORS = Number(process.env.ADVISORY_SIM_INVESTORS ?? 4);
const PLANS = ['TIA06001', 'TIA06002', 'TIA06003', 'TIA06004'];

/** The investor with a new session of today (the login a real investor would make again). */
async function loggedInAgain(inv: Investor): Promise<Investor> {
  const session = await issueSession(t.db.kysely, { userId: inv.userId, clientId: 'dj-h5', now: t.clock.now() });
  const cookie = `xq_a_token=${session.token}; XSRF-TOKEN=test-xsrf-token`;
  return { ...inv, session, cookie, headers: { cookie, 'x-xsrf-token': 'test-xsrf-token' } };
}

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
  for (let i = 0; i < INVESTORS; i += 1) {
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
      // Across a year a login expires: every investor logs in again each month (a new session) — also one who happens
      // not to look on that day (renewed only when looking, a session lived past its expiry: seen at day 180 on the
      // business date 2026-11-29).
      if (day % 30 === 29) x.inv = await loggedInAgain(x.inv);
      if (x.auto || rng.next() < 0.5) continue;
      const latest = await get<{ trading_id: string; follow_status: string }>(t, x.inv, `/djapi/plan/${x.plan}/departure/latest`);
      assert.equal(latest.body.result_code, 0, `day ${day} ${x.plan}: ${JSON.stringify(latest.body)}`);
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
  // The inputs read once (the oracle then runs in memory, one accrual after another): each account's legs with their
  // fund orders, the dividends reinvested and money-market income of each investor, and the published NAVs.
  const legRows = await sql<{
    user_id: number;
    plan_code: string;
    fund_code: string;
    action: string;
    status: string;
    confirm_date: string | null;
    trade_date: string;
    confirm_volume: string | null;
    volume: string | null;
  }>`
    SELECT l.user_id, p.plan_code, l.fund_code, l.action, o.status, o.confirm_date::text AS confirm_date, o.trade_date::text AS trade_date,
           o.confirm_volume::text AS confirm_volume, o.volume::text AS volume
      FROM advisory_order_legs l JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
      JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id`.execute(k);
  // Each investor holds one portfolio and nothing else: every dividend reinvested (ex-date before the day) and every
  // day's money-market income (paid for a day before it) on its funds is the account's, as the settlement paid it.
  const extraRows = await sql<{ user_id: number; fund_code: string; date: string; v: string }>`
    SELECT user_id, fund_code, trade_date::text AS date, confirm_volume::text AS v FROM orders WHERE action = '143' AND confirm_volume IS NOT NULL
    UNION ALL
    SELECT user_id, fund_code, date::text, income_fen::text FROM mmf_income`.execute(k);
  const navRows = await sql<{ fund_code: string; date: string; nav: string }>`
    SELECT fund_code, date::text AS date, nav::text AS nav FROM fund_nav
     WHERE fund_code IN (SELECT fund_code FROM advisory_plan_funds) ORDER BY fund_code, date`.execute(k);
  const navsOf = new Map<string, Array<{ date: string; nav: bigint }>>();
  for (const r of navRows.rows) {
    const list = navsOf.get(r.fund_code.trim()) ?? [];
    list.push({ date: r.date, nav: navUnits(r.nav) });
    navsOf.set(r.fund_code.trim(), list);
  }
  /** The latest NAV published before `date` (binary search over the fund's dates). */
  const navBefore = (fund: string, date: string): bigint => {
    const list = navsOf.get(fund.trim()) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as { date: string }).date < date) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0n : (list[lo - 1] as { nav: bigint }).nav;
  };
  for (const a of accruals) {
    const date = String(a.date);
    const shares = new Map<string, bigint>();
    const add = (fund: string, v: bigint) => shares.set(fund.trim(), (shares.get(fund.trim()) ?? 0n) + v);
    for (const l of legRows.rows) {
      if (Number(l.user_id) !== Number(a.user_id) || l.plan_code !== a.plan_code) continue;
      if (l.action === '022') {
        add(
          l.fund_code,
          l.status === 'confirmed' && l.confirm_date !== null && l.confirm_date <= date ? BigInt(l.confirm_volume ?? 0) : 0n,
        );
      } else {
        add(l.fund_code, l.status !== 'failed' && l.status !== 'cancelled' && l.trade_date < date ? -BigInt(l.volume ?? 0) : 0n);
      }
    }
    for (const x of extraRows.rows) if (Number(x.user_id) === Number(a.user_id) && x.date < date) add(x.fund_code, BigInt(x.v));
    let value = 0n;
    for (const [fund, volume] of shares) if (volume > 0n) value += volume * navBefore(fund, date);
    assert.equal(BigInt(a.value_e4), value, `value of ${a.user_id} ${a.plan_code} on ${date}`);
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
  // A fee is due on a fee day of the run when some account accrued at least a fen since the fee day before it (started
  // on 2025-12-31, 2026-01-01 or 2026-09-30, the first fee day comes before any purchase is confirmed: nothing accrued,
  // nothing to charge — the date sweep).
  const feeDays = Array.from({ length: DAYS }, (_, i) => addCalendarDays(start, i + 1)).filter((d) => isFeeDay(d));
  const feeDue = feeDays.some((day, i) => {
    const since = i === 0 ? '' : (feeDays[i - 1] as string);
    const owed = new Map<string, bigint>();
    for (const a of accruals) {
      const date = String(a.date);
      if (date >= day || date < since) continue;
      const key = `${a.user_id} ${a.plan_code}`;
      owed.set(key, (owed.get(key) ?? 0n) + BigInt(a.fee_numerator));
    }
    return [...owed.values()].some((numerator) => numerator >= FEE_DENOMINATOR);
  });
  if (feeDue) assert.ok(fees.length > 0, 'a quarter’s fee was charged');
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
