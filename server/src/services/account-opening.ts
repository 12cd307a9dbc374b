// Account opening (docs/PRODUCT.md §10.12): the simulated bank's code to the card's reserved phone, real-name certification
// with one account per ID number, the annual income declaration and the simulated fund-account registry. Every
// function works on the given user's own rows only. The trade password is services/trade-password.ts.
import type { Kysely } from 'kysely';
import { birthDateFromIdCard } from '../../../src/lib/validators';
import type { DB } from '../db/types';
import { incomeFitsBracket, type IncomeBracket } from '../domain/income';
import { maskIdNo, maskRealName, maskTelephone } from '../domain/masks';
import { findFundAccounts, type FundAccount } from './fund-account-registry';
import type { PersonalDataCipher } from './personal-data';
import type { SmsProvider } from './sms';
import { issueCode, verifyCode, type IssueResult } from './verification-codes';

/** Whether the user has opened an account (is certified). */
export async function isOpened(kysely: Kysely<DB>, userId: number): Promise<boolean> {
  const identity = await kysely.selectFrom('user_identities').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return identity !== undefined;
}

/**
 * The simulated bank texts a code to the card's reserved phone; the code is good for this user and this card only.
 * Refused when the account is already open, or by the SMS throttle.
 */
export async function sendBankCode(
  kysely: Kysely<DB>,
  sms: SmsProvider,
  cipher: PersonalDataCipher,
  opts: { userId: number; card: string; telephone: string; ip: string; now: Date },
): Promise<IssueResult | { ok: false; reason: 'opened' }> {
  if (await isOpened(kysely, opts.userId)) return { ok: false, reason: 'opened' };
  return issueCode(kysely, sms, cipher, {
    purpose: 'bank',
    telephone: opts.telephone,
    voice: false,
    ip: opts.ip,
    userId: opts.userId,
    contextHash: cipher.digest('bank-card', opts.card),
    now: opts.now,
  });
}

export interface Certification {
  realName: string;
  /** Normalised 18-character ID, already validated (adult). */
  idNo: string;
  card: string;
  bankCode: string;
  /** The card's reserved phone, validated. */
  telephone: string;
  /** The bank's code as typed; undefined when the form has none. */
  smsCode: string | undefined;
}

export type CertifyResult =
  | { ok: true; realNameMasked: string; idNoMasked: string; bankCode: string; cardTail: string }
  | { ok: false; reason: 'opened' | 'id_taken' | 'code_required' | 'code_invalid' }
  | { ok: false; reason: 'code_wrong'; remaining: number };

/**
 * Opens the account: checks that it is not open, verifies the bank's code, only then that the ID number is not taken
 * (so "this ID already has an account" is no oracle for someone without the card's phone), then stores the identity
 * and the card (encrypted, with HMACs for lookups and masked copies for display) in one transaction.
 */
