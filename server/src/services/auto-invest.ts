// Auto-invest plans (定投): made with the same checks and trade password as a purchase, then run by the daily job
// 'run-plans' — each due plan places an ordinary purchase linked to it (orders.plan_id) on its run date, at the
// smart ratio of the index's state the day before when in smart mode. A failed debit counts; 3 in a row pause the
// plan; a fund that cannot be bought skips the run with a note. Each (plan, date) runs once: the purchase's
// request id is derived from them (a replay answers the same order or refusal) and the run row is unique.
// docs/PRODUCT.md §10.18; rules: domain/auto-invest-plan.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import { eachConcurrently } from '../db/concurrently';
import type { DB } from '../db/types';
import {
  anchorFor,
  indexState,
  nextRunDate,
  smartAmountFen,
  validCycleDay,
  type AipCycle,
  type IndexBar,
  type Schedule,
} from '../domain/auto-invest-plan';
import { backtest } from '../domain/auto-invest-backtest';
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import { shanghaiDate, shanghaiInstant, type Clock } from '../domain/clock';
import { TradeRefusal } from '../domain/trade-refusal';
import type { Bank } from './bank';
import {
  cashPayment,
  checkBuy,
  checkPassword,
  pepperOf,
  fenText,
  loadTradeFund,
  lockUser,
  pensionPayment,
  placeBuy,
  refuseBuy,
  refuseCashPayment,
  CASH_FUND_CODE,
  type BuyCheck,
  type TradingDeps,
} from './trading';

export interface PlanRow {
  user_id: number;
  id: number;
  fund_code: string;
  amount_fen: number;
  cycle: AipCycle;
  cycle_day: number | null;
  anchor_date: string;
  pay_method: 'bankcard' | 'xjb' | 'pension';
  smart: boolean;
  index_code: string | null;
  status: 'running' | 'paused' | 'stopped';
  pause_reason: string | null;
  failures: number;
  next_date: string | null;
  created_at: Date;
}

export const MAX_FAILURES = 3;

const scheduleOf = (p: Pick<PlanRow, 'cycle' | 'cycle_day' | 'anchor_date'>): Schedule => ({
  cycle: p.cycle,
  cycleDay: p.cycle_day,
  anchor: p.anchor_date,
});

/** The index a fund's smart plan follows: its tracked index, when the market has its bars. */
export async function smartIndexOf(db: Kysely<DB>, fundCode: string): Promise<{ code: string; name: string; valuation: boolean } | null> {
  const row = await db
    .selectFrom('fund as f')
    .innerJoin('market_index as i', 'i.code', 'f.tracked_index_code')
    .select(['i.code', 'i.name', 'i.has_valuation'])
    .where('f.code', '=', fundCode)
    .executeTakeFirst();
  return row ? { code: row.code, name: row.name, valuation: row.has_valuation } : null;
}

export async function indexBars(db: Kysely<DB>, indexCode: string, before: IsoDate, bars = 1_300): Promise<IndexBar[]> {
  const rows = await db
    .selectFrom('index_daily')
    .select([sql<string>`date::text`.as('date'), 'close', 'pe'])
    .where('index_code', '=', indexCode)
    .where('date', '<', before)
    .orderBy('date', 'desc')
    .limit(bars)
    .execute();
  return rows.reverse().map((r) => ({ date: r.date, close: Number(r.close), pe: r.pe === null ? null : Number(r.pe) }));
}

export interface SmartDecision {
  ratioPercent: number;
  reason: { method: 'valuation' | 'ma'; index_code: string; value_bp: number; ratio: number; as_of: string } | null;
}

/** The ratio of a run on `date` (100 % in normal mode or when the index has no state yet). */
export async function smartDecision(db: Kysely<DB>, plan: Pick<PlanRow, 'smart' | 'index_code'>, date: IsoDate): Promise<SmartDecision> {
  if (!plan.smart || !plan.index_code) return { ratioPercent: 100, reason: null };
  const index = await db.selectFrom('market_index').select(['has_valuation']).where('code', '=', plan.index_code).executeTakeFirst();
  const state = indexState(await indexBars(db, plan.index_code, date), date, index?.has_valuation ?? false);
  if (!state) return { ratioPercent: 100, reason: null };
  return {
    ratioPercent: state.ratioPercent,
    reason: { method: state.method, index_code: plan.index_code, value_bp: state.valueBp, ratio: state.ratioPercent, as_of: state.asOf },
  };
}

