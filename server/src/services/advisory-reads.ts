// The advisory side's reads (issue 23, docs/PRODUCT.md §7.5): advisors, portfolios, the model's NAV and indicators
// (public), and — only once the investor has answered the advisory questionnaire (KYC before strategy) — the
// composition and the departures. Danjuan's shapes (../shared/ADVISORY-NOTES.md).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { addTradingDays, type IsoDate } from '../domain/calendar';

type Db = Kysely<DB>;

export class AdvisoryRefusal extends Error {
  constructor(
    readonly reason:
      | 'planNotFound'
      | 'advisorNotFound'
      | 'advisoryKycRequired'
      | 'advisoryKycInvalid'
      | 'advisoryRiskAboveLevel'
      | 'advisoryNotSigned'
      | 'advisoryWindowClosed'
      | 'advisoryRefused'
      | 'advisoryOrderNotFound'
      | 'departureNotFound',
    readonly params: Record<string, string | number> = {},
  ) {
    super(reason);
    this.name = 'AdvisoryRefusal';
  }
}

export interface PlanRow {
  code: string;
  advisor_code: string;
  name: string;
  type: number;
  risk_level: number;
  fee_rate_ppm: number;
  benchmark: string;
  benchmark_index_code: string;
  benchmark_equity_weight: string;
  min_per_portion_fen: number;
  max_per_portion_fen: number;
  total_portions: number;
  intro: string;
}

export async function loadPlan(db: Db, code: string): Promise<PlanRow & { advisor_name: string }> {
  const plan = await db
    .selectFrom('advisory_plans as p')
    .innerJoin('advisors as a', 'a.code', 'p.advisor_code')
    .select([
      'p.code',
      'p.advisor_code',
      'p.name',
      'p.type',
      'p.risk_level',
      'p.fee_rate_ppm',
      'p.benchmark',
      'p.benchmark_index_code',
      'p.benchmark_equity_weight',
      'p.min_per_portion_fen',
      'p.max_per_portion_fen',
      'p.total_portions',
      'p.intro',
      'a.name as advisor_name',
    ])
    .where('p.code', '=', code)
    .executeTakeFirst();
  if (!plan) throw new AdvisoryRefusal('planNotFound', { code });
  return plan;
}

/** A yearly rate in millionths as Danjuan's decimal fraction string ('0.0050' for 0.50 %). */
export const feeRateText = (ppm: number): string => (ppm / 1_000_000).toFixed(4);
/** A fraction to a percent string with 2 decimals. */
const pct = (x: number): string => (x * 100).toFixed(2);

// ---- Advisors ------------------------------------------------------------------------------------------------

export async function listAdvisors(db: Db) {
  const advisors = await db.selectFrom('advisors').selectAll().orderBy('sort').execute();
  const plans = await db
    .selectFrom('advisory_plans')
    .select(['code', 'advisor_code', 'name', 'risk_level', 'fee_rate_ppm'])
    .orderBy('sort')
    .execute();
  return {
    items: advisors.map((a) => ({
      advisor_code: a.code,
      name: a.name,
      full_name: a.full_name,
      licence: a.licence,
      intro: a.intro,
      plans: plans
        .filter((p) => p.advisor_code === a.code)
        .map((p) => ({ plan_code: p.code, plan_name: p.name, risk_level: p.risk_level, fee_rate: feeRateText(p.fee_rate_ppm) })),
    })),
  };
}

export async function advisorDetail(db: Db, code: string) {
  const list = await listAdvisors(db);
  const advisor = list.items.find((a) => a.advisor_code === code);
  if (!advisor) throw new AdvisoryRefusal('advisorNotFound', { code });
  return advisor;
}

// ---- The model portfolio -------------------------------------------------------------------------------------

export interface ModelPoint {
  date: IsoDate;
  nav: number;
  benchmark: number;
}

export interface PlanFundRow {
  fund_code: string;
  fund_name: string;
  role: string;
  signal_index_code: string | null;
}

export async function planFunds(db: Db, code: string): Promise<PlanFundRow[]> {
  return db
    .selectFrom('advisory_plan_funds as f')
    .innerJoin('fund', 'fund.code', 'f.fund_code')
    .select(['f.fund_code', 'fund.name as fund_name', 'f.role', 'f.signal_index_code'])
    .where('f.plan_code', '=', code)
    .orderBy('f.seq')
    .execute();
}

export interface DepartureRow {
  trading_id: number;
  trade_date: IsoDate;
  remark: string;
  legs: Array<{ action: '022' | '024'; fund_code: string; portion: number; portions_before: number }>;
}

