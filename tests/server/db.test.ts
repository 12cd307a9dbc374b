import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../server/src/db/database';
import { templatePath } from '../../server/src/db/pglite-template';
import { migrate } from '../../server/src/db/migrate';
import { createTestDatabase, testDatabaseKind } from './helpers';

let db: Database;
let drop: () => Promise<void>;
before(async () => {
  ({ db, drop } = await createTestDatabase());
});
after(async () => {
  await drop();
});

describe(`database (${testDatabaseKind()})`, () => {
  test('migrations are recorded and a second run applies nothing', async () => {
    const names = await db.kysely.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    assert.ok(names.some((row) => row.name === '0001_platform.sql'));
    assert.deepEqual(await migrate(db), []);
  });

  test('a failing migration rolls back completely and is not recorded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(join(dir, '9001_ok.sql'), 'CREATE TABLE zz_ok (id int);');
      writeFileSync(join(dir, '9002_bad.sql'), 'CREATE TABLE zz_half (id int);\nSELECT * FROM no_such_table;');
      await assert.rejects(migrate(db, dir), /9002_bad\.sql failed/);
      const recorded = await db.kysely.selectFrom('schema_migrations').select('name').where('name', 'like', '900%').execute();
      assert.deepEqual(recorded, [{ name: '9001_ok.sql' }]);
      const half = await sql<{ t: string | null }>`SELECT to_regclass('zz_half')::text AS t`.execute(db.kysely);
      assert.equal(half.rows[0]?.t, null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.exec("DROP TABLE IF EXISTS zz_ok; DELETE FROM schema_migrations WHERE name LIKE '900%'");
    }
  });

  test('concurrent migrate calls apply each migration once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '9101_counter.sql'), 'CREATE TABLE zz_counter (id int); INSERT INTO zz_counter VALUES (1);');
      const results = await Promise.all([migrate(db, dir), migrate(db, dir), migrate(db, dir)]);
      assert.equal(results.flat().length, 1);
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM zz_counter`.execute(db.kysely);
      assert.equal(rows.rows[0]?.n, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.exec("DROP TABLE IF EXISTS zz_counter; DELETE FROM schema_migrations WHERE name LIKE '91%'");
    }
  });

  test('types: bigint ids as numbers, numeric as exact strings, date as YYYY-MM-DD, timestamptz as Date', async () => {
    const result = await sql<{ big: number; amount: string; day: string; at: Date }>`
      SELECT 9007199254740991::int8 AS big, 0.1::numeric + 0.2::numeric AS amount,
             '2025-02-28'::date AS day, '2025-03-04T02:00:00Z'::timestamptz AS at`.execute(db.kysely);
    const row = result.rows[0]!;
    assert.equal(row.big, 9007199254740991);
    assert.equal(row.amount, '0.3');
    assert.equal(row.day, '2025-02-28');
    assert.ok(row.at instanceof Date);
    assert.equal(row.at.toISOString(), '2025-03-04T02:00:00.000Z');
  });

  test('copyRows loads CSV-hostile values exactly (quotes, commas, newlines, NULL vs empty, unicode)', async () => {
    await db.exec('CREATE TABLE zz_copy (id int, name text, note text, active boolean, nav numeric(12,4))');
    try {
      const rows: Array<[number, string, string | null, boolean, string]> = [
        [1, 'Plain', null, true, '1.2345'],
        [2, 'Comma, "quoted"', '', false, '0.0001'],
        [3, 'Line\nbreak\r\nand \\ backslash', 'ünïcödé 沪深300 🚀', true, '12345678.9999'],
        [4, 'NULL', '\\N', false, '-0.5000'],
      ];
      const count = await db.copyRows('zz_copy', ['id', 'name', 'note', 'active', 'nav'], rows);
      assert.equal(count, 4);
      const back = await sql<{ id: number; name: string; note: string | null; active: boolean; nav: string }>`
        SELECT id, name, note, active, nav::text AS nav FROM zz_copy ORDER BY id`.execute(db.kysely);
      assert.deepEqual(
        back.rows.map((r) => [r.id, r.name, r.note, r.active, r.nav]),
        rows,
      );
      assert.equal(await db.copyRows('zz_copy', ['id'], []), 0);
    } finally {
      await db.exec('DROP TABLE zz_copy');
    }
  });

  test('copyRows is fast enough for a market load (100k rows)', async () => {
    await db.exec('CREATE TABLE zz_bulk (fund_code text, day date, nav numeric(12,4))');
    try {
      function* generate() {
        for (let i = 0; i < 100_000; i++) yield [String(i % 1000).padStart(6, '0'), '2025-01-02', (1 + i / 1e5).toFixed(4)];
      }
      const count = await db.copyRows('zz_bulk', ['fund_code', 'day', 'nav'], generate());
      assert.equal(count, 100_000);
      const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM zz_bulk`.execute(db.kysely);
      assert.equal(total.rows[0]?.n, 100_000);
    } finally {
      await db.exec('DROP TABLE zz_bulk');
    }
  });

  test('a failed transaction rolls back; queries issued during a transaction wait for it', async () => {
    const telephone = '13900000001';
    await assert.rejects(
      db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('users').values({ telephone }).execute();
        throw new Error('boom');
      }),
      /boom/,
    );
    const none = await db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).execute();
    assert.equal(none.length, 0);

    // Start a transaction, and while it is open read from outside it: the reader must not see
    // uncommitted rows (PGlite: it waits for the commit; PostgreSQL: another connection).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ telephone }).execute();
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reader = db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).execute();
    release();
    await transaction;
    const seen = await reader;
    assert.ok(seen.length <= 1);
    const committed = await db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).execute();
    assert.equal(committed.length, 1);
    await db.kysely.deleteFrom('users').where('telephone', '=', telephone).execute();
  });

  test('savepoints: a nested rollback keeps the outer work', async () => {
    const trx = await db.kysely.startTransaction().execute();
    await trx.insertInto('users').values({ telephone: '13900000002' }).execute();
    const savepoint = await trx.savepoint('inner').execute();
    await savepoint.insertInto('users').values({ telephone: '13900000003' }).execute();
    await savepoint.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const rows = await db.kysely.selectFrom('users').select('telephone').where('telephone', 'in', ['13900000002', '13900000003']).execute();
    assert.deepEqual(rows, [{ telephone: '13900000002' }]);
    await db.kysely.deleteFrom('users').where('telephone', '=', '13900000002').execute();
  });
});

