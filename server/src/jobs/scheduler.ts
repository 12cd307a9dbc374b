// The daily jobs on the business clock: for every business date that has fallen due since the last run,
// each job of the pipeline, in order. A job is idempotent per date (a second run changes nothing) and the
// scheduler records each (job, date) in job_runs once it has run, so a crash resumes at the first job not
// recorded. Runs hold one lock: an in-process mutex, and on PostgreSQL a session advisory lock, so several
// server instances (or `npm run jobs` beside a server) never run jobs at the same time.
import { sql } from 'kysely';
import type { Bank } from '../services/bank';
import type { Database } from '../db/database';
import { addCalendarDays, dayNumber, previousTradingDay, type IsoDate } from '../domain/calendar';
import { shanghaiDate, type Clock } from '../domain/clock';

/** What a job gets: the database and the business clock, the same for a route, a job and the CLI. */
export interface JobContext {
  db: Database;
  clock: Clock;
  /** The bank auto-invest runs debit (the app's; the simulated bank by default). */
  bank?: Bank;
  /** Called when a job changed market data (NAVs, valuations), so caches of it are dropped. */
  marketChanged(): void;
  log(line: string): void;
}

export interface Job {
  /** Stable name, recorded in job_runs. */
  name: string;
  /**
   * The job's work for business date `date`. Returns counts for the report. Must be idempotent per date.
   * `through` ≥ date is the last date of the run in progress: a job marked `coversRange` does the whole
   * range in its first call and is recorded for every date of it (publishing a week of NAVs at once).
   */
  run(ctx: JobContext, date: IsoDate, through: IsoDate): Promise<Record<string, number>>;
  coversRange?: boolean;
}

export interface JobRunReport {
  /** Dates processed by this call, ascending. */
  dates: IsoDate[];
  /** One entry per job actually run (skipped, already recorded runs are not listed). */
  runs: Array<{ job: string; date: IsoDate; report: Record<string, number> }>;
}

/** app_state key: the last business date whose every job has run. */
export const JOBS_THROUGH_KEY = 'jobs_through';
// Any constant works; it has to be the same for every instance (migrate.ts uses 727_001).
const JOBS_LOCK_KEY = 727_002;
/** At most this many days in one call (the dev clock advances ≤ 400 days). */
export const MAX_DAYS_PER_RUN = 4000;

/**
 * The last business date whose jobs have all run. Before the first run: the generated market's last day (the trading
 * day before its as-of date), else — an imported market — its last day. Not the last day of whatever is in the tables: a
 * market extended ahead before the first run (an import, a test publishing early) must not skip those days' jobs.
 */
export async function readJobsThrough(db: Database): Promise<IsoDate | null> {
  const row = await db.kysely.selectFrom('app_state').select('value').where('key', '=', JOBS_THROUGH_KEY).executeTakeFirst();
  if (row) return row.value as IsoDate;
  // The generated market ends on the trading day before its as-of date (market/generate.ts).
  const seeded = await db.kysely.selectFrom('market_meta').select('value').where('key', '=', 'as_of').executeTakeFirst();
  if (seeded) return previousTradingDay(seeded.value as IsoDate);
  const market = await sql<{ last: string | null }>`SELECT max(date)::text AS last FROM index_daily`.execute(db.kysely);
  return market.rows[0]?.last ?? null;
}

export interface Scheduler {
  readonly jobs: readonly Job[];
  /** Runs every job due through the business clock's today. */
  runDue(): Promise<JobRunReport>;
  /** Runs every job due through `through` (a business date). */
  runThrough(through: IsoDate): Promise<JobRunReport>;
  /** The last business date whose jobs have all run (the market's first date before any run). */
  jobsThrough(): Promise<IsoDate | null>;
}

/** A FIFO mutex: one job run at a time in this process (PGlite is one process's database anyway). */
function mutex(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };
}

async function withAdvisoryLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work();
  // A session lock on a connection of its own, held while the jobs use the pool; it ends with the session
  // if the process dies.
  return db.withConnection(async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [JOBS_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [JOBS_LOCK_KEY]);
    }
  });
}

export function createScheduler(ctx: JobContext, jobs: readonly Job[]): Scheduler {
  const serial = mutex();
  const { db } = ctx;

  const readThrough = () => readJobsThrough(db);

  async function writeThrough(date: IsoDate): Promise<void> {
    await db.kysely
      .insertInto('app_state')
      .values({ key: JOBS_THROUGH_KEY, value: JSON.stringify(date) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(date), updated_at: sql`now()` }))
      .execute();
  }

  async function recorded(dates: IsoDate[]): Promise<Set<string>> {
    if (dates.length === 0) return new Set();
    const rows = await db.kysely
      .selectFrom('job_runs')
      .select(['job', sql<string>`business_date::text`.as('date')])
      .where('business_date', '>=', dates[0] as IsoDate)
      .where('business_date', '<=', dates[dates.length - 1] as IsoDate)
      .execute();
    return new Set(rows.map((r) => `${r.job} ${r.date}`));
  }

  async function record(job: string, dates: IsoDate[], report: Record<string, number>): Promise<void> {
    await db.kysely
      .insertInto('job_runs')
      .values(dates.map((date) => ({ job, business_date: date, report: JSON.stringify(report) })))
      .onConflict((oc) => oc.columns(['job', 'business_date']).doNothing())
      .execute();
  }

  async function runThroughLocked(through: IsoDate): Promise<JobRunReport> {
    dayNumber(through); // throws on a malformed date
    const last = await readThrough();
    const report: JobRunReport = { dates: [], runs: [] };
    if (last === null || through <= last) return report;
    const count = dayNumber(through) - dayNumber(last);
    if (count > MAX_DAYS_PER_RUN) throw new RangeError(`jobs: ${count} days due, more than ${MAX_DAYS_PER_RUN} in one run`);
    const dates = Array.from({ length: count }, (_, i) => addCalendarDays(last, i + 1));
    const done = await recorded(dates);
    // Range jobs first run once for every date of the range they have not done yet.
    for (const job of jobs.filter((j) => j.coversRange)) {
      const open = dates.filter((d) => !done.has(`${job.name} ${d}`));
      if (open.length === 0) continue;
      const result = await job.run(ctx, open[0] as IsoDate, through);
      await record(job.name, open, result);
      for (const d of open) done.add(`${job.name} ${d}`);
      report.runs.push({ job: job.name, date: open[0] as IsoDate, report: result });
    }
    for (const date of dates) {
      for (const job of jobs) {
        if (done.has(`${job.name} ${date}`)) continue;
        const result = await job.run(ctx, date, through);
        await record(job.name, [date], result);
        report.runs.push({ job: job.name, date, report: result });
      }
      await writeThrough(date);
      report.dates.push(date);
    }
    return report;
  }

  return {
    jobs,
    runThrough: (through) => serial(() => withAdvisoryLock(db, () => runThroughLocked(through))),
    runDue: () => serial(() => withAdvisoryLock(db, () => runThroughLocked(shanghaiDate(ctx.clock.now())))),
    jobsThrough: readThrough,
  };
}