export interface CreatePlanInput {
  userId: number;
  fundCode: string;
  amountFen: number;
  cycle: AipCycle;
  cycleDay: number | null;
  payMethod: 'bankcard' | 'xjb' | 'pension';
  smart: boolean;
  requestId: string;
  riskConfirm: boolean;
  password: string | undefined;
  riskWarningText: (fundRisk: number, investorLevel: number) => string;
}

/** Makes a plan: the purchase checks (account, assessment, fund, minimum, suitability) and the trade password. */
export async function createPlan(deps: TradingDeps, input: CreatePlanInput): Promise<{ planId: number }> {
  const { userId } = input;
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new TradeRefusal('invalidAmount');
  if (!validCycleDay(input.cycle, input.cycleDay)) throw new TradeRefusal('aipInvalidSchedule');
  const kysely = deps.db.kysely;
  const replay = async (db: Kysely<DB>) => {
    const row = await db
      .selectFrom('aip_plans')
      .select(['id', 'fund_code', 'amount_fen'])
      .where('user_id', '=', userId)
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (!row) return null;
    // The same request id for another plan: refused, as a purchase's is.
    if (row.fund_code !== input.fundCode || Number(row.amount_fen) !== input.amountFen) throw new TradeRefusal('requestIdConflict');
    return { planId: Number(row.id) };
  };
  const early = await replay(kysely);
  if (early) return early;
  const check = await checkBuy(deps, kysely, userId, input.fundCode);
  // Checked as a purchase of its amount (today's card use aside: each run is checked on its own day). Paid from the
  // cash product, its available balance must cover one run now, as Danjuan's picker asks: a plan set up on an empty
  // (or short) 现金宝 would only fail its runs.
  const cash = input.payMethod === 'xjb' ? await cashPayment(deps, kysely, userId) : null;
  // A Y class's plan is paid from the pension account (issue 24), which must cover one run now, as 现金宝's.
  const pension = input.payMethod === 'pension' ? await pensionPayment(kysely, userId) : null;
  refuseBuy({ ...check, bankUsedFen: 0 }, input.amountFen, input.riskConfirm, deps.bank, cash, pension);
  const index = input.smart ? await smartIndexOf(kysely, input.fundCode) : null;
  if (input.smart && !index) throw new TradeRefusal('aipSmartUnavailable');
  const now = deps.clock.now();
  await checkPassword(kysely, userId, input.password, now, pepperOf(deps));
  return kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const again = await replay(trx);
    if (again) return again;
    const today = shanghaiDate(now);
    const anchor = anchorFor(input.cycle, input.cycleDay, today);
    const schedule: Schedule = { cycle: input.cycle, cycleDay: input.cycleDay, anchor };
    const riskWarning =
      check.suitability === 'warn'
        ? JSON.stringify({
            text: input.riskWarningText(check.fund.risk_level, check.investor.riskLevel as number),
            fund_code: check.fund.code,
            fund_risk: check.fund.risk_level,
            investor_level: check.investor.riskLevel,
            accepted_at: now.toISOString(),
          })
        : null;
    const { id } = await trx
      .insertInto('aip_plans')
      .values({
        user_id: userId,
        request_id: input.requestId,
        fund_code: check.fund.code,
        amount_fen: input.amountFen,
        cycle: input.cycle,
        cycle_day: input.cycleDay,
        anchor_date: anchor,
        pay_method: input.payMethod,
        smart: input.smart,
        index_code: index?.code ?? null,
        status: 'running',
        next_date: nextRunDate(schedule, today),
        risk_warning: riskWarning,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { planId: Number(id) };
  });
}

export async function loadPlan(db: Kysely<DB>, userId: number, planId: number): Promise<PlanRow | null> {
  if (!Number.isSafeInteger(planId) || planId <= 0) return null;
  const row = await db
    .selectFrom('aip_plans')
    .selectAll()
    .select([sql<string>`anchor_date::text`.as('anchor_date'), sql<string | null>`next_date::text`.as('next_date')])
    .where('user_id', '=', userId)
    .where('id', '=', planId)
    .executeTakeFirst();
  return row ? normalisePlan(row) : null;
}

function normalisePlan(row: Record<string, unknown>): PlanRow {
  return {
    ...(row as unknown as PlanRow),
    user_id: Number(row.user_id),
    id: Number(row.id),
    amount_fen: Number(row.amount_fen),
    failures: Number(row.failures),
  };
}

