import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  bankFromBin,
  normalizeIdCard,
  stripSpaces,
  trimInput,
  validateAdultIdCard,
  validateBankCard,
  validateIdCard,
  validateRealName,
} from '../../../src/lib/validators';
import { OPENING_AGREEMENTS, missingAgreements, parseAcceptedAgreements, type AgreementId } from '../../../src/lib/agreements';
import legalMessages from '../../../src/locales/messages/legal';
import { shanghaiDate, shanghaiTime } from '../domain/clock';
import { INCOME_BRACKETS } from '../domain/income';
import { maskTelephone } from '../domain/masks';
import { ApiError, ApiErrorWithData, EnvelopeOf, ErrorEnvelopeWithData, ok } from '../http/envelope';
import { clientKey } from '../http/client-address';
import { smsThrottled } from '../http/error-handler';
import { checkedTelephone, decryptedField, formValue } from '../http/forms';
import { ResultCode, type ServerMessageKey } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import { requireUser } from '../plugins/session';
import { recordAcceptances } from '../services/legal';
import { certify, declareIncome, incomeDeclaration, lookUpFundAccounts, sendBankCode } from '../services/account-opening';
import { setTradePassword, verifyTradePassword } from '../services/trade-password';

/**
 * Account opening (docs/PRODUCT.md §10.12): the simulated bank's code to the card's reserved phone, real-name
 * certification with one account per ID number, the trade password (set, verify with 5 tries →
 * 3-hour lock), the annual income declaration and the simulated fund-account registry
 * (services/account-opening.ts, services/trade-password.ts). Every route works on the logged-in
 * user's own rows only (no user id is ever taken from input).
 */

const Form = (fields: Record<string, number>) =>
  Type.Object(Object.fromEntries(Object.entries(fields).map(([name, max]) => [name, Type.Optional(Type.String({ maxLength: max }))])));

const errors = { '4xx': ErrorEnvelopeWithData };

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

/** The agreements of an opening: all current versions accepted, else the refusal naming the missing ones. */
function acceptedAgreements(field: string | undefined): Map<AgreementId, string> {
  const accepted = parseAcceptedAgreements(field);
  if (!accepted) throw ApiError.of(ResultCode.AGREEMENTS_REQUIRED, 'agreementsMalformed');
  const missing = missingAgreements(accepted, OPENING_AGREEMENTS);
  if (missing.length > 0) {
    const zh = legalMessages['zh-CN'];
    const en = legalMessages['en-US'];
    throw ApiError.of(ResultCode.AGREEMENTS_REQUIRED, 'agreementsRequired', 400, {
      namesZh: missing.map((id) => `《${zh[`legal.title.${id}`]}》`).join('、'),
      namesEn: missing.map((id) => `the ${en[`legal.title.${id}`]}`).join(', '),
    });
  }
  return accepted;
}

const accountOpened = () => ApiError.of(ResultCode.ACCOUNT_ALREADY_OPENED, 'accountAlreadyOpened');

/** The refusal of a locked trade password: data.locked_until, the message naming the Shanghai time. */
const tradePasswordLocked = (until: Date) =>
  new ApiErrorWithData(
    ResultCode.TRADE_PASSWORD_LOCKED,
    'tradePasswordLocked',
    { locked_until: until.toISOString() },
    { time: shanghaiTime(until).slice(0, 5) },
  );

const accountOpeningRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kysely = app.db.kysely;

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
      const sent = await sendBankCode(kysely, app.sms, app.personalData, {
        userId: user.userId,
        card,
        telephone,
        ip: clientKey(request.ip),
        now: app.clock.now(),
      });
      if (!sent.ok) throw sent.reason === 'opened' ? accountOpened() : smsThrottled(sent);
      return ok({ bank_code: bankCode, telephone_masked: maskTelephone(telephone), resend_after: sent.resendAfterSeconds });
    },
  );

  app.post(
    '/djapi/account/open/certification',
    {
      schema: {
        tags: ['account'],
        summary: 'Opens the account: real name, 18-character ID (GB 11643, age ≥ 18), bank card and the bank code; one account per ID',
        description:
          '`agreements` lists the accepted agreements as id@version, comma-separated ' +
          '(service, privacy, risk-disclosure, fund-sale; src/lib/agreements.ts): all four in their current version, else 400080. ' +
          'The acceptances are recorded (GET /djapi/account/agreements) before the opening itself.',
        body: Form({ real_name: 64, id_no: 32, bank_card_no: 32, reserved_phone: 32, bank_code_sms: 16, agreements: 200 }),
        response: {
          200: EnvelopeOf(
            Type.Object({
              real_name_masked: Type.String(),
              id_no_masked: Type.String(),
              bank_code: Type.String(),
              card_tail: Type.String(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = app.clock.now();
      const realName = trimInput(request.body.real_name);
      refuse(ResultCode.REAL_NAME_INVALID, validateRealName(realName));
      const idNo = normalizeIdCard(request.body.id_no ?? '');
      refuse(ResultCode.ID_CARD_INVALID, validateAdultIdCard(idNo, shanghaiDate(now)));
      const { card, bankCode } = checkedCard(request.body.bank_card_no);
      const telephone = checkedTelephone(formValue(request.body.reserved_phone) ?? '');
      const smsCode = formValue(request.body.bank_code_sms);
      const accepted = acceptedAgreements(request.body.agreements);
      await recordAcceptances(kysely, { userId: user.userId, accepted, context: 'opening', ip: clientKey(request.ip), now });
      const result = await certify(kysely, app.personalData, user.userId, { realName, idNo, card, bankCode, telephone, smsCode }, now);
      if (!result.ok) {
        switch (result.reason) {
          case 'opened':
            throw accountOpened();
          case 'id_taken':
            throw ApiError.of(ResultCode.ID_CARD_TAKEN, 'idCardTaken');
          case 'code_required':
            throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeRequired');
          case 'code_wrong':
            throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeWrong', 400, { remaining: result.remaining });
          case 'code_invalid':
            throw ApiError.of(ResultCode.SMS_CODE_INVALID, 'smsCodeInvalid');
        }
      }
      return ok({
        real_name_masked: result.realNameMasked,
        id_no_masked: result.idNoMasked,
        bank_code: result.bankCode,
        card_tail: result.cardTail,
      });
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
      const password = decryptedField(app, formValue(request.body.encrypted_password));
      const result = await setTradePassword(kysely, app.personalData, {
        userId: user.userId,
        password,
        now: app.clock.now(),
        pepper: app.tradePasswordPepper,
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'not_certified':
            throw ApiError.of(ResultCode.NOT_CERTIFIED, 'notCertified');
          case 'already_set':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_ALREADY_SET, 'tradePasswordAlreadySet');
          case 'unreadable':
            throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
          case 'weak':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_WEAK, result.message as ServerMessageKey);
        }
      }
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
      const password = decryptedField(app, formValue(request.body.encrypted_password));
      const check = await verifyTradePassword(kysely, {
        userId: user.userId,
        password,
        now: app.clock.now(),
        pepper: app.tradePasswordPepper,
      });
      if (!check.ok) {
        switch (check.reason) {
          case 'not_set':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_NOT_SET, 'tradePasswordNotSet');
          case 'locked':
            throw tradePasswordLocked(check.lockedUntil);
          case 'unreadable':
            throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
          case 'wrong':
            throw new ApiErrorWithData(
              ResultCode.TRADE_PASSWORD_WRONG,
              'tradePasswordWrong',
              { remaining: check.remainingTries },
              { remaining: check.remainingTries },
            );
        }
      }
      return ok({ verified: true });
    },
  );

  const IncomeView = Type.Object({
    bracket: Type.String(),
    amount_fen: Type.Union([Type.Integer(), Type.Null()]),
    updated_at: Type.String(),
  });

  app.get(
    '/djapi/account/personal-income',
    {
      schema: {
        tags: ['account'],
        summary: "The user's annual income declaration (null until declared) and the brackets",
        response: {
          200: EnvelopeOf(Type.Object({ income: Type.Union([IncomeView, Type.Null()]), brackets: Type.Array(Type.String()) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok({ income: await incomeDeclaration(kysely, user.userId), brackets: [...INCOME_BRACKETS] });
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
      const { bracket } = request.body;
      const amountText = formValue(request.body.amount_fen);
      const amountFen = amountText === undefined ? null : Number(amountText);
      const declared = await declareIncome(kysely, { userId: user.userId, bracket, amountFen, now: app.clock.now() });
      if (!declared.ok) {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
          field: 'body.amount_fen',
          reason: `must fall in the bracket ${bracket}`,
        });
      }
      return ok({ income: declared.income });
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
      const found = await lookUpFundAccounts(kysely, app.personalData, { userId: user.userId, idNo, today });
      if (!found.ok) throw ApiError.of(ResultCode.FUND_ACCOUNT_NOT_OWN, 'fundAccountNotOwn');
      return ok({ items: found.items });
    },
  );
};

export default accountOpeningRoutes;
