// Counting the SQL statements a request runs (tests of the order path's budget, issue 22): a copy of a Database whose
// Kysely sends every statement — BEGIN and COMMIT included, which Kysely runs outside its plugins — through a counter.
import { CompiledQuery, Kysely, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';
import { ONE_TRIP_MARK, type Database } from '../../server/src/db/database';
import type { DB } from '../../server/src/db/types';

export interface StatementLog {
  /** Every statement's SQL, in order, since the last clear(). */
  readonly statements: string[];
  clear(): void;
  commits(): number;
}

/** `db` with the same connections, every statement recorded in the log. */
export function countingDatabase(db: Database): { db: Database; log: StatementLog } {
  const statements: string[] = [];
  const executor = db.kysely.getExecutor();
  // A list sent in one round trip (db/database.ts transactionInOneTrip: statements joined by ';\n' after its mark)
  // counts as the statements it holds.
  const record = (text: string) => statements.push(...(text.startsWith(ONE_TRIP_MARK) ? text.split(';\n') : [text]));
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery(query) {
      record(query.sql);
      return connection.executeQuery(query);
    },
    streamQuery(query, chunkSize) {
      record(query.sql);
      return connection.streamQuery(query, chunkSize);
    },
  });
  const counted = executor.withConnectionProvider({
    provideConnection: (consumer) => executor.provideConnection((connection) => consumer(wrap(connection))),
  });
  // Transactions as both drivers (pg's and ours for PGlite) run them: statements on the connection, so counted too.
  const run = (connection: DatabaseConnection, text: string) => connection.executeQuery(CompiledQuery.raw(text)).then(() => undefined);
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: () => Promise.reject(new Error('statement-count: connections come from the wrapped executor')),
    beginTransaction: (connection, settings: TransactionSettings) =>
      run(connection, `begin${settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''}`),
    commitTransaction: (connection) => run(connection, 'commit'),
    rollbackTransaction: (connection) => run(connection, 'rollback'),
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const kysely = new Kysely<DB>({ config: { dialect: {} }, executor: counted, driver, dialect: {} } as never);
  return {
    db: { ...db, kysely },
    log: {
      statements,
      clear: () => statements.splice(0),
      commits: () => statements.filter((s) => /^\s*(\/\*[^*]*\*\/\s*)?commit\b/i.test(s)).length,
    },
  };
}
