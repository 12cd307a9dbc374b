import { mkdirSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ConnectionLock, PGliteDialect } from './pglite-dialect';
import type { DB } from './types';

export type CopyValue = string | number | boolean | null;

export interface Database {
  kysely: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Bulk-loads rows with COPY (CSV); returns the number of rows written. */
  copyRows(table: string, columns: string[], rows: Iterable<CopyValue[]>): Promise<number>;
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
}

export interface OpenDatabaseOptions {
  /** PGlite data directory (created if missing). */
  dataDir?: string;
  /** postgres://… — use a real PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** PostgreSQL only: schema to create and put first on the search_path (isolated test runs). */
  schema?: string;
  /** PostgreSQL only: pool size (default 10). */
  poolSize?: number;
}

// Type mapping shared by both back ends, so rows look the same on PGlite and PostgreSQL:
// int8 → number (ids and fen amounts stay far below 2^53), numeric → string (exact decimals),
// date → 'YYYY-MM-DD' string (a business date has no time zone), timestamptz → Date.
const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  if (!opts.memory && !opts.dataDir) throw new Error('openDatabase: give dataDir, databaseUrl or memory: true');
  return openPGlite(opts.memory ? undefined : opts.dataDir);
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir,
    parsers: {
      [OID.int8]: (value: string) => Number(value),
      [OID.numeric]: (value: string) => value,
      [OID.date]: (value: string) => value,
    },
  });
  await pglite.waitReady;
  const lock = new ConnectionLock();
  const kysely = new Kysely<DB>({ dialect: new PGliteDialect(pglite, lock) });
  return {
    kysely,
    kind: 'pglite',
    async copyRows(table, columns, rows) {
      const csv = toCsv(rows);
      if (csv.count === 0) return 0;
      const blob = new Blob(csv.chunks);
      const sql = `COPY ${quoteQualified(table)} (${columns.map(quoteIdent).join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
      await lock.run(() => pglite.query(sql, [], { blob }));
      return csv.count;
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
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    kind: 'postgres',
    async copyRows(table, columns, rows) {
      const csv = toCsv(rows);
      if (csv.count === 0) return 0;
      const client = await pool.connect();
      try {
        const sql = `COPY ${quoteQualified(table)} (${columns.map(quoteIdent).join(', ')}) FROM STDIN WITH (FORMAT csv)`;
        await pipeline(Readable.from(csv.chunks), client.query(copyFrom(sql)));
      } finally {
        client.release();
      }
      return csv.count;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work({
          query: async <R>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as R[],
          exec: async (text: string) => {
            await client.query(text);
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

/** RFC 4180 CSV; NULL is an unquoted empty field, an empty string is `""` (COPY's CSV rules). */
export function toCsv(rows: Iterable<CopyValue[]>): { chunks: string[]; count: number } {
  const chunks: string[] = [];
  let buffer = '';
  let count = 0;
  for (const row of rows) {
    buffer += row.map(csvField).join(',') + '\n';
    count++;
    // Chunk so a large load never builds one giant string.
    if (buffer.length > 1 << 20) {
      chunks.push(buffer);
      buffer = '';
    }
  }
  if (buffer) chunks.push(buffer);
  return { chunks, count };
}

function csvField(value: CopyValue): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`copyRows: non-finite number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return `"${value.replaceAll('"', '""')}"`;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.table` or `table`, each part quoted. */
function quoteQualified(name: string): string {
  return name.split('.').map(quoteIdent).join('.');
}