export async function listPlans(db: Kysely<DB>, userId: number): Promise<PlanRow[]> {
  const rows = await db
    .selectFrom('aip_plans')
    .selectAll()
    .select([sql<string>`anchor_date::text`.as('anchor_date'), sql<string | null>`next_date::text`.as('next_date')])
    .where('user_id', '=', userId)
    .orderBy(sql`CASE aip_plans.status WHEN 'running' THEN 0 WHEN 'paused' THEN 1 ELSE 2 END`)
    .orderBy('aip_plans.id', 'desc')
    .execute();
  return rows.map(normalisePlan);
}

export type PlanAction = 'pause' | 'resume' | 'stop';

/** Pause, resume (from the next run date after today) or stop (final) a plan, with the trade password. */
export async function changePlanState(
  deps: TradingDeps,
  userId: number,
  planId: number,
  action: PlanAction,
  password: string | undefined,
): Promise<void> {
  const kysely = deps.db.kysely;
  const plan = await loadPlan(kysely, userId, planId);
  if (!plan) throw new TradeRefusal('aipNotFound');
  refuseStateChange(plan, action);
  const now = deps.clock.now();
  await checkPassword(kysely, userId, password, now, pepperOf(deps));
  await kysely.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const current = await loadPlan(trx, userId, planId);
    if (!current) throw new TradeRefusal('aipNotFound');
    refuseStateChange(current, action);
    const today = shanghaiDate(now);
    const set =
      action === 'pause'
        ? { status: 'paused', pause_reason: 'investor', updated_at: now }
        : action === 'resume'
          ? { status: 'running', pause_reason: null, failures: 0, next_date: nextRunDate(scheduleOf(current), today), updated_at: now }
          : { status: 'stopped', pause_reason: null, next_date: null, updated_at: now };
    await trx.updateTable('aip_plans').set(set).where('user_id', '=', userId).where('id', '=', planId).execute();
  });
}

function refuseStateChange(plan: PlanRow, action: PlanAction): void {
  if (plan.status === 'stopped') throw new TradeRefusal('aipStopped');
  if (action === 'pause' && plan.status !== 'running') throw new TradeRefusal('aipNotRunning');
  if (action === 'resume' && plan.status !== 'paused') throw new TradeRefusal('aipNotPaused');
}

/**
 * 现金宝 as a plan's payment option (the create and change pages' picker, GET /djapi/aip/quote `cash`): offered only
 * when it can pay a run — another fund than 现金宝 itself, a bound card behind it, and an available balance of at least
 * the fund's minimum purchase (a run is never smaller). At 0.00 it is never offered; null then.
 */
export async function planCashOption(
  deps: TradingDeps,
  db: Kysely<DB>,
  userId: number,
  check: BuyCheck,
): Promise<{ fundCode: string; availableFen: number } | null> {
  if (check.fund.code === CASH_FUND_CODE || !check.investor.card) return null;
  const cash = await cashPayment(deps, db, userId);
  return cash.availableFen > 0 && cash.availableFen >= check.minFen ? { fundCode: CASH_FUND_CODE, availableFen: cash.availableFen } : null;
}

export interface UpdatePlanInput {
  amountFen: number;
  cycle: AipCycle;
  cycleDay: number | null;
  /** The payment from now on; the plan's own when not given. */
  payMethod?: 'bankcard' | 'xjb' | 'pension';
  password: string | undefined;
}

/**
 * Changes the amount, the schedule (a new schedule counts from today: the next run is its first date after today) or
 * the payment. Paid from 现金宝 after the change, its available balance must cover one run, as when a plan is made.
 */
