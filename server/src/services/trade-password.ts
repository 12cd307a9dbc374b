// The trade password: set once after certification, checked before every trade. Five wrong tries in a row lock
// it for three hours (TRADE_PASSWORD_MAX_TRIES, TRADE_PASSWORD_LOCK_MS). Buying, selling and cancelling must call
// verifyTradePassword, the one check, exactly as POST /djapi/account/trade-password/verify does.
import type { Kysely, Transaction } from 'kysely';
import { validateNewTradePassword } from '../../../src/lib/validators';
import type { CommonMessageKey } from '../../../src/locales/messages/common';
import { TRADE_PASSWORD_LOCK_MS, TRADE_PASSWORD_MAX_TRIES } from '../constants';
import type { DB } from '../db/types';
import { hashPassword, verifyPassword, type Pepper } from './password-hash';
import type { PersonalDataCipher } from './personal-data';

export type TradePasswordCheck =
  | { ok: true }
  /** The user has no trade password yet. */
  | { ok: false; reason: 'not_set' }
  /** Locked (now, or by this very try, the fifth wrong one) until `lockedUntil`. */
  | { ok: false; reason: 'locked'; lockedUntil: Date }
  /** The password could not be read (the encrypted field did not decrypt); no try is counted. */
  | { ok: false; reason: 'unreadable' }
  /** Wrong; `remainingTries` (1–4) before the lock. */
  | { ok: false; reason: 'wrong'; remainingTries: number };

/**
 * Checks `password` (already decrypted; undefined when it did not decrypt) against the user's trade password at
 * `now`. In order: not set → locked → unreadable → the try is counted → right (the count restarts) or wrong (the
 * fifth wrong try in a row locks it for 3 hours).
 *
 * `db` is the database or a transaction. The try is counted with an atomic update before the comparison (an HMAC
 * under `pepper`, microseconds; services/password-hash.ts), so parallel guesses cannot pass five. Called inside a
 * transaction, the count is part of it: a caller that rolls back on a refusal also rolls back the counted try, so a
 * trade must commit (or check before its transaction) when the answer is not `ok`. A right password still stored in
 * the former scrypt form is stored again in the HMAC form (unless `rehash` is false: the caller replaces it anyway).
 */
