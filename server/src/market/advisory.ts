// The advisory portfolios' rules (issue 23), pure: which funds of the market a portfolio holds (its strategy's slots
// resolved), and the departures (发车) its advisor makes — on the first trading day of each month, each signal fund's
// target 份 follows its index's PE percentile (buy as the valuation falls, sell as it rises: the same valuation the
// index table shows), the money-market reserve takes the rest, so the model's total 份 stays constant. Deterministic:
// the seed and the daily job (market/advisory-sync.ts) compute the same departures from the same stored valuations.
import { addCalendarDays, tradingDayOnOrAfter, type IsoDate } from '../domain/calendar';
import { FUND_SAMPLES } from './samples';

export interface Strategy {
  /** Index funds traded on their index's valuation: preferred indices in order, and the 份 at a fair valuation. */
  signal: Array<{ indices: string[]; base: number }>;
  /** Bond funds held at a fixed number of 份 each. */
  bond: number[];
}

export interface MarketFund {
  code: string;
  name: string;
  type: number;
  share_class: string | null;
  sale_status: string;
  tracked_index_code: string | null;
}

export interface PlanFund {
  fund_code: string;
  role: 'signal' | 'bond' | 'reserve';
  signal_index_code: string | null;
  base_portions: number;
  seq: number;
}

/** AMAC's draft rule: one fund at most 20 % of the account, money-market and index funds exempt. */
export const MAX_SINGLE_FUND_PERCENT = 20;
export const FUND_TYPE_INDEX = 5;
export const FUND_TYPE_BOND = 2;
export const FUND_TYPE_MONEY = 4;

/** The samples a portfolio never holds (their special states would make every follower's leg fail). */
const EXCLUDED: ReadonlySet<string> = new Set(
  Object.entries(FUND_SAMPLES)
    .filter(([key]) => key !== 'moneyMarket' && key !== 'bond' && key !== 'stock')
    .map(([, code]) => code),
);

function buyable(f: MarketFund): boolean {
  return f.sale_status === 'on_sale' && (f.share_class ?? 'A') === 'A' && !EXCLUDED.has(f.code);
}

/**
 * The strategy's slots as funds of this market, in code order: each signal slot the first index fund of its first
 * preferred index that has one (else any valued index's fund), each bond slot a distinct bond fund, and one
 * money-market reserve. Null when the market lacks a fund for some slot.
 */
export function resolvePlanFunds(strategy: Strategy, funds: readonly MarketFund[], valuedIndices: ReadonlySet<string>): PlanFund[] | null {
  const sorted = [...funds].filter(buyable).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const used = new Set<string>();
  const usedIndices = new Set<string>();
  const out: PlanFund[] = [];
  for (const slot of strategy.signal) {
    const indexFunds = sorted.filter(
      (f) => f.type === FUND_TYPE_INDEX && f.tracked_index_code && valuedIndices.has(f.tracked_index_code) && !used.has(f.code),
    );
    const pick =
      slot.indices.map((i) => indexFunds.find((f) => f.tracked_index_code === i && !usedIndices.has(i))).find(Boolean) ??
      indexFunds.find((f) => !usedIndices.has(f.tracked_index_code as string));
    if (!pick) return null;
    used.add(pick.code);
    usedIndices.add(pick.tracked_index_code as string);
    out.push({
      fund_code: pick.code,
      role: 'signal',
      signal_index_code: pick.tracked_index_code,
      base_portions: slot.base,
      seq: out.length,
    });
  }
  for (const portions of strategy.bond) {
    const pick = sorted.find((f) => f.type === FUND_TYPE_BOND && !used.has(f.code));
    if (!pick) return null;
    used.add(pick.code);
    out.push({ fund_code: pick.code, role: 'bond', signal_index_code: null, base_portions: portions, seq: out.length });
  }
  const reserve = sorted.find((f) => f.type === FUND_TYPE_MONEY && !used.has(f.code));
  if (!reserve) return null;
  out.push({ fund_code: reserve.code, role: 'reserve', signal_index_code: null, base_portions: 0, seq: out.length });
  return out;
}

/** Trailing valuation history a percentile is read over (about five years of trading days), and the least it needs. */
export const PERCENTILE_WINDOW = 1250;
export const PERCENTILE_MIN_DAYS = 120;

/** The share (0–100, integer, rounded down) of the window's PEs below the last one; null with too little history. */
export function pePercentile(pes: readonly number[]): number | null {
  if (pes.length < PERCENTILE_MIN_DAYS) return null;
  const window = pes.slice(-PERCENTILE_WINDOW);
  const current = window[window.length - 1] as number;
  let below = 0;
  for (const v of window) if (v < current) below += 1;
  return Math.floor((below * 100) / window.length);
}

