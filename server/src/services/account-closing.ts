// Closing an account (注销账户, the privacy policy's "注销账户" and PIPL Art. 47: issue 17). Refused while the investor
// still has something with us: fund shares, a cash (现金宝) balance, pending orders, money or shares in transit, an
// auto-invest plan not stopped. A code to the login phone proves the owner (the account-settings pattern: purpose
// 'account', bound to the user and the action). On success, in one transaction under the user's row lock (the lock
// every trade takes, so no order slips in between the check and the closing):
// - the account is closed (users.status, closed_at) and every session of it ends;
// - the phone is freed for a new registration; an investor's number stays encrypted with the identity record;
// - what no law asks us to keep goes: the trade password, WeChat links, watchlist, dividend choices, pending codes;
// - what the law keeps 20 years after the relationship ends stays, marked closed: identity and bank cards, orders,
//   lots and the ledger, risk assessments, agreement acceptances (services/retention.ts deletes them after that).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { PersonalDataCipher } from './personal-data';
import type { SmsProvider } from './sms';
import { CASH_FUND_CODE } from './trading';
import { issueCode, verifyCode, type IssueResult } from './verification-codes';

/** Why an account cannot be closed yet, in the order the screen lists them. */
export const CLOSING_BLOCKERS = ['holdings', 'cash', 'pending_orders', 'in_transit', 'auto_invest'] as const;
export type ClosingBlocker = (typeof CLOSING_BLOCKERS)[number];

/** The prefix of a closed account's users.telephone: never a mainland mobile number, so it cannot log in. */
export const CLOSED_TELEPHONE_PREFIX = 'closed:';

type Db = Kysely<DB> | Transaction<DB>;

/** What still keeps the account open (empty: it may be closed). */
export async function closingBlockers(db: Db, userId: number): Promise<ClosingBlocker[]> {
  const [lots, pending, transit, unsettled, plans] = await Promise.all([
    db.selectFrom('lots').select(['fund_code']).where('user_id', '=', userId).where('volume', '>', 0).groupBy('fund_code').execute(),
    db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['submitted', 'paid'])
      .limit(1)
      .executeTakeFirst(),
    // Money or shares on their way: paid purchases, redemption proceeds and cash dividends not yet on the card,
    // shares frozen by a sale, money in the personal pension account (the ledger's internal accounts of this investor
    // with a balance).
    sql<{ account: string }>`
      SELECT account FROM (
        SELECT credit_account AS account, amount FROM ledger_transfers WHERE user_id = ${userId}
        UNION ALL
        SELECT debit_account, -amount FROM ledger_transfers WHERE user_id = ${userId}
      ) t
      WHERE account ~ '^((purchase|proceeds|dividend|selling):|pension$)'
      GROUP BY account HAVING sum(amount) <> 0
      LIMIT 1`.execute(db),
    db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('action', '=', '024')
      .where('status', '=', 'confirmed')
      .where('settled_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('aip_plans')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['running', 'paused'])
      .limit(1)
      .executeTakeFirst(),
  ]);
  const found = new Set<ClosingBlocker>();
  if (lots.some((l) => l.fund_code !== CASH_FUND_CODE)) found.add('holdings');
  if (lots.some((l) => l.fund_code === CASH_FUND_CODE)) found.add('cash');
  if (pending) found.add('pending_orders');
  if (transit.rows.length > 0 || unsettled) found.add('in_transit');
  if (plans) found.add('auto_invest');
  return CLOSING_BLOCKERS.filter((b) => found.has(b));
}

/** What the closing code vouches for (sms_codes.context_hash), like the settings codes' digests. */
const closeContext = (cipher: Pick<PersonalDataCipher, 'digest'>) => cipher.digest('settings-code', 'close_account:');

async function activeTelephone(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('telephone').where('id', '=', userId).where('status', '=', 'active').executeTakeFirst();
  return row?.telephone;
}

export type SendCloseCodeResult =
  | (Extract<IssueResult, { ok: true }> & { telephone: string })
  | Extract<IssueResult, { ok: false }>
  | { ok: false; reason: 'blocked'; blockers: ClosingBlocker[] }
  | { ok: false; reason: 'not_found' };

/** Texts the closing code to the login phone, unless something still keeps the account open. */
export async function sendCloseCode(
  db: Kysely<DB>,
  sms: SmsProvider,
  cipher: PersonalDataCipher,
  opts: { userId: number; ip: string; now: Date },
): Promise<SendCloseCodeResult> {
  const telephone = await activeTelephone(db, opts.userId);
  if (telephone === undefined) return { ok: false, reason: 'not_found' };
  const blockers = await closingBlockers(db, opts.userId);
  if (blockers.length > 0) return { ok: false, reason: 'blocked', blockers };
  const issued = await issueCode(db, sms, cipher, {
    purpose: 'account',
    telephone,
    voice: false,
    ip: opts.ip,
    userId: opts.userId,
    contextHash: closeContext(cipher),
    now: opts.now,
  });
  return issued.ok ? { ...issued, telephone } : issued;
}

export type CloseAccountResult =
  | { ok: true; closedAt: Date }
  | { ok: false; reason: 'blocked'; blockers: ClosingBlocker[] }
  | { ok: false; reason: 'code_wrong'; remaining: number }
  | { ok: false; reason: 'code_invalid' | 'not_found' };

/** Closes the account with the code sent by sendCloseCode (see the head of this file for what stays and what goes). */
export async function closeAccount(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; code: string; now: Date },
): Promise<CloseAccountResult> {
  const { userId, now } = opts;
  const telephone = await activeTelephone(db, userId);
  if (telephone === undefined) return { ok: false, reason: 'not_found' };
  // Refused before the code is spent: the investor can sell or stop, then use the same code.
  const before = await closingBlockers(db, userId);
  if (before.length > 0) return { ok: false, reason: 'blocked', blockers: before };
  const verified = await verifyCode(db, cipher, {
    purpose: 'account',
    telephone,
    code: opts.code,
    userId,
    contextHash: closeContext(cipher),
    now,
  });
  if (!verified.ok)
    return verified.reason === 'wrong'
      ? { ok: false, reason: 'code_wrong', remaining: verified.remaining }
      : { ok: false, reason: 'code_invalid' };

  return db.transaction().execute(async (trx): Promise<CloseAccountResult> => {
    // The row lock every trade takes (services/trading.ts lockUser): nothing is placed between the check and the close.
    const locked = await sql<{ status: string; telephone: string }>`
      SELECT status, telephone FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
    const row = locked.rows[0];
    if (!row || row.status !== 'active') return { ok: false, reason: 'not_found' };
    const blockers = await closingBlockers(trx, userId);
    if (blockers.length > 0) return { ok: false, reason: 'blocked', blockers };
    const identity = await trx.selectFrom('user_identities').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    await trx
      .updateTable('users')
      .set({
        status: 'closed',
        closed_at: now,
        telephone: `${CLOSED_TELEPHONE_PREFIX}${userId}`,
        // An investor's phone is part of the identity record kept 20 years; a visitor who never opened has none to keep.
        closed_telephone_encrypted: identity ? cipher.encrypt(row.telephone) : null,
      })
      .where('id', '=', userId)
      .execute();
    await trx.updateTable('user_identities').set({ closed_at: now }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('thirdparty_bindings').where('user_id', '=', userId).execute();
    await trx.deleteFrom('trade_passwords').where('user_id', '=', userId).execute();
    await trx.deleteFrom('watchlist').where('user_id', '=', userId).execute();
    await trx.deleteFrom('holding_options').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sms_codes').where('user_id', '=', userId).execute();
    return { ok: true, closedAt: now };
  });
}
