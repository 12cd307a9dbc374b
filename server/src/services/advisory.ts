// 投顾's money (issue 23, docs/PRODUCT.md §7.5): the advisory questionnaire, signing a portfolio's service agreement
// (suitability: the portfolio's risk against the investor's level and advisory tolerance), plan orders — the first
// purchase of the model and each departure followed, by hand or automatically — split into ordinary fund orders
// through services/trading.ts (placeBuy / placeSell: fees, cut-off, T+1, lots, the ledger), the account, and the
// advisory fee: accrued every calendar day on the account's value at the latest NAV, exactly (rate / 365 kept as a
// numerator), charged to the fen on the first trading day of each quarter (098) through the ledger.
//
// A plan order is written first (status 'placing', its legs with their amounts), then each leg placed with a request
// id derived from the plan order and leg, so a replay or a retry after a crash places exactly the legs still missing.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { addCalendarDays, isTradingDay, previousTradingDay, type IsoDate } from '../domain/calendar';
import { shanghaiDate, shanghaiInstant } from '../domain/clock';
import { scoreKyc } from '../domain/advisory-kyc';
import { TradeRefusal } from '../domain/trade-refusal';
import { BANK, CNY } from '../ledger/chart';
import { post } from '../ledger/post';
import { ADVISORY_FEE, ADVISORY_FEE_CHARGE } from './advisory-ledger';
import { accountCashDividends, accountShares, advisoryReservedVolume, attributeIncome } from './advisory-shares';
import { AdvisoryRefusal, departuresOf, loadPlan, modelPortions, requireKyc, type DepartureRow } from './advisory-reads';
import type { Bank } from './bank';
import { checkPassword, loadInvestor, lockUser, pepperOf, placeBuy, placeSell, requestHash, type TradingDeps } from './trading';

type Db = Kysely<DB>;

export { accountShares };

/** Days of the fee's year (the rate is a yearly rate over calendar days). */
export const FEE_DAYS_PER_YEAR = 365n;
/** value_e4 is in ten-thousandths of a fen; the rate in millionths. */
export const FEE_DENOMINATOR = FEE_DAYS_PER_YEAR * 10_000n * 1_000_000n;

// ---- KYC and signing -----------------------------------------------------------------------------------------

export async function submitKyc(db: Db, userId: number, answers: Record<string, unknown>, now: Date) {
  const scored = scoreKyc(answers);
  if ('missing' in scored) throw new AdvisoryRefusal('advisoryKycInvalid', { field: scored.missing });
  await db
    .insertInto('advisory_kyc')
    .values({
      user_id: userId,
      answers: JSON.stringify(answers),
      goal: scored.goal,
      horizon: scored.horizon,
      tolerance: scored.tolerance,
      assessed_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        answers: JSON.stringify(answers),
        goal: scored.goal,
        horizon: scored.horizon,
        tolerance: scored.tolerance,
        assessed_at: now,
      }),
    )
    .execute();
  return scored;
}

/** The level a portfolio is checked against: the lower of the risk assessment (C1–C5) and the advisory tolerance. */
export async function advisoryLevel(db: Db, userId: number, today: IsoDate): Promise<number> {
  const { tolerance } = await requireKyc(db, userId);
  const investor = await loadInvestor(db, userId, today);
  if (!investor.openTrade || !investor.card) throw new TradeRefusal('accountNotOpened');
  if (investor.riskLevel === null) throw new TradeRefusal('riskAssessmentRequired');
  return Math.min(investor.riskLevel, tolerance);
}

export interface SignInput {
  userId: number;
  planCode: string;
  amountPerPortionFen: number;
  autoFollow: boolean;
  agreements: string[];
  password: string | undefined;
  requestId: string;
}

/** The agreements a signing must accept (their ids; docs/PRODUCT.md §7.5). */
export const ADVISORY_AGREEMENTS = ['advisory_service', 'advisory_risk_disclosure'] as const;

export async function signPlan(deps: TradingDeps, input: SignInput) {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const plan = await loadPlan(db, input.planCode);
  const existing = await db
    .selectFrom('advisory_accounts')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('plan_code', '=', plan.code)
    .executeTakeFirst();
  if (existing && existing.request_id === input.requestId) return existing;
  const level = await advisoryLevel(db, input.userId, shanghaiDate(now));
  if (plan.risk_level > level) throw new AdvisoryRefusal('advisoryRiskAboveLevel', { planRisk: plan.risk_level, investorLevel: level });
  const missing = ADVISORY_AGREEMENTS.filter((a) => !input.agreements.includes(a));
  if (missing.length > 0) throw new AdvisoryRefusal('advisoryRefused', { reason: `agreements: ${missing.join(', ')}` });
  if (input.amountPerPortionFen < plan.min_per_portion_fen || input.amountPerPortionFen > plan.max_per_portion_fen)
    throw new AdvisoryRefusal('advisoryRefused', {
      reason: `amount_per_portion ${(plan.min_per_portion_fen / 100).toFixed(2)}–${(plan.max_per_portion_fen / 100).toFixed(2)}`,
    });
  await checkPassword(db, input.userId, input.password, now, pepperOf(deps));
  const agreements = JSON.stringify(ADVISORY_AGREEMENTS.map((id) => ({ id, accepted_at: now.toISOString() })));
  await db
    .insertInto('advisory_accounts')
    .values({
      user_id: input.userId,
      plan_code: plan.code,
      amount_per_portion_fen: input.amountPerPortionFen,
      auto_follow: input.autoFollow,
      agreements,
      request_id: input.requestId,
      signed_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'plan_code']).doUpdateSet({
        amount_per_portion_fen: input.amountPerPortionFen,
        auto_follow: input.autoFollow,
        agreements,
        request_id: input.requestId,
        updated_at: now,
      }),
    )
    .execute();
  return db
    .selectFrom('advisory_accounts')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('plan_code', '=', plan.code)
    .executeTakeFirstOrThrow();
}

