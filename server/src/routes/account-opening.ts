import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  bankFromBin,
  birthDateFromIdCard,
  normalizeIdCard,
  stripSpaces,
  trimInput,
  validateAdultIdCard,
  validateBankCard,
  validateIdCard,
  validateNewTradePassword,
  validateRealName,
} from '../../../src/lib/validators';
import { TRADE_PASSWORD_LOCK_MS, TRADE_PASSWORD_MAX_TRIES } from '../constants';
import { shanghaiDate, shanghaiTime } from '../domain/clock';
import { ApiError, EnvelopeOf, ok } from '../http/envelope';
import { ResultCode, type ServerMessageKey } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import { requireUser } from '../plugins/session';
import { findFundAccounts } from '../services/fund-account-registry';
import { hashPassword, verifyPassword } from '../services/password-hash';
import { maskIdNo, maskRealName, personalData } from '../services/personal-data';
import { issueCode, verifyCode } from '../services/verification-codes';
import {
  AccountErrorEnvelope,
  accountErrorHandler,
  ApiErrorWithData,
  checkedTelephone,
  decryptField,
  formValue,
} from './account-login';
import { maskTelephone } from './account';

/**
 * Account opening (docs/PRODUCT.md §10.12): the simulated bank's code to the card's reserved phone, real-name
 * certification with one account per ID number, the trade password (set, verify with 5 tries →
 * 3-hour lock), the annual income declaration and the simulated fund-account registry.
 * Every route works on the logged-in user's own rows only (no user id is ever taken from input).
 */

const INCOME_BRACKETS = ['below_100k', '100k_300k', '300k_500k', '500k_1m', 'above_1m'] as const;
type IncomeBracket = (typeof INCOME_BRACKETS)[number];
/** Bracket bounds in fen, [min, max) (yuan × 100). */
const BRACKET_BOUNDS: Record<IncomeBracket, readonly [number, number]> = {
  below_100k: [0, 10_000_000],
  '100k_300k': [10_000_000, 30_000_000],
  '300k_500k': [30_000_000, 50_000_000],
  '500k_1m': [50_000_000, 100_000_000],
  above_1m: [100_000_000, Number.MAX_SAFE_INTEGER],
};

const Form = (fields: Record<string, number>) =>
  Type.Object(Object.fromEntries(Object.entries(fields).map(([name, max]) => [name, Type.Optional(Type.String({ maxLength: max }))])));

const errors = { '4xx': AccountErrorEnvelope };

/** A validator's refusal as an ApiError with the app's own reason text. */
function refuse(resultCode: number, result: { ok: true } | { ok: false; reason: string }): void {
  if (!result.ok) throw ApiError.of(resultCode, result.reason as ServerMessageKey);
}

/** A bank card number checked like the form does (16–19 digits, Luhn, a known BIN). */
function checkedCard(input: string | undefined): { card: string; bankCode: string } {
  const card = stripSpaces(input);
  refuse(ResultCode.BANK_CARD_INVALID, validateBankCard(card));
  const bank = bankFromBin(card);
  if (!bank) throw ApiError.of(ResultCode.BANK_UNSUPPORTED, 'bankUnsupported');
  return { card, bankCode: bank.code };
}

const accountOpeningRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.setErrorHandler(accountErrorHandler);
  const kysely = app.db.kysely;

  async function assertNotOpened(userId: number): Promise<void> {
    const identity = await kysely.selectFrom('user_identities').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    if (identity) throw ApiError.of(ResultCode.ACCOUNT_ALREADY_OPENED, 'accountAlreadyOpened');
  }

  app.post(
    '/djapi/account/open/bank-code',
    {
      schema: {
        tags: ['account'],
        summary: 'Simulated bank: checks the card (16–19 digits, Luhn, known BIN) and texts a 4-digit code to its reserved phone',
        body: Form({ bank_card_no: 32, reserved_phone: 32 }),
        response: {
          200: EnvelopeOf(Type.Object({ bank_code: Type.String(), telephone_masked: Type.String(), resend_after: Type.Integer() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { card, bankCode } = checkedCard(request.body.bank_card_no);
      const telephone = checkedTelephone(formValue(request.body.reserved_phone) ?? '');
      await assertNotOpened(user.userId);
      const cipher = await personalData(kysely);
      const result = await issueCode(kysely, app.sms, {
        purpose: 'bank',
        telephone,
        voice: false,
        ip: request.ip,
        userId: user.userId,
        contextHash: cipher.digest('bank-card', card),
        now: app.clock.now(),
      });
      if (!result.ok) {
        if (result.reason === 'wait') {
          throw new ApiErrorWithData(ResultCode.SMS_TOO_FREQUENT, 'smsResendWait', { resend_after: result.seconds }, { seconds: result.seconds });
        }
        throw new ApiErrorWithData(ResultCode.SMS_TOO_FREQUENT, 'smsDailyLimit', { resend_after: null });
      }
      return ok({ bank_code: bankCode, telephone_masked: maskTelephone(telephone), resend_after: 30 });
    },
  );

  app.post(
    '/djapi/account/open/certification',
    {
      schema: {
        tags: ['account'],
        summary: 'Opens the account: real name, 18-character ID (GB 11643, age ≥ 18), bank card and the bank code; one account per ID',
        body: Form({ real_name: 64, id_no: 32, bank_card_no: 32, reserved_phone: 32, bank_code_sms: 16 }),
        response: {
          200: EnvelopeOf(
            Type.Object({ real_name_masked: Type.String(), id_no_masked: Type.String(), bank_code: Type.String(), card_tail: Type.String() }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = app.clock.now();
      const today = shanghaiDate(now);
      const realName = trimInput(request.body.real_name);
      refuse(ResultCode.REAL_NAME_INVALID, validateRealName(realName));
      const idNo = normalizeIdCard(request.body.id_no ?? '');
      refuse(ResultCode.ID_CARD_INVALID, validateAdultIdCard(idNo, today));
      const { card, bankCode } = checkedCard(request.body.bank_card_no);
      const telephone = checkedTelephone(formValue(request.body.reserved_phone) ?? '');
      await assertNotOpened(user.userId);
      const cipher = await personalData(kysely);
      const idHmac = cipher.digest('id-no', idNo);
      const taken = await kysely.selectFrom('user_identities').select('user_id').where('id_no_hmac', '=', idHmac).executeTakeFirst();
      if (taken) throw ApiError.of(ResultCode.ID_CARD_TAKEN, 'idCardTaken');

      const code = formValue(request.body.bank_code_sms);
      if (code === undefined) throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeRequired');
      const cardHmac = cipher.digest('bank-card', card);
      const verified = await verifyCode(kysely, {
        purpose: 'bank',
        telephone,
        code,
        userId: user.userId,
        contextHash: cardHmac,
        now,
      });
      if (!verified.ok) {
        if (verified.reason === 'wrong') throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeWrong', 400, { remaining: verified.remaining });
        throw ApiError.of(ResultCode.SMS_CODE_INVALID, 'smsCodeInvalid');
      }

      const birthDate = birthDateFromIdCard(idNo) ?? '1900-01-01';
      const realNameMasked = maskRealName(realName);
      const idNoMasked = maskIdNo(idNo);
      const cardTail = card.slice(-4);
      try {
        await kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto('user_identities')
            .values({
              user_id: user.userId,
              id_no_hmac: idHmac,
              id_no_encrypted: cipher.encrypt(idNo),
              id_no_masked: idNoMasked,
              real_name_encrypted: cipher.encrypt(realName),
              real_name_masked: realNameMasked,
              birth_date: birthDate,
              certified_at: now,
            })
            .execute();
          await trx
            .insertInto('bank_cards')
            .values({
              user_id: user.userId,
              bank_code: bankCode,
              card_hmac: cardHmac,
              card_no_encrypted: cipher.encrypt(card),
              card_tail: cardTail,
              reserved_phone_encrypted: cipher.encrypt(telephone),
              reserved_phone_masked: maskTelephone(telephone),
              verified_at: now,
            })
            .execute();
        });
      } catch (error) {
        // Two requests at once: the unique indexes decide (this user already certified, or the ID taken meanwhile).
        if ((error as { code?: string }).code === '23505') {
          const mine = await kysely.selectFrom('user_identities').select('user_id').where('user_id', '=', user.userId).executeTakeFirst();
          throw mine ? ApiError.of(ResultCode.ACCOUNT_ALREADY_OPENED, 'accountAlreadyOpened') : ApiError.of(ResultCode.ID_CARD_TAKEN, 'idCardTaken');
        }
        throw error;
      }
      return ok({ real_name_masked: realNameMasked, id_no_masked: idNoMasked, bank_code: bankCode, card_tail: cardTail });
    },
  );

  app.post(
    '/djapi/account/trade-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Sets the trade password (RSA-encrypted with the server key): 6 digits, not one digit, not a run, not the birth date',
        body: Form({ encrypted_password: 1024 }),
        response: { 200: EnvelopeOf(Type.Object({ open_trade: Type.Boolean() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const identity = await kysely
        .selectFrom('user_identities')
        .select('id_no_encrypted')
        .where('user_id', '=', user.userId)
        .executeTakeFirst();
      if (!identity) throw ApiError.of(ResultCode.NOT_CERTIFIED, 'notCertified');
      const existing = await kysely.selectFrom('trade_passwords').select('user_id').where('user_id', '=', user.userId).executeTakeFirst();
      if (existing) throw ApiError.of(ResultCode.TRADE_PASSWORD_ALREADY_SET, 'tradePasswordAlreadySet');
      const password = decryptField(app, formValue(request.body.encrypted_password));
      const cipher = await personalData(kysely);
      refuse(ResultCode.TRADE_PASSWORD_WEAK, validateNewTradePassword(password, { idCard: cipher.decrypt(identity.id_no_encrypted) }));
      const hash = await hashPassword(password);
      const now = app.clock.now();
      const inserted = await kysely
        .insertInto('trade_passwords')
        .values({ user_id: user.userId, hash, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) throw ApiError.of(ResultCode.TRADE_PASSWORD_ALREADY_SET, 'tradePasswordAlreadySet');
      await kysely.updateTable('users').set({ open_trade: true }).where('id', '=', user.userId).execute();
      return ok({ open_trade: true });
    },
  );

  app.post(
    '/djapi/account/trade-password/verify',
    {
      schema: {
        tags: ['account'],
        summary: 'Checks the trade password (RSA-encrypted): 5 wrong tries lock trading for 3 hours',
        body: Form({ encrypted_password: 1024 }),
        response: { 200: EnvelopeOf(Type.Object({ verified: Type.Boolean() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = app.clock.now();
      const lockedError = (until: Date) =>
        new ApiErrorWithData(
          ResultCode.TRADE_PASSWORD_LOCKED,
          'tradePasswordLocked',
          { locked_until: until.toISOString() },
          { time: shanghaiTime(until).slice(0, 5) },
        );
      const row = await kysely
        .selectFrom('trade_passwords')
        .select(['hash', 'locked_until'])
        .where('user_id', '=', user.userId)
        .executeTakeFirst();
      if (!row) throw ApiError.of(ResultCode.TRADE_PASSWORD_NOT_SET, 'tradePasswordNotSet');
      if (row.locked_until && row.locked_until > now) throw lockedError(row.locked_until);
      const password = decryptField(app, formValue(request.body.encrypted_password));
      // The try is counted before the (slow) comparison, so parallel guesses cannot pass 5.
      const counted = await kysely
        .updateTable('trade_passwords')
        .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1), locked_until: null }))
        .where('user_id', '=', user.userId)
        .where('failed_tries', '<', TRADE_PASSWORD_MAX_TRIES)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .returning('failed_tries')
        .executeTakeFirst();
      if (!counted) {
        const current = await kysely.selectFrom('trade_passwords').select('locked_until').where('user_id', '=', user.userId).executeTakeFirst();
        throw lockedError(current?.locked_until && current.locked_until > now ? current.locked_until : new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS));
      }
      if (await verifyPassword(password, row.hash)) {
        await kysely.updateTable('trade_passwords').set({ failed_tries: 0 }).where('user_id', '=', user.userId).execute();
        return ok({ verified: true });
      }
      const remaining = TRADE_PASSWORD_MAX_TRIES - counted.failed_tries;
      if (remaining > 0) {
        throw new ApiErrorWithData(ResultCode.TRADE_PASSWORD_WRONG, 'tradePasswordWrong', { remaining }, { remaining });
      }
      const lockedUntil = new Date(now.getTime() + TRADE_PASSWORD_LOCK_MS);
      await kysely
        .updateTable('trade_passwords')
        .set({ failed_tries: 0, locked_until: lockedUntil, updated_at: now })
        .where('user_id', '=', user.userId)
        .execute();
      throw lockedError(lockedUntil);
    },
  );

  const IncomeView = Type.Object({ bracket: Type.String(), amount_fen: Type.Union([Type.Integer(), Type.Null()]), updated_at: Type.String() });

  app.get(
    '/djapi/account/personal-income',
    {
      schema: {
        tags: ['account'],
        summary: 'The user\'s annual income declaration (null until declared) and the brackets',
        response: {
          200: EnvelopeOf(Type.Object({ income: Type.Union([IncomeView, Type.Null()]), brackets: Type.Array(Type.String()) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await kysely
        .selectFrom('personal_income')
        .select(['bracket', 'amount_fen', 'updated_at'])
        .where('user_id', '=', user.userId)
        .executeTakeFirst();
      return ok({
        income: row ? { bracket: row.bracket, amount_fen: row.amount_fen, updated_at: row.updated_at.toISOString() } : null,
        brackets: [...INCOME_BRACKETS],
      });
    },
  );

  app.post(
    '/djapi/account/personal-income',
    {
      schema: {
        tags: ['account'],
        summary: 'Declares the annual income: a bracket, optionally the amount in fen (must fall in the bracket)',
        body: Type.Object({
          bracket: StringEnum(INCOME_BRACKETS),
          amount_fen: Type.Optional(Type.String({ pattern: '^\\s*\\d{1,15}\\s*$', description: 'integer fen' })),
        }),
        response: { 200: EnvelopeOf(Type.Object({ income: IncomeView })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const bracket = request.body.bracket;
      const amountText = formValue(request.body.amount_fen);
      const amountFen = amountText === undefined ? null : Number(amountText);
      if (amountFen !== null) {
        const [min, max] = BRACKET_BOUNDS[bracket];
        if (!Number.isSafeInteger(amountFen) || amountFen < min || amountFen >= max) {
          throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
            field: 'body.amount_fen',
            reason: `must fall in the bracket ${bracket}`,
          });
        }
      }
      const now = app.clock.now();
      await kysely
        .insertInto('personal_income')
        .values({ user_id: user.userId, bracket, amount_fen: amountFen, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ bracket, amount_fen: amountFen, updated_at: now }))
        .execute();
      return ok({ income: { bracket, amount_fen: amountFen, updated_at: now.toISOString() } });
    },
  );

  app.post(
    '/djapi/account/find-fund-account',
    {
      schema: {
        tags: ['account'],
        summary: 'Simulated registry: the fund companies holding an account for an ID (an opened account may only look up its own ID)',
        body: Form({ id_no: 32, real_name: 64 }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              items: Type.Array(
                Type.Object({
                  company_code: Type.String(),
                  company_name: Type.String(),
                  account_no_masked: Type.String(),
                  opened_at: Type.String(),
                }),
              ),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      refuse(ResultCode.REAL_NAME_INVALID, validateRealName(request.body.real_name));
      const idNo = normalizeIdCard(request.body.id_no ?? '');
      const today = shanghaiDate(app.clock.now());
      refuse(ResultCode.ID_CARD_INVALID, validateIdCard(idNo, { asOf: today }));
      const identity = await kysely.selectFrom('user_identities').select('id_no_hmac').where('user_id', '=', user.userId).executeTakeFirst();
      if (identity) {
        const cipher = await personalData(kysely);
        if (cipher.digest('id-no', idNo) !== identity.id_no_hmac) throw ApiError.of(ResultCode.FUND_ACCOUNT_NOT_OWN, 'fundAccountNotOwn');
      }
      const items = await findFundAccounts(kysely, { idNo, birthDate: birthDateFromIdCard(idNo) ?? '1900-01-01', today });
      return ok({ items });
    },
  );
};

export default accountOpeningRoutes;
