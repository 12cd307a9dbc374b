import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ConnectionLock, PGliteDialect } from './pglite-dialect';
import { discardTemplate, readTemplate, templatePath, writeTemplate } from './pglite-template';
import type { DB } from './types';

import { toCsv, type CopyValue } from './csv';

/** Blob's parts as Node types them (the DOM's stricter BlobPart refuses a Uint8Array over any ArrayBufferLike). */
type BlobParts = ConstructorParameters<typeof Blob>[0];

export { toCsv, type CopyValue };

export interface Database {
  kysely: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL with OpenDatabaseOptions.commitDelayUs: what was asked, and false once a connection was refused it. */
  commitDelay?: { us: number; applied: boolean };
  /** How this open created a new PGlite data directory: initdb, or the cached initdb template; else undefined. */
  created?: 'initdb' | 'template';
  /** PGlite only: a copy of the whole database as it is now, to start other in-memory databases from (`image`). */
  dump?(): Promise<Blob>;
  /** Bulk-loads rows with COPY (CSV); returns the number of rows written. */
  copyRows(table: string, columns: string[], rows: Iterable<CopyValue[]>): Promise<number>;
  /** Bulk-loads ready CSV text (COPY's CSV rules, UTF-8 when given as bytes). */
  copyCsv(table: string, columns: string[], csv: string | Uint8Array): Promise<void>;
  /** Runs one or more SQL statements with no parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
  /** Runs `work` on one dedicated connection (BEGIN … COMMIT spanning several calls, advisory locks). */
  withConnection<T>(work: (connection: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RawConnection {
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Several statements, no parameters. */
  exec(sql: string): Promise<void>;
  /**
   * COPY of ready CSV text on this connection. `freeze` writes the rows frozen (COPY … FREEZE: the table
   * must have been created or truncated in the current transaction), so no later scan rewrites them.
   */
  copyCsv(table: string, columns: string[], csv: string | Uint8Array, options?: { freeze?: boolean }): Promise<void>;
}

function copySql(table: string, columns: string[], source: string, freeze = false): string {
  return `COPY ${quoteQualified(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source} WITH (FORMAT csv${freeze ? ', FREEZE' : ''})`;
}

export interface OpenDatabaseOptions {
  /** PGlite data directory (created if missing). */
  dataDir?: string;
  /** postgres://… — use a real PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** In-memory PGlite only: start as a copy of this dump (`Database.dump()`, e.g. a migrated and seeded database). */
  image?: Blob;
  /** PostgreSQL only: schema to create and put first on the search_path (isolated test runs). */
  schema?: string;
  /** PostgreSQL only: pool size (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: `SET commit_delay` (microseconds) on every pooled connection — group commit: a commit waits this
   * long before flushing the WAL when at least `commit_siblings` (default 5) other transactions are open, so concurrent
   * orders share one flush. Each commit still returns only once its WAL is on disk (nothing acknowledged is lost).
   * commit_delay is a superuser setting: where the role may not set it, the connection goes on without it and
   * `Database.commitDelay` says so. 0 or unset: PostgreSQL's default (no delay; concurrent flushes still coalesce).
   */
  commitDelayUs?: number;
}

/**
 * A mark for statements of the hot paths (the order's): on PostgreSQL a statement whose text holds it is run as a
 * named prepared statement of its connection (named by its text's hash), parsed and planned once per connection
 * instead of at every call; elsewhere it is a comment. Put it in statements whose text is one of a few fixed shapes
 * (the values as parameters): each shape is prepared once on each connection and kept while the connection lives.
 */
export const PREPARED_MARK = '/* prepared */';
export const prepared = sql.raw(PREPARED_MARK);

// pg's own rendering of a parameter's value as text (arrays as array literals, dates with their offset): what it
// sends for a parameter, which inlined() writes as a literal instead. Not in pg's typings, hence the require.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

/** The mark of a statement list sent in one round trip (transactionInOneTrip): the driver answers the last one's rows. */
export const ONE_TRIP_MARK = '/* one trip */';

/** What a transactionInOneTrip's work answers: its result, and the statements to send with the COMMIT. */
export interface OneTripWork<T> {
  result: T;
  /**
   * The transaction's last writes, sent with its COMMIT in one round trip: their answers are not read (a statement
   * that fails stops the list, the COMMIT behind it does not run, and the transaction rolls back).
   */
  closing?: Array<RawBuilder<unknown>>;
}

/**
 * A transaction in two round trips: its opening statements (its locks and first read) go to the server with its
 * BEGIN, then `work` runs on the same connection and answers the closing statements (its writes), which go with the
 * COMMIT (ROLLBACK on a throw or a failed statement). Under load a round trip is not the network's fraction of a
 * millisecond but a wait for the event loop to come back to the database's socket, behind the requests it is serving:
 * the order batch (services/trading.ts) spent a third of its time on its BEGIN and its lock before its read, and a
 * round trip more on its COMMIT after its write (issue 22 §3). On PostgreSQL each list is one simple query, the values
 * written as literals (pg's rendering of values and arrays, escaped by pg.escapeLiteral) — so they are parsed and
 * planned at each call, not prepared; PostgreSQL runs them in order, each with a snapshot of its own (the read after
 * the lock sees what the lock waited for), and skips the rest of a list after a statement fails. On PGlite (no round
 * trips) they run one by one. `work` gets the opening's last rows.
 */
export async function transactionInOneTrip<T, R = Record<string, unknown>>(
  db: Database,
  opening: (conn: Kysely<DB>) => Array<RawBuilder<unknown>>,
  work: (conn: Kysely<DB>, rows: R[]) => Promise<OneTripWork<T>>,
): Promise<T> {
  if (db.kind !== 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      let rows: unknown[] = [];
      for (const statement of opening(trx)) rows = (await statement.execute(trx)).rows;
      const { result, closing = [] } = await work(trx, rows as R[]);
      for (const statement of closing) await statement.execute(trx);
      return result;
    });
  }
  return db.kysely.connection().execute(async (conn) => {
    try {
      const statements = opening(conn).map((statement) => inlined(statement.compile(conn)));
      const { rows } = await sql.raw(`${ONE_TRIP_MARK} BEGIN;\n${statements.join(';\n')}`).execute(conn);
      const { result, closing = [] } = await work(conn, rows as R[]);
      const writes = closing.map((statement) => `${inlined(statement.compile(conn))};\n`);
      await sql.raw(writes.length > 0 ? `${ONE_TRIP_MARK} ${writes.join('')}COMMIT` : 'COMMIT').execute(conn);
      return result;
    } catch (error) {
      // Whatever was opened is undone (ROLLBACK outside a transaction only warns).
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/** A compiled statement with its parameters written as SQL literals (and the prepared mark taken out). */
function inlined(query: { sql: string; parameters: readonly unknown[] }): string {
  return query.sql.replaceAll(PREPARED_MARK, '').replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = query.parameters[Number(n) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`database: a non-finite number in ${query.sql}`);
    return pg.escapeLiteral(String(prepareValue(value)));
  });
}

// Type mapping shared by both back ends, so rows look the same on PGlite and PostgreSQL:
// int8 → number (ids and fen amounts stay far below 2^53), numeric → string (exact decimals),
// date → 'YYYY-MM-DD' string (a business date has no time zone), timestamptz → Date.
const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  if (!opts.memory && !opts.dataDir) throw new Error('openDatabase: give dataDir, databaseUrl or memory: true');
  return openPGlite(opts.memory ? undefined : opts.dataDir, opts.memory ? opts.image : undefined);
}

/** A started PGlite: in memory, or on `dataDir` (initdb when empty), or on `dataDir` restored from `template`. */
async function startPGlite(dataDir: string | undefined, template?: Blob): Promise<PGlite> {
  const pglite = new PGlite({
    dataDir,
    loadDataDir: template,
    // One embedded server, nobody replicates from it: minimal WAL lets COPY into a table truncated in the
    // same transaction (the market seed) skip the log. Start parameters (PGlite's `postgresqlconf` would
    // replace initdb's postgresql.conf), so older data directories get it too.
    startParams: [...PGlite.defaultStartParams, '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
    parsers: {
      [OID.int8]: (value: string) => Number(value),
      [OID.numeric]: (value: string) => value,
      [OID.date]: (value: string) => value,
    },
  });
  await pglite.waitReady;
  return pglite;
}

/** Empties a data directory after a failed restore, keeping the server's lock file. */
function clearDataDir(dataDir: string): void {
  for (const entry of readdirSync(dataDir)) {
    if (entry !== 'server.pid') rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
}

/**
 * PGlite on `dataDir` (created if missing) or in memory. A new data directory, and every in-memory database, starts
 * from the cached initdb template when there is one (pglite-template.ts); otherwise initdb runs and its result
 * becomes the template.
 */
async function openPGlite(dataDir: string | undefined, image?: Blob): Promise<Database> {
  let pglite: PGlite | undefined;
  let created: Database['created'];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
    const template = fresh ? templatePath() : undefined;
    const dump = readTemplate(template);
    if (template && dump) {
      // The dump may carry the lock file of the process that made it: keep ours (data-dir-lock.ts).
      const lockFile = join(dataDir, 'server.pid');
      const lock = existsSync(lockFile) ? readFileSync(lockFile) : undefined;
      try {
        pglite = await startPGlite(dataDir, dump);
        created = 'template';
      } catch {
        discardTemplate(template);
        clearDataDir(dataDir);
      }
      if (lock) writeFileSync(lockFile, lock);
      else rmSync(lockFile, { force: true });
    }
    if (!pglite) {
      pglite = await startPGlite(dataDir);
      if (fresh) {
        created = 'initdb';
        // Before anything else is written: the template is initdb's output and nothing more.
        if (template) writeTemplate(template, new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
      }
    }
  } else if (image) {
    pglite = await startPGlite(undefined, image);
  } else {
    // In memory (tests open dozens a run): the same initdb template, so each costs a restore, not an initdb.
    const template = templatePath();
    const dump = readTemplate(template);
    if (template && dump) {
      try {
        pglite = await startPGlite(undefined, dump);
      } catch {
        discardTemplate(template);
      }
    }
    if (!pglite) {
      pglite = await startPGlite(undefined);
      if (template) writeTemplate(template, new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    }
  }
  const lock = new ConnectionLock();
  const kysely = new Kysely<DB>({ dialect: new PGliteDialect(pglite, lock) });
  const copyBlob = async (table: string, columns: string[], blob: Blob): Promise<void> => {
    await lock.run(() => pglite.query(copySql(table, columns, "'/dev/blob'"), [], { blob }));
  };
  return {
    kysely,
    kind: 'pglite',
    created,
    dump: () => lock.run(() => pglite.dumpDataDir('none')),
    async copyRows(table, columns, rows) {
      const csv = toCsv(rows);
      if (csv.count === 0) return 0;
      await copyBlob(table, columns, new Blob(csv.chunks as BlobParts));
      return csv.count;
    },
    async copyCsv(table, columns, csv) {
      await copyBlob(table, columns, new Blob([csv] as BlobParts));
    },
    async exec(sql) {
      await lock.run(() => pglite.exec(sql));
    },
    async withConnection(work) {
      return lock.run(() =>
        work({
          query: async <R>(text: string, params: unknown[] = []) => (await pglite.query<R>(text, params)).rows,
          exec: async (text: string) => {
            await pglite.exec(text);
          },
          copyCsv: async (table, columns, csv, options) => {
            await pglite.query(copySql(table, columns, "'/dev/blob'", options?.freeze), [], { blob: new Blob([csv] as BlobParts) });
          },
        }),
      );
    },
    async close() {
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(databaseUrl: string, opts: OpenDatabaseOptions): Promise<Database> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === OID.int8) return (value: string) => Number(value);
      if (oid === OID.numeric || oid === OID.date) return (value: string) => value;
      // pg's typings overload on the format argument; the default text format is what we use.
      return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
    },
  };
  if (opts.schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? 10,
    types,
    // Set per connection so every pooled session sees the same schema.
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Marked statements (PREPARED_MARK) as named prepared statements: Kysely's driver sends every query unnamed.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
      if (typeof text === 'string' && text.startsWith(ONE_TRIP_MARK)) {
        // Several statements, one simple query: its answer is a result per statement; the caller reads the last's.
        return (query(text) as Promise<unknown>).then((results) => (Array.isArray(results) ? results[results.length - 1] : results));
      }
      if (typeof text === 'string' && text.includes(PREPARED_MARK) && Array.isArray(rest[0])) {
        const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
        return query({ name, text, values: rest[0] }, ...rest.slice(1));
      }
      return query(text, ...rest);
    };
  });
  const commitDelay = opts.commitDelayUs ? { us: Math.trunc(opts.commitDelayUs), applied: true } : undefined;
  if (commitDelay) {
    // Queued before any query of the new client (a client runs its queries in order).
    pool.on('connect', (client) => {
      client.query(`SET commit_delay = ${commitDelay.us}`).catch(() => {
        commitDelay.applied = false;
      });
    });
  }
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const copyOn = async (client: pg.PoolClient, sql: string, chunks: Array<string | Buffer>): Promise<void> => {
    await pipeline(Readable.from(chunks), client.query(copyFrom(sql)));
  };
  const bytesOf = (csv: string | Uint8Array) => (typeof csv === 'string' ? csv : Buffer.from(csv.buffer, csv.byteOffset, csv.byteLength));
  const copyStream = async (table: string, columns: string[], chunks: Array<string | Buffer>): Promise<void> => {
    const client = await pool.connect();
    try {
      await copyOn(client, copySql(table, columns, 'STDIN'), chunks);
    } finally {
      client.release();
    }
  };
  return {
    kysely,
    kind: 'postgres',
    commitDelay,
    async copyRows(table, columns, rows) {
      const csv = toCsv(rows);
      if (csv.count === 0) return 0;
      await copyStream(table, columns, csv.chunks);
      return csv.count;
    },
    async copyCsv(table, columns, csv) {
      await copyStream(table, columns, [bytesOf(csv)]);
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work({
          query: async <R>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as R[],
          exec: async (text: string) => {
            await client.query(text);
          },
          copyCsv: async (table, columns, csv, options) => {
            await copyOn(client, copySql(table, columns, 'STDIN', options?.freeze), [bytesOf(csv)]);
          },
        });
      } finally {
        client.release();
      }
    },
    async close() {
      // kysely.destroy() ends the pool.
      await kysely.destroy();
    },
  };
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.table` or `table`, each part quoted. */
function quoteQualified(name: string): string {
  return name.split('.').map(quoteIdent).join('.');
}
