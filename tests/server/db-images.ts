// Ready images of the server tests' databases: migrated, and migrated + the small demo market of a date.
// - PGlite in memory: opening a test database costs a restore (≈1 s of CPU) instead of initdb + migrations (+ the
//   seed), ≈5–6 s. Images live in .tmp/pglite-images, keyed by what made them (PGlite's version, the migrations, the
//   market generator's sources), so a changed migration or generator makes a new one; a process keeps the ones it
//   loaded.
// - PostgreSQL (TEST_DATABASE_URL): each test database is a new database copied from a template database of the same
//   key (CREATE DATABASE … TEMPLATE), made once per cluster, instead of a schema migrated (and seeded) per test.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/src/db/database';
import { MIGRATIONS_DIR, migrate } from '../../server/src/db/migrate';
import { seedMarket } from '../../server/src/market/seed';

const root = path.resolve(__dirname, '..', '..');
const imagesDir = path.join(root, '.tmp', 'pglite-images');

/** Every file under `dir` (sorted), its path and bytes, into the hash. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) hashTree(hash, full);
    else hash.update(path.relative(root, full)).update(readFileSync(full));
  }
}

let baseKey: string | undefined;
/** PGlite's version and the migrations. */
function migratedKey(): string {
  if (baseKey) return baseKey;
  const hash = createHash('sha256');
  // The package's manifest (not exported: found beside its entry's dist/).
  const entry = createRequire(__filename).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  hashTree(hash, MIGRATIONS_DIR);
  baseKey = hash.digest('hex').slice(0, 16);
  return baseKey;
}

let marketKeyCache: string | undefined;
/** The migrations' key and whatever generates the market (the server's market, domain and db code, src/lib). */
function marketKey(): string {
  if (marketKeyCache) return marketKeyCache;
  const hash = createHash('sha256').update(migratedKey());
  for (const dir of ['server/src/market', 'server/src/domain', 'server/src/db', 'src/lib']) hashTree(hash, path.join(root, dir));
  marketKeyCache = hash.digest('hex').slice(0, 16);
  return marketKeyCache;
}

const loaded = new Map<string, Promise<Blob>>();

/** The image `name`, from this process's memory, the disk, or made by `make` on a fresh in-memory database. */
function image(name: string, make: (db: Database) => Promise<void>): Promise<Blob> {
  let pending = loaded.get(name);
  if (!pending) {
    pending = (async () => {
      const file = path.join(imagesDir, `${name}.tar`);
      if (existsSync(file)) return new Blob([readFileSync(file)]);
      const db = await openDatabase({ memory: true });
      try {
        await make(db);
        const dump = await db.dump!();
        mkdirSync(imagesDir, { recursive: true });
        // Written aside and renamed: a test file starting at the same time never reads half an image.
        const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
        writeFileSync(temporary, new Uint8Array(await dump.arrayBuffer()));
        renameSync(temporary, file);
        return dump;
      } finally {
        await db.close();
      }
    })();
    loaded.set(name, pending);
    pending.catch(() => loaded.delete(name));
  }
  return pending;
}

/** An in-memory database with every migration applied. */
export async function openMigratedPGlite(): Promise<Database> {
  const db = await openDatabase({
    memory: true,
    image: await image(`migrated-${migratedKey()}`, (fresh) => migrate(fresh).then(() => undefined)),
  });
  await migrate(db); // nothing to do on a current image; a migration written since is applied
  return db;
}

/** An in-memory, migrated database holding the small demo market of `seed` as of `asOf` (seedMarket's small market). */
export async function openMarketPGlite(seed: number, asOf: string): Promise<Database> {
  const made = await image(`market-${marketKey()}-s${seed}-${asOf}`, async (fresh) => {
    await migrate(fresh);
    await seedMarket(fresh, { seed, small: true, asOf });
  });
  const db = await openDatabase({ memory: true, image: made });
  await migrate(db);
  return db;
}

// ── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────────────────────

/** `url` naming the database `name` instead. */
function urlOf(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Runs `statement` (a rename, or a copy of a template), again while PostgreSQL says the database is still in use: a
 * pool just closed has ended its sockets, but the server's sessions end a moment later.
 */
async function whenUnused<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= 50 || !/is being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const exists = async (admin: pg.Client, name: string) =>
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;

/**
 * The template database `name` on the cluster of `url`, made by `make` if missing. Made under a session lock (one
 * maker per cluster) on a database of another name and renamed when complete, so a copy never starts from half a
 * template; templates of the same kind under another key (older sources) are dropped.
 */
export async function templateDatabase(
  url: string,
  name: string,
  { kindPrefix, keyPrefix }: { kindPrefix: string; keyPrefix: string },
  make: (db: Database, buildingUrl: string) => Promise<void>,
): Promise<void> {
  await withAdmin(url, async (admin) => {
    if (await exists(admin, name)) return;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists(admin, name)) return;
      // Templates of this kind made by other sources (another key) are stale; other dates of this key are not.
      const stale = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND NOT starts_with(datname, $2)',
        [kindPrefix, keyPrefix],
      );
      // Without FORCE: a template another checkout is copying right now (a worktree beside this one) stays.
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
      const building = `${name}_build_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const db = await openDatabase({ databaseUrl: urlOf(url, building), poolSize: 2 });
      try {
        await make(db, urlOf(url, building));
      } finally {
        await db.close();
      }
      await whenUnused(() => admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/**
 * A new database on the PostgreSQL of `url`, copied from the migrated template (and the small market of `seed` as of
 * `asOf` when given), dropped again by `drop`. Its commits do not wait for the disk (synchronous_commit off: a test
 * database need not survive the machine's crash), which keeps a test's time its own CPU's, not the disk's.
 */
export async function openPostgresCopy(
  url: string,
  market?: { seed: number; asOf: string },
): Promise<{ db: Database; drop(): Promise<void> }> {
  const kindPrefix = market ? 'djt_k_' : 'djt_m_';
  const keyPrefix = `${kindPrefix}${market ? marketKey() : migratedKey()}`;
  const template = market ? `${keyPrefix}_s${market.seed}_${market.asOf.replaceAll('-', '')}` : keyPrefix;
  await templateDatabase(url, template, { kindPrefix, keyPrefix }, async (fresh) => {
    await migrate(fresh);
    if (market) await seedMarket(fresh, { seed: market.seed, small: true, asOf: market.asOf });
  });
  const copy = await copyDatabase(url, template, 'dj_test_');
  const db = await openDatabase({ databaseUrl: copy.url, poolSize: 4 });
  await migrate(db); // nothing to do on a current template
  return {
    db,
    async drop() {
      await db.close();
      await copy.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL of `url` (named `prefix`, this process and a random suffix), copied from the
 * database `template`: its URL, and `drop` to remove it. Its commits do not wait for the disk (synchronous_commit off:
 * a test database need not survive the machine's crash).
 */
export async function copyDatabase(url: string, template: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, async (admin) => {
    // A copy needs its template without sessions: a maker that just renamed it may still be closing its pool.
    await whenUnused(() => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
    await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  });
  return {
    url: urlOf(url, name),
    drop: () => withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
