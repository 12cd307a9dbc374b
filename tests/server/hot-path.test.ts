// The order hot path's building blocks (issue 22 §3): the natural batcher (db/batcher.ts), the RSA thread
// (services/rsa-thread.ts, behind ServerKeys.decryptTextAsync) and the transaction opened in one round trip.
import assert from 'node:assert/strict';
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { batcher } from '../../server/src/db/batcher';
import { openDatabase, transactionInOneTrip } from '../../server/src/db/database';
import { rsaThread } from '../../server/src/services/rsa-thread';
import { pkcs1Unpad, rsaPkcs1Decrypt } from '../../server/src/services/rsa';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('an idle batcher runs an item at once, alone; what arrives meanwhile makes the next batch, up to maxBatch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const b = batcher<number, number>({
      maxBatch: 3,
      maxInFlight: 1,
      run: async (items) => {
        batches.push(items);
        await new Promise<void>((resolve) => (release = resolve));
        return items.map((n) => ({ ok: true, value: n * 10 }));
      },
    });
    const first = b.add(1);
    const rest = [2, 3, 4, 5, 6].map((n) => b.add(n));
    assert.deepEqual(batches, [[1]], 'the first ran alone, at once');
    release();
    assert.equal(await first, 10);
    await tick();
    assert.deepEqual(batches, [[1], [2, 3, 4]]);
    release();
    await tick();
    assert.deepEqual(batches, [[1], [2, 3, 4], [5, 6]]);
    release();
    assert.deepEqual(await Promise.all(rest), [20, 30, 40, 50, 60]);
    assert.equal(b.stats.largest, 3);
  });

  it('items of one key never share a batch; each item gets its own outcome; a throw answers the whole batch', async () => {
    const batches: string[][] = [];
    const b = batcher<string, string>({
      maxBatch: 10,
      maxInFlight: 1,
      keyOf: (s) => s[0],
      run: async (items) => {
        batches.push(items);
        await tick();
        if (items.includes('boom')) throw new Error('batch failed');
        return items.map((s) => (s.endsWith('!') ? { ok: false, error: new Error(s) } : { ok: true, value: s.toUpperCase() }));
      },
    });
    const items = ['x', 'a1', 'a2!', 'b1', 'a3', 'c'];
    const outcomes = await Promise.allSettled(items.map((s) => b.add(s)));
    assert.deepEqual(batches, [['x'], ['a1', 'b1', 'c'], ['a2!'], ['a3']]);
    const value = (i: number) => (outcomes[i] as PromiseFulfilledResult<string>).value;
    assert.deepEqual([0, 1, 3, 4, 5].map(value), ['X', 'A1', 'B1', 'A3', 'C']);
    assert.equal(((outcomes[2] as PromiseRejectedResult).reason as Error).message, 'a2!');
    // A batch that throws: every item of it gets the error (the order path then places those alone: services/trading.ts).
    batches.length = 0;
    const failing = await Promise.allSettled(['x', 'boom', 'y'].map((s) => b.add(s)));
    assert.deepEqual(batches, [['x'], ['boom', 'y']]);
    assert.equal(failing[0]?.status, 'fulfilled');
    for (const outcome of failing.slice(1)) assert.equal(((outcome as PromiseRejectedResult).reason as Error).message, 'batch failed');
  });

  it('runs at most maxInFlight batches at once', async () => {
    let running = 0;
    let most = 0;
    const b = batcher<number, number>({
      maxBatch: 2,
      maxInFlight: 2,
      run: async (items) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        await tick();
        running -= 1;
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    assert.deepEqual(
      await Promise.all(Array.from({ length: 11 }, (_, i) => b.add(i))),
      Array.from({ length: 11 }, (_, i) => i),
    );
    assert.equal(most, 2);
  });
});

