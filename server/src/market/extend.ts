// Extends a generated market day by day: the indices and every live fund get their NAV for each
// trading day after their last one, through `through`, with the same model as the seed.
// The daily settlement calls it before pricing orders at NAV(T). Idempotent: days that already
// have a NAV are skipped. Imported funds (no nav_model) are left to the import.
import { sql } from 'kysely';
import type { CopyValue, Database } from '../db/database';
import { dayNumber, nextTradingDay, tradingDaysInRange, type IsoDate } from '../domain/calendar';
import { BOND_INDEX_CODE, INDICES } from './catalogue';
import { computeDerived, derivedRow, DERIVED_COLUMNS, type NavPoint } from './derived';
import { STOCK_QUOTE_COLUMNS, stockQuoteRows } from './seed-data';
import {
  accrualDaysOf,
  dividendOn,
  fundDailyReturn,
  moneyMarketDay,
  nextCompositeLevel,
  nextIndexLevel,
  sevenDayYieldOn,
  totalReturnOfDay,
  type NavModel,
} from './generate';
import { loadNavHistories } from './fund-views';
import {
  indexDailyRow,
  INDEX_DAILY_COLUMNS,
  NAV_COLUMNS,
  navRowsOf,
  touchMarket,
  trendLogs,
  VALUATION_TREND_DAYS,
  type MarketChangeHooks,
} from './seed';

export interface ExtendReport {
  days: number;
  navRows: number;
}

/** Statuses whose NAV is no longer published. */
const FINISHED = ['closed', 'delisted'];

/**
 * Publishes every trading day after the stored ones through `through`. Other processes' market caches notice
 * the change through market_meta.loaded_at; this process's cache is told by `hooks.onChanged`.
 */
