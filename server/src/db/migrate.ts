import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawConnection } from './database';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every instance running migrations.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies `migrations/*.sql` in file-name order, each in its own transaction, and records
 * it in schema_migrations. Idempotent. On PostgreSQL an advisory lock serialises instances
 * starting at the same time; the applied check happens under that lock.
 * Returns the names applied by this call.
 */
export async function migrate(db: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  return db.withConnection(async (connection) => {
    // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can still collide.
    await connection.exec('BEGIN');
    if (db.kind === 'postgres') await connection.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await connection.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await connection.exec('COMMIT');
    const applied: string[] = [];
    for (const name of files) {
      if (await applyOne(db, connection, name, readFileSync(join(dir, name), 'utf8'))) applied.push(name);
    }
    return applied;
  });
}

async function applyOne(db: Database, connection: RawConnection, name: string, sql: string): Promise<boolean> {
  await connection.exec('BEGIN');
  try {
    if (db.kind === 'postgres') await connection.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const done = await connection.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
    if (done.length > 0) {
      await connection.exec('COMMIT');
      return false;
    }
    await connection.exec(sql);
    await connection.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    await connection.exec('COMMIT');
    return true;
  } catch (error) {
    await connection.exec('ROLLBACK');
    throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
  }
}
