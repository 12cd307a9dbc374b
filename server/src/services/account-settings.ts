// Account settings after opening (docs/PRODUCT.md §7.3 "Account settings"): change the trade password (the old one
// counts toward the lock of services/trade-password.ts), reset it with a code to the bank card's reserved phone and
// the ID number, change the login phone with a code to the old phone and one to the new. Every function works on the
// given user's own rows only.
//
// A step that proved something (the reset's code and ID, the old phone's code) answers a *ticket*: the expiry and a
// keyed digest of the action, the user, the session and what the proof was about (the current password hash, the
// current phone). Nothing is stored; the ticket dies with its 10 minutes, with the session, and as soon as the
// password or the phone it was about changes — so it works once.
import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { validateMainlandMobile, validateNewTradePassword } from '../../../src/lib/validators';
import type { CommonMessageKey } from '../../../src/locales/messages/common';
import type { DB } from '../db/types';
import { maskTelephone } from '../domain/masks';
import { hashPassword, type Pepper } from './password-hash';
import type { PersonalDataCipher } from './personal-data';
import type { SmsProvider } from './sms';
import { verifyTradePassword } from './trade-password';
import { issueCode, verifyCode, type IssueResult } from './verification-codes';

/** How long a step's ticket is good for. */
export const SETTINGS_TICKET_TTL_MS = 10 * 60 * 1000;

export type SettingsCodeAction = 'reset_password' | 'phone_old' | 'phone_new';
type TicketAction = 'reset_password' | 'phone_old';

// ---- tickets -------------------------------------------------------------------------------------------------------

interface TicketScope {
  action: TicketAction;
  userId: number;
  /** The session's token hash: a ticket is no good in another session. */
  sessionKey: string;
  /** What the proof was about: the trade password's hash, or the phone. */
  binding: string;
}

function ticketDigest(cipher: Pick<PersonalDataCipher, 'digest'>, scope: TicketScope, expiresMs: number): string {
  return cipher.digest('settings-ticket', [scope.action, scope.userId, scope.sessionKey, scope.binding, expiresMs].join('\u0000'));
}

export function issueTicket(cipher: Pick<PersonalDataCipher, 'digest'>, scope: TicketScope, now: Date): string {
  const expiresMs = now.getTime() + SETTINGS_TICKET_TTL_MS;
  return `${expiresMs}.${ticketDigest(cipher, scope, expiresMs)}`;
}