export async function departuresOf(db: Db, code: string): Promise<DepartureRow[]> {
  const rows = await db
    .selectFrom('advisory_departures as d')
    .innerJoin('advisory_departure_legs as l', 'l.trading_id', 'd.trading_id')
    .select(['d.trading_id', 'd.trade_date', 'd.remark', 'l.action', 'l.fund_code', 'l.portion', 'l.portions_before'])
    .where('d.plan_code', '=', code)
    .orderBy('d.trade_date')
    .orderBy('l.seq')
    .execute();
  const out: DepartureRow[] = [];
  for (const r of rows) {
    let d = out[out.length - 1];
    if (!d || d.trading_id !== r.trading_id) {
      d = { trading_id: r.trading_id, trade_date: r.trade_date as IsoDate, remark: r.remark, legs: [] };
      out.push(d);
    }
    d.legs.push({ action: r.action as '022' | '024', fund_code: r.fund_code, portion: r.portion, portions_before: r.portions_before });
  }
  return out;
}

/**
 * The model's unit NAV from its founding departure: 1 份 costs 1 on the day bought, a sale takes k/n of the fund's
 * shares, each fund priced by its accumulated NAV (money-market funds by their income), net flows buying or selling
 * units at the day's unit NAV (a time-weighted return, as a fund's). The benchmark mixes its index's close with the
 * bond index. Floats: a chart and its indicators, never money.
 */
export async function modelSeries(db: Db, plan: PlanRow, departures?: DepartureRow[]): Promise<ModelPoint[]> {
  const deps = departures ?? (await departuresOf(db, plan.code));
  if (deps.length === 0) return [];
  const start = deps[0]?.trade_date as IsoDate;
  const funds = [...new Set(deps.flatMap((d) => d.legs.map((l) => l.fund_code)))];
  const navRows = await db
    .selectFrom('fund_nav')
    .select(['fund_code', 'date', 'acc_nav', 'income_per_10k'])
    .where('fund_code', 'in', funds)
    .where('date', '>=', start)
    .orderBy('date')
    .execute();
  const price = new Map<string, Map<string, number>>();
  const running = new Map<string, number>();
  const dates = new Set<string>();
  for (const r of navRows) {
    let level: number;
    if (r.income_per_10k !== null) level = (running.get(r.fund_code) ?? 1) * (1 + Number(r.income_per_10k) / 10_000);
    else level = Number(r.acc_nav);
    running.set(r.fund_code, level);
    let m = price.get(r.fund_code);
    if (!m) price.set(r.fund_code, (m = new Map()));
    m.set(r.date, level);
    dates.add(r.date);
  }
  const bench = await db
    .selectFrom('index_daily')
    .select(['index_code', 'date', 'close'])
    .where('index_code', 'in', [plan.benchmark_index_code, 'CBA00101'])
    .where('date', '>=', start)
    .orderBy('date')
    .execute();
  const eq = new Map<string, number>();
  const bond = new Map<string, number>();
  for (const b of bench) (b.index_code === 'CBA00101' ? bond : eq).set(b.date, Number(b.close));
  const w = Number(plan.benchmark_equity_weight);
  const shares = new Map<string, number>();
  const last = new Map<string, number>();
  let units = 0;
  let unit = 1;
  let b0: { e: number; b: number } | null = null;
  let benchValue = 1;
  const byDate = new Map(deps.map((d) => [d.trade_date, d]));
  const out: ModelPoint[] = [];
  for (const date of [...dates].sort()) {
    for (const f of funds) {
      const p = price.get(f)?.get(date);
      if (p !== undefined) last.set(f, p);
    }
    const value = () => {
      let v = 0;
      for (const [f, s] of shares) v += s * (last.get(f) ?? 0);
      return v;
    };
    const d = byDate.get(date as IsoDate);
    if (d) {
      const before = value();
      if (units > 0) unit = before / units;
      let flow = 0;
      for (const leg of d.legs) {
        const p = last.get(leg.fund_code);
        if (!p) continue;
        if (leg.action === '024') {
          const held = shares.get(leg.fund_code) ?? 0;
          const sold = leg.portions_before > 0 ? (held * leg.portion) / leg.portions_before : 0;
          shares.set(leg.fund_code, held - sold);
          flow -= sold * p;
        } else {
          shares.set(leg.fund_code, (shares.get(leg.fund_code) ?? 0) + leg.portion / p);
          flow += leg.portion;
        }
      }
      units += flow / unit;
    }
    if (units <= 0) continue;
    unit = value() / units;
    const e = eq.get(date);
    const bb = bond.get(date);
    if (e !== undefined && bb !== undefined) {
      if (!b0) b0 = { e, b: bb };
      benchValue = w * (e / b0.e) + (1 - w) * (bb / b0.b);
    }
    out.push({ date: date as IsoDate, nav: unit, benchmark: benchValue });
  }
  return out;
}

