// The privacy policy's retention periods (src/features/legal/documents/privacy.ts, section 2 "保存期限"), applied once
// per business date by the daily job 'retention' (jobs/retention.ts). Every cut-off is computed from the business
// date alone, never from the wall clock, so a second run for the same date deletes nothing more (idempotent per
// date) and a catch-up run over past dates deletes only what had expired by each of them.
//
// | what                                   | kept                                                  |
// |----------------------------------------|-------------------------------------------------------|
// | login tokens (sessions)                | until they expire (≤ 120 days), deleted the day after |
// | WeChat identities waiting for a phone  | until they expire (30 minutes), deleted the day after |
// | device keys                            | until they expire (2 days unused), deleted the day after |
// | SMS code digests, login attempts        | until they expire (5 minutes), deleted the day after  |
// | resend throttles, rate-limit counters  | their day / window                                    |
// | usage statistics (analytics_events)    | 2 years                                               |
// | customer-service messages              | 3 years after staff answered or closed them           |
// | a closed account's records             | 20 years after the closing, then deleted with the user |
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { addCalendarDays, type IsoDate } from '../domain/calendar';

export const RETENTION = {
  /** Expired tokens, codes, devices and waiting identities: deleted once a full day has passed since they expired. */
  expiredGraceDays: 1,
  analyticsYears: 2,
  serviceMessageYears: 3,
  closedAccountYears: 20,
} as const;

export interface RetentionReport {
  sessions: number;
  thirdparty_pending: number;
  devices: number;
  sms_codes: number;
  sms_throttle: number;
  rate_limits: number;
  analytics_events: number;
  service_messages: number;
  closed_accounts: number;
}

/** 00:00 in Shanghai of a business date, as an instant. */
function shanghaiMidnight(date: IsoDate): Date {
  return new Date(`${date}T00:00:00+08:00`);
}

/** The same calendar day `years` earlier (29 February → 28 February). */
export function yearsBefore(date: IsoDate, years: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}` as IsoDate;
}

const count = (result: { numDeletedRows: bigint } | undefined) => Number(result?.numDeletedRows ?? 0n);

/**
 * The tables of one closed user, in an order the foreign keys allow (users' own cascade takes the rest): everything
 * the account left behind once its 20 years are over.
 */
const CLOSED_USER_TABLES = [
  'ledger_transfers',
  'order_lots',
  'lots',
  'orders',
  'mmf_income',
  'aip_runs',
  'aip_plans',
  'bank_payments',
  'bank_card_days',
  'holding_options',
  'agreement_acceptances',
  'service_messages',
] as const;

/** Deletes what the policy keeps no longer, as of business date `date`. Answers how many rows of each went. */
export async function applyRetention(db: Kysely<DB>, date: IsoDate): Promise<RetentionReport> {
  const expiredBefore = shanghaiMidnight(addCalendarDays(date, -RETENTION.expiredGraceDays));
  const midnight = shanghaiMidnight(date);
  const report: RetentionReport = {
    sessions: count(await db.deleteFrom('sessions').where('expires_at', '<', expiredBefore).executeTakeFirst()),
    thirdparty_pending: count(await db.deleteFrom('thirdparty_pending').where('expires_at', '<', expiredBefore).executeTakeFirst()),
    devices: count(await db.deleteFrom('devices').where('expires_at', '<', expiredBefore).executeTakeFirst()),
    sms_codes: count(await db.deleteFrom('sms_codes').where('expires_at', '<', expiredBefore).executeTakeFirst()),
    sms_throttle: count(await db.deleteFrom('sms_throttle').where('day', '<', date).executeTakeFirst()),
    // Counters are timed by the app clock or by the database's (plugins/rate-limit-store.ts): a window ended by both.
    rate_limits: count(
      await db
        .deleteFrom('rate_limits')
        .where('reset_at', '<', sql<Date>`least(${midnight}, now())`)
        .executeTakeFirst(),
    ),
    analytics_events: count(
      await db
        .deleteFrom('analytics_events')
        .where('occurred_at', '<', shanghaiMidnight(yearsBefore(date, RETENTION.analyticsYears)))
        .executeTakeFirst(),
    ),
    service_messages: count(
      await db
        .deleteFrom('service_messages')
        .where('status', 'in', ['answered', 'closed'])
        .where('handled_at', '<', shanghaiMidnight(yearsBefore(date, RETENTION.serviceMessageYears)))
        .executeTakeFirst(),
    ),
    closed_accounts: 0,
  };

  const expired = await db
    .selectFrom('users')
    .select('id')
    .where('status', '=', 'closed')
    .where('closed_at', '<', shanghaiMidnight(yearsBefore(date, RETENTION.closedAccountYears)))
    .execute();
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      for (const table of CLOSED_USER_TABLES) await trx.deleteFrom(table).where('user_id', '=', id).execute();
      // user_identities, bank_cards, risk_assessments, personal_income, sessions, … go with the user (ON DELETE CASCADE).
      await trx.deleteFrom('users').where('id', '=', id).where('status', '=', 'closed').execute();
    });
    report.closed_accounts += 1;
  }
  return report;
}
