import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig, requireTradePasswordPepper, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { shanghaiDate, shanghaiTime, systemClock, type Clock } from './domain/clock';
import { readJobsThrough } from './jobs/scheduler';
import { sql } from 'kysely';
import { syncAdvisory } from './market/advisory-sync';
import { addCalendarDays, type IsoDate } from './domain/calendar';
import { formatSeedPhases, seedMarket } from './market/seed';
import { startMarketSource, type MarketSource, type SourceOptions } from './market/seed-source';
import { precompressH5Build } from './plugins/h5-precompress';
import { processClock } from './services/business-clock';
import { ensureDefaultConfig } from './services/mpaas-config';
import { ensureDefaultActivities } from './services/activities';

const ROOT = resolve(import.meta.dirname, '../..');

/** Newest modification time of any file under `dir` (0 when missing). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the H5 app when dist/h5 is missing or older than the sources. */
function buildH5IfStale(config: ServerConfig): void {
  const indexFile = join(config.h5Dir, 'index.html');
  const builtAt = existsSync(indexFile) ? statSync(indexFile).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(join(ROOT, 'src')), newestMtime(join(ROOT, 'config')));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  if (!config.buildH5) {
    console.warn('H5 build is missing or stale; SKIP_H5_BUILD is set, serving what is there.');
    return;
  }
  console.log(
    builtAt ? 'Sources changed since the last H5 build: rebuilding (npm run build:h5)…' : 'Building the H5 app (npm run build:h5)…',
  );
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) console.warn('H5 build failed: pages answer a "build missing" notice; the API still works.');
}