/** Max drawdown, yearly volatility and Sharpe ratio (risk-free 1.5 % a year) of a NAV series. */
export function indicatorsOf(points: readonly { nav: number }[]): { max_drawdown: number; volatility: number; sharpe: number } {
  if (points.length < 2) return { max_drawdown: 0, volatility: 0, sharpe: 0 };
  let peak = points[0]?.nav as number;
  let mdd = 0;
  const rets: number[] = [];
  for (let i = 0; i < points.length; i += 1) {
    const v = points[i]?.nav as number;
    peak = Math.max(peak, v);
    mdd = Math.max(mdd, 1 - v / peak);
    if (i > 0) rets.push(v / (points[i - 1]?.nav as number) - 1);
  }
  const mean = rets.reduce((a, b) => a + b, 0) / rets.length;
  const variance = rets.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, rets.length - 1);
  const vol = Math.sqrt(variance * 250);
  const years = rets.length / 250;
  const total = (points[points.length - 1]?.nav as number) / (points[0]?.nav as number);
  const annual = years > 0 ? total ** (1 / years) - 1 : 0;
  return { max_drawdown: mdd, volatility: vol, sharpe: vol > 0 ? (annual - 0.015) / vol : 0 };
}

export async function planSummary(db: Db, code: string) {
  const plan = await loadPlan(db, code);
  const deps = await departuresOf(db, code);
  const series = await modelSeries(db, plan, deps);
  const lastPoint = series[series.length - 1];
  const prev = series[series.length - 2];
  return {
    plan_code: plan.code,
    plan_name: plan.name,
    type: plan.type,
    found_date: deps[0]?.trade_date ?? null,
    manager_name: plan.advisor_name,
    advisor_code: plan.advisor_code,
    risk_level: plan.risk_level,
    fee_rate: feeRateText(plan.fee_rate_ppm),
    benchmark: plan.benchmark,
    intro: plan.intro,
    min_amount_per_portion: (plan.min_per_portion_fen / 100).toFixed(2),
    max_amount_per_portion: (plan.max_per_portion_fen / 100).toFixed(2),
    total_portions: plan.total_portions,
    invest_money_type: plan.type === 1 ? '长钱' : plan.type === 2 ? '稳健' : '活钱',
    last_trade_date_fmt: deps[deps.length - 1]?.trade_date ?? null,
    plan_derived: lastPoint
      ? {
          unit_nav: lastPoint.nav.toFixed(4),
          end_date: lastPoint.date,
          nav_grtd: prev ? pct(lastPoint.nav / prev.nav - 1) : '0.00',
        }
      : null,
    yield: lastPoint ? pct(lastPoint.nav - 1) : null,
    benchmark_yield: lastPoint ? pct(lastPoint.benchmark - 1) : null,
  };
}

export async function navHistory(db: Db, code: string, page: number, size: number) {
  const plan = await loadPlan(db, code);
  const series = await modelSeries(db, plan);
  // Newest first, as Danjuan pages it.
  const newest = [...series].reverse();
  const items = newest.slice((page - 1) * size, page * size).map((p) => ({
    date: p.date,
    value: p.nav.toFixed(4),
    percentage: pct(p.nav - 1),
    benchmark_percentage: pct(p.benchmark - 1),
  }));
  return { items, total_items: series.length, total_pages: Math.max(1, Math.ceil(series.length / size)), page, size };
}

export async function navIndicator(db: Db, code: string) {
  const plan = await loadPlan(db, code);
  const series = await modelSeries(db, plan);
  const ind = indicatorsOf(series);
  return { plan_code: code, max_drawdown: pct(ind.max_drawdown), volatility: pct(ind.volatility), sharpe: ind.sharpe.toFixed(2) };
}

// ---- After KYC -----------------------------------------------------------------------------------------------

/** Refuses a strategy to whoever has not answered the advisory questionnaire. */
export async function requireKyc(db: Db, userId: number | null): Promise<{ tolerance: number }> {
  if (userId === null) throw new AdvisoryRefusal('advisoryKycRequired');
  const kyc = await db.selectFrom('advisory_kyc').select('tolerance').where('user_id', '=', userId).executeTakeFirst();
  if (!kyc) throw new AdvisoryRefusal('advisoryKycRequired');
  return kyc;
}