export async function updatePlan(deps: TradingDeps, userId: number, planId: number, input: UpdatePlanInput): Promise<void> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new TradeRefusal('invalidAmount');
  if (!validCycleDay(input.cycle, input.cycleDay)) throw new TradeRefusal('aipInvalidSchedule');
  const kysely = deps.db.kysely;
  const plan = await loadPlan(kysely, userId, planId);
  if (!plan) throw new TradeRefusal('aipNotFound');
  if (plan.status === 'stopped') throw new TradeRefusal('aipStopped');
  const check = await checkBuy(deps, kysely, userId, plan.fund_code);
  if (input.amountFen < check.minFen) throw new TradeRefusal('amountBelowMinimum', { min: fenText(check.minFen) });
  const payMethod = input.payMethod ?? plan.pay_method;
  if (payMethod === 'xjb') refuseCashPayment(check.fund, input.amountFen, await cashPayment(deps, kysely, userId));
  // The pension loop (issue 24): a Y class's plan pays from the pension account, which must cover one run now.
  const y = check.fund.share_class === 'Y';
  if (y !== (payMethod === 'pension')) throw new TradeRefusal(y ? 'pensionFundOnly' : 'pensionNotEligible', { name: check.fund.name });
  if (payMethod === 'pension') {
    const pension = await pensionPayment(kysely, userId);
    if (!pension.opened) throw new TradeRefusal('pensionNotOpened');
    if (input.amountFen > pension.balanceFen) throw new TradeRefusal('pensionInsufficient', { available: fenText(pension.balanceFen) });
  }
  const now = deps.clock.now();
  await checkPassword(kysely, userId, password(input), now, pepperOf(deps));
  const today = shanghaiDate(now);
  const same = plan.cycle === input.cycle && plan.cycle_day === input.cycleDay;
  const anchor = same ? plan.anchor_date : anchorFor(input.cycle, input.cycleDay, today);
  await kysely
    .updateTable('aip_plans')
    .set({
      amount_fen: input.amountFen,
      cycle: input.cycle,
      cycle_day: input.cycleDay,
      pay_method: payMethod,
      anchor_date: anchor,
      next_date: plan.status === 'running' ? nextRunDate({ cycle: input.cycle, cycleDay: input.cycleDay, anchor }, today) : plan.next_date,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .where('id', '=', planId)
    .execute();
}

const password = (input: { password: string | undefined }) => input.password;

// ---- The daily run -----------------------------------------------------------------------------------------

export interface PlanRunReport {
  plans_run: number;
  orders_placed: number;
  runs_failed: number;
  runs_skipped: number;
  plans_paused: number;
}

/** Refusals that mean the money could not be taken (they count towards the 3 failures); others skip the run. */
const PAYMENT_REFUSALS = new Set(['paymentFailed', 'bankPerPaymentLimit', 'bankDailyLimit', 'cashInsufficient', 'pensionInsufficient']);

/**
 * Runs every running plan due on or before `date` (its run date: `date` itself, or an earlier one the jobs missed),
 * placing its purchase as of 00:00 on the run date (so T is the run date), in plan id order.
 */
export async function runDuePlans(
  db: Database,
  bank: Bank,
  date: IsoDate,
  now: Date,
  opts: { /** Investors at once (default: PLAN_STEP_PARALLEL on PostgreSQL, 1 on PGlite's one connection). */ parallel?: number } = {},
): Promise<PlanRunReport> {
  const width = opts.parallel ?? (db.kind === 'postgres' ? PLAN_STEP_PARALLEL : 1);
  const report: PlanRunReport = { plans_run: 0, orders_placed: 0, runs_failed: 0, runs_skipped: 0, plans_paused: 0 };
  for (;;) {
    const due = (
      await db.kysely
        .selectFrom('aip_plans')
        .selectAll()
        .select([sql<string>`anchor_date::text`.as('anchor_date'), sql<string | null>`next_date::text`.as('next_date')])
        .where('aip_plans.status', '=', 'running')
        .where('aip_plans.next_date', '<=', date)
        .orderBy('aip_plans.next_date')
        .orderBy('aip_plans.id')
        .limit(500)
        .execute()
    ).map(normalisePlan);
    if (due.length === 0) return report;
    // On PostgreSQL PLAN_STEP_PARALLEL investors' plans run at once (issue 22 §3: the plan step at a million orders, 8.6 ms a plan one
    // at a time); one investor's plans stay in order, one after another, so which of them a short 现金宝 balance refuses
    // is the same as before. PGlite has one connection: one at a time. An unexpected error fails the step (each run is
    // idempotent per plan and date: a rerun places nothing twice).
    const byInvestor = new Map<number, PlanRow[]>();
    for (const plan of due) {
      const plans = byInvestor.get(plan.user_id);
      if (plans) plans.push(plan);
      else byInvestor.set(plan.user_id, [plan]);
    }
    await eachConcurrently([...byInvestor.values()], width, async (plans) => {
      for (const plan of plans) await runPlan(db, bank, plan, now, report);
    });
  }
}

/** Investors whose due plans run at once on PostgreSQL (as the settlement's chunks: SETTLEMENT_PARALLEL). */
export const PLAN_STEP_PARALLEL = 3;

async function runPlan(db: Database, bank: Bank, plan: PlanRow, now: Date, report: PlanRunReport): Promise<void> {
  const runDate = plan.next_date as IsoDate;
  const clock: Clock = { now: () => shanghaiInstant(runDate, '00:00:01') };
  const deps: TradingDeps = { db, clock, bank };
  const decision = await smartDecision(db.kysely, plan, runDate);
  // The fund's minimum matters only to a smart plan's amount (placeBuy checks the purchase itself): an ordinary
  // plan's run skips the second reading of the buy checks (issue 22 §3: the plan step's statements per plan).
  let amountFen = plan.amount_fen;
  if (plan.smart) {
    const check = await checkBuy(deps, db.kysely, plan.user_id, plan.fund_code).catch(() => null);
    amountFen = smartAmountFen(plan.amount_fen, decision.ratioPercent, check?.minFen ?? 1);
  }
  // The run's record and the plan's next date: with a placed order, in the purchase's own transaction (one commit a
  // plan instead of two, each waiting for the WAL's flush: issue 22 §3); after a refusal, in a transaction of their own.
  const record = async (
    trx: Transaction<DB>,
    run: { status: 'placed' | 'failed' | 'skipped'; note: string | null; orderId: number | null },
  ) => {
    const failures = run.status === 'failed' ? plan.failures + 1 : run.status === 'placed' ? 0 : plan.failures;
    const pausing = failures >= MAX_FAILURES;
    // One statement: the run (once per plan and date) and, when it was new, the plan's failures and pause.
    const inserted = sql<boolean>`EXISTS (SELECT 1 FROM run)`;
    const updated = await trx
      .with('run', (db) =>
        db
          .insertInto('aip_runs')
          .values({
            user_id: plan.user_id,
            plan_id: plan.id,
            date: runDate,
            amount_fen: amountFen,
            ratio_percent: decision.ratioPercent,
            reason: decision.reason ? JSON.stringify(decision.reason) : null,
            status: run.status,
            note: run.note,
            order_id: run.orderId,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['user_id', 'plan_id', 'date']).doNothing())
          .returning('plan_id'),
      )
      .updateTable('aip_plans')
      .set({
        next_date: nextRunDate(scheduleOf(plan), runDate),
        failures: sql<number>`CASE WHEN ${inserted} THEN ${failures}::int ELSE failures END`,
        ...(pausing
          ? {
              status: sql<string>`CASE WHEN ${inserted} THEN 'paused' ELSE status END`,
              pause_reason: sql<string | null>`CASE WHEN ${inserted} THEN 'payment_failed' ELSE pause_reason END`,
            }
          : {}),
        updated_at: now,
      })
      .where('user_id', '=', plan.user_id)
      .where('id', '=', plan.id)
      .where('next_date', '=', runDate)
      .returning(inserted.as('inserted'))
      .executeTakeFirst();
    const pause = pausing && updated?.inserted === true;
    return pause;
  };
  let status: 'placed' | 'failed' | 'skipped' = 'placed';
  let pause = false;
  try {
    await placeBuy(deps, {
      userId: plan.user_id,
      fundCode: plan.fund_code,
      amountFen,
      requestId: `aip-${plan.id}-${runDate}`,
      riskConfirm: true,
      payMethod: plan.pay_method,
      planId: plan.id,
      password: undefined,
      riskWarningText: () => 'accepted when the plan was made',
      within: async (trx, placed) => {
        pause = await record(trx, { status: 'placed', note: null, orderId: placed.orderId });
      },
    });
  } catch (error) {
    if (!(error instanceof TradeRefusal)) throw error;
    status = PAYMENT_REFUSALS.has(error.reason) ? 'failed' : 'skipped';
    const failedOrder = (error.data as { order_id?: string }).order_id;
    const run = { status, note: error.reason, orderId: failedOrder ? Number(failedOrder) : null };
    pause = await db.kysely.transaction().execute((trx) => record(trx, run));
  }
  report.plans_run += 1;
  if (status === 'placed') report.orders_placed += 1;
  if (status === 'failed') report.runs_failed += 1;
  if (status === 'skipped') report.runs_skipped += 1;
  if (pause) report.plans_paused += 1;
}

export interface RunRow {
  date: string;
  amount_fen: number;
  ratio_percent: number;
  reason: SmartDecision['reason'];
  status: 'placed' | 'failed' | 'skipped';
  note: string | null;
  order_id: number | null;
  order_status: string | null;
  confirm_amount_fen: number | null;
  confirm_volume: number | null;
  fund_code: string;
}

export async function planRuns(db: Kysely<DB>, userId: number, planIds: number[]): Promise<Map<number, RunRow[]>> {
  const out = new Map<number, RunRow[]>();
  if (planIds.length === 0) return out;
  const rows = await db
    .selectFrom('aip_runs as r')
    .leftJoin('orders as o', (j) => j.onRef('o.user_id', '=', 'r.user_id').onRef('o.id', '=', 'r.order_id'))
    .innerJoin('aip_plans as p', (j) => j.onRef('p.user_id', '=', 'r.user_id').onRef('p.id', '=', 'r.plan_id'))
    .select([
      'r.plan_id',
      sql<string>`r.date::text`.as('date'),
      'r.amount_fen',
      'r.ratio_percent',
      'r.reason',
      'r.status',
      'r.note',
      'r.order_id',
      'o.status as order_status',
      'o.confirm_amount_fen',
      'o.confirm_volume',
      'p.fund_code',
    ])
    .where('r.user_id', '=', userId)
    .where('r.plan_id', 'in', planIds)
    .orderBy('r.date', 'desc')
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.plan_id)) ?? [];
    list.push({
      date: r.date,
      amount_fen: Number(r.amount_fen),
      ratio_percent: r.ratio_percent,
      reason: r.reason as SmartDecision['reason'],
      status: r.status as RunRow['status'],
      note: r.note,
      order_id: r.order_id === null ? null : Number(r.order_id),
      order_status: r.order_status ?? null,
      confirm_amount_fen: r.confirm_amount_fen === null ? null : Number(r.confirm_amount_fen),
      confirm_volume: r.confirm_volume === null ? null : Number(r.confirm_volume),
      fund_code: r.fund_code,
    });
    out.set(Number(r.plan_id), list);
  }
  return out;
}

