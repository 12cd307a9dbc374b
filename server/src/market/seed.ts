// Loads a generated market into the database with COPY (row-by-row inserts are far too slow).
// Replaces whatever market data was there; platform tables are untouched.
// Generation (seed-data.ts) runs in a worker thread for the default and large markets, so the main
// thread only loads; primary keys of the big tables are built once after the load.
import { sql } from 'kysely';
import { toCsv } from '../db/csv';
import type { Database, RawConnection } from '../db/database';
import type { IsoDate } from '../domain/calendar';
import { startMarketSource, type MarketSource } from './seed-source';
import { resetAdvisoryMarket, syncAdvisory } from './advisory-sync';

export { indexDailyRow, INDEX_DAILY_COLUMNS, NAV_COLUMNS, navRowsOf, trendLogs, VALUATION_TREND_DAYS } from './seed-data';

export interface SeedOptions {
  seed?: number;
  small?: boolean;
  large?: boolean;
  /** Business date to generate for (default: today in Asia/Shanghai). NAVs run through the previous trading day. */
  asOf?: IsoDate;
  /**
   * A generation already started with `startMarketSource` for these same options (npm start begins
   * generating before it opens a fresh data directory, so both overlap). Default: started here.
   */
  source?: MarketSource;
}

/** Milliseconds per phase of a seed (see docs/ARCHITECTURE.md, "Cold start"). */
export interface SeedPhases {
  /** Planning the catalogue and simulating every NAV into CSV (in the worker: overlaps the others). */
  generate: number;
  /** COPY of every table. */
  copy: number;
  /** Waiting for the generator (0 when it keeps ahead). */
  wait: number;
  /** Primary keys of the big tables, built after the load. */
  index: number;
  /** Planner statistics of the market tables. */
  analyze: number;
}

export interface SeedReport {
  funds: number;
  navRows: number;
  indexRows: number;
  asOf: IsoDate;
  millis: number;
  phases: SeedPhases;
  /** Where generation ran. */
  thread: 'worker' | 'inline';
}

/** Every market table, children first (for TRUNCATE). */
export const MARKET_TABLES = [
  'stock_quote',
  'fund_bond_holding',
  'fund_holding',
  'fund_asset_allocation',
  'fund_manager_post',
  'fund_fee',
  'fund_dividend',
  'fund_derived',
  'fund_nav',
  'fund',
  'fund_manager',
  'fund_company',
  'index_daily',
  'market_index',
  'market_meta',
] as const;

/**
 * Primary keys dropped before the load and built after it: one sort of presorted input is much faster
 * than maintaining the btree row by row (the names are PostgreSQL's defaults from 0002_market.sql).
 */
const DEFERRED_KEYS = [
  { table: 'fund_nav', name: 'fund_nav_pkey', columns: 'fund_code, date' },
  { table: 'fund_holding', name: 'fund_holding_pkey', columns: 'fund_code, report_date, rank' },
  { table: 'index_daily', name: 'index_daily_pkey', columns: 'index_code, date' },
] as const;

/**
 * Replaces the market with a freshly generated one, in one transaction (other connections see the old
 * market until it commits). Deterministic for a given seed and as-of date. The tables are truncated in
 * that transaction, so COPY writes frozen rows (no later pass rewrites them) and, under wal_level=minimal
 * (the embedded database), skips the write-ahead log.
 */
export async function seedMarket(db: Database, opts: SeedOptions = {}, hooks: MarketChangeHooks = {}): Promise<SeedReport> {
  const started = performance.now();
  const source = opts.source ?? startMarketSource(opts);
  const phases: SeedPhases = { generate: 0, copy: 0, wait: 0, index: 0, analyze: 0 };
  try {
    await db.withConnection(async (connection) => {
      await connection.exec('BEGIN');
      try {
        await load(connection, source, phases);
        await connection.exec('COMMIT');
      } catch (error) {
        await connection.exec('ROLLBACK');
        throw error;
      }
    });
  } catch (error) {
    await source.cancel();
    hooks.onChanged?.();
    throw error;
  }
  const analyzeStart = performance.now();
  await sql.raw(`ANALYZE ${MARKET_TABLES.join(', ')}`).execute(db.kysely);
  phases.analyze = performance.now() - analyzeStart;
  // The advisory portfolios' funds and departures (issue 23) are derived from the market just loaded.
  await db.kysely.transaction().execute(async (trx) => {
    await resetAdvisoryMarket(trx);
    await syncAdvisory(trx, source.options.asOf);
  });
  hooks.onChanged?.();
  const generated = source.report();
  phases.generate = generated.generateMs;
  for (const key of Object.keys(phases) as (keyof SeedPhases)[]) phases[key] = Math.round(phases[key]);
  return {
    funds: generated.funds,
    navRows: generated.navRows,
    indexRows: generated.indexRows,
    asOf: source.options.asOf,
    millis: Math.round(performance.now() - started),
    phases,
    thread: generated.thread,
  };
}

async function load(connection: RawConnection, source: MarketSource, phases: SeedPhases): Promise<void> {
  await connection.exec(`TRUNCATE ${MARKET_TABLES.join(', ')}`);
  for (const key of DEFERRED_KEYS) await connection.exec(`ALTER TABLE ${key.table} DROP CONSTRAINT IF EXISTS ${key.name}`);
  for (;;) {
    const waitStart = performance.now();
    const chunk = await source.next();
    phases.wait += performance.now() - waitStart;
    if (!chunk) break;
    const copyStart = performance.now();
    await connection.copyCsv(chunk.table, chunk.columns, chunk.csv, { freeze: true });
    phases.copy += performance.now() - copyStart;
    source.loaded(chunk);
  }
  const indexStart = performance.now();
  // Enough sort memory that the largest key (3 M rows in the large market) sorts in memory.
  await connection.exec("SET LOCAL maintenance_work_mem = '256MB'");
  for (const key of DEFERRED_KEYS)
    await connection.exec(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} PRIMARY KEY (${key.columns})`);
  phases.index = performance.now() - indexStart;
  const { seed, asOf, large, small } = source.options;
  const meta = [
    ['seed', String(seed)],
    ['as_of', asOf],
    ['size', large ? 'large' : small ? 'small' : 'default'],
    ['loaded_at', new Date().toISOString()],
  ];
  await connection.copyCsv('market_meta', ['key', 'value'], toCsv(meta).chunks.join(''), { freeze: true });
}

/** One line for logs: "generate 3.1 s (worker), copy 2.4 s, wait 0.0 s, index 0.9 s, analyze 0.2 s". */
export function formatSeedPhases(report: SeedReport): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const p = report.phases;
  return `generate ${s(p.generate)} (${report.thread}), copy ${s(p.copy)}, wait ${s(p.wait)}, index ${s(p.index)}, analyze ${s(p.analyze)}`;
}

/** What code that changes the market tells the running process (market caches of other processes read market_meta.loaded_at). */
export interface MarketChangeHooks {
  /** Called when market rows were written (e.g. `() => app.marketCache.invalidate()`, so this process's answers move at once). */
  onChanged?: () => void;
}

/** Marks the market as changed (after an import or a new trading day), so market caches, in any process, rebuild. */
export async function touchMarket(db: Database): Promise<void> {
  await db.kysely
    .insertInto('market_meta')
    .values({ key: 'loaded_at', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
}