/** The model's 份 per fund after all its departures. */
export function modelPortions(deps: readonly DepartureRow[]): Map<string, number> {
  const held = new Map<string, number>();
  for (const d of deps)
    for (const l of d.legs) held.set(l.fund_code, (held.get(l.fund_code) ?? 0) + (l.action === '022' ? l.portion : -l.portion));
  return held;
}

export async function positionDetail(db: Db, code: string) {
  const plan = await loadPlan(db, code);
  const funds = await planFunds(db, code);
  const deps = await departuresOf(db, code);
  const held = modelPortions(deps);
  const total = [...held.values()].reduce((a, b) => a + b, 0);
  return {
    plan_code: plan.code,
    total_portions: total,
    items: funds
      .filter((f) => (held.get(f.fund_code) ?? 0) > 0)
      .map((f) => {
        const portion = held.get(f.fund_code) ?? 0;
        return {
          fd_code: f.fund_code,
          fd_name: f.fund_name,
          role: f.role,
          portion,
          percent: total > 0 ? ((portion * 100) / total).toFixed(2) : '0.00',
        };
      }),
  };
}

function elementsOf(d: DepartureRow, names: ReadonlyMap<string, string>) {
  return d.legs.map((l) => ({
    action: l.action,
    fd_code: l.fund_code,
    fd_name: names.get(l.fund_code) ?? l.fund_code,
    portion: l.portion,
    portions_before: l.portions_before,
  }));
}

export async function tradeHistory(db: Db, code: string, page: number, size: number) {
  await loadPlan(db, code);
  const names = new Map((await planFunds(db, code)).map((f) => [f.fund_code, f.fund_name]));
  const deps = (await departuresOf(db, code)).reverse();
  return {
    items: deps.slice((page - 1) * size, page * size).map((d) => ({
      trading_id: String(d.trading_id),
      plan_code: code,
      trade_date: d.trade_date,
      remark: d.remark,
      status: 'success',
      trading_elements: elementsOf(d, names),
    })),
    total_items: deps.length,
    total_pages: Math.max(1, Math.ceil(deps.length / size)),
    page,
    size,
  };
}

/**
 * The window a departure can be followed by hand in: from its date until the next departure (at least three trading
 * days, so a departure is never closed before it could be seen). The latest departure stays open.
 */
export function followWindow(d: DepartureRow, next: DepartureRow | undefined): { opens: IsoDate; closes: IsoDate | null } {
  if (!next) return { opens: d.trade_date, closes: null };
  const minimum = addTradingDays(d.trade_date, 3);
  // `closes` is the first day it can no longer be followed.
  return { opens: d.trade_date, closes: next.trade_date > minimum ? next.trade_date : minimum };
}

export async function departureAnswer(db: Db, code: string, tradingId: number | 'latest', userId: number | null, today: IsoDate) {
  await loadPlan(db, code);
  const names = new Map((await planFunds(db, code)).map((f) => [f.fund_code, f.fund_name]));
  const deps = await departuresOf(db, code);
  const index = tradingId === 'latest' ? deps.length - 1 : deps.findIndex((d) => d.trading_id === tradingId);
  const d = deps[index];
  if (!d) throw new AdvisoryRefusal('departureNotFound', { id: String(tradingId) });
  const window = followWindow(d, deps[index + 1]);
  const open = today >= window.opens && (window.closes === null || today < window.closes);
  let followStatus: 'not_signed' | 'followed' | 'open' | 'closed' = open ? 'open' : 'closed';
  let followOrderId: string | null = null;
  if (userId !== null) {
    const signed = await db
      .selectFrom('advisory_accounts')
      .select('plan_code')
      .where('user_id', '=', userId)
      .where('plan_code', '=', code)
      .executeTakeFirst();
    if (!signed) followStatus = 'not_signed';
    const followed = await db
      .selectFrom('advisory_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('plan_code', '=', code)
      .where('trading_id', '=', d.trading_id)
      .executeTakeFirst();
    if (followed) {
      followStatus = 'followed';
      followOrderId = String(followed.id);
    }
  } else followStatus = 'not_signed';
  return {
    trading_id: String(d.trading_id),
    plan_code: code,
    trade_date: d.trade_date,
    remark: d.remark,
    status: 'success',
    trading_elements: elementsOf(d, names),
    window_opens: window.opens,
    window_closes: window.closes,
    follow_status: followStatus,
    follow_order_id: followOrderId,
    is_latest: index === deps.length - 1,
  };
}

/** The trading days since a date (for the window's check at the service). */
export async function latestNavDate(db: Db, fundCode: string): Promise<string | null> {
  const r = await sql<{ d: string | null }>`SELECT max(date)::text AS d FROM fund_nav WHERE fund_code = ${fundCode}`.execute(db);
  return r.rows[0]?.d ?? null;
}