export async function extendMarket(db: Database, through: IsoDate, hooks: MarketChangeHooks = {}): Promise<ExtendReport> {
  const meta = await db.kysely.selectFrom('market_meta').select(['key', 'value']).execute();
  const seedText = meta.find((m) => m.key === 'seed')?.value;
  if (seedText === undefined) return { days: 0, navRows: 0 };
  const seed = Number(seedText);
  dayNumber(through);

  // 1. Indices: close of every missing day from the last stored close; the valuation needs the trailing
  // VALUATION_TREND_DAYS − 1 stored closes too (its mean of log closes).
  // Each catalogue index's latest closes through its primary key (index_code, date): a few hundred rows read per
  // index, not the whole table sorted — the daily job runs this every business date.
  const codes = INDICES.map((d) => d.code);
  // A date with no trading day to publish for any index (a weekend, a holiday): their closes are not read at all.
  const oldest = await sql<{ last: string | null }>`
    SELECT min(l.last)::text AS last FROM unnest(${codes}::text[]) AS c(code)
    CROSS JOIN LATERAL (SELECT max(date) AS last FROM index_daily d WHERE d.index_code = c.code) l`.execute(db.kysely);
  const oldestLast = oldest.rows[0]?.last ?? null;
  const indexDue = oldestLast !== null && tradingDaysInRange(nextTradingDay(oldestLast as IsoDate), through).length > 0;
  const indexState = !indexDue
    ? { rows: [] }
    : await sql<{ index_code: string; last_date: string; closes: string[] }>`
    SELECT c.code AS index_code, r.last_date, r.closes
    FROM unnest(${codes}::text[]) AS c(code)
    CROSS JOIN LATERAL (
      SELECT max(date)::text AS last_date, array_agg(close::text ORDER BY date) AS closes
      FROM (
        SELECT date, close FROM index_daily d WHERE d.index_code = c.code ORDER BY date DESC LIMIT ${VALUATION_TREND_DAYS - 1}
      ) recent
    ) r
    WHERE r.last_date IS NOT NULL`.execute(db.kysely);
  // Each index's day total return (price + accrued dividend yield), for the funds; factor-driven indices first,
  // then the composites, which move with their constituents' closes.
  const returns = new Map<string, Map<IsoDate, number>>();
  const closesOn = new Map<string, Map<IsoDate, number>>();
  const indexRows: CopyValue[][] = [];
  let newDays = 0;
  const states = new Map(indexState.rows.map((row) => [row.index_code, row]));
  const ordered = [...INDICES.filter((d) => !d.moves.composite), ...INDICES.filter((d) => d.moves.composite)];
  for (const def of ordered) {
    const state = states.get(def.code);
    if (!state || state.last_date >= through) continue;
    const byDay = new Map<IsoDate, number>();
    const levels = new Map<IsoDate, number>();
    const closes = state.closes.map(Number);
    const stored = closes.length;
    levels.set(state.last_date, closes[stored - 1] as number);
    const days = tradingDaysInRange(nextTradingDay(state.last_date), through);
    newDays = Math.max(newDays, days.length);
    let prevDate = state.last_date;
    for (const date of days) {
      const prev = closes[closes.length - 1] as number;
      const level = def.moves.composite
        ? nextCompositeLevel(
            def,
            prev,
            (code) => closesOn.get(code)?.get(prevDate) ?? Number.NaN,
            (code) => closesOn.get(code)?.get(date) ?? Number.NaN,
          )
        : nextIndexLevel(def, seed, dayNumber(date), prev);
      const close = Math.round(level * 10_000) / 10_000;
      if (!Number.isFinite(close)) throw new Error(`extendMarket: ${def.code} needs its constituents' closes of ${date}`);
      levels.set(date, close);
      closes.push(close);
      prevDate = date;
    }
    const trend = trendLogs(closes, stored);
    days.forEach((date, k) => {
      const i = stored + k;
      const row = indexDailyRow(def, seed, date, closes[i] as number, closes[i - 1] as number, trend[i] as number);
      indexRows.push(row);
      const dividendYield = row[10] == null ? 0 : Number(row[10]);
      byDay.set(date, totalReturnOfDay((closes[i] as number) / (closes[i - 1] as number) - 1, dividendYield));
    });
    returns.set(def.code, byDay);
    closesOn.set(def.code, levels);
  }
  await db.copyRows('index_daily', INDEX_DAILY_COLUMNS, indexRows);

  // 2. Funds: continue each live generated fund from its last NAV (or start at 1.0000 when founded).
  // Each fund's last NAV by its index (one lookup a fund, in one statement): not an aggregate over every NAV stored.
  const funds = (
    await sql<{
      code: string;
      found_date: IsoDate;
      nav_model: string;
      last_date: IsoDate | null;
      nav: string | null;
      acc_nav: string | null;
    }>`
      SELECT f.code, f.found_date::text AS found_date, f.nav_model, n.date::text AS last_date, n.nav::text AS nav, n.acc_nav::text AS acc_nav
      FROM fund f
      LEFT JOIN LATERAL (SELECT date, nav, acc_nav FROM fund_nav WHERE fund_code = f.code ORDER BY date DESC LIMIT 1) n ON true
      WHERE f.nav_model IS NOT NULL AND f.sale_status NOT IN (${sql.join(FINISHED)}) AND f.found_date <= ${through}
      ORDER BY f.code`.execute(db.kysely)
  ).rows;
  // Dividends the fund company announced ahead (stored before their day's NAV): paid on their ex-date instead of the
  // model's, so the unit NAV drops by what the settlement pays (a test announces one to make a dividend happen).
  const announcedDividends = new Map<string, Map<string, number>>();
  for (const r of (
    await sql<{ fund_code: string; date: string; per_share: string }>`
      SELECT d.fund_code, d.date::text AS date, d.per_share::text AS per_share FROM fund_dividend d
      WHERE NOT EXISTS (SELECT 1 FROM fund_nav n WHERE n.fund_code = d.fund_code AND n.date = d.date)`.execute(db.kysely)
  ).rows) {
    const code = r.fund_code.trim();
    const byDate = announcedDividends.get(code) ?? new Map<string, number>();
    byDate.set(r.date, Number(r.per_share));
    announcedDividends.set(code, byDate);
  }
  const navRows: CopyValue[][] = [];
  const dividendRows: CopyValue[][] = [];
  const derived: CopyValue[][] = [];
  const changed: string[] = [];
  for (const fund of funds) {
    if (fund.last_date && fund.last_date >= through) continue;
    // A date with no trading day to publish (a weekend, a holiday) reads nothing more.
    const start = fund.last_date ? nextTradingDay(fund.last_date) : fund.found_date;
    const days = tradingDaysInRange(start, through);
    if (days.length === 0) continue;
    const model = JSON.parse(fund.nav_model as string) as NavModel;
    const lastRow = fund.last_date ? { nav: fund.nav as string, acc_nav: fund.acc_nav as string } : null;
    const points: NavPoint[] = [];
    const announced = announcedDividends.get(fund.code.trim()) ?? new Map<string, number>();
    let nav = lastRow ? Number(lastRow.nav) : 1;
    let acc = lastRow ? Number(lastRow.acc_nav) : 1;
    // Money-market funds: the 7-day yield compounds the distributions of the last 7 calendar days, stored ones too.
    const recent =
      model.kind === 'money' && fund.last_date
        ? (
            await sql<{ date: string; income: string | null }>`
              SELECT date::text AS date, income_per_10k::text AS income FROM fund_nav
              WHERE fund_code = ${fund.code} AND date > ${fund.last_date}::date - 7 ORDER BY date`.execute(db.kysely)
          ).rows.map((r) => ({ date: r.date, incomePer10k: r.income === null ? null : Number(r.income) }))
        : [];
    for (let k = 0; k < days.length; k += 1) {
      const date = days[k] as IsoDate;
      const day = dayNumber(date);
      if (model.kind === 'money') {
        const { income } = moneyMarketDay(model, seed, day, accrualDaysOf(date));
        recent.push({ date, incomePer10k: income });
        points.push({ date, nav: 1, accNav: 1, incomePer10k: income, yield7d: sevenDayYieldOn(date, recent) });
      } else if (!lastRow && k === 0) {
        points.push({ date, nav: 1, accNav: 1 });
      } else {
        const r = fundDailyReturn(
          model,
          seed,
          day,
          returns.get(model.indexCode)?.get(date) ?? 0,
          returns.get(BOND_INDEX_CODE)?.get(date) ?? 0,
          returns.get('SH000300')?.get(date) ?? 0,
        );
        const prevNav = nav;
        nav = Math.max(0.05, Math.round(prevNav * (1 + r) * 10_000) / 10_000);
        acc = Math.round((acc + (nav - prevNav)) * 10_000) / 10_000;
        const known = announced.get(date);
        const dividend = known ?? dividendOn(model, date, nextTradingDay(nextTradingDay(date)), nav);
        if (dividend > 0) {
          nav = Math.round((nav - dividend) * 10_000) / 10_000;
          // Published with the NAV, as the seed does: the settlement pays it to the holders.
          if (known === undefined) dividendRows.push([fund.code, date, dividend.toFixed(4)]);
        }
        points.push({ date, nav, accNav: acc });
      }
    }
    // The first new row's daily change needs the previous stored NAV.
    const context: NavPoint[] =
      lastRow && fund.last_date
        ? [
            {
              date: fund.last_date,
              nav: Number(lastRow.nav),
              accNav: Number(lastRow.acc_nav),
              incomePer10k: model.kind === 'money' ? 0 : null,
            },
          ]
        : [];
    navRows.push(...navRowsOf(fund.code, [...context, ...points]).slice(context.length));
    changed.push(fund.code);
  }
  await db.copyRows('fund_nav', NAV_COLUMNS, navRows);
  await db.copyRows('fund_dividend', ['fund_code', 'date', 'per_share'], dividendRows);

  // 3. Period returns of the funds that moved.
  const kinds = new Map(funds.map((f) => [f.code, (JSON.parse(f.nav_model as string) as NavModel).kind]));
  const histories = await loadNavHistories(db, changed);
  for (const code of changed) {
    const d = computeDerived(histories.get(code) ?? [], kinds.get(code) === 'money');
    if (d) derived.push(derivedRow(code, d));
  }
  if (derived.length) {
    await db.kysely.deleteFrom('fund_derived').where('fund_code', 'in', changed).execute();
    await db.copyRows('fund_derived', [...DERIVED_COLUMNS], derived);
  }
  // 4. The held stocks' quotes, as the seed stores them (seed-data.ts stockQuoteRows): every trading day after the last
  // quoted one through the trading day after `through` (the quote day of a page read before the next NAVs).
  const quoted = await sql<{ last: string | null }>`SELECT max(date)::text AS last FROM stock_quote`.execute(db.kysely);
  const lastQuoted = quoted.rows[0]?.last ?? null;
  const quoteDays = lastQuoted ? tradingDaysInRange(nextTradingDay(lastQuoted as IsoDate), nextTradingDay(through)) : [];
  if (quoteDays.length > 0) {
    const held = await sql<{ code: string }>`SELECT DISTINCT stock_code AS code FROM fund_holding`.execute(db.kysely);
    await db.copyRows('stock_quote', STOCK_QUOTE_COLUMNS, stockQuoteRows(held.rows, quoteDays));
  }
  if (indexRows.length || navRows.length || quoteDays.length) {
    await touchMarket(db);
    hooks.onChanged?.();
  }
  return { days: newDays, navRows: navRows.length };
}