export async function certify(
  kysely: Kysely<DB>,
  cipher: PersonalDataCipher,
  userId: number,
  form: Certification,
  now: Date,
): Promise<CertifyResult> {
  if (await isOpened(kysely, userId)) return { ok: false, reason: 'opened' };
  if (form.smsCode === undefined) return { ok: false, reason: 'code_required' };
  const idHmac = cipher.digest('id-no', form.idNo);
  const cardHmac = cipher.digest('bank-card', form.card);
  const verified = await verifyCode(kysely, cipher, {
    purpose: 'bank',
    telephone: form.telephone,
    code: form.smsCode,
    userId,
    contextHash: cardHmac,
    now,
  });
  if (!verified.ok)
    return verified.reason === 'wrong'
      ? { ok: false, reason: 'code_wrong', remaining: verified.remaining }
      : { ok: false, reason: 'code_invalid' };
  // A closed account's identity is kept but frees its ID number (0011_privacy.sql): the same person may open again.
  const taken = await kysely
    .selectFrom('user_identities')
    .select('user_id')
    .where('id_no_hmac', '=', idHmac)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (taken) return { ok: false, reason: 'id_taken' };

  const birthDate = birthDateFromIdCard(form.idNo) ?? '1900-01-01';
  const realNameMasked = maskRealName(form.realName);
  const idNoMasked = maskIdNo(form.idNo);
  const cardTail = form.card.slice(-4);
  try {
    await kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_identities')
        .values({
          user_id: userId,
          id_no_hmac: idHmac,
          id_no_encrypted: cipher.encrypt(form.idNo),
          id_no_masked: idNoMasked,
          real_name_encrypted: cipher.encrypt(form.realName),
          real_name_masked: realNameMasked,
          birth_date: birthDate,
          certified_at: now,
        })
        .execute();
      await trx
        .insertInto('bank_cards')
        .values({
          user_id: userId,
          bank_code: form.bankCode,
          card_hmac: cardHmac,
          card_no_encrypted: cipher.encrypt(form.card),
          card_tail: cardTail,
          reserved_phone_encrypted: cipher.encrypt(form.telephone),
          reserved_phone_masked: maskTelephone(form.telephone),
          verified_at: now,
        })
        .execute();
    });
  } catch (error) {
    // Two requests at once: the unique indexes decide (this user already certified, or the ID taken meanwhile).
    if ((error as { code?: string }).code === '23505')
      return { ok: false, reason: (await isOpened(kysely, userId)) ? 'opened' : 'id_taken' };
    throw error;
  }
  return { ok: true, realNameMasked, idNoMasked, bankCode: form.bankCode, cardTail };
}

export interface IncomeDeclaration {
  bracket: string;
  amount_fen: number | null;
  updated_at: string;
}

/** The user's income declaration, or null until declared. */
export async function incomeDeclaration(kysely: Kysely<DB>, userId: number): Promise<IncomeDeclaration | null> {
  const row = await kysely
    .selectFrom('personal_income')
    .select(['bracket', 'amount_fen', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { bracket: row.bracket, amount_fen: row.amount_fen, updated_at: row.updated_at.toISOString() } : null;
}

/** Declares (or replaces) the income: a bracket and optionally the amount in fen, which must fall in it. */
export async function declareIncome(
  kysely: Kysely<DB>,
  opts: { userId: number; bracket: IncomeBracket; amountFen: number | null; now: Date },
): Promise<{ ok: true; income: IncomeDeclaration } | { ok: false; reason: 'outside_bracket' }> {
  const { userId, bracket, amountFen, now } = opts;
  if (amountFen !== null && !incomeFitsBracket(bracket, amountFen)) return { ok: false, reason: 'outside_bracket' };
  await kysely
    .insertInto('personal_income')
    .values({ user_id: userId, bracket, amount_fen: amountFen, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ bracket, amount_fen: amountFen, updated_at: now }))
    .execute();
  return { ok: true, income: { bracket, amount_fen: amountFen, updated_at: now.toISOString() } };
}

/**
 * The simulated registry's fund accounts for an ID number (validated). A user with an opened account may only
 * look up their own ID.
 */
export async function lookUpFundAccounts(
  kysely: Kysely<DB>,
  cipher: PersonalDataCipher,
  opts: { userId: number; idNo: string; today: string },
): Promise<{ ok: true; items: FundAccount[] } | { ok: false; reason: 'not_own' }> {
  const identity = await kysely.selectFrom('user_identities').select('id_no_hmac').where('user_id', '=', opts.userId).executeTakeFirst();
  if (identity && cipher.digest('id-no', opts.idNo) !== identity.id_no_hmac) return { ok: false, reason: 'not_own' };
  const items = await findFundAccounts(kysely, {
    idNo: opts.idNo,
    birthDate: birthDateFromIdCard(opts.idNo) ?? '1900-01-01',
    today: opts.today,
  });
  return { ok: true, items };
}
