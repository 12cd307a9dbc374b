// Ready images of in-memory PGlite databases for the server tests: migrated, and migrated + the small demo market of a
// date. Opening a test database costs a restore (≈1 s of CPU) instead of initdb + migrations (+ the seed), ≈5–6 s.
// Images live in .tmp/pglite-images, keyed by what made them (PGlite's version, the migrations, the market
// generator's sources), so a changed migration or generator makes a new one; a process keeps the ones it loaded.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
