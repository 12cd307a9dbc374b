import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { systemClock } from './domain/clock';
import { seedMarket } from './market/seed';
import { precompressH5Build } from './plugins/h5-precompress';
import { ensureDefaultConfig } from './services/mpaas-config';

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
  console.log(builtAt ? 'Sources changed since the last H5 build: rebuilding (npm run build:h5)…' : 'Building the H5 app (npm run build:h5)…');
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) console.warn('H5 build failed: pages answer a "build missing" notice; the API still works.');
}

/** Seeds the demo market once per installation (recorded in app_state). */
async function seedIfEmpty(db: Database, config: ServerConfig): Promise<void> {
  const seeded = await db.kysely.selectFrom('app_state').select('key').where('key', '=', 'market_seed').executeTakeFirst();
  if (seeded) return;
  const started = Date.now();
  const size = config.largeMarket ? 'large' : config.smallMarket ? 'small' : 'default';
  console.log(`Seeding the demo market (seed ${config.seed}, ${size})…`);
  await seedMarket(db, { seed: config.seed, large: config.largeMarket, small: config.smallMarket && !config.largeMarket });
  await db.kysely
    .insertInto('app_state')
    .values({ key: 'market_seed', value: JSON.stringify({ seed: config.seed, size }) })
    .execute();
  console.log(`Demo market seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  buildH5IfStale(config);
  // Compressed copies of the build beside it, served by @fastify/static's preCompressed (issue 3).
  const precompression = existsSync(join(config.h5Dir, 'index.html'))
    ? await precompressH5Build(config.h5Dir, console)
    : { stop: async () => undefined };
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await migrate(db);
  await ensureDefaultConfig(db.kysely, systemClock.now());
  await seedIfEmpty(db, config);

  const app = await buildApp({
    db,
    clock: systemClock,
    config,
    logger: { level: process.env.LOG_LEVEL ?? (config.nodeEnv === 'production' ? 'info' : 'warn') },
  });
  await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `listening at ${address}` });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`Server ready: http://localhost:${port}`);
  console.log(`API docs: http://localhost:${port}/docs · data: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down…`);
    try {
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
