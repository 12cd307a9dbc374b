// npm run jobs -- [--through YYYY-MM-DD]
// Runs every daily job due through the given business date (default: the business clock's today) on the
// configured database (DATA_DIR or DATABASE_URL), in order, and prints what ran. Jobs already run are
// skipped, so running it twice changes nothing. With PGlite, stop the server first (one process at a time);
// on PostgreSQL a running server is fine (the jobs' advisory lock keeps the two apart).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { lockDataDir } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { dayNumber } from '../domain/calendar';
import { shanghaiDate, type Clock } from '../domain/clock';
import { DAILY_JOBS } from '../jobs/pipeline';
import { createScheduler, readJobsThrough } from '../jobs/scheduler';
import { processClock } from '../services/business-clock';

const USAGE = 'usage: npm run jobs -- [--through YYYY-MM-DD]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { through: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.through !== undefined) dayNumber(values.through); // throws on a malformed date
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(db);
    // As `npm start`: production on the wall clock; BUSINESS_DATE starts the business clock there (README).
    const clock: Clock = await processClock(db.kysely, {
      production: config.nodeEnv === 'production',
      businessStart: config.businessStart,
      jobsThrough: () => readJobsThrough(db),
    });
    const today = shanghaiDate(clock.now());
    const through = values.through ?? today;
    if (through > today) {
      throw new Error(
        `--through ${through} is after the business date ${today}: jobs run only for days that have come (move the demo clock with POST /__dev/clock/advance)\n${USAGE}`,
      );
    }
    const scheduler = createScheduler({ db, clock, marketChanged: () => undefined, log: (line) => console.log(line) }, DAILY_JOBS);
    const started = Date.now();
    const report = await scheduler.runThrough(through);
    for (const run of report.runs) console.log(`${run.date} ${run.job}: ${JSON.stringify(run.report)}`);
    console.log(
      report.dates.length === 0
        ? `Nothing due: jobs have run through ${await scheduler.jobsThrough()}.`
        : `Ran ${report.runs.length} jobs for ${report.dates.length} days through ${through} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await db.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