export async function verifyTradePassword(
  db: Kysely<DB>,
  opts: { userId: number; password: string | undefined; now: Date; pepper: Pepper; rehash?: boolean },
): Promise<TradePasswordCheck> {
  const { userId, now } = opts;
  const row = await db.selectFrom('trade_passwords').select(['hash', 'locked_until']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ok: false, reason: 'not_set' };
  if (row.locked_until && row.locked_until > now) return { ok: false, reason: 'locked', lockedUntil: row.locked_until };
  if (opts.password === undefined) return { ok: false, reason: 'unreadable' };
  // The try is counted before the (slow) comparison, so parallel guesses cannot pass 5.
  const counted = await db
    .updateTable('trade_passwords')
    .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1), locked_until: null }))
    .where('user_id', '=', userId)
    .where('failed_tries', '<', TRADE_PASSWORD_MAX_TRIES)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('failed_tries')
    .executeTakeFirst();
  if (!counted) {
    // Another request used the last try meanwhile (or locked it).
    const current = await db.selectFrom('trade_passwords').select('locked_until').where('user_id', '=', userId).executeTakeFirst();
    const lockedUntil =
      current?.locked_until && current.locked_until > now ? current.locked_until : new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
    return { ok: false, reason: 'locked', lockedUntil };
  }
  const verdict = await verifyPassword(opts.password, row.hash, opts.pepper);
  if (verdict.ok) {
    const rehash = opts.rehash !== false && verdict.rehash !== undefined;
    await db
      .updateTable('trade_passwords')
      .set(rehash ? { failed_tries: 0, hash: verdict.rehash! } : { failed_tries: 0 })
      .where('user_id', '=', userId)
      .execute();
    return { ok: true };
  }
  const remainingTries = TRADE_PASSWORD_MAX_TRIES - counted.failed_tries;
  if (remainingTries > 0) return { ok: false, reason: 'wrong', remainingTries };
  const lockedUntil = new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
  await db
    .updateTable('trade_passwords')
    .set({ failed_tries: 0, locked_until: lockedUntil, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  return { ok: false, reason: 'locked', lockedUntil };
}

/** A trade password's row, as the order path reads it under the investor's lock. */
export interface TradePasswordRow {
  hash: string;
  locked_until: Date | null;
  failed_tries: number;
}

export type LockedPasswordCheck =
  /** Right: `reset` is the update a right password makes (the count back to 0, a former hash stored as HMAC), as a
   * statement to run in the caller's write (a common table expression), or null when nothing changes. */
  | { ok: true; reset: ReturnType<typeof resetQuery> | null }
  | Extract<TradePasswordCheck, { reason: 'not_set' | 'locked' | 'unreadable' }>
  /** Wrong, or a row the quick check does not decide: verifyTradePassword must count it (and the caller commit). */
  | { ok: false; reason: 'count' };

function resetQuery(trx: Transaction<DB>, userId: number, hash: string | undefined) {
  return trx
    .updateTable('trade_passwords')
    .set(hash === undefined ? { failed_tries: 0, locked_until: null } : { failed_tries: 0, locked_until: null, hash })
    .where('user_id', '=', userId);
}

/**
 * verifyTradePassword's check on a row read under the investor's row lock (the order path: services/trading.ts
 * placeBuy), writing nothing itself. It answers what needs no write now — not set, locked, unreadable — and a right
 * password (its reset for the caller's write); a wrong one answers `count`: the caller then runs verifyTradePassword
 * in the same transaction, which counts the try atomically (so parallel guesses still cannot pass five, whoever
 * else checks the password meanwhile) and compares again, and commits that count before it refuses.
 */
export async function checkLockedTradePassword(
  trx: Transaction<DB>,
  row: TradePasswordRow | null,
  opts: { userId: number; password: string | undefined; now: Date; pepper: Pepper },
): Promise<LockedPasswordCheck> {
  const { now } = opts;
  if (!row) return { ok: false, reason: 'not_set' };
  if (row.locked_until && row.locked_until > now) return { ok: false, reason: 'locked', lockedUntil: row.locked_until };
  if (opts.password === undefined) return { ok: false, reason: 'unreadable' };
  if (row.failed_tries >= TRADE_PASSWORD_MAX_TRIES) return { ok: false, reason: 'count' };
  const verdict = await verifyPassword(opts.password, row.hash, opts.pepper);
  if (!verdict.ok) return { ok: false, reason: 'count' };
  const unchanged = row.failed_tries === 0 && row.locked_until === null && verdict.rehash === undefined;
  return { ok: true, reset: unchanged ? null : resetQuery(trx, opts.userId, verdict.rehash) };
}

export type SetTradePasswordResult =
  | { ok: true }
  | { ok: false; reason: 'not_certified' | 'already_set' | 'unreadable' }
  /** Too weak: one digit repeated, a run, the birth date (the app's validation message key). */
  | { ok: false; reason: 'weak'; message: CommonMessageKey };

/**
 * Sets the user's trade password (once, after certification): six digits, not one digit repeated, not a run,
 * not the birth date of the certified ID; then the account is open for trading (users.open_trade).
 * `password` is already decrypted (undefined when it did not decrypt); `cipher` reads the stored ID number.
 */
export async function setTradePassword(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; password: string | undefined; now: Date; pepper: Pepper },
): Promise<SetTradePasswordResult> {
  const { userId, now } = opts;
  const identity = await db.selectFrom('user_identities').select('id_no_encrypted').where('user_id', '=', userId).executeTakeFirst();
  if (!identity) return { ok: false, reason: 'not_certified' };
  const existing = await db.selectFrom('trade_passwords').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) return { ok: false, reason: 'already_set' };
  if (opts.password === undefined) return { ok: false, reason: 'unreadable' };
  const valid = validateNewTradePassword(opts.password, { idCard: cipher.decrypt(identity.id_no_encrypted) });
  if (!valid.ok) return { ok: false, reason: 'weak', message: valid.reason };
  const hash = hashPassword(opts.password, opts.pepper);
  const inserted = await db
    .insertInto('trade_passwords')
    .values({ user_id: userId, hash, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (!inserted) return { ok: false, reason: 'already_set' };
  await db.updateTable('users').set({ open_trade: true }).where('id', '=', userId).execute();
  return { ok: true };
}