/** The demo market `npm start` seeds (as of today in Shanghai, or BUSINESS_DATE's date). */
function demoMarketOptions(config: ServerConfig): SourceOptions {
  const asOf = shanghaiDate(config.businessStart ?? new Date());
  return { seed: config.seed, large: config.largeMarket, small: config.smallMarket && !config.largeMarket, asOf };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Listen addresses that only this machine reaches. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** What kind of server this is, said plainly under the URL (docs/SECURITY.md "Development server"). */
function startBanner(config: ServerConfig): string[] {
  if (config.nodeEnv === 'production') return [`Production mode (NODE_ENV=production), listening on ${config.host}.`];
  const lines = [
    'This is a DEMO server (development mode): simulated money, SMS codes readable at /__dev/sms, a fake WeChat and a',
    'movable business clock. Those development conveniences answer only clients on this machine (loopback).',
  ];
  lines.push(
    LOOPBACK_HOSTS.has(config.host)
      ? `Listening on ${config.host} only: HOST=0.0.0.0 lets other machines open the pages and the API (the conveniences stay local).`
      : `HOST=${config.host}: other machines can open the pages and the API; the development conveniences still answer this machine only.`,
  );
  lines.push(
    'Not for real users: production is NODE_ENV=production (a TRADE_PASSWORD_PEPPER, real SMS gateway, WeChat credentials; docs/DEPLOY.md).',
  );
  return lines;
}

/**
 * Seeds the demo market once per installation (recorded in app_state). `early` is a generation already
 * started for demoMarketOptions (fresh data directory); it is used, or cancelled when no seed is needed.
 */
async function seedIfEmpty(db: Database, config: ServerConfig, early: MarketSource | undefined): Promise<void> {
  const seeded = await db.kysely.selectFrom('app_state').select('key').where('key', '=', 'market_seed').executeTakeFirst();
  if (seeded) {
    await early?.cancel();
    // A market seeded before the advisory (migration 0020) gets its portfolios' funds and departures now (idempotent).
    const planFunds = await db.kysely.selectFrom('advisory_plan_funds').select('plan_code').limit(1).executeTakeFirst();
    if (!planFunds) {
      // Through the day after the last published valuations (a departure reads those published before its date).
      const last = await sql<{ last: string | null }>`SELECT max(date)::text AS last FROM index_daily`.execute(db.kysely);
      const day = last.rows[0]?.last;
      if (day) await syncAdvisory(db.kysely, addCalendarDays(day as IsoDate, 1));
    }
    return;
  }
  const started = Date.now();
  const size = config.largeMarket ? 'large' : config.smallMarket ? 'small' : 'default';
  console.log(`Seeding the demo market (seed ${config.seed}, ${size})…`);
  const report = await seedMarket(db, { ...demoMarketOptions(config), source: early });
  await db.kysely
    .insertInto('app_state')
    .values({ key: 'market_seed', value: JSON.stringify({ seed: config.seed, size }) })
    .execute();
  console.log(`Demo market seeded in ${seconds(Date.now() - started)}: ${formatSeedPhases(report)}.`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything else: a production server without the trade passwords' pepper does not start (docs/DEPLOY.md).
  requireTradePasswordPepper(config);
  buildH5IfStale(config);
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  // A fresh embedded database will be seeded: start generating the market now, on another thread,
  // so it overlaps PGlite's initdb (docs/ARCHITECTURE.md, "Cold start").
  const fresh = !config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'));
  const early = fresh ? startMarketSource(demoMarketOptions(config)) : undefined;
  const openStarted = performance.now();
  const db = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, commitDelayUs: config.commitDelayUs }
      : { dataDir: config.dataDir },
  );
  const opened = performance.now();
  await migrate(db);
  console.log(
    `Database ready: open ${seconds(opened - openStarted)}${db.created ? ` (new data directory: ${db.created})` : ''}, migrate ${seconds(performance.now() - opened)}.`,
  );
  await ensureDefaultConfig(db.kysely, systemClock.now());
  await seedIfEmpty(db, config, early);
  // Compressed copies of the build beside it, served by @fastify/static's preCompressed (bench/README.md). After the
  // seed, so a fresh build's brotli pass (background, seconds) does not take the core the seed's worker uses.
  const precompression = existsSync(join(config.h5Dir, 'index.html'))
    ? await precompressH5Build(config.h5Dir, console)
    : { stop: async () => undefined };

  // Production runs on the wall clock; elsewhere the business clock may have been moved (GET /__dev/clock).
  // BUSINESS_DATE starts it at a chosen instant (a replay of a date, README "Choosing the business date").
  const clock: Clock = await processClock(db.kysely, {
    production: config.nodeEnv === 'production',
    businessStart: config.businessStart,
    jobsThrough: () => readJobsThrough(db),
  });
  // The demo's activities (issue 25) need the market's funds: after the seed; an operator's own rows are kept.
  await ensureDefaultActivities(db.kysely, clock.now());
  const appStarted = performance.now();
  const app = await buildApp({
    db,
    clock,
    config,
    logger: { level: process.env.LOG_LEVEL ?? (config.nodeEnv === 'production' ? 'info' : 'warn') },
  });
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening at ${address}` });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`Server ready: http://localhost:${port}`);
  for (const line of startBanner(config)) console.log(line);
  console.log(`API docs: http://localhost:${port}/docs · data: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`);
  if (db.commitDelay && !db.commitDelay.applied)
    console.warn(
      `PG_COMMIT_DELAY_US=${db.commitDelay.us}: this database role may not set commit_delay (a superuser setting); running without it.`,
    );
  console.log(`Started in ${seconds(performance.now())} (app built and listening in ${seconds(performance.now() - appStarted)}).`);
  if (clock !== systemClock && shanghaiDate(clock.now()) !== shanghaiDate(new Date())) {
    console.log(
      `Demo business date: ${shanghaiDate(clock.now())} ${shanghaiTime(clock.now()).slice(0, 5)} (${config.businessStart ? 'BUSINESS_DATE' : 'moved with POST /__dev/clock/advance'}).`,
    );
  }

  // The daily jobs: what fell due while the server was down, then every minute whatever falls due next.
  const runJobs = async () => {
    try {
      const report = await app.jobs.runDue();
      if (report.dates.length > 0)
        console.log(`Daily jobs ran through ${report.dates[report.dates.length - 1]} (${report.runs.length} runs).`);
    } catch (error) {
      app.log.error({ err: error }, 'daily jobs failed');
    }
  };
  let jobsRunning: Promise<void> = runJobs();
  const jobTimer = setInterval(() => {
    jobsRunning = jobsRunning.then(runJobs);
  }, 60_000);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down…`);
    try {
      clearInterval(jobTimer);
      await jobsRunning;
      await precompression.stop();
      await app.close();
      await db.close();
    } finally {
      unlock();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
