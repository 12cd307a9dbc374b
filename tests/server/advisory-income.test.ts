// 投顾 account on the ledger (issue 23, docs/PRODUCT.md §7.5 "the account follows the ledger"): dividends reinvested and
// paid in cash and money-market income on the account's funds become the account's; a fund also held outside the
// account shares its dividend by the settlement's own rule; an ordinary sale may not take the account's shares
// (430008). GET /djapi/holding/plan/{code} — total_assets, total_gain, fee_accrued, items — equals an independent
// computation from the ledger's transfers and the published NAVs, to the fen. Any business date (BUSINESS_DATE; the
// stated one 2025-03-04): the dividends are written for the trading day after the model's shares are confirmed.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { calendarDaysBetween, nextTradingDay, orderTradeDate, type IsoDate } from '../../server/src/domain/calendar';
import { shanghaiDate } from '../../server/src/domain/clock';
import { checkLedger } from '../../server/src/ledger/check';
import { FEE_DENOMINATOR } from '../../server/src/services/advisory';
import { businessStartForTests, createTestApp, encryptForServer, TEST_NOW, type TestApp } from './helpers';
import { divideHalfUp, units } from './exact';
import { advance, buy, createInvestor, get, newRequestId, post, sell, TRADE_PASSWORD } from './trading-support';

let t: TestApp;
before(async () => {
  t = await createTestApp({ market: true, now: businessStartForTests(TEST_NOW) });
});
after(async () => t?.close());

