import type { Kysely } from 'kysely';
import type { AgreementId } from '../../../src/lib/agreements';
import type { ServiceTopic } from '../../../src/lib/service-message';
import type { DB } from '../db/types';
import type { PersonalDataCipher } from './personal-data';

/**
 * The agreements an investor accepted (evidence kept at least 20 years, never updated: docs/PRIVACY in the privacy
 * policy) and the customer-service messages (issue 17, migration 0009). Each takes the database as a parameter.
 */

export interface AcceptanceRecord {
  agreementId: AgreementId;
  version: string;
  context: string;
  acceptedAt: Date;
}

/** Records the versions accepted; a version already recorded keeps its first time (a retried call changes nothing). */
export async function recordAcceptances(
  kysely: Kysely<DB>,
  opts: { userId: number; accepted: ReadonlyMap<AgreementId, string>; context: string; ip: string; now: Date },
): Promise<void> {
  const rows = [...opts.accepted].map(([agreementId, version]) => ({
    user_id: opts.userId,
    agreement_id: agreementId,
    version,
    context: opts.context,
    ip: opts.ip,
    accepted_at: opts.now,
  }));
  if (rows.length === 0) return;
  await kysely
    .insertInto('agreement_acceptances')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'agreement_id', 'version']).doNothing())
    .execute();
}

/** The investor's acceptances, newest first. */
export async function listAcceptances(kysely: Kysely<DB>, userId: number): Promise<AcceptanceRecord[]> {
  const rows = await kysely
    .selectFrom('agreement_acceptances')
    .select(['agreement_id', 'version', 'context', 'accepted_at'])
    .where('user_id', '=', userId)
    .orderBy('accepted_at', 'desc')
    .orderBy('agreement_id')
    .execute();
  return rows.map((row) => ({ agreementId: row.agreement_id, version: row.version, context: row.context, acceptedAt: row.accepted_at }));
}

/** Stores a customer-service message (the contact encrypted); answers its id, the ticket the user is told. */
export async function saveServiceMessage(
  kysely: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number | null; topic: ServiceTopic; message: string; contact: string; ip: string; now: Date },
): Promise<number> {
  const row = await kysely
    .insertInto('service_messages')
    .values({
      user_id: opts.userId,
      topic: opts.topic,
      message: opts.message,
      contact_encrypted: cipher.encrypt(opts.contact),
      ip: opts.ip,
      created_at: opts.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
