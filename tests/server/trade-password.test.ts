import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TRADE_PASSWORD_LOCK_MS } from '../../server/src/constants';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig, requireTradePasswordPepper, testConfig } from '../../server/src/config';
import { offsetClock } from '../../server/src/domain/clock';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword, legacyScryptHash, verifyPassword } from '../../server/src/services/password-hash';
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
const pepper = DEV_TRADE_PASSWORD_PEPPER;

before(async () => {
  ({ db, drop } = await createTestDatabase());
  hash = hashPassword('258036', pepper);
});
after(async () => drop());

async function user(withPassword: boolean | string = true): Promise<number> {
  phone += 1;
  const row = await db.kysely
    .insertInto('users')
    .values({ telephone: `1370000${String(phone).padStart(4, '0')}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (withPassword)
    await db.kysely
      .insertInto('trade_passwords')
      .values({ user_id: row.id, hash: typeof withPassword === 'string' ? withPassword : hash, created_at: now, updated_at: now })
      .execute();
  return row.id;
}

describe('verifyTradePassword', () => {
  test('not set, right, wrong with the tries left, unreadable without counting', async () => {
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId: await user(false), password: '258036', now, pepper }), {
      ok: false,
      reason: 'not_set',
    });
    const userId = await user();
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now, pepper }), { ok: true });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '000123', now, pepper }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 4,
    });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: undefined, now, pepper }), {
      ok: false,
      reason: 'unreadable',
    });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '000123', now, pepper }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 3,
    });
  });

  test('the fifth wrong try locks for 3 hours, even the right password waits; the count restarts after', async () => {
    const userId = await user();
    for (let i = 4; i >= 1; i -= 1) {
      assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '111111', now, pepper }), {
        ok: false,
        reason: 'wrong',
        remainingTries: i,
      });
    }
    const until = new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '111111', now, pepper }), {
      ok: false,
      reason: 'locked',
      lockedUntil: until,
    });
    const later = new Date(until.getTime() - 1000);
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now: later, pepper }), {
      ok: false,
      reason: 'locked',
      lockedUntil: until,
    });
    assert.deepEqual(
      await verifyTradePassword(db.kysely, { userId, password: undefined, now: later, pepper }),
      { ok: false, reason: 'locked', lockedUntil: until },
      'the lock is told before the password is read',
    );
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now: until, pepper }), { ok: true });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '111111', now: until, pepper }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 4,
    });
  });

  test('inside a transaction the try belongs to it: committed, it counts; rolled back, it does not', async () => {
    const userId = await user();
    await db.kysely.transaction().execute(async (trx) => {
      assert.deepEqual(await verifyTradePassword(trx, { userId, password: '000000', now, pepper }), {
        ok: false,
        reason: 'wrong',
        remainingTries: 4,
      });
    });
    await assert.rejects(
      db.kysely.transaction().execute(async (trx) => {
        assert.deepEqual(await verifyTradePassword(trx, { userId, password: '000000', now, pepper }), {
          ok: false,
          reason: 'wrong',
          remainingTries: 3,
        });
        throw new Error('the trade failed');
      }),
      /the trade failed/,
    );
    assert.deepEqual(
      await verifyTradePassword(db.kysely, { userId, password: '000000', now, pepper }),
      { ok: false, reason: 'wrong', remainingTries: 3 },
      'the rolled-back try was not counted',
    );
  });

  test('parallel wrong guesses cannot pass five', async () => {
    const userId = await user();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => verifyTradePassword(db.kysely, { userId, password: '999999', now, pepper })),
    );
    assert.equal(answers.filter((a) => !a.ok && a.reason === 'wrong').length, 4);
    assert.ok(answers.every((a) => !a.ok && (a.reason === 'wrong' || a.reason === 'locked')));
    assert.equal((await verifyTradePassword(db.kysely, { userId, password: '258036', now, pepper })).ok, false, 'locked');
  });
});

async function storedHash(userId: number): Promise<string> {
  return (await db.kysely.selectFrom('trade_passwords').select('hash').where('user_id', '=', userId).executeTakeFirstOrThrow()).hash;
}

describe('the stored form: HMAC-SHA256 under the pepper, a salt per user', () => {
  test('right and wrong; the same password of two users is stored differently; another pepper verifies nothing', async () => {
    const a = hashPassword('258036', pepper);
    const b = hashPassword('258036', pepper);
    assert.match(a, /^hmac\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    assert.notEqual(a, b, 'a salt per user');
    assert.deepEqual(await verifyPassword('258036', a, pepper), { ok: true });
    assert.deepEqual(await verifyPassword('258037', a, pepper), { ok: false });
    // Someone holding the table but not the pepper cannot test a guess (here: the right one) against it.
    assert.deepEqual(await verifyPassword('258036', a, Buffer.from('x'.repeat(32))), { ok: false });
    assert.deepEqual(await verifyPassword('258036', 'garbage', pepper), { ok: false });
    assert.deepEqual(await verifyPassword('258036', 'scrypt$3$8$1$AA==$AA==', pepper), { ok: false }, 'an impossible scrypt N');
  });

  test('a former scrypt hash: a wrong password counts a try and keeps it; the right one is accepted once and stored as HMAC', async () => {
    // Production's former parameters (N=2^15, r=8: the slow check this replaces), once.
    const legacy = await legacyScryptHash('258036');
    assert.match(legacy, /^scrypt\$32768\$8\$1\$/);
    const userId = await user(legacy);
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '000123', now, pepper }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 4,
    });
    assert.equal(await storedHash(userId), legacy, 'a wrong password changes nothing but the count');
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now, pepper }), { ok: true });
    const migrated = await storedHash(userId);
    assert.match(migrated, /^hmac\$/);
    assert.deepEqual(await verifyPassword('258036', migrated, pepper), { ok: true });
    // The count restarted with the right password, and the new form keeps working (and the old is gone).
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '000123', now, pepper }), {
      ok: false,
      reason: 'wrong',
      remainingTries: 4,
    });
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now, pepper }), { ok: true });
    assert.equal(await storedHash(userId), migrated, 'an HMAC hash is not stored again');
  });

  test('a former hash under lock stays locked, and is not migrated by a right password during the lock', async () => {
    const legacy = await legacyScryptHash('258036', { N: 16, r: 1, p: 1 });
    const userId = await user(legacy);
    for (let i = 0; i < 5; i += 1) await verifyTradePassword(db.kysely, { userId, password: '111111', now, pepper });
    const answer = await verifyTradePassword(db.kysely, { userId, password: '258036', now, pepper });
    assert.equal(answer.ok === false && answer.reason, 'locked');
    assert.equal(await storedHash(userId), legacy);
  });

  test('rehash: false (a change of the password, which replaces it anyway) accepts without storing', async () => {
    const legacy = await legacyScryptHash('258036', { N: 16, r: 1, p: 1 });
    const userId = await user(legacy);
    assert.deepEqual(await verifyTradePassword(db.kysely, { userId, password: '258036', now, pepper, rehash: false }), { ok: true });
    assert.equal(await storedHash(userId), legacy);
  });
});

describe('the pepper: TRADE_PASSWORD_PEPPER or TRADE_PASSWORD_PEPPER_FILE', () => {
  const secret = 'f'.repeat(64);

  test('production without one refuses to start; development and tests use the public development pepper', async () => {
    const production = loadConfig({ NODE_ENV: 'production' }, '/srv/app');
    assert.equal(production.tradePasswordPepper, undefined);
    assert.throws(
      () => requireTradePasswordPepper(production),
      /TRADE_PASSWORD_PEPPER \(or TRADE_PASSWORD_PEPPER_FILE\) is required in production/,
    );
    await assert.rejects(
      buildApp({
        db,
        clock: offsetClock(TEST_NOW, { frozen: true }),
        config: { ...testConfig(), nodeEnv: 'production', tradePasswordPepper: undefined },
      }),
      /TRADE_PASSWORD_PEPPER/,
    );
    assert.deepEqual(loadConfig({}, '/srv/app').tradePasswordPepper, DEV_TRADE_PASSWORD_PEPPER);
    assert.deepEqual(loadConfig({ NODE_ENV: 'test' }, '/srv/app').tradePasswordPepper, DEV_TRADE_PASSWORD_PEPPER);
  });

  test('from the variable or from a file; too short, both at once or an unreadable file refused', () => {
    assert.deepEqual(loadConfig({ NODE_ENV: 'production', TRADE_PASSWORD_PEPPER: ` ${secret} ` }).tradePasswordPepper, Buffer.from(secret));
    const dir = mkdtempSync(join(tmpdir(), 'pepper-'));
    writeFileSync(join(dir, 'pepper'), `${secret}\n`);
    assert.deepEqual(
      loadConfig({ NODE_ENV: 'production', TRADE_PASSWORD_PEPPER_FILE: 'pepper' }, dir).tradePasswordPepper,
      Buffer.from(secret),
    );
    assert.throws(() => loadConfig({ NODE_ENV: 'production', TRADE_PASSWORD_PEPPER: 'short' }), /at least 32 characters/);
    assert.throws(() => loadConfig({ TRADE_PASSWORD_PEPPER: secret, TRADE_PASSWORD_PEPPER_FILE: 'pepper' }, dir), /both set: keep one/);
    assert.throws(() => loadConfig({ TRADE_PASSWORD_PEPPER_FILE: 'missing' }, dir), /TRADE_PASSWORD_PEPPER_FILE missing: ENOENT/);
  });
});
