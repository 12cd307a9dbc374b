import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TRADE_PASSWORD_LOCK_MS } from '../../server/src/constants';
import { hashPassword } from '../../server/src/services/password-hash';
import { verifyTradePassword } from '../../server/src/services/trade-password';
import { createTestDatabase, TEST_NOW } from './helpers';
import type { Database } from '../../server/src/db/database';

// services/trade-password.ts on its own: the one check buying, selling and cancelling call (the route's answers
// are covered by account-opening.test.ts and the golden public-answers.test.ts).

let db: Database;
let drop: () => Promise<void>;
let hash: string;
let phone = 0;
const now = new Date(TEST_NOW);

before(async () => {
  ({ db, drop } = await createTestDatabase());
  hash = await hashPassword('258036');
});
after(async () => drop());

async function user(withPassword = true): Promise<number> {
  phone += 1;
  const row = await db.kysely
    .insertInto('users')
    .values({ telephone: `1370000${String(phone).padStart(4, '0')}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (withPassword)
    await db.kysely.insertInto('trade_passwords').values({ user_id: row.id, hash, created_at: now, updated_at: now }).execute();
  return row.id;
}

describe('verifyTradePassword', () => {
  test('not set, right, wrong with the tries left, unreadable without counting', async () => {
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId: await user(false), password: '258036', now }), {
      ok: false,
      reason: 'not_set',
    });
    const userId = await user();
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now }), { ok: true });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '000123', now }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 4,
    });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: undefined, now }), { ok: false, reason: 'unreadable' });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '000123', now }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 3,
    });
  });

  test('the fifth wrong try locks for 3 hours, even the right password waits; the count restarts after', async () => {
    const userId = await user();
    for (let i = 4; i >= 1; i -= 1) {
      assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '111111', now }), {
        ok: false,
        reason: 'wrong',
        remainingTries: i,
      });
    }
    const until = new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '111111', now }), {
      ok: false,
      reason: 'locked',
      lockedUntil: until,
    });
    const later = new Date(until.getTime() - 1000);
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now: later }), {
      ok: false,
      reason: 'locked',
      lockedUntil: until,
    });
    assert.deepEqual(
      await verifyTradePassword(db.kysely, { userId, password: undefined, now: later }),
      { ok: false, reason: 'locked', lockedUntil: until },
      'the lock is told before the password is read',
    );
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now: until }), { ok: true });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '111111', now: until }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 4,
    });
  });

  test('inside a transaction the try belongs to it: committed, it counts; rolled back, it does not', async () => {
    const userId = await user();
    await db.kysely.transaction().execute(async (trx) => {
      assert.deepEqual(await verifyTradePassword(trx, { userId, password: '000000', now }), {
        ok: false,
        reason: 'wrong',
        remainingTries: 4,
      });
    });
    await assert.rejects(
      db.kysely.transaction().execute(async (trx) => {
        assert.deepEqual(await verifyTradePassword(trx, { userId, password: '000000', now }), {
          ok: false,
          reason: 'wrong',
          remainingTries: 3,
        });
        throw new Error('the trade failed');
      }),
      /the trade failed/,
    );
    assert.deepEqual(
      await verifyTradePassword(db.kysely, { userId, password: '000000', now }),
      { ok: false, reason: 'wrong', remainingTries: 3 },
      'the rolled-back try was not counted',
    );
  });

  test('parallel wrong guesses cannot pass five', async () => {
    const userId = await user();
    const answers = await Promise.all(Array.from({ length: 8 }, () => verifyTradePassword(db.kysely, { userId, password: '999999', now })));
    assert.equal(answers.filter((a) => !a.ok && a.reason === 'wrong').length, 4);
    assert.ok(answers.every((a) => !a.ok && (a.reason === 'wrong' || a.reason === 'locked')));
    assert.equal((await verifyTradePassword(db.kysely, { userId, password: '258036', now })).ok, false, 'locked');
  });
});