async function signedAccount(db: Db, userId: number, planCode: string) {
  const account = await db
    .selectFrom('advisory_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan_code', '=', planCode)
    .executeTakeFirst();
  if (!account) throw new AdvisoryRefusal('advisoryNotSigned');
  return account;
}

/** Automatic following on or off: at once (the next departure is followed, or not, on its date). */
export async function setAutoFollow(db: Db, userId: number, planCode: string, on: boolean, now: Date) {
  await loadPlan(db, planCode);
  await signedAccount(db, userId, planCode);
  await db
    .updateTable('advisory_accounts')
    .set({ auto_follow: on, updated_at: now })
    .where('user_id', '=', userId)
    .where('plan_code', '=', planCode)
    .execute();
  return { plan_code: planCode, auto_follow: on };
}

// ---- The account's shares --------------------------------------------------------------------------------------

async function heldPortions(db: Db, userId: number, planCode: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('advisory_holdings')
    .select(['fund_code', 'portions'])
    .where('user_id', '=', userId)
    .where('plan_code', '=', planCode)
    .execute();
  return new Map(rows.map((r) => [r.fund_code, r.portions]));
}

// ---- Plan orders ----------------------------------------------------------------------------------------------

export interface LegPlan {
  action: '022' | '024';
  fund_code: string;
  portion: number;
  amount_fen: number | null;
  volume: number | null;
}

/**
 * The legs of following a departure (or, with `departure` null, of buying the model as it stands): a buy leg costs
 * k × the amount per 份; a sell leg sells k/n of the account's shares of the fund (n = the 份 held), rounded down to
 * 0.01 share — all of them when k ≥ n.
 */
export function followLegs(
  legs: ReadonlyArray<{ action: '022' | '024'; fund_code: string; portion: number }>,
  amountPerPortionFen: number,
  held: ReadonlyMap<string, number>,
  shares: ReadonlyMap<string, number>,
): LegPlan[] {
  const out: LegPlan[] = [];
  for (const l of legs) {
    if (l.action === '022') {
      out.push({ action: '022', fund_code: l.fund_code, portion: l.portion, amount_fen: l.portion * amountPerPortionFen, volume: null });
      continue;
    }
    const n = held.get(l.fund_code) ?? 0;
    const k = Math.min(l.portion, n);
    const have = shares.get(l.fund_code) ?? 0;
    const volume = n === 0 ? 0 : k >= n ? have : Number((BigInt(have) * BigInt(k)) / BigInt(n));
    out.push({ action: '024', fund_code: l.fund_code, portion: k, amount_fen: null, volume });
  }
  return out;
}

export interface PlanOrderInput {
  userId: number;
  planCode: string;
  /** The departure followed; null = buy the model as it stands (the first purchase). */
  tradingId: number | null;
  requestId: string;
  password: string | undefined;
  /** Placed by the daily job for an investor who authorised automatic following: no password. */
  auto?: boolean;
  /** Redeem the whole account: every fund's 份 sold (k = n), the account's shares all redeemed. */
  redeem?: boolean;
}

const actionOf = (legs: readonly LegPlan[]): string =>
  legs.every((l) => l.action === '022') ? '022' : legs.every((l) => l.action === '024') ? '024' : '036';

export async function placePlanOrder(deps: TradingDeps, input: PlanOrderInput): Promise<{ orderId: number }> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const today = shanghaiDate(now);
  const hash = requestHash(input.redeem ? ['plan-redeem', input.planCode] : ['plan', input.planCode, input.tradingId]);
  const earlier = await db
    .selectFrom('advisory_orders')
    .select(['id', 'request_hash', 'status'])
    .where('user_id', '=', input.userId)
    .where('request_id', '=', input.requestId)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.request_hash !== hash) throw new TradeRefusal('requestIdConflict');
    if (earlier.status === 'placing') await placeLegs(deps, input.userId, Number(earlier.id), input.planCode);
    return { orderId: Number(earlier.id) };
  }
  const plan = await loadPlan(db, input.planCode);
  const account = await signedAccount(db, input.userId, plan.code);
  const departures = await departuresOf(db, plan.code);
  let followed: DepartureRow | null = null;
  let sourceLegs: Array<{ action: '022' | '024'; fund_code: string; portion: number }>;
  const held = await heldPortions(db, input.userId, plan.code);
  if (input.redeem) {
    sourceLegs = [...held].filter(([, v]) => v > 0).map(([fund_code, portion]) => ({ action: '024' as const, fund_code, portion }));
  } else if (input.tradingId === null) {
    if ([...held.values()].some((v) => v > 0))
      throw new AdvisoryRefusal('advisoryRefused', { reason: 'already invested: follow the departures' });
    const model = modelPortions(departures);
    sourceLegs = [...model].filter(([, v]) => v > 0).map(([fund_code, portion]) => ({ action: '022' as const, fund_code, portion }));
    // The model as it stands includes the latest departure: it counts as followed.
    followed = departures[departures.length - 1] ?? null;
  } else {
    const index = departures.findIndex((d) => d.trading_id === input.tradingId);
    const d = departures[index];
    if (!d) throw new AdvisoryRefusal('departureNotFound', { id: String(input.tradingId) });
    const { followWindow } = await import('./advisory-reads');
    const window = followWindow(d, departures[index + 1]);
    if (today < window.opens || (window.closes !== null && today >= window.closes))
      throw new AdvisoryRefusal('advisoryWindowClosed', { closes: window.closes ?? window.opens });
    if (![...held.values()].some((v) => v > 0)) throw new AdvisoryRefusal('advisoryRefused', { reason: 'buy the portfolio first' });
    followed = d;
    sourceLegs = d.legs;
  }
  if (sourceLegs.length === 0) throw new AdvisoryRefusal('advisoryRefused', { reason: 'nothing to follow' });
  if (!input.auto) await checkPassword(db, input.userId, input.password, now, pepperOf(deps));
  const shares = await accountShares(db, input.userId, plan.code, today);
  const legs = followLegs(sourceLegs, account.amount_per_portion_fen, held, shares);
  const orderId = await db.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    const again = await trx
      .selectFrom('advisory_orders')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (again) return Number(again.id);
    if (followed) {
      const dup = await trx
        .selectFrom('advisory_orders')
        .select('id')
        .where('user_id', '=', input.userId)
        .where('plan_code', '=', plan.code)
        .where('trading_id', '=', followed.trading_id)
        .executeTakeFirst();
      if (dup)
        throw new AdvisoryRefusal('advisoryRefused', { reason: `departure ${followed.trading_id} already followed by order ${dup.id}` });
    }
    const row = await trx
      .insertInto('advisory_orders')
      .values({
        user_id: input.userId,
        request_id: input.requestId,
        request_hash: hash,
        plan_code: plan.code,
        trading_id: followed?.trading_id ?? null,
        action: actionOf(legs),
        status: 'placing',
        amount_fen: legs.reduce((a, l) => a + (l.amount_fen ?? 0), 0),
        auto: input.auto ?? false,
        business_date: today,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx
      .insertInto('advisory_order_legs')
      .values(legs.map((l, seq) => ({ user_id: input.userId, plan_order_id: id, seq, ...l })))
      .execute();
    return id;
  });
  await placeLegs(deps, input.userId, orderId, plan.code);
  return { orderId };
}