/** The 份 of a signal fund at a percentile: twice the base when cheap (< 20 %), none when dear (≥ 80 %). */
export function signalTarget(base: number, percentile: number | null): number {
  if (percentile === null) return base;
  const mult = percentile < 20 ? 4 : percentile < 40 ? 3 : percentile < 60 ? 2 : percentile < 80 ? 1 : 0;
  return Math.floor((base * mult + 1) / 2);
}

export function valuationWord(percentile: number | null): string {
  if (percentile === null) return '估值数据不足';
  return percentile < 30 ? '低估' : percentile < 70 ? '正常' : '高估';
}

export interface DepartureLeg {
  action: '022' | '024';
  fund_code: string;
  portion: number;
  portions_before: number;
}

export interface Departure {
  trading_id: number;
  trade_date: IsoDate;
  remark: string;
  legs: DepartureLeg[];
}

/** trading_id of a plan's departure on a date: the plan's number × 10^8 + yyyymmdd (TIA06003, 2025-03-03 → 320250303). */
export function tradingIdOf(planCode: string, date: IsoDate): number {
  return Number(planCode.slice(-1)) * 100_000_000 + Number(date.replaceAll('-', ''));
}

/** The first trading day of each month from `from`'s month on, through `through`. */
export function departureDates(from: IsoDate, through: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  let month = `${from.slice(0, 7)}-01` as IsoDate;
  for (;;) {
    const day = tradingDayOnOrAfter(month);
    if (day > through) break;
    if (day >= from) out.push(day);
    const next = addCalendarDays(month, 32);
    month = `${next.slice(0, 7)}-01` as IsoDate;
  }
  return out;
}

/**
 * The departure of one date from the model's 份 held before it, or null when nothing changes. `percentileOf` gives the
 * signal index's PE percentile from the valuations published before the date.
 */
export function departureOn(
  planCode: string,
  totalPortions: number,
  funds: readonly PlanFund[],
  names: ReadonlyMap<string, string>,
  held: ReadonlyMap<string, number>,
  date: IsoDate,
  percentileOf: (indexCode: string) => number | null,
  indexName: (indexCode: string) => string,
): Departure | null {
  const target = new Map<string, number>();
  const reasons: string[] = [];
  let others = 0;
  for (const f of funds) {
    if (f.role === 'reserve') continue;
    let t = f.base_portions;
    if (f.role === 'signal') {
      const p = percentileOf(f.signal_index_code as string);
      t = signalTarget(f.base_portions, p);
      const before = held.get(f.fund_code) ?? 0;
      if (t !== before)
        reasons.push(
          `${indexName(f.signal_index_code as string)}估值百分位${p === null ? '—' : `${p}%`}（${valuationWord(p)}），${
            t > before ? `买入${t - before}份` : `卖出${before - t}份`
          }${names.get(f.fund_code) ?? f.fund_code}`,
        );
    }
    target.set(f.fund_code, t);
    others += t;
  }
  const reserve = funds.find((f) => f.role === 'reserve') as PlanFund;
  target.set(reserve.fund_code, totalPortions - others);
  const sells: DepartureLeg[] = [];
  const buys: DepartureLeg[] = [];
  for (const f of funds) {
    const before = held.get(f.fund_code) ?? 0;
    const t = target.get(f.fund_code) as number;
    if (t < before) sells.push({ action: '024', fund_code: f.fund_code, portion: before - t, portions_before: before });
    if (t > before) buys.push({ action: '022', fund_code: f.fund_code, portion: t - before, portions_before: before });
  }
  if (sells.length + buys.length === 0) return null;
  const founding = [...held.values()].every((v) => v === 0);
  const remark = founding
    ? `组合成立建仓：按当日估值买入${buys.length}只基金共${totalPortions}份。${reasons.join('；')}`
    : `${reasons.join('；')}；其余份数在货币基金${names.get(reserve.fund_code) ?? reserve.fund_code}中留作现金储备。`;
  return { trading_id: tradingIdOf(planCode, date), trade_date: date, remark, legs: [...sells, ...buys] };
}

/** The 份 held after a departure. */
export function applyDeparture(held: Map<string, number>, d: Pick<Departure, 'legs'>): void {
  for (const leg of d.legs) held.set(leg.fund_code, (held.get(leg.fund_code) ?? 0) + (leg.action === '022' ? leg.portion : -leg.portion));
}

/** Whether a model's 份 keep AMAC's 20 % rule (money-market and index funds exempt). */
export function withinSingleFundCap(held: ReadonlyMap<string, number>, exempt: (fundCode: string) => boolean): boolean {
  let total = 0;
  for (const v of held.values()) total += v;
  for (const [code, v] of held) if (!exempt(code) && v * 100 > total * MAX_SINGLE_FUND_PERCENT) return false;
  return true;
}
