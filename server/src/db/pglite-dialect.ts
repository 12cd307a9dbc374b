import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect over one embedded PGlite instance.
 * PGlite is a single backend, so the "pool" is one connection guarded by a FIFO lock:
 * a transaction holds the lock from BEGIN to COMMIT, so no other query can interleave.
 * Consequence: inside `kysely.transaction()` use the `trx` handle only — a query on the
 * outer `kysely` handle would wait for the transaction that is waiting for it.
 */
export class PGliteDialect implements Dialect {
  /** `lock` is shared with Database.exec/copyRows so raw statements never interleave with a transaction. */
  constructor(
    private readonly pglite: PGlite,
    private readonly lock: ConnectionLock = new ConnectionLock(),
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.lock);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

export class ConnectionLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => released);
    return acquired;
  }

  /** Runs `work` while holding the lock. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const command = result.command?.toUpperCase();
    const changesRows = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      numAffectedRows: changesRows ? BigInt(result.affectedRows ?? result.rowCount ?? 0) : undefined,
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over its query API; a stream is one chunk holding every row.
    yield await this.executeQuery<R>(compiledQuery);
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private releaseHolder: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly lock: ConnectionLock,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Only one holder at a time, so a single slot is enough for its release function.
    this.releaseHolder = await this.lock.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}${access}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(savepointName)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(savepointName)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(savepointName)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseHolder;
    this.releaseHolder = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    // The PGlite instance is owned (and closed) by Database.close().
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