/** Places every leg of a plan order not yet placed or failed, then closes the plan order. */
async function placeLegs(deps: TradingDeps, userId: number, planOrderId: number, planCode: string): Promise<void> {
  const db = deps.db.kysely;
  const legs = await db
    .selectFrom('advisory_order_legs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan_order_id', '=', planOrderId)
    .orderBy('seq')
    .execute();
  for (const leg of legs) {
    if (leg.order_id !== null || leg.fail_reason !== null) continue;
    const requestId = `ic${planOrderId}l${leg.seq}`;
    let orderId: number | null = null;
    let failure: string | null = null;
    try {
      if (leg.action === '022') {
        const placed = await placeBuy(deps, {
          userId,
          fundCode: leg.fund_code,
          amountFen: leg.amount_fen as number,
          requestId,
          riskConfirm: true,
          preauthorised: true,
          password: undefined,
          riskWarningText: (fundRisk, level) => `投顾组合${planCode}成分基金（R${fundRisk}），投资者C${level}已签署投顾服务协议`,
        });
        orderId = placed.orderId;
      } else if ((leg.volume ?? 0) <= 0) {
        failure = 'noHolding';
      } else {
        const placed = await placeSell(deps, {
          userId,
          fundCode: leg.fund_code,
          volume: leg.volume as number,
          requestId,
          password: undefined,
          preauthorised: true,
        });
        orderId = placed.orderId;
      }
    } catch (error) {
      if (!(error instanceof TradeRefusal)) throw error;
      failure = error.reason;
      const failedOrder = error.data.order_id;
      if (typeof failedOrder === 'string') orderId = null;
    }
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      const fresh = await trx
        .selectFrom('advisory_order_legs')
        .select(['order_id', 'fail_reason'])
        .where('user_id', '=', userId)
        .where('plan_order_id', '=', planOrderId)
        .where('seq', '=', leg.seq)
        .executeTakeFirstOrThrow();
      if (fresh.order_id !== null || fresh.fail_reason !== null) return;
      await trx
        .updateTable('advisory_order_legs')
        .set({ order_id: orderId, fail_reason: failure })
        .where('user_id', '=', userId)
        .where('plan_order_id', '=', planOrderId)
        .where('seq', '=', leg.seq)
        .execute();
      if (orderId !== null && leg.portion > 0) {
        const delta = leg.action === '022' ? leg.portion : -leg.portion;
        await trx
          .insertInto('advisory_holdings')
          .values({ user_id: userId, plan_code: planCode, fund_code: leg.fund_code, portions: Math.max(0, delta) })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'plan_code', 'fund_code'])
              .doUpdateSet({ portions: sql`greatest(0, advisory_holdings.portions + ${delta})` }),
          )
          .execute();
      }
    });
  }
  const done = await db
    .selectFrom('advisory_order_legs')
    .select(['order_id', 'fail_reason'])
    .where('user_id', '=', userId)
    .where('plan_order_id', '=', planOrderId)
    .execute();
  const ok = done.filter((l) => l.order_id !== null).length;
  const status = ok === done.length ? 'placed' : ok === 0 ? 'failed' : 'sub_success';
  await db
    .updateTable('advisory_orders')
    .set({ status, updated_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('id', '=', planOrderId)
    .execute();
}

// ---- Reading plan orders and the account -------------------------------------------------------------------------

const ORDER_STATUS: Record<string, string> = {
  submitted: 'processing',
  paid: 'processing',
  confirmed: 'success',
  failed: 'failed',
  cancelled: 'undo',
};
const yuan = (fen: number | null | undefined): string | null => (fen === null || fen === undefined ? null : (fen / 100).toFixed(2));

export async function planOrderDetail(db: Db, userId: number, orderId: number) {
  const order = await db
    .selectFrom('advisory_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw new AdvisoryRefusal('advisoryOrderNotFound');
  const legs = await db
    .selectFrom('advisory_order_legs as l')
    .leftJoin('orders as o', (j) => j.onRef('o.user_id', '=', 'l.user_id').onRef('o.id', '=', 'l.order_id'))
    .leftJoin('fund as f', 'f.code', 'l.fund_code')
    .select([
      'l.seq',
      'l.action',
      'l.fund_code',
      'f.name as fund_name',
      'l.portion',
      'l.amount_fen',
      'l.volume',
      'l.order_id',
      'l.fail_reason',
      'o.status',
      'o.fee_fen',
      'o.confirm_amount_fen',
      'o.confirm_volume',
      'o.trade_date',
      'o.confirm_date',
    ])
    .where('l.user_id', '=', userId)
    .where('l.plan_order_id', '=', orderId)
    .orderBy('l.seq')
    .execute();
  const plan = await loadPlan(db, order.plan_code);
  const group = (action: '022' | '024' | '267', text: string) => {
    const orders = legs
      .filter((l) => l.action === action)
      .map((l) => ({
        order_id: l.order_id === null ? null : String(l.order_id),
        plan_code: order.plan_code,
        fd_code: l.fund_code,
        fd_name: l.fund_name ?? l.fund_code,
        action: l.action,
        portion: l.portion,
        amount: yuan(l.amount_fen),
        volume: l.volume === null ? null : (l.volume / 100).toFixed(2),
        fee: yuan(l.fee_fen),
        confirm_amount: yuan(l.confirm_amount_fen),
        confirm_volume: l.confirm_volume === null ? null : (l.confirm_volume / 100).toFixed(2),
        status: l.action === '267' ? 'success' : l.order_id === null ? 'failed' : (ORDER_STATUS[l.status ?? ''] ?? 'processing'),
        fail_reason: l.fail_reason,
        trade_date: l.trade_date,
        confirm_date: l.confirm_date,
      }));
    return orders.length > 0 ? [{ action_text: text, action, orders }] : [];
  };
  const placed = legs.filter((l) => l.order_id !== null);
  return {
    order_id: String(order.id),
    plan_code: order.plan_code,
    plan_name: plan.name,
    ttype: 'ic',
    action: order.action,
    trading_id: order.trading_id === null ? null : String(order.trading_id),
    status: order.status === 'placing' ? 'processing' : order.status === 'placed' ? 'success' : order.status,
    auto: order.auto,
    amount: yuan(order.amount_fen),
    total_fee: yuan(placed.reduce((a, l) => a + (l.fee_fen ?? 0), 0)),
    business_date: order.business_date,
    created_at: order.created_at.toISOString(),
    sub_order_list: [...group('024', '成分基金转出信息'), ...group('022', '成分基金交易信息'), ...group('267', '成分基金升级信息')],
  };
}

export async function listPlanOrders(db: Db, userId: number) {
  const rows = await db
    .selectFrom('advisory_orders as o')
    .innerJoin('advisory_plans as p', 'p.code', 'o.plan_code')
    .select(['o.id', 'o.plan_code', 'p.name', 'o.action', 'o.status', 'o.amount_fen', 'o.business_date', 'o.created_at', 'o.trading_id'])
    .where('o.user_id', '=', userId)
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({
    order_id: String(r.id),
    ttype: 'ic',
    plan_code: r.plan_code,
    plan_name: r.name,
    action: r.action,
    status: r.status === 'placing' ? 'processing' : r.status === 'placed' ? 'success' : r.status,
    amount: yuan(r.amount_fen),
    trading_id: r.trading_id === null ? null : String(r.trading_id),
    business_date: r.business_date,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * One page of the order list with the advisory plan orders grouped (issue 23): each plan order is one item (Danjuan's
 * ttype 'ic') and the fund orders of its legs are not listed on their own; the other orders as they are. Newest first.
 */
export async function orderListPage(db: Db, userId: number, page: number, size: number) {
  const legOf = sql`EXISTS (SELECT 1 FROM advisory_order_legs l WHERE l.user_id = o.user_id AND l.order_id = o.id)`;
  const total = await sql<{ n: string }>`
    SELECT ((SELECT count(*) FROM orders o WHERE o.user_id = ${userId} AND NOT ${legOf})
          + (SELECT count(*) FROM advisory_orders WHERE user_id = ${userId}))::text AS n`.execute(db);
  const rows = await sql<{ kind: 'fund' | 'ic'; id: string }>`
    SELECT kind, id::text FROM (
      SELECT 'fund' AS kind, o.id, o.created_at FROM orders o WHERE o.user_id = ${userId} AND NOT ${legOf}
      UNION ALL
      SELECT 'ic', p.id, p.created_at FROM advisory_orders p WHERE p.user_id = ${userId}
    ) x ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`.execute(db);
  const planIds = rows.rows.filter((r) => r.kind === 'ic').map((r) => Number(r.id));
  const plans = new Map(
    planIds.length === 0
      ? []
      : (
          await db
            .selectFrom('advisory_orders as o')
            .innerJoin('advisory_plans as p', 'p.code', 'o.plan_code')
            .select([
              'o.id',
              'o.plan_code',
              'p.name',
              'o.action',
              'o.status',
              'o.amount_fen',
              'o.business_date',
              'o.created_at',
              'o.trading_id',
            ])
            .where('o.user_id', '=', userId)
            .where('o.id', 'in', planIds)
            .execute()
        ).map((r) => [Number(r.id), r]),
  );
  return {
    total: Number(total.rows[0]?.n ?? 0),
    entries: rows.rows.map((r) => ({ kind: r.kind, id: Number(r.id), plan: plans.get(Number(r.id)) ?? null })),
  };
}

const PLAN_ACTION_TEXT: Record<string, [string, string]> = {
  '022': ['组合购买', 'Portfolio buy'],
  '024': ['组合赎回', 'Portfolio sale'],
  '036': ['跟车调仓', 'Departure followed'],
  '098': ['投顾费收取', 'Advisory fee'],
  '267': ['升级投顾', 'Upgrade to advisory'],
};
const PLAN_STATUS_TEXT: Record<string, [string, string]> = {
  processing: ['处理中', 'Processing'],
  success: ['交易成功', 'Succeeded'],
  sub_success: ['部分成功', 'Partly succeeded'],
  failed: ['交易失败', 'Failed'],
};

/** A plan order as an item of the order list (Danjuan's ttype 'ic'): the portfolio, the action, the amount. */
export function planOrderListItem(
  r: {
    id: number;
    plan_code: string;
    name: string;
    action: string;
    status: string;
    amount_fen: number;
    business_date: string;
    created_at: Date;
  },
  locale: 'zh-CN' | 'en-US',
) {
  const en = locale === 'en-US' ? 1 : 0;
  const status = r.status === 'placing' ? 'processing' : r.status === 'placed' ? 'success' : r.status;
  const actionDesc = PLAN_ACTION_TEXT[r.action]?.[en] ?? r.action;
  return {
    order_id: String(r.id),
    ttype: 'ic' as const,
    plan_code: r.plan_code,
    fd_code: '',
    code: r.plan_code,
    name: r.name,
    action: r.action,
    action_desc: actionDesc,
    status,
    status_desc: PLAN_STATUS_TEXT[status]?.[en] ?? status,
    amount: r.amount_fen > 0 ? r.amount_fen / 100 : null,
    volume: null,
    value_desc: r.amount_fen > 0 ? `${(r.amount_fen / 100).toFixed(2)}${en ? ' CNY' : '元'}` : '',
    trade_date: r.business_date,
    created_at: r.created_at.getTime(),
    title: `${actionDesc} ${r.name}`,
  };
}

/** The latest NAV (ten-thousandths) on or before a day of each fund. */
async function navsOn(db: Db, codes: string[], day: IsoDate): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await sql<{ fund_code: string; nav: string }>`
    SELECT DISTINCT ON (fund_code) fund_code, nav::text AS nav FROM fund_nav
     WHERE fund_code IN (${sql.join(codes)}) AND date <= ${day} ORDER BY fund_code, date DESC`.execute(db);
  return new Map(rows.rows.map((r) => [r.fund_code, Math.round(Number(r.nav) * 10_000)]));
}

/** The fee accrued and not yet charged, exactly (numerator over FEE_DENOMINATOR fen). */
export async function accruedNumerator(db: Db, userId: number, planCode: string, before?: IsoDate): Promise<bigint> {
  let q = db
    .selectFrom('advisory_fee_accruals')
    .select(sql<string>`coalesce(sum(fee_numerator), 0)::text`.as('n'))
    .where('user_id', '=', userId)
    .where('plan_code', '=', planCode)
    .where('charged_order_id', 'is', null);
  if (before) q = q.where('date', '<', before);
  const row = await q.executeTakeFirstOrThrow();
  return BigInt(row.n);
}

export async function planHolding(db: Db, userId: number, planCode: string, today: IsoDate) {
  const plan = await loadPlan(db, planCode);
  const account = await signedAccount(db, userId, planCode);
  const held = await heldPortions(db, userId, planCode);
  const shares = await accountShares(db, userId, planCode, today);
  const codes = [...new Set([...held.keys(), ...shares.keys()])];
  const navs = await navsOn(db, codes, today);
  const names = new Map(
    (codes.length ? await db.selectFrom('fund').select(['code', 'name']).where('code', 'in', codes).execute() : []).map((f) => [
      f.code,
      f.name,
    ]),
  );
  // Per fund, from the account's orders on the ledger (fen): what its buy legs paid (267: the moved shares' cost), what
  // its confirmed sell legs brought back net of their fee, the purchases still unconfirmed, the shares of its sales
  // not yet confirmed (still its assets: valued at the NAV until the registrar prices them).
  const costs = await sql<{ fund_code: string; paid: string; proceeds: string; pending: string; redeeming: string }>`
    SELECT l.fund_code,
           coalesce(sum(CASE WHEN l.action = '267' THEN l.amount_fen WHEN l.action = '022' AND o.status = 'confirmed' THEN o.amount_fen ELSE 0 END), 0)::text AS paid,
           coalesce(sum(CASE WHEN l.action = '024' AND o.status = 'confirmed' THEN o.confirm_amount_fen - o.fee_fen ELSE 0 END), 0)::text AS proceeds,
           coalesce(sum(CASE WHEN l.action = '022' AND o.status IN ('submitted', 'paid') THEN o.amount_fen ELSE 0 END), 0)::text AS pending,
           coalesce(sum(CASE WHEN l.action = '024' AND o.status IN ('submitted', 'paid') AND o.trade_date <= ${today} THEN o.volume ELSE 0 END), 0)::text AS redeeming
      FROM advisory_order_legs l
      JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
      LEFT JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
     WHERE l.user_id = ${userId} AND p.plan_code = ${planCode}
     GROUP BY l.fund_code`.execute(db);
  const costOf = new Map(
    costs.rows.map((r) => [
      r.fund_code,
      { paid: Number(r.paid), proceeds: Number(r.proceeds), pending: Number(r.pending), redeeming: Number(r.redeeming) },
    ]),
  );
  // Cash dividends paid on the account's shares went to the card: they are part of its gain (reinvested ones are in
  // its shares, at no cost, as the settlement's lots are).
  const cashDividends = await accountCashDividends(db, userId, planCode);
  // The advisory fees charged (098): paid from the card, a cost of the account.
  const charged = await db
    .selectFrom('advisory_orders')
    .select(sql<string>`coalesce(sum(amount_fen), 0)::text`.as('fen'))
    .where('user_id', '=', userId)
    .where('plan_code', '=', planCode)
    .where('action', '=', '098')
    .executeTakeFirstOrThrow();
  const feeCharged = Number(charged.fen);
  // hundredths × ten-thousandths = 10^-6 CNY; to fen, half up.
  const valueOf = (volume: number, nav: number) => Number((BigInt(volume) * BigInt(nav) + 5_000n) / 10_000n);
  let total = 0;
  let totalGain = -feeCharged;
  let pending = 0;
  let redeeming = 0;
  const items = codes.map((code) => {
    const volume = shares.get(code) ?? 0;
    const nav = navs.get(code) ?? 0;
    const value = valueOf(volume, nav);
    const c = costOf.get(code) ?? { paid: 0, proceeds: 0, pending: 0, redeeming: 0 };
    const inRedemption = valueOf(c.redeeming, nav);
    // Diluted cost (摊薄成本): paid less what came back.
    const cost = c.paid - c.proceeds;
    const gain = value + inRedemption + (cashDividends.get(code) ?? 0) - cost;
    total += value + inRedemption;
    totalGain += gain;
    pending += c.pending;
    redeeming += inRedemption;
    return {
      fd_code: code,
      fd_name: names.get(code) ?? code,
      portion: held.get(code) ?? 0,
      volume: (volume / 100).toFixed(2),
      market_value: yuan(value),
      holding_cost: yuan(cost),
      total_gain: yuan(gain),
    };
  });
  const accrued = await accruedNumerator(db, userId, planCode);
  return {
    plan_code: plan.code,
    plan_name: plan.name,
    amount_per_portion: yuan(account.amount_per_portion_fen),
    auto_follow: account.auto_follow,
    total_assets: yuan(total),
    total_gain: yuan(totalGain),
    pending_amount: yuan(pending),
    redeeming_amount: yuan(redeeming),
    fee_rate: (plan.fee_rate_ppm / 1_000_000).toFixed(4),
    fee_accrued: yuan(Number(accrued / FEE_DENOMINATOR)),
    fee_charged: yuan(feeCharged),
    items: items.filter((i) => i.portion > 0 || i.volume !== '0.00'),
  };
}

/**
 * My money's advisory lines (issue 23): each signed account's total assets, gain and accrued fee, the same figures as
 * `GET /djapi/holding/plan/{code}` (planHolding) — its funds are ordinary holdings, so already in the summary's total.
 */
export async function advisoryLines(db: Db, userId: number, today: IsoDate) {
  const accounts = await db
    .selectFrom('advisory_accounts')
    .select('plan_code')
    .where('user_id', '=', userId)
    .orderBy('signed_at')
    .orderBy('plan_code')
    .execute();
  const lines = [];
  for (const { plan_code } of accounts) {
    const h = await planHolding(db, userId, plan_code, today);
    lines.push({
      plan_code: h.plan_code,
      plan_name: h.plan_name,
      total_assets: h.total_assets,
      total_gain: h.total_gain,
      pending_amount: h.pending_amount,
      fee_accrued: h.fee_accrued,
    });
  }
  return lines;
}

// ---- The daily job: automatic following and the fee -----------------------------------------------------------------

export interface AdvisoryDayReport {
  auto_orders: number;
  accruals: number;
  fees_charged: number;
  /** advisory_income rows written: accounts' parts of dividends and money-market income. */
  income_parts: number;
}

/** First trading day of a quarter: the fee's charging day. */
export function isFeeDay(date: IsoDate): boolean {
  if (!isTradingDay(date)) return false;
  const month = Number(date.slice(5, 7));
  if ((month - 1) % 3 !== 0) return false;
  return previousTradingDay(date).slice(0, 7) !== date.slice(0, 7);
}

/**
 * One business date: every automatic follower of a departure of that date follows it (placed at the start of the
 * day, as auto-invest's runs are); every signed account accrues the fee of the calendar day; on the first trading day
 * of a quarter, the accrual through the day before is charged. Idempotent per date.
 */
export async function runAdvisoryDay(db: Database, bank: Bank, date: IsoDate): Promise<AdvisoryDayReport> {
  const k = db.kysely;
  const report: AdvisoryDayReport = { auto_orders: 0, accruals: 0, fees_charged: 0, income_parts: 0 };
  const clock = { now: () => shanghaiInstant(date, '00:00:01') };
  const deps: TradingDeps = { db, clock, bank };
  // The account's part of the dividends and money-market income the settlement paid (before its sell legs are sized).
  report.income_parts = await attributeIncome(k);
  const due = await k
    .selectFrom('advisory_departures as d')
    .innerJoin('advisory_accounts as a', 'a.plan_code', 'd.plan_code')
    .select(['a.user_id', 'a.plan_code', 'd.trading_id'])
    .where('d.trade_date', '=', date)
    .where('a.auto_follow', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('advisory_holdings as h')
          .select('h.user_id')
          .whereRef('h.user_id', '=', 'a.user_id')
          .whereRef('h.plan_code', '=', 'a.plan_code')
          .where('h.portions', '>', 0),
      ),
    )
    .orderBy('a.user_id')
    .execute();
  for (const f of due) {
    try {
      await placePlanOrder(deps, {
        userId: f.user_id,
        planCode: f.plan_code,
        tradingId: f.trading_id,
        requestId: `auto-${f.plan_code}-${f.trading_id}`,
        password: undefined,
        auto: true,
      });
      report.auto_orders += 1;
    } catch (error) {
      if (!(error instanceof AdvisoryRefusal) && !(error instanceof TradeRefusal)) throw error;
    }
  }
  report.accruals = await accrueFees(k, date);
  if (isFeeDay(date)) report.fees_charged = await chargeFees(deps, date);
  return report;
}

/**
 * The fee of calendar day `date` for every signed account, set-based: the account's shares as the day starts (its buy
 * legs confirmed through `date`'s settlement, less its sell legs of earlier trade dates) × the latest NAV published before
 * it (the day before's at most) × rate, kept as a numerator over 365 × 10^10 (fen). One row per account and day (idempotent).
 */
export async function accrueFees(db: Db, date: IsoDate): Promise<number> {
  const result = await sql`
    WITH shares AS (
      SELECT l.user_id, p.plan_code, l.fund_code,
             sum(CASE WHEN l.action = '267' THEN CASE WHEN p.business_date < ${date} THEN l.volume ELSE 0 END
                      WHEN o.id IS NULL THEN 0
                      WHEN l.action = '022' THEN CASE WHEN o.status = 'confirmed' AND o.confirm_date <= ${date} THEN o.confirm_volume ELSE 0 END
                      ELSE CASE WHEN o.status IN ('submitted', 'paid', 'confirmed') AND o.trade_date < ${date} THEN -o.volume ELSE 0 END END) AS volume
        FROM advisory_order_legs l
        JOIN advisory_orders p ON p.user_id = l.user_id AND p.id = l.plan_order_id
        LEFT JOIN orders o ON o.user_id = l.user_id AND o.id = l.order_id
       GROUP BY l.user_id, p.plan_code, l.fund_code
      UNION ALL
      -- Its part of the dividends reinvested and money-market income paid before the day (services/advisory-shares.ts).
      SELECT user_id, plan_code, fund_code, sum(volume) FROM advisory_income WHERE date < ${date} GROUP BY user_id, plan_code, fund_code
    ), valued AS (
      SELECT s.user_id, s.plan_code,
             sum(greatest(s.volume, 0)::numeric * round(n.nav * 10000)) AS value_e4
        FROM (SELECT user_id, plan_code, fund_code, sum(volume) AS volume FROM shares GROUP BY user_id, plan_code, fund_code) s
        CROSS JOIN LATERAL (SELECT nav FROM fund_nav WHERE fund_code = s.fund_code AND date < ${date} ORDER BY date DESC LIMIT 1) n
       GROUP BY s.user_id, s.plan_code
    )
    INSERT INTO advisory_fee_accruals (user_id, plan_code, date, value_e4, fee_numerator)
    SELECT v.user_id, v.plan_code, ${date}::date, v.value_e4, v.value_e4 * pl.fee_rate_ppm
      FROM valued v
      JOIN advisory_accounts a ON a.user_id = v.user_id AND a.plan_code = v.plan_code
      JOIN advisory_plans pl ON pl.code = v.plan_code
     WHERE v.value_e4 > 0
    ON CONFLICT (user_id, plan_code, date) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Charges each account's accrual through the day before (to the fen, rounded down: a fraction of a fen is not
 * charged) by a 098 plan order: the card pays the advisor's fee account (ledger: advisory_fee_charge), and the account
 * redeems shares of every fund in proportion to pay for it — each fund's ⌊shares × fee ÷ value⌋ (value at the NAVs
 * published before the day), ordinary redemptions whose proceeds reach the card. Idempotent per account and date; a
 * charge interrupted before its redemptions were placed places them when the job runs again.
 */
export async function chargeFees(deps: TradingDeps, date: IsoDate): Promise<number> {
  const k = deps.db.kysely;
  const accounts = await k
    .selectFrom('advisory_fee_accruals')
    .select(['user_id', 'plan_code'])
    .where('charged_order_id', 'is', null)
    .where('date', '<', date)
    .groupBy(['user_id', 'plan_code'])
    .orderBy('user_id')
    .execute();
  let charged = 0;
  const now = shanghaiInstant(date, '00:00:02');
  const unfinished = await k
    .selectFrom('advisory_orders')
    .select(['user_id', 'id', 'plan_code'])
    .where('action', '=', '098')
    .where('business_date', '=', date)
    .where('status', '=', 'placing')
    .execute();
  for (const a of accounts) {
    const orderId = await k.transaction().execute(async (trx) => {
      await lockUser(trx, a.user_id);
      const requestId = `fee-${a.plan_code}-${date}`;
      const exists = await trx
        .selectFrom('advisory_orders')
        .select('id')
        .where('user_id', '=', a.user_id)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      if (exists) return null;
      const numerator = await accruedNumerator(trx as unknown as Db, a.user_id, a.plan_code, date);
      const fen = Number(numerator / FEE_DENOMINATOR);
      // The shares redeemed to pay it: in proportion to each fund's value.
      const shares = await accountShares(trx as unknown as Db, a.user_id, a.plan_code, '9999-12-31' as IsoDate);
      const navs = await navsOn(trx as unknown as Db, [...shares.keys()], addCalendarDays(date, -1));
      let value = 0n;
      for (const [code, v] of shares) value += BigInt(v) * BigInt(navs.get(code) ?? 0);
      const legs: Array<{ fund_code: string; volume: number }> = [];
      if (value > 0n && fen > 0) {
        for (const [code, v] of shares) {
          const volume = Number((BigInt(v) * BigInt(fen) * 10_000n) / value);
          if (volume > 0) legs.push({ fund_code: code, volume });
        }
      }
      const row = await trx
        .insertInto('advisory_orders')
        .values({
          user_id: a.user_id,
          request_id: requestId,
          request_hash: 'fee',
          plan_code: a.plan_code,
          trading_id: null,
          action: '098',
          status: legs.length > 0 ? 'placing' : 'placed',
          amount_fen: fen,
          auto: true,
          business_date: date,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      if (legs.length > 0)
        await trx
          .insertInto('advisory_order_legs')
          .values(
            legs.map((l, seq) => ({
              user_id: a.user_id,
              plan_order_id: id,
              seq,
              action: '024',
              fund_code: l.fund_code,
              portion: 0,
              amount_fen: null,
              volume: l.volume,
              order_id: null,
              fail_reason: null,
            })),
          )
          .execute();
      await trx
        .updateTable('advisory_fee_accruals')
        .set({ charged_order_id: id })
        .where('user_id', '=', a.user_id)
        .where('plan_code', '=', a.plan_code)
        .where('charged_order_id', 'is', null)
        .where('date', '<', date)
        .execute();
      await post(trx, [
        {
          user_id: a.user_id,
          ref: `icfee:${id}`,
          kind: ADVISORY_FEE_CHARGE.name,
          asset: CNY,
          debit_account: BANK.at(),
          credit_account: ADVISORY_FEE.at(a.plan_code),
          amount_hundredths: fen,
          order_id: id,
          business_date: date,
        },
      ]);
      charged += 1;
      return legs.length > 0 ? id : null;
    });
    if (orderId !== null) await placeLegs(deps, a.user_id, orderId, a.plan_code);
  }
  for (const u of unfinished) await placeLegs(deps, u.user_id, Number(u.id), u.plan_code);
  return charged;
}

// ---- Upgrade (升级投顾, 267) ------------------------------------------------------------------------------------

export interface UpgradeInput {
  userId: number;
  planCode: string;
  requestId: string;
  password: string | undefined;
}

/**
 * Moves the investor's own shares of the portfolio's funds into the signed advisory account: one 267 plan order, a leg
 * per fund with the shares held outside the account (all of them, lots and holding days kept: no redemption, no fee,
 * nothing posted — the shares stay in their lots, the account now counts them) and the 份 they are worth at the
 * latest NAV at the amount per 份 (rounded down; a fund worth less than one 份 stays outside). Idempotent by request id.
 */
export async function upgradeToAdvisory(deps: TradingDeps, input: UpgradeInput): Promise<{ orderId: number }> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const today = shanghaiDate(now);
  const earlier = await db
    .selectFrom('advisory_orders')
    .select(['id', 'request_hash'])
    .where('user_id', '=', input.userId)
    .where('request_id', '=', input.requestId)
    .executeTakeFirst();
  const hash = requestHash(['upgrade', input.planCode]);
  if (earlier) {
    if (earlier.request_hash !== hash) throw new TradeRefusal('requestIdConflict');
    return { orderId: Number(earlier.id) };
  }
  const plan = await loadPlan(db, input.planCode);
  const account = await signedAccount(db, input.userId, plan.code);
  await checkPassword(db, input.userId, input.password, now, pepperOf(deps));
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    const again = await trx
      .selectFrom('advisory_orders')
      .select('id')
      .where('user_id', '=', input.userId)
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (again) return { orderId: Number(again.id) };
    const funds = await trx
      .selectFrom('advisory_plan_funds')
      .select('fund_code')
      .where('plan_code', '=', plan.code)
      .orderBy('seq')
      .execute();
    const inside = await accountShares(trx as unknown as Db, input.userId, plan.code, '9999-12-31' as IsoDate);
    const navs = await navsOn(
      trx as unknown as Db,
      funds.map((f) => f.fund_code),
      today,
    );
    const legs: Array<{ fund_code: string; portion: number; volume: number; amount_fen: number }> = [];
    for (const { fund_code } of funds) {
      const lots = await trx
        .selectFrom('lots')
        .select([sql<string>`coalesce(sum(volume), 0)::text`.as('volume'), sql<string>`coalesce(sum(cost_fen), 0)::text`.as('cost')])
        .where('user_id', '=', input.userId)
        .where('fund_code', '=', fund_code)
        .where('volume', '>', 0)
        .executeTakeFirstOrThrow();
      const total = BigInt(lots.volume);
      // Outside every advisory account: another portfolio's shares of the same fund are its own (advisory-shares.ts).
      const reserved = await advisoryReservedVolume(trx as unknown as Db, input.userId, fund_code);
      const outside = total - BigInt(Math.max(reserved, inside.get(fund_code) ?? 0));
      if (outside <= 0n) continue;
      const valueFen = (outside * BigInt(navs.get(fund_code) ?? 0)) / 10_000n;
      const portion = Number(valueFen / BigInt(account.amount_per_portion_fen));
      if (portion <= 0) continue;
      // The moved shares' cost: their share of the lots' cost (rounded down).
      const cost = total > 0n ? Number((BigInt(lots.cost) * outside) / total) : 0;
      legs.push({ fund_code, portion, volume: Number(outside), amount_fen: cost });
    }
    if (legs.length === 0) throw new AdvisoryRefusal('advisoryRefused', { reason: 'no holding of this portfolio’s funds to move' });
    const row = await trx
      .insertInto('advisory_orders')
      .values({
        user_id: input.userId,
        request_id: input.requestId,
        request_hash: hash,
        plan_code: plan.code,
        trading_id: null,
        action: '267',
        status: 'placed',
        amount_fen: 0,
        business_date: today,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = Number(row.id);
    await trx
      .insertInto('advisory_order_legs')
      .values(
        legs.map((l, seq) => ({
          user_id: input.userId,
          plan_order_id: orderId,
          seq,
          action: '267',
          fund_code: l.fund_code,
          portion: l.portion,
          volume: l.volume,
          amount_fen: l.amount_fen,
          order_id: null,
          fail_reason: null,
        })),
      )
      .execute();
    for (const l of legs) {
      await trx
        .insertInto('advisory_holdings')
        .values({ user_id: input.userId, plan_code: plan.code, fund_code: l.fund_code, portions: l.portion })
        .onConflict((oc) =>
          oc.columns(['user_id', 'plan_code', 'fund_code']).doUpdateSet({ portions: sql`advisory_holdings.portions + ${l.portion}` }),
        )
        .execute();
    }
    return { orderId };
  });
}
