import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SMS_CODE_LENGTH, SMS_CODE_MAX_TRIES, SMS_CODE_TTL_MS, SMS_DAILY_MAX_PER_PHONE, SMS_RESEND_MS } from '../constants';
import type { SmsPurpose } from '../db/account-types';
import type { DB } from '../db/types';
import { shanghaiDate } from '../domain/clock';
import type { PersonalDataCipher } from './personal-data';
import type { SmsProvider } from './sms';

/**
 * Verification codes in Postgres (docs/DEPLOY.md: servers stay stateless): 4 digits, valid 5 minutes,
 * single use, dead after 5 tries; a new code replaces the previous one of the same purpose and phone.
 * Resends are throttled per phone and requester (30 s apart, 10 a Shanghai day for each requester, so a stranger
 * cannot spend the owner's budget) with one atomic upsert, so two instances cannot both send. The tables hold a
 * keyed digest of the phone, never the number (a bank card's reserved phone is personal data).
 */

const hashCode = (salt: string, code: string): string => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** What the SMS tables keep of a phone: HMAC-SHA256 under the personal-data key (equality lookups only). */
export function phoneDigest(cipher: Pick<PersonalDataCipher, 'digest'>, telephone: string): string {
  return cipher.digest('sms-phone', telephone);
}

export type IssueResult =
  /** Sent; the next send to this phone is allowed after `resendAfterSeconds` (SMS_RESEND_MS). */
  | { ok: true; code: string; expiresAt: Date; resendAfterSeconds: number }
  | { ok: false; reason: 'wait'; seconds: number }
  | { ok: false; reason: 'daily' };

export interface IssueRequest {
  purpose: SmsPurpose;
  telephone: string;
  voice: boolean;
  /** Who asks: the client key of the request (http/client-address.ts clientKey); each has its own daily budget. */
  ip: string;
  /** bank: the user asking (only they can use the code). */
  userId?: number;
  /** bank: what the code vouches for (a digest of the card), checked again on use. */
  contextHash?: string;
  now: Date;
}

export async function issueCode(
  kysely: Kysely<DB>,
  sms: SmsProvider,
  cipher: Pick<PersonalDataCipher, 'digest'>,
  request: IssueRequest,
): Promise<IssueResult> {
  const { purpose, telephone, now } = request;
  const digest = phoneDigest(cipher, telephone);
  const requester = request.ip.slice(0, 64);
  const day = shanghaiDate(now);
  const earliest = new Date(now.getTime() - SMS_RESEND_MS);
  // Claims the send slot of this requester: inserts, or updates only when its last send is old enough and its
  // count of today allows.
  const claimed = await sql<{ day_count: number }>`
    INSERT INTO sms_throttle (purpose, phone_digest, requester, last_sent_at, day, day_count)
    VALUES (${purpose}, ${digest}, ${requester}, ${now}, ${day}, 1)
    ON CONFLICT (purpose, phone_digest, requester) DO UPDATE SET
      last_sent_at = EXCLUDED.last_sent_at,
      day = EXCLUDED.day,
      day_count = CASE WHEN sms_throttle.day = EXCLUDED.day THEN sms_throttle.day_count + 1 ELSE 1 END
    WHERE sms_throttle.last_sent_at <= ${earliest}
      AND (sms_throttle.day <> EXCLUDED.day OR sms_throttle.day_count < ${SMS_DAILY_MAX_PER_PHONE})
    RETURNING day_count`.execute(kysely);
  if (claimed.rows.length === 0) {
    const row = await kysely
      .selectFrom('sms_throttle')
      .select(['last_sent_at', 'day', 'day_count'])
      .where('purpose', '=', purpose)
      .where('phone_digest', '=', digest)
      .where('requester', '=', requester)
      .executeTakeFirst();
    const waitMs = row ? row.last_sent_at.getTime() + SMS_RESEND_MS - now.getTime() : 0;
    if (waitMs > 0) return { ok: false, reason: 'wait', seconds: Math.ceil(waitMs / 1000) };
    return { ok: false, reason: 'daily' };
  }

  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const salt = randomBytes(12).toString('base64url');
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MS);
  await kysely.transaction().execute(async (trx) => {
    // Housekeeping on the way: codes dead for a day are of no use to anyone (index on expires_at), nor are this
    // phone's throttles of earlier days.
    await trx
      .deleteFrom('sms_codes')
      .where('expires_at', '<', new Date(now.getTime() - 86_400_000))
      .execute();
    await trx.deleteFrom('sms_throttle').where('purpose', '=', purpose).where('phone_digest', '=', digest).where('day', '<', day).execute();
    await trx
      .updateTable('sms_codes')
      .set({ dead_at: now })
      .where('purpose', '=', purpose)
      .where('phone_digest', '=', digest)
      .where('used_at', 'is', null)
      .where('dead_at', 'is', null)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        purpose,
        phone_digest: digest,
        user_id: request.userId ?? null,
        context_hash: request.contextHash ?? null,
        code_salt: salt,
        code_hash: hashCode(salt, code),
        voice: request.voice,
        ip: requester,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  });
  await sms.send({ telephone, code, voice: request.voice, sentAt: now, purpose });
  return { ok: true, code, expiresAt, resendAfterSeconds: SMS_RESEND_MS / 1000 };
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'wrong'; remaining: number } | { ok: false; reason: 'invalid' };

export interface VerifyRequest {
  purpose: SmsPurpose;
  telephone: string;
  code: string;
  userId?: number;
  contextHash?: string;
  now: Date;
}

/**
 * Checks a code. Each try is counted *before* the comparison (an atomic increment that also refuses
 * a dead, used or expired code), so parallel guesses cannot get past the 5 tries.
 */
export async function verifyCode(
  kysely: Kysely<DB>,
  cipher: Pick<PersonalDataCipher, 'digest'>,
  request: VerifyRequest,
): Promise<VerifyResult> {
  const { now } = request;
  let query = kysely
    .selectFrom('sms_codes')
    .select(['id', 'code_salt', 'code_hash', 'user_id', 'context_hash'])
    .where('purpose', '=', request.purpose)
    .where('phone_digest', '=', phoneDigest(cipher, request.telephone))
    .where('used_at', 'is', null)
    .where('dead_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  if (request.userId !== undefined) query = query.where('user_id', '=', request.userId);
  const row = await query.executeTakeFirst();
  if (!row || (request.contextHash !== undefined && row.context_hash !== request.contextHash)) {
    return { ok: false, reason: 'invalid' };
  }
  const counted = await kysely
    .updateTable('sms_codes')
    .set((eb) => ({
      tries: eb('tries', '+', 1),
      dead_at: sql<Date | null>`CASE WHEN tries + 1 >= ${SMS_CODE_MAX_TRIES} THEN ${now}::timestamptz ELSE NULL END`,
    }))
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('dead_at', 'is', null)
    .where('tries', '<', SMS_CODE_MAX_TRIES)
    .returning('tries')
    .executeTakeFirst();
  if (!counted) return { ok: false, reason: 'invalid' };

  const given = Buffer.from(hashCode(row.code_salt, request.code));
  const expected = Buffer.from(row.code_hash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    // The last try may have marked it dead; a right code on that try still counts.
    const used = await kysely
      .updateTable('sms_codes')
      .set({ used_at: now, dead_at: null })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return used ? { ok: true } : { ok: false, reason: 'invalid' };
  }
  const remaining = SMS_CODE_MAX_TRIES - counted.tries;
  return remaining > 0 ? { ok: false, reason: 'wrong', remaining } : { ok: false, reason: 'invalid' };
}