/** The first run date of a schedule made now (the create page shows it before confirming). */
export function firstRunDate(cycle: AipCycle, cycleDay: number | null, now: Date): IsoDate {
  const today = shanghaiDate(now);
  return nextRunDate({ cycle, cycleDay, anchor: anchorFor(cycle, cycleDay, today) }, today);
}

// ---- Backtest ----------------------------------------------------------------------------------------------

export interface BacktestRequest {
  fundCode: string;
  amountFen: number;
  cycle: AipCycle;
  cycleDay: number | null;
  /** Runs from this date (inclusive). */
  start: IsoDate;
  smart: boolean;
}

/** The backtest of a plan on the fund's NAV history (domain/auto-invest-backtest.ts), in both modes when smart is possible. */
export async function runBacktest(db: Kysely<DB>, req: BacktestRequest) {
  const fund = await loadTradeFund(db, req.fundCode);
  if (!fund) throw new TradeRefusal('fundNotFound', { code: req.fundCode });
  if (!validCycleDay(req.cycle, req.cycleDay)) throw new TradeRefusal('aipInvalidSchedule');
  const navs = await db
    .selectFrom('fund_nav')
    .select([sql<string>`date::text`.as('date'), sql<string>`nav::text`.as('nav')])
    .where('fund_code', '=', fund.code)
    .where('date', '>=', req.start)
    .orderBy('date')
    .execute();
  const dividends = await db
    .selectFrom('fund_dividend')
    .select([sql<string>`date::text`.as('date'), sql<string>`per_share::text`.as('perShare')])
    .where('fund_code', '=', fund.code)
    .where('date', '>=', req.start)
    .execute();
  const index = await smartIndexOf(db, fund.code);
  const after = addCalendarDays(req.start, -1);
  const schedule: Schedule = { cycle: req.cycle, cycleDay: req.cycleDay, anchor: anchorFor(req.cycle, req.cycleDay, after) };
  const bars = index ? await indexBars(db, index.code, addCalendarDays(navs.at(-1)?.date ?? req.start, 1), 100_000) : [];
  const run = (smart: boolean) =>
    backtest({
      navs,
      dividends,
      feeTable: fund.declare,
      discount: fund.declare_discount,
      rounding: fund.rounding_mode,
      minFen: fund.min_purchase_fen,
      schedule,
      after,
      amountFen: req.amountFen,
      smart: smart && index ? { bars, valuation: index.valuation } : null,
    });
  const main = run(req.smart && index !== null);
  const other = index ? run(!(req.smart && index !== null)) : null;
  return { fund, index, smart: req.smart && index !== null, main, other };
}