describe('the RSA thread', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const encrypt = (text: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text, 'utf8'));

  it('decrypts what the main thread decrypts, many at once, and refuses what it refuses; after close, on the main thread', async () => {
    const thread = rsaThread(privateKey, pem);
    try {
      const texts = Array.from({ length: 20 }, (_, i) => `${100000 + i}`);
      const blocks = await Promise.all(texts.map((text) => thread.decrypt(encrypt(text))));
      assert.deepEqual(
        blocks.map((block) => pkcs1Unpad(block as Buffer)?.toString('utf8')),
        texts,
      );
      const ciphertext = encrypt('135790');
      assert.deepEqual(pkcs1Unpad((await thread.decrypt(ciphertext)) as Buffer), rsaPkcs1Decrypt(privateKey, ciphertext));
      // Longer than the modulus: the key refuses it, on either thread.
      assert.equal(await thread.decrypt(Buffer.alloc(300, 7)), undefined);
      const open = thread.decrypt(encrypt('246801'));
      await thread.close();
      assert.equal(pkcs1Unpad((await open) as Buffer)?.toString('utf8'), '246801', 'what was open when it closed');
      assert.equal(pkcs1Unpad((await thread.decrypt(encrypt('975310'))) as Buffer)?.toString('utf8'), '975310', 'after close');
    } finally {
      await thread.close();
    }
  });
});

describe('a transaction in one round trip (db/database.ts transactionInOneTrip)', () => {
  const url = process.env.TEST_DATABASE_URL;
  it(
    'opens, locks and reads in one trip on PostgreSQL, the values written as literals exactly; commits, or rolls back on a throw',
    { skip: !url },
    async () => {
      const db = await openDatabase({ databaseUrl: url as string, poolSize: 2 });
      const table = `one_trip_${process.pid}`;
      try {
        await db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, note text)`);
        // Values an attacker would try: quotes, backslashes, a parameter's name, the marks, NUL-free unicode, arrays of them.
        const texts = ["it's", 'back\\slash', '$1 and $2', '/* prepared */ /* one trip */', "'); DROP TABLE users; --", '现金宝 ¥', ''];
        const at = new Date('2026-11-30T07:00:00.123Z');
        const rows = await transactionInOneTrip<
          Array<{ t: string[]; n: number[]; d: Date; b: boolean; z: null }>,
          { t: string[]; n: number[]; d: Date; b: boolean; z: null }
        >(
          db,
          () => [
            sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (1, ${texts[0]})`,
            sql`SELECT ${texts}::text[] AS t, ${[1, -2, 3_000_000_000]}::bigint[] AS n, ${at}::timestamptz AS d, ${true}::boolean AS b, ${null}::text AS z`,
          ],
          async (_conn, opened) => ({
            result: opened,
            // The closing writes travel with the COMMIT.
            closing: [sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (3, ${texts[3]}), (4, ${texts[4]})`],
          }),
        );
        assert.deepEqual(rows[0]?.t, texts);
        assert.deepEqual(rows[0]?.n.map(Number), [1, -2, 3_000_000_000]);
        assert.equal(rows[0]?.d.toISOString(), at.toISOString());
        assert.equal(rows[0]?.b, true);
        assert.equal(rows[0]?.z, null);
        // Committed, the opening's write and the closing's.
        assert.deepEqual((await sql<{ note: string }>`SELECT note FROM ${sql.table(table)} ORDER BY id`.execute(db.kysely)).rows, [
          { note: "it's" },
          { note: texts[3] },
          { note: texts[4] },
        ]);
        // A throw in the work rolls the opening back too, and the connection is usable after.
        await assert.rejects(
          transactionInOneTrip(
            db,
            () => [sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (2, 'x')`],
            async () => {
              throw new Error('refused');
            },
          ),
          /refused/,
        );
        // So does an error in the opening itself.
        await assert.rejects(
          transactionInOneTrip(
            db,
            () => [sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (1, 'again')`],
            async () => ({ result: 1 }),
          ),
        );
        // And a closing statement that fails: the statements after it and the COMMIT do not run.
        await assert.rejects(
          transactionInOneTrip(
            db,
            () => [sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (5, 'opened')`],
            async () => ({
              result: 1,
              closing: [
                sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (6, 'before')`,
                sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (3, 'taken')`,
                sql`INSERT INTO ${sql.table(table)} (id, note) VALUES (7, 'after')`,
              ],
            }),
          ),
          /duplicate key/,
        );
        assert.deepEqual((await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} ORDER BY id`.execute(db.kysely)).rows, [
          { id: 1 },
          { id: 3 },
          { id: 4 },
        ]);
        // The connections are usable after all of it.
        assert.equal(
          await transactionInOneTrip(
            db,
            () => [sql`SELECT 1`],
            async () => ({ result: 'ok' }),
          ),
          'ok',
        );
      } finally {
        await db.exec(`DROP TABLE IF EXISTS ${table}`);
        await db.close();
      }
    },
  );
});
