// The advisory portfolios in the market's tables: their funds resolved from the strategies, and every departure
// through a date, computed by market/advisory.ts from the valuations stored in index_daily (so the seed and the daily
// job `advisory`, which extends them as the clock moves, write the same rows). Idempotent: an existing departure is
// kept (ON CONFLICT DO NOTHING), and one is only ever added after the last.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { addCalendarDays, type IsoDate } from '../domain/calendar';
import {
  applyDeparture,
  departureDates,
  departureOn,
  pePercentile,
  resolvePlanFunds,
  type Departure,
  type MarketFund,
  type PlanFund,
  type Strategy,
} from './advisory';

type Db = Kysely<DB> | Transaction<DB>;

/** Calendar days of valuation history before a portfolio's founding departure. */
export const FOUNDING_AFTER_DAYS = 365;

export interface AdvisorySyncReport {
  plans: number;
  departures: number;
}

/** Removes the market-derived advisory rows (a new market is being seeded). */
export async function resetAdvisoryMarket(db: Db): Promise<void> {
  await db.deleteFrom('advisory_departure_legs').execute();
  await db.deleteFrom('advisory_departures').execute();
  await db.deleteFrom('advisory_plan_funds').execute();
}

/** Resolves the portfolios' funds (once per market) and adds their departures through `through`. */
export async function syncAdvisory(db: Db, through: IsoDate): Promise<AdvisorySyncReport> {
  const plans = await db.selectFrom('advisory_plans').selectAll().orderBy('code').execute();
  const report: AdvisorySyncReport = { plans: 0, departures: 0 };
  if (plans.length === 0) return report;
  const first = await sql<{ first: string | null }>`SELECT min(date)::text AS first FROM index_daily WHERE pe IS NOT NULL`.execute(db);
  const firstDay = first.rows[0]?.first as IsoDate | null;
  if (!firstDay) return report;
  const founding = addCalendarDays(firstDay, FOUNDING_AFTER_DAYS);
  const funds: MarketFund[] = await db
    .selectFrom('fund')
    .select(['code', 'name', 'type', 'share_class', 'sale_status', 'tracked_index_code'])
    .execute();
  const names = new Map(funds.map((f) => [f.code, f.name]));
  const indices = await db.selectFrom('market_index').select(['code', 'name', 'has_valuation']).execute();
  const valued = new Set(indices.filter((i) => i.has_valuation).map((i) => i.code));
  const indexNames = new Map(indices.map((i) => [i.code, i.name]));
  const peCache = new Map<string, { dates: string[]; pes: number[] }>();
  const series = async (code: string) => {
    let s = peCache.get(code);
    if (!s) {
      const rows = await db
        .selectFrom('index_daily')
        .select(['date', 'pe'])
        .where('index_code', '=', code)
        .where('pe', 'is not', null)
        .orderBy('date')
        .execute();
      s = { dates: rows.map((r) => r.date), pes: rows.map((r) => Number(r.pe)) };
      peCache.set(code, s);
    }
    return s;
  };

  for (const plan of plans) {
    let planFunds: PlanFund[] = (await db
      .selectFrom('advisory_plan_funds')
      .select(['fund_code', 'role', 'signal_index_code', 'base_portions', 'seq'])
      .where('plan_code', '=', plan.code)
      .orderBy('seq')
      .execute()) as PlanFund[];
    if (planFunds.length === 0) {
      const resolved = resolvePlanFunds(plan.strategy as unknown as Strategy, funds, valued);
      if (!resolved) continue;
      await db
        .insertInto('advisory_plan_funds')
        .values(resolved.map((f) => ({ ...f, plan_code: plan.code })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      planFunds = resolved;
    }
    report.plans += 1;
    // The model's 份 after the departures already stored.
    const legs = await db
      .selectFrom('advisory_departure_legs as l')
      .innerJoin('advisory_departures as d', 'd.trading_id', 'l.trading_id')
      .select(['d.trade_date', 'l.action', 'l.fund_code', 'l.portion'])
      .where('d.plan_code', '=', plan.code)
      .orderBy('d.trade_date')
      .orderBy('l.seq')
      .execute();
    const held = new Map<string, number>();
    let last: string | null = null;
    for (const l of legs) {
      applyDeparture(held, {
        legs: [{ action: l.action as '022' | '024', fund_code: l.fund_code, portion: l.portion, portions_before: 0 }],
      });
      last = l.trade_date;
    }
    const from = last ? addCalendarDays(last as IsoDate, 1) : founding;
    const made: Departure[] = [];
    for (const date of departureDates(from, through)) {
      const percentiles = new Map<string, number | null>();
      for (const f of planFunds) {
        if (f.role !== 'signal') continue;
        const s = await series(f.signal_index_code as string);
        // Valuations published before the departure's date.
        let n = 0;
        while (n < s.dates.length && (s.dates[n] as string) < date) n += 1;
        percentiles.set(f.signal_index_code as string, pePercentile(s.pes.slice(0, n)));
      }
      const d = departureOn(
        plan.code,
        plan.total_portions,
        planFunds,
        names,
        held,
        date,
        (code) => percentiles.get(code) ?? null,
        (code) => indexNames.get(code) ?? code,
      );
      if (!d) continue;
      applyDeparture(held, d);
      made.push(d);
    }
    if (made.length === 0) continue;
    await db
      .insertInto('advisory_departures')
      .values(made.map((d) => ({ trading_id: d.trading_id, plan_code: plan.code, trade_date: d.trade_date, remark: d.remark })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db
      .insertInto('advisory_departure_legs')
      .values(made.flatMap((d) => d.legs.map((l, seq) => ({ trading_id: d.trading_id, seq, ...l }))))
      .onConflict((oc) => oc.doNothing())
      .execute();
    report.departures += made.length;
  }
  return report;
}