export function ticketValid(
  cipher: Pick<PersonalDataCipher, 'digest'>,
  ticket: string | undefined,
  scope: TicketScope,
  now: Date,
): boolean {
  const match = /^(\d{13})\.([\w-]{16,128})$/.exec(ticket ?? '');
  if (!match) return false;
  const expiresMs = Number(match[1]);
  if (!(expiresMs > now.getTime()) || expiresMs > now.getTime() + SETTINGS_TICKET_TTL_MS) return false;
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(ticketDigest(cipher, scope, expiresMs));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a code of an action vouches for (sms_codes.context_hash): the action, and the new phone for phone_new. */
const codeContext = (cipher: Pick<PersonalDataCipher, 'digest'>, action: SettingsCodeAction, extra = '') =>
  cipher.digest('settings-code', `${action}:${extra}`);

// ---- reads ---------------------------------------------------------------------------------------------------------

interface AccountRows {
  telephone: string;
  idNoHmac: string | null;
  idNoEncrypted: string | null;
  card: {
    id: number;
    bankCode: string;
    cardTail: string;
    reservedPhoneEncrypted: string;
    reservedPhoneMasked: string;
    verifiedAt: Date;
  } | null;
  passwordHash: string | null;
}

async function accountRows(db: Kysely<DB>, userId: number): Promise<AccountRows | undefined> {
  const user = await db
    .selectFrom('users')
    .leftJoin('user_identities', 'user_identities.user_id', 'users.id')
    .leftJoin('trade_passwords', 'trade_passwords.user_id', 'users.id')
    .select(['users.telephone', 'user_identities.id_no_hmac', 'user_identities.id_no_encrypted', 'trade_passwords.hash'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const card = await db
    .selectFrom('bank_cards')
    .select(['id', 'bank_code', 'card_tail', 'reserved_phone_encrypted', 'reserved_phone_masked', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy('verified_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    telephone: user.telephone,
    idNoHmac: user.id_no_hmac,
    idNoEncrypted: user.id_no_encrypted,
    card: card
      ? {
          id: Number(card.id),
          bankCode: card.bank_code,
          cardTail: card.card_tail,
          reservedPhoneEncrypted: card.reserved_phone_encrypted,
          reservedPhoneMasked: card.reserved_phone_masked,
          verifiedAt: card.verified_at,
        }
      : null,
    passwordHash: user.hash,
  };
}

export interface SettingsCard {
  id: number;
  bankCode: string;
  cardTail: string;
  reservedPhoneMasked: string;
  boundAt: Date;
}

export interface SettingsView {
  telephoneMasked: string;
  card: SettingsCard | null;
  hasTradePassword: boolean;
}

/** What the settings page shows of the account (the limits and today's use come from the bank). */
export async function settingsView(db: Kysely<DB>, userId: number): Promise<SettingsView | undefined> {
  const rows = await accountRows(db, userId);
  if (!rows) return undefined;
  return {
    telephoneMasked: maskTelephone(rows.telephone),
    card: rows.card
      ? {
          id: rows.card.id,
          bankCode: rows.card.bankCode,
          cardTail: rows.card.cardTail,
          reservedPhoneMasked: rows.card.reservedPhoneMasked,
          boundAt: rows.card.verifiedAt,
        }
      : null,
    hasTradePassword: rows.passwordHash !== null,
  };
}

// ---- codes ---------------------------------------------------------------------------------------------------------

export type SendSettingsCodeResult =
  | (Extract<IssueResult, { ok: true }> & { telephoneMasked: string })
  | Extract<IssueResult, { ok: false }>
  | { ok: false; reason: 'not_certified' | 'not_set' | 'ticket_invalid' | 'same_phone' | 'phone_taken' };

/**
 * Sends the code of a settings step: reset_password → the bank card's reserved phone; phone_old → the login phone;
 * phone_new → the new phone, only with the old phone's ticket, and never to a phone of another account.
 */
export async function sendSettingsCode(
  db: Kysely<DB>,
  sms: SmsProvider,
  cipher: PersonalDataCipher,
  opts: { userId: number; sessionKey: string; action: SettingsCodeAction; newTelephone?: string; ticket?: string; ip: string; now: Date },
): Promise<SendSettingsCodeResult> {
  const { userId, action, now } = opts;
  const rows = await accountRows(db, userId);
  if (!rows) return { ok: false, reason: 'not_certified' };
  let telephone: string;
  let extra = '';
  if (action === 'reset_password') {
    if (!rows.card || !rows.idNoHmac) return { ok: false, reason: 'not_certified' };
    if (rows.passwordHash === null) return { ok: false, reason: 'not_set' };
    telephone = cipher.decrypt(rows.card.reservedPhoneEncrypted);
  } else if (action === 'phone_old') {
    telephone = rows.telephone;
  } else {
    const scope = { action: 'phone_old' as const, userId, sessionKey: opts.sessionKey, binding: rows.telephone };
    if (!ticketValid(cipher, opts.ticket, scope, now)) return { ok: false, reason: 'ticket_invalid' };
    telephone = opts.newTelephone ?? '';
    const refused = await newPhoneRefusal(db, userId, rows.telephone, telephone);
    if (refused) return { ok: false, reason: refused };
    extra = telephone;
  }
  const issued = await issueCode(db, sms, cipher, {
    purpose: 'account',
    telephone,
    voice: false,
    ip: opts.ip,
    userId,
    contextHash: codeContext(cipher, action, extra),
    now,
  });
  return issued.ok ? { ...issued, telephoneMasked: maskTelephone(telephone) } : issued;
}

async function newPhoneRefusal(
  db: Kysely<DB>,
  userId: number,
  current: string,
  telephone: string,
): Promise<'same_phone' | 'phone_taken' | null> {
  if (telephone === current) return 'same_phone';
  const other = await db.selectFrom('users').select('id').where('telephone', '=', telephone).where('id', '<>', userId).executeTakeFirst();
  return other ? 'phone_taken' : null;
}

type CodeRefusal = { ok: false; reason: 'code_wrong'; remaining: number } | { ok: false; reason: 'code_invalid' };

async function checkCode(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; telephone: string; code: string; action: SettingsCodeAction; extra?: string; now: Date },
): Promise<{ ok: true } | CodeRefusal> {
  const verified = await verifyCode(db, cipher, {
    purpose: 'account',
    telephone: opts.telephone,
    code: opts.code,
    userId: opts.userId,
    contextHash: codeContext(cipher, opts.action, opts.extra),
    now: opts.now,
  });
  if (verified.ok) return { ok: true };
  return verified.reason === 'wrong'
    ? { ok: false, reason: 'code_wrong', remaining: verified.remaining }
    : { ok: false, reason: 'code_invalid' };
}

// ---- the trade password --------------------------------------------------------------------------------------------

type NewPasswordRefusal = { ok: false; reason: 'unreadable' } | { ok: false; reason: 'weak'; message: CommonMessageKey };

function newPasswordRefusal(cipher: PersonalDataCipher, rows: AccountRows, password: string | undefined): NewPasswordRefusal | null {
  if (password === undefined) return { ok: false, reason: 'unreadable' };
  const idCard = rows.idNoEncrypted ? cipher.decrypt(rows.idNoEncrypted) : undefined;
  const valid = validateNewTradePassword(password, { idCard });
  return valid.ok ? null : { ok: false, reason: 'weak', message: valid.reason };
}

async function storePassword(
  db: Kysely<DB>,
  userId: number,
  previousHash: string,
  password: string,
  now: Date,
  pepper: Pepper,
): Promise<boolean> {
  const hash = hashPassword(password, pepper);
  const updated = await db
    .updateTable('trade_passwords')
    .set({ hash, failed_tries: 0, locked_until: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('hash', '=', previousHash)
    .returning('user_id')
    .executeTakeFirst();
  return updated !== undefined;
}

export type ChangeTradePasswordResult =
  | { ok: true }
  | NewPasswordRefusal
  | { ok: false; reason: 'not_set' | 'same' | 'conflict' }
  | { ok: false; reason: 'locked'; lockedUntil: Date }
  | { ok: false; reason: 'wrong'; remainingTries: number };

/**
 * Old password + new: the new one is checked first (readable, six digits, not simple, not the birthday), then the old
 * one exactly as a trade checks it (a wrong one is a try toward the 3-hour lock; a locked password cannot be changed,
 * only reset), then the new one must differ from it.
 */
export async function changeTradePassword(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; oldPassword: string | undefined; newPassword: string | undefined; now: Date; pepper: Pepper },
): Promise<ChangeTradePasswordResult> {
  const { userId, now } = opts;
  const rows = await accountRows(db, userId);
  if (!rows?.passwordHash) return { ok: false, reason: 'not_set' };
  const refused = newPasswordRefusal(cipher, rows, opts.newPassword);
  if (refused) return refused;
  // rehash: false — the hash is replaced below only if it is still the one read (a former-form hash included).
  const check = await verifyTradePassword(db, { userId, password: opts.oldPassword, now, pepper: opts.pepper, rehash: false });
  if (!check.ok)
    return check.reason === 'wrong'
      ? check
      : check.reason === 'locked'
        ? check
        : { ok: false, reason: check.reason === 'not_set' ? 'not_set' : 'unreadable' };
  if (opts.oldPassword === opts.newPassword) return { ok: false, reason: 'same' };
  return (await storePassword(db, userId, rows.passwordHash, opts.newPassword!, now, opts.pepper))
    ? { ok: true }
    : { ok: false, reason: 'conflict' };
}

export type ResetVerifyResult =
  | { ok: true; ticket: string }
  | CodeRefusal
  | { ok: false; reason: 'not_certified' | 'not_set' | 'id_mismatch' };

/**
 * The reset's proof: the code sent to the reserved phone, then the ID number of the account. The code is checked first
 * and used up by a right answer, so each guess of the ID costs a new code (10 a day).
 */
export async function verifyPasswordReset(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; sessionKey: string; code: string; idNo: string; now: Date },
): Promise<ResetVerifyResult> {
  const { userId, now } = opts;
  const rows = await accountRows(db, userId);
  if (!rows?.card || !rows.idNoHmac) return { ok: false, reason: 'not_certified' };
  if (rows.passwordHash === null) return { ok: false, reason: 'not_set' };
  const telephone = cipher.decrypt(rows.card.reservedPhoneEncrypted);
  const code = await checkCode(db, cipher, { userId, telephone, code: opts.code, action: 'reset_password', now });
  if (!code.ok) return code;
  if (cipher.digest('id-no', opts.idNo) !== rows.idNoHmac) return { ok: false, reason: 'id_mismatch' };
  return {
    ok: true,
    ticket: issueTicket(cipher, { action: 'reset_password', userId, sessionKey: opts.sessionKey, binding: rows.passwordHash }, now),
  };
}

export type ResetTradePasswordResult = { ok: true } | NewPasswordRefusal | { ok: false; reason: 'not_set' | 'ticket_invalid' };

/** The reset's new password, with the ticket of verifyPasswordReset; the lock and the count of wrong tries go. */
export async function resetTradePassword(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; sessionKey: string; ticket: string | undefined; password: string | undefined; now: Date; pepper: Pepper },
): Promise<ResetTradePasswordResult> {
  const { userId, now } = opts;
  const rows = await accountRows(db, userId);
  if (!rows?.passwordHash) return { ok: false, reason: 'not_set' };
  const scope = { action: 'reset_password' as const, userId, sessionKey: opts.sessionKey, binding: rows.passwordHash };
  if (!ticketValid(cipher, opts.ticket, scope, now)) return { ok: false, reason: 'ticket_invalid' };
  const refused = newPasswordRefusal(cipher, rows, opts.password);
  if (refused) return refused;
  return (await storePassword(db, userId, rows.passwordHash, opts.password!, now, opts.pepper))
    ? { ok: true }
    : { ok: false, reason: 'ticket_invalid' };
}

// ---- the phone -----------------------------------------------------------------------------------------------------

/** The old phone's code → the ticket that lets a code go to a new phone. */
export async function verifyOldPhone(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; sessionKey: string; code: string; now: Date },
): Promise<{ ok: true; ticket: string } | CodeRefusal | { ok: false; reason: 'not_found' }> {
  const { userId, now } = opts;
  const rows = await accountRows(db, userId);
  if (!rows) return { ok: false, reason: 'not_found' };
  const code = await checkCode(db, cipher, { userId, telephone: rows.telephone, code: opts.code, action: 'phone_old', now });
  if (!code.ok) return code;
  return {
    ok: true,
    ticket: issueTicket(cipher, { action: 'phone_old', userId, sessionKey: opts.sessionKey, binding: rows.telephone }, now),
  };
}

export type ChangePhoneResult =
  | { ok: true; telephoneMasked: string }
  | CodeRefusal
  | { ok: false; reason: 'not_found' | 'ticket_invalid' | 'same_phone' | 'phone_taken' };

/**
 * The new phone with its code and the old phone's ticket. The sessions stay (they belong to the user, not the phone);
 * the next SMS login uses the new number.
 */
export async function changeTelephone(
  db: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; sessionKey: string; ticket: string | undefined; telephone: string; code: string; now: Date },
): Promise<ChangePhoneResult> {
  const { userId, telephone, now } = opts;
  if (!validateMainlandMobile(telephone).ok) return { ok: false, reason: 'ticket_invalid' };
  const rows = await accountRows(db, userId);
  if (!rows) return { ok: false, reason: 'not_found' };
  const scope = { action: 'phone_old' as const, userId, sessionKey: opts.sessionKey, binding: rows.telephone };
  if (!ticketValid(cipher, opts.ticket, scope, now)) return { ok: false, reason: 'ticket_invalid' };
  const refused = await newPhoneRefusal(db, userId, rows.telephone, telephone);
  if (refused) return { ok: false, reason: refused };
  const code = await checkCode(db, cipher, { userId, telephone, code: opts.code, action: 'phone_new', extra: telephone, now });
  if (!code.ok) return code;
  try {
    const updated = await db
      .updateTable('users')
      .set({ telephone })
      .where('id', '=', userId)
      .where('telephone', '=', rows.telephone)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return { ok: false, reason: 'ticket_invalid' };
  } catch (error) {
    // Someone logged in with that phone meanwhile: the unique index decides.
    if ((error as { code?: string }).code === '23505') return { ok: false, reason: 'phone_taken' };
    throw error;
  }
  return { ok: true, telephoneMasked: maskTelephone(telephone) };
}
