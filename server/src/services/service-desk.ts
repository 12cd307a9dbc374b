// The staff side of the customer-service form (issue 17): listing the messages with their contact decrypted, and
// marking one answered or closed (the privacy policy keeps a handled message 3 years: services/retention.ts). Only
// the staff routes (routes/ops.ts, behind OPERATOR_TOKEN) call this; nothing here is reachable by an investor.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { PersonalDataCipher } from './personal-data';

export type ServiceMessageStatus = 'new' | 'answered' | 'closed';

export interface StaffServiceMessage {
  id: number;
  ticket: string;
  userId: number | null;
  topic: string;
  message: string;
  contact: string;
  status: ServiceMessageStatus;
  createdAt: Date;
  handledAt: Date | null;
  staffNote: string | null;
}

export const serviceTicket = (id: number): string => `KF${String(id).padStart(8, '0')}`;

/** Messages of a status (or all), oldest first so the longest waiting come first; a page of them and the total. */
export async function listServiceMessages(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { status: ServiceMessageStatus | 'all'; page: number; size: number },
): Promise<{ total: number; items: StaffServiceMessage[] }> {
  let query = db.selectFrom('service_messages');
  if (opts.status !== 'all') query = query.where('status', '=', opts.status);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .offset((opts.page - 1) * opts.size)
    .limit(opts.size)
    .execute();
  return {
    total: Number(total.n),
    items: rows.map((row) => ({
      id: Number(row.id),
      ticket: serviceTicket(Number(row.id)),
      userId: row.user_id === null ? null : Number(row.user_id),
      topic: row.topic,
      message: row.message,
      contact: cipher.decrypt(row.contact_encrypted),
      status: row.status,
      createdAt: row.created_at,
      handledAt: row.handled_at,
      staffNote: row.staff_note,
    })),
  };
}

/** Marks a message answered or closed with the staff's note; false when there is no such message. */
export async function markServiceMessage(
  db: Kysely<DB>,
  opts: { id: number; status: 'answered' | 'closed'; note: string | null; now: Date },
): Promise<boolean> {
  const updated = await db
    .updateTable('service_messages')
    .set({ status: opts.status, handled_at: opts.now, staff_note: opts.note })
    .where('id', '=', opts.id)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
