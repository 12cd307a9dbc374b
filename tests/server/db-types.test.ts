// The Kysely table types (server/src/db/*-types.ts) against the database the migrations build: every table and
// column the types name exists, every column of the database is typed, and each column's TypeScript type fits its
// SQL type and nullability (read through the TypeScript compiler, so a drifted hand-written type fails here).
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import ts from 'typescript';
import { createTestDatabase } from './helpers';
import type { Database } from '../../server/src/db/database';

const TYPES_FILE = resolve(import.meta.dirname, '../../server/src/db/types.ts');
/** Tables only raw SQL touches (COPY targets of the NAV import, shaped LIKE their real tables): no Kysely type. */
const UNTYPED = new Set(['fund_nav_staging', 'fund_derived_staging', 'schema_migrations_lock']);

interface TypedColumn {
  /** The select type's parts, e.g. ['string', 'null']. */
  parts: string[];
  optional: boolean;
}

/** Tables → columns → the select type's parts, read from the DB interface. */
function typedTables(): Map<string, Map<string, TypedColumn>> {
  const program = ts.createProgram([TYPES_FILE], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES_FILE);
  assert.ok(source, 'types.ts compiles');
  const db = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB');
  assert.ok(db, 'interface DB');
  const dbType = checker.getTypeAtLocation(db.name);
  const tables = new Map<string, Map<string, TypedColumn>>();
  for (const table of checker.getPropertiesOfType(dbType)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, db);
    const columns = new Map<string, TypedColumn>();
    for (const column of checker.getPropertiesOfType(tableType)) {
      let type = checker.getTypeOfSymbolAtLocation(column, db);
      // ColumnType<S, I, U> / Generated<S>: the select type is __select__.
      const select = type.getProperty?.('__select__') ?? type.getNonNullableType().getProperty?.('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, db);
      const parts = (type.isUnion() ? type.types : [type]).map((t) => checker.typeToString(t));
      columns.set(column.name, { parts, optional: (column.flags & ts.SymbolFlags.Optional) !== 0 });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** What a SQL type reads as through database.ts's parsers. */
function expectedKind(dataType: string): (part: string) => boolean {
  const isString = (p: string) => p === 'string' || /^".*"$/.test(p) || /^'.*'$/.test(p);
  switch (dataType) {
    case 'bigint':
    case 'integer':
    case 'smallint':
    case 'double precision':
    case 'real':
      return (p) => p === 'number';
    case 'numeric':
    case 'text':
    case 'character':
    case 'character varying':
    case 'date':
      return isString;
    case 'boolean':
      return (p) => p === 'boolean' || p === 'true' || p === 'false';
    case 'timestamp with time zone':
      return (p) => p === 'Date';
    case 'jsonb':
    case 'json':
      return () => true;
    default:
      return () => false;
  }
}

describe('table types match the migrations', () => {
  let db: Database;
  let drop: () => Promise<void>;
  before(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  after(async () => drop());

  it('every table and column, with a type that fits its SQL type and nullability', async () => {
    const rows = (
      await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
        SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(db.kysely)
    ).rows;
    const database = new Map<string, typeof rows>();
    for (const row of rows) database.set(row.table_name, [...(database.get(row.table_name) ?? []), row]);
    const typed = typedTables();
    const problems: string[] = [];
    for (const [table, columns] of typed) {
      const actual = database.get(table);
      if (!actual) {
        problems.push(`${table}: typed but not in the database`);
        continue;
      }
      for (const [column, type] of columns) {
        const row = actual.find((r) => r.column_name === column);
        if (!row) {
          problems.push(`${table}.${column}: typed but not in the database`);
          continue;
        }
        const nonNull = type.parts.filter((p) => p !== 'null' && p !== 'undefined');
        const fits = expectedKind(row.data_type);
        if (!nonNull.every(fits)) problems.push(`${table}.${column}: ${row.data_type} typed as ${type.parts.join(' | ')}`);
        const typedNullable = type.parts.includes('null');
        if ((row.is_nullable === 'YES') !== typedNullable && !row.data_type.startsWith('json')) {
          problems.push(
            `${table}.${column}: ${row.is_nullable === 'YES' ? 'nullable' : 'NOT NULL'} but typed as ${type.parts.join(' | ')}`,
          );
        }
      }
      for (const row of actual)
        if (!columns.has(row.column_name)) problems.push(`${table}.${row.column_name}: in the database but not typed`);
    }
    for (const table of database.keys())
      if (!typed.has(table) && !UNTYPED.has(table)) problems.push(`${table}: in the database but has no type`);
    assert.deepEqual(problems, []);
  });
});