describe('copyCsv and COPY FREEZE (both back ends)', () => {
  test('copyCsv loads ready CSV text and UTF-8 bytes; FREEZE works on a table truncated in the transaction', async () => {
    await db.exec('CREATE TABLE zz_csv (code text, day date, nav numeric(12,4))');
    try {
      await db.copyCsv('zz_csv', ['code', 'day', 'nav'], '000001,2025-01-02,1.0001\n');
      await db.copyCsv('zz_csv', ['code', 'day', 'nav'], new TextEncoder().encode('"沪深300",2025-01-03,1.0002\n'));
      await db.withConnection(async (connection) => {
        await connection.exec('BEGIN');
        await connection.exec('TRUNCATE zz_csv');
        await connection.copyCsv('zz_csv', ['code', 'day', 'nav'], '000002,2025-01-06,2.5000\n000003,2025-01-06,0\n', { freeze: true });
        await connection.exec('COMMIT');
      });
      const rows = await sql<{
        code: string;
        day: string;
        nav: string;
      }>`SELECT code, day, nav::text AS nav FROM zz_csv ORDER BY code`.execute(db.kysely);
      assert.deepEqual(
        rows.rows.map((r) => [r.code, r.day, r.nav]),
        [
          ['000002', '2025-01-06', '2.5000'],
          ['000003', '2025-01-06', '0.0000'],
        ],
      );
    } finally {
      await db.exec('DROP TABLE zz_csv');
    }
  });
});

describe('PGlite data directories: the initdb template', { skip: testDatabaseKind() !== 'pglite' }, () => {
  const root = mkdtempSync(join(tmpdir(), 'dj-template-'));
  const saved = { dir: process.env.PGLITE_TEMPLATE_DIR, on: process.env.PGLITE_TEMPLATE };
  before(() => {
    process.env.PGLITE_TEMPLATE_DIR = join(root, 'cache');
    delete process.env.PGLITE_TEMPLATE;
  });
  after(() => {
    if (saved.dir === undefined) delete process.env.PGLITE_TEMPLATE_DIR;
    else process.env.PGLITE_TEMPLATE_DIR = saved.dir;
    if (saved.on !== undefined) process.env.PGLITE_TEMPLATE = saved.on;
    rmSync(root, { recursive: true, force: true });
  });

  const open = async (name: string) => {
    const dataDir = join(root, name);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'server.pid'), 'my-lock');
    const opened = await openDatabase({ dataDir });
    return { opened, dataDir };
  };

  test('the first new directory runs initdb and keeps a template; the next starts from it, independent, lock kept', async () => {
    const first = await open('a');
    try {
      assert.equal(first.opened.created, 'initdb');
      assert.ok(existsSync(templatePath()!), 'template written');
      await migrate(first.opened);
      await first.opened.exec('CREATE TABLE zz_only_in_a (id int)');
    } finally {
      await first.opened.close();
    }
    const second = await open('b');
    try {
      assert.equal(second.opened.created, 'template');
      assert.equal(readFileSync(join(second.dataDir, 'server.pid'), 'utf8'), 'my-lock', 'our lock file, not the template maker’s');
      assert.ok((await migrate(second.opened)).includes('0001_platform.sql'), 'a pristine cluster: every migration applies');
      const other = await sql<{ t: string | null }>`SELECT to_regclass('zz_only_in_a')::text AS t`.execute(second.opened.kysely);
      assert.equal(other.rows[0]?.t, null);
      const wal = await sql<{ setting: string }>`SELECT setting FROM pg_settings WHERE name = 'wal_level'`.execute(second.opened.kysely);
      assert.equal(wal.rows[0]?.setting, 'minimal');
    } finally {
      await second.opened.close();
    }
    const reopened = await openDatabase({ dataDir: second.dataDir });
    try {
      assert.equal(reopened.created, undefined, 'an existing directory is just opened');
    } finally {
      await reopened.close();
    }
  });

  test('a template that does not start is discarded and initdb runs instead', async () => {
    writeFileSync(templatePath()!, 'not a tar.gz');
    const broken = await open('c');
    try {
      assert.equal(broken.opened.created, 'initdb');
      assert.equal(readFileSync(join(broken.dataDir, 'server.pid'), 'utf8'), 'my-lock');
      assert.deepEqual((await sql<{ one: number }>`SELECT 1 AS one`.execute(broken.opened.kysely)).rows, [{ one: 1 }]);
    } finally {
      await broken.opened.close();
    }
    assert.ok(readFileSync(templatePath()!).length > 100_000, 'a good template replaced the broken one');
  });
});