const PLAN = 'TIA06003';
const yuan = (fen: bigint): string => {
  const sign = fen < 0n ? '-' : '';
  const a = fen < 0n ? -fen : fen;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

interface Holding {
  total_assets: string;
  total_gain: string;
  fee_accrued: string;
  items: Array<{ fd_code: string; volume: string; market_value: string; holding_cost: string; total_gain: string }>;
}

it('counts the dividends and money-market income of its funds, refuses a sale of its shares by hand, and equals the ledger', async () => {
  const k = t.db.kysely;
  const investor = await createInvestor(t, { level: 5 });
  const user = investor.userId;
  await post(t, investor, '/djapi/ic/kyc', {
    answers: JSON.stringify({ goal: 'wealth', horizon: 'gt5', drawdown: '30', reaction: 'buy' }),
  });
  const signed = await post(t, investor, '/djapi/ic/sign', {
    plan_code: PLAN,
    amount_per_portion: '100.00',
    auto_follow: '0',
    agreements: 'advisory_service,advisory_risk_disclosure',
    trade_password: encryptForServer(t, TRADE_PASSWORD),
    request_id: newRequestId(),
  });
  assert.equal(signed.body.result_code, 0, JSON.stringify(signed.body));
  const funds = await k
    .selectFrom('advisory_plan_funds')
    .select(['fund_code', 'role'])
    .where('plan_code', '=', PLAN)
    .orderBy('seq')
    .execute();
  const bonds = funds.filter((f) => f.role === 'bond').map((f) => f.fund_code);
  const reserve = funds.find((f) => f.role === 'reserve')?.fund_code as string;
  assert.ok(bonds.length >= 3 && reserve, 'three bond funds and a money-market reserve');
  const [reinvested, split, cash] = bonds as [string, string, string];
  // Dividends of `reinvested` are reinvested; `split` is also bought by hand, outside the account.
  await k
    .insertInto('holding_options')
    .values({ user_id: user, fund_code: reinvested, dividend_method: 'reinvest', updated_at: t.clock.now() })
    .execute();
  const outsideBuy = await buy(t, investor, split, '1000.00');
  assert.equal(outsideBuy.body.result_code, 0, JSON.stringify(outsideBuy.body));
  const placed = await post<{ order_id: string }>(t, investor, '/djapi/order/plan/buy', {
    plan_code: PLAN,
    request_id: newRequestId(),
    trade_password: encryptForServer(t, TRADE_PASSWORD),
  });
  assert.equal(placed.body.result_code, 0, JSON.stringify(placed.body));
  // Through the orders' confirmation (T + 1), at least five days: after a holiday's eve cut-off T is days away
  // (BUSINESS_DATE=2026-02-13T16:00: T is 02-24, after Spring Festival).
  const confirmed = nextTradingDay(orderTradeDate(t.clock.now()));
  await advance(t, Math.max(5, calendarDaysBetween(shanghaiDate(t.clock.now()) as IsoDate, confirmed) + 1));

  // Three dividends on the next trading day: reinvested, in cash, and on a fund held inside and outside the account.
  const ex = nextTradingDay(shanghaiDate(t.clock.now()) as IsoDate);
  const perShare: Record<string, string> = { [reinvested]: '0.0123', [split]: '0.0217', [cash]: '0.0089' };
  for (const [fund_code, per_share] of Object.entries(perShare))
    await k
      .insertInto('fund_dividend')
      .values({ fund_code, date: ex, per_share })
      .onConflict((oc) => oc.columns(['fund_code', 'date']).doUpdateSet({ per_share }))
      .execute();
  await advance(t, 6);
  assert.deepEqual(await checkLedger(k), []);

  // The account's legs, by fund: the shares its buy orders confirmed and what they paid.
  const legs = await sql<{ fund_code: string; confirm_volume: string; amount_fen: string; trade_date: string }>`
    SELECT o.fund_code, o.confirm_volume::text, o.amount_fen::text, o.trade_date::text FROM advisory_order_legs l
      JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
     WHERE l.user_id = ${user} AND l.action = '022' AND o.status = 'confirmed'`.execute(k);
  const legOf = new Map(legs.rows.map((r) => [r.fund_code, r]));
  const outsideVolume = await k
    .selectFrom('orders')
    .select(sql<string>`confirm_volume::text`.as('v'))
    .where('user_id', '=', user)
    .where('id', '=', Number(outsideBuy.body.data.order_id))
    .executeTakeFirstOrThrow();
  // The ledger: the investor's shares of each fund (in its lots) and the cash dividends paid to the card.
  const ledgerShares = async (fund: string, through: IsoDate | null) => {
    const row = await sql<{ v: string }>`
      SELECT (coalesce(sum(CASE WHEN credit_account LIKE 'lot:%' THEN amount ELSE 0 END), 0)
            - coalesce(sum(CASE WHEN debit_account LIKE 'lot:%' THEN amount ELSE 0 END), 0))::text AS v
        FROM ledger_transfers WHERE user_id = ${user} AND asset = ${`F:${fund}`} AND (${through}::date IS NULL OR business_date <= ${through}::date)`.execute(
      k,
    );
    return BigInt(row.rows[0]?.v ?? '0');
  };
  const cashPaid = async (fund: string) => {
    const row = await sql<{ v: string }>`
      SELECT coalesce(sum(t.amount), 0)::text AS v FROM ledger_transfers t JOIN orders o ON o.user_id = t.user_id AND o.id = t.order_id
       WHERE t.user_id = ${user} AND t.kind = 'dividend_cash' AND o.fund_code = ${fund}`.execute(k);
    return BigInt(row.rows[0]?.v ?? '0');
  };
  const rounding = new Map((await k.selectFrom('fund').select(['code', 'rounding_mode']).execute()).map((f) => [f.code, f.rounding_mode]));
  const outside = BigInt(outsideVolume.v);
  // The split fund's dividend: the account is paid as a holder of its leg's shares (by the fund's rounding).
  const splitLeg = BigInt(legOf.get(split)?.confirm_volume ?? '0');
  const splitProduct = splitLeg * units(perShare[split] as string, 4);
  const splitCash = rounding.get(split) === 'truncate' ? splitProduct / 10_000n : divideHalfUp(splitProduct, 10_000n);
  assert.ok(splitCash > 0n);
  assert.ok((await cashPaid(split)) > splitCash, 'the outside shares got their part too');

  const expectedShares = async (fund: string, through: IsoDate | null) =>
    (await ledgerShares(fund, through)) - (fund === split ? outside : 0n);
  const holding = await get<Holding>(t, investor, `/djapi/holding/plan/${PLAN}`);
  assert.equal(holding.body.result_code, 0, JSON.stringify(holding.body));
  const today = shanghaiDate(t.clock.now());
  const navOn = async (fund: string, before: IsoDate, inclusive: boolean) => {
    const row = await sql<{ nav: string }>`
      SELECT nav::text AS nav FROM fund_nav WHERE fund_code = ${fund} AND (date < ${before}::date OR (${inclusive} AND date = ${before}::date))
       ORDER BY date DESC LIMIT 1`.execute(k);
    return units(row.rows[0]?.nav ?? '0', 4);
  };
  let totalAssets = 0n;
  let totalGain = 0n;
  for (const item of holding.body.data.items) {
    const shares = await expectedShares(item.fd_code, null);
    assert.equal(units(item.volume, 2), shares, `${item.fd_code}: the account's shares are the ledger's`);
    const value = divideHalfUp(shares * (await navOn(item.fd_code, today, true)), 10_000n);
    assert.equal(units(item.market_value, 2), value, item.fd_code);
    const paid = BigInt(legOf.get(item.fd_code)?.amount_fen ?? '0');
    assert.equal(units(item.holding_cost, 2), paid, item.fd_code);
    const dividendCash = item.fd_code === split ? splitCash : await cashPaid(item.fd_code);
    assert.equal(units(item.total_gain, 2), value + dividendCash - paid, item.fd_code);
    totalAssets += value;
    totalGain += value + dividendCash - paid;
  }
  // What the money was paid on: the reinvested dividend added shares, the cash one paid the card, income grew the reserve.
  assert.ok(
    units(holding.body.data.items.find((i) => i.fd_code === reinvested)?.volume ?? '0', 2) >
      BigInt(legOf.get(reinvested)?.confirm_volume ?? '0'),
  );
  assert.ok((await cashPaid(cash)) > 0n);
  assert.ok(
    units(holding.body.data.items.find((i) => i.fd_code === reserve)?.volume ?? '0', 2) > BigInt(legOf.get(reserve)?.confirm_volume ?? '0'),
  );
  assert.equal(holding.body.data.total_assets, yuan(totalAssets));
  assert.equal(holding.body.data.total_gain, yuan(totalGain));

  // Every day's accrual: the account's shares as the day starts — the ledger's through the day — × the NAV before it.
  const accruals = await k.selectFrom('advisory_fee_accruals').selectAll().where('user_id', '=', user).orderBy('date').execute();
  assert.ok(accruals.length >= 6);
  let numerator = 0n;
  for (const a of accruals) {
    let value = 0n;
    for (const f of funds)
      value += (await expectedShares(f.fund_code, a.date as IsoDate)) * (await navOn(f.fund_code, a.date as IsoDate, false));
    assert.equal(BigInt(a.value_e4), value, `value on ${a.date}`);
    assert.equal(BigInt(a.fee_numerator), value * 2000n, `fee on ${a.date}`);
    numerator += value * 2000n;
  }
  assert.equal(holding.body.data.fee_accrued, yuan(numerator / FEE_DENOMINATOR));

  // By hand: the shares outside the account can be sold, not one hundredth of the account's.
  const beyond = await sell(t, investor, split, yuan(outside + 1n));
  assert.equal(beyond.body.result_code, 430008, JSON.stringify(beyond.body));
  assert.match(beyond.body.message, /投顾账户/);
  const ownOnly = await sell(t, investor, split, yuan(outside));
  assert.equal(ownOnly.body.result_code, 0, JSON.stringify(ownOnly.body));
  const none = await sell(t, investor, cash, '0.01');
  assert.equal(none.body.result_code, 430008, 'a fund held only in the account');
  const after = await get<Holding>(t, investor, `/djapi/holding/plan/${PLAN}`);
  assert.equal(
    after.body.data.items.find((i) => i.fd_code === split)?.volume,
    holding.body.data.items.find((i) => i.fd_code === split)?.volume,
  );
  assert.deepEqual(await checkLedger(k), []);
});
