import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeIdCard, validateIdCard } from '../../../src/lib/validators';
import { SMS_SEND_PER_IP } from '../constants';
import { shanghaiDate, shanghaiTime } from '../domain/clock';
import { tokenHash } from '../domain/tokens';
import { clientKey } from '../http/client-address';
import { ApiError, ApiErrorWithData, EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { smsProviderFailed, smsThrottled } from '../http/error-handler';
import { checkedTelephone, decryptedField, formValue, limitPerIp } from '../http/forms';
import { ResultCode, type ServerMessageKey } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import { bankName } from '../http/trade-errors';
import { requireUser } from '../plugins/session';
import {
  changeTelephone,
  changeTradePassword,
  resetTradePassword,
  SETTINGS_TICKET_TTL_MS,
  sendSettingsCode,
  settingsView,
  verifyOldPhone,
  verifyPasswordReset,
} from '../services/account-settings';
import { fenText } from '../services/trading';

/**
 * Account settings after opening (docs/PRODUCT.md §7.3 "Account settings", services/account-settings.ts): the bound
 * card with its limits, changing and resetting the trade password, changing the phone. Every call works on the
 * logged-in user's own rows; codes go only to numbers the server knows (or, for a new phone, after the old phone's
 * proof), secrets travel RSA-encrypted like the other trade-password calls and are never logged.
 */

/** Per client: the checks of these calls (codes, passwords, ID numbers) are guesses an attacker would repeat. */
const SETTINGS_CHECKS_PER_IP = { max: 60, windowMs: 10 * 60 * 1000 } as const;

const Field = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const errors = { '4xx': ErrorEnvelopeWithData };

const CardView = Type.Object({
  bank_code: Type.String(),
  bank_name: Type.String(),
  card_no_masked: Type.String(),
  reserved_phone_masked: Type.String(),
  bound_at: Type.String(),
  per_payment_limit: Type.String(),
  daily_limit: Type.String(),
  daily_left: Type.String(),
});

const lockedError = (until: Date) =>
  new ApiErrorWithData(
    ResultCode.TRADE_PASSWORD_LOCKED,
    'tradePasswordLocked',
    { locked_until: until.toISOString() },
    { time: shanghaiTime(until).slice(0, 5) },
  );

const codeError = (refusal: { reason: 'code_wrong'; remaining: number } | { reason: 'code_invalid' }) =>
  refusal.reason === 'code_wrong'
    ? ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeWrong', 400, { remaining: refusal.remaining })
    : ApiError.of(ResultCode.SMS_CODE_INVALID, 'smsCodeInvalid');

const ticketError = () => ApiError.of(ResultCode.SETTINGS_TICKET_INVALID, 'settingsTicketInvalid');

const phoneError = (reason: 'same_phone' | 'phone_taken') =>
  ApiError.of(ResultCode.TELEPHONE_REFUSED, reason === 'same_phone' ? 'telephoneSame' : 'telephoneTaken');

function requiredCode(value: string | undefined): string {
  const code = formValue(value);
  if (code === undefined) throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeRequired');
  return code;
}

const accountSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kysely = app.db.kysely;

  app.get(
    '/djapi/account/settings',
    {
      schema: {
        tags: ['account'],
        summary: 'Account settings: the masked phone, the bound card (masked, reserved phone, limits per payment and day, left today)',
        response: {
          200: EnvelopeOf(
            Type.Object({
              telephone_masked: Type.String(),
              has_trade_password: Type.Boolean(),
              bank_card: Type.Union([CardView, Type.Null()]),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = app.clock.now();
      const view = await settingsView(kysely, user.userId);
      if (!view) throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
      let card = null;
      if (view.card) {
        const limits = app.bank.limits(view.card.bankCode);
        const used = await app.bank.usedOn(kysely, user.userId, view.card.id, shanghaiDate(now));
        card = {
          bank_code: view.card.bankCode,
          bank_name: bankName(view.card.bankCode, requestLocale(request)),
          card_no_masked: `**** **** **** ${view.card.cardTail}`,
          reserved_phone_masked: view.card.reservedPhoneMasked,
          bound_at: view.card.boundAt.toISOString(),
          per_payment_limit: fenText(limits.perPaymentFen),
          daily_limit: fenText(limits.dailyFen),
          daily_left: fenText(Math.max(0, limits.dailyFen - used)),
        };
      }
      return ok({ telephone_masked: view.telephoneMasked, has_trade_password: view.hasTradePassword, bank_card: card });
    },
  );

  app.post(
    '/djapi/account/settings/code',
    {
      schema: {
        tags: ['account'],
        summary:
          'Texts a settings code: reset_password → the card’s reserved phone, phone_old → the login phone, phone_new → `telephone` (with the old phone’s `ticket`; not another account’s phone)',
        body: Type.Object({
          action: StringEnum(['reset_password', 'phone_old', 'phone_new'] as const),
          telephone: Field(32),
          ticket: Field(200),
        }),
        response: { 200: EnvelopeOf(Type.Object({ telephone_masked: Type.String(), resend_after: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      await limitPerIp(request, 'sms-ip', SMS_SEND_PER_IP);
      const user = await requireUser(request);
      const { action } = request.body;
      const newTelephone = action === 'phone_new' ? checkedTelephone(formValue(request.body.telephone) ?? '') : undefined;
      const sent = await sendSettingsCode(kysely, app.sms, app.personalData, {
        userId: user.userId,
        sessionKey: tokenHash(user.token),
        action,
        newTelephone,
        ticket: formValue(request.body.ticket),
        ip: clientKey(request.ip),
        now: app.clock.now(),
      }).catch(smsProviderFailed(request));
      if (!sent.ok) {
        switch (sent.reason) {
          case 'wait':
          case 'daily':
            throw smsThrottled(sent);
          case 'not_certified':
            throw ApiError.of(ResultCode.NOT_CERTIFIED, 'notCertified');
          case 'not_set':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_NOT_SET, 'tradePasswordNotSet');
          case 'ticket_invalid':
            throw ticketError();
          case 'same_phone':
          case 'phone_taken':
            throw phoneError(sent.reason);
        }
      }
      return ok({ telephone_masked: sent.telephoneMasked, resend_after: sent.resendAfterSeconds });
    },
  );

  app.post(
    '/djapi/account/trade-password/change',
    {
      schema: {
        tags: ['account'],
        summary:
          'Changes the trade password: the old one (a wrong one counts toward the 3-hour lock) and the new one (6 digits, not simple, not the birth date, not the old), both RSA-encrypted',
        body: Type.Object({ encrypted_old_password: Field(1024), encrypted_new_password: Field(1024) }),
        response: { 200: EnvelopeOf(Type.Object({ changed: Type.Boolean() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'settings-ip', SETTINGS_CHECKS_PER_IP);
      const result = await changeTradePassword(kysely, app.personalData, {
        userId: user.userId,
        oldPassword: decryptedField(app, formValue(request.body.encrypted_old_password)),
        newPassword: decryptedField(app, formValue(request.body.encrypted_new_password)),
        now: app.clock.now(),
        pepper: app.tradePasswordPepper,
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'not_set':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_NOT_SET, 'tradePasswordNotSet');
          case 'unreadable':
            throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
          case 'weak':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_WEAK, result.message as ServerMessageKey);
          case 'locked':
            throw lockedError(result.lockedUntil);
          case 'wrong':
            throw new ApiErrorWithData(
              ResultCode.TRADE_PASSWORD_WRONG,
              'tradePasswordWrong',
              { remaining: result.remainingTries },
              { remaining: result.remainingTries },
            );
          case 'same':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_SAME, 'tradePasswordSame');
          case 'conflict':
            throw ticketError();
        }
      }
      return ok({ changed: true });
    },
  );

  app.post(
    '/djapi/account/trade-password/reset/verify',
    {
      schema: {
        tags: ['account'],
        summary: 'Trade-password reset, step 1: the code sent to the reserved phone and the account’s ID number → a ticket (10 minutes)',
        body: Type.Object({ code: Field(16), id_no: Field(32) }),
        response: { 200: EnvelopeOf(Type.Object({ ticket: Type.String(), expires_in: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'settings-ip', SETTINGS_CHECKS_PER_IP);
      const code = requiredCode(request.body.code);
      const idNo = normalizeIdCard(request.body.id_no ?? '');
      const valid = validateIdCard(idNo, { asOf: shanghaiDate(app.clock.now()) });
      if (!valid.ok) throw ApiError.of(ResultCode.ID_CARD_INVALID, valid.reason as ServerMessageKey);
      const result = await verifyPasswordReset(kysely, app.personalData, {
        userId: user.userId,
        sessionKey: tokenHash(user.token),
        code,
        idNo,
        now: app.clock.now(),
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'not_certified':
            throw ApiError.of(ResultCode.NOT_CERTIFIED, 'notCertified');
          case 'not_set':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_NOT_SET, 'tradePasswordNotSet');
          case 'id_mismatch':
            throw ApiError.of(ResultCode.ID_CARD_MISMATCH, 'idCardMismatch');
          default:
            throw codeError(result);
        }
      }
      return ok({ ticket: result.ticket, expires_in: SETTINGS_TICKET_TTL_MS / 1000 });
    },
  );

  app.post(
    '/djapi/account/trade-password/reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Trade-password reset, step 2: the ticket and the new password (RSA-encrypted); the lock and the wrong tries are cleared',
        body: Type.Object({ ticket: Field(200), encrypted_password: Field(1024) }),
        response: { 200: EnvelopeOf(Type.Object({ reset: Type.Boolean() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'settings-ip', SETTINGS_CHECKS_PER_IP);
      const result = await resetTradePassword(kysely, app.personalData, {
        userId: user.userId,
        sessionKey: tokenHash(user.token),
        ticket: formValue(request.body.ticket),
        password: decryptedField(app, formValue(request.body.encrypted_password)),
        now: app.clock.now(),
        pepper: app.tradePasswordPepper,
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'not_set':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_NOT_SET, 'tradePasswordNotSet');
          case 'ticket_invalid':
            throw ticketError();
          case 'unreadable':
            throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
          case 'weak':
            throw ApiError.of(ResultCode.TRADE_PASSWORD_WEAK, result.message as ServerMessageKey);
        }
      }
      return ok({ reset: true });
    },
  );

  app.post(
    '/djapi/account/phone/verify-old',
    {
      schema: {
        tags: ['account'],
        summary: 'Phone change, step 1: the code sent to the current phone → a ticket (10 minutes) for the new phone’s code',
        body: Type.Object({ code: Field(16) }),
        response: { 200: EnvelopeOf(Type.Object({ ticket: Type.String(), expires_in: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'settings-ip', SETTINGS_CHECKS_PER_IP);
      const code = requiredCode(request.body.code);
      const result = await verifyOldPhone(kysely, app.personalData, {
        userId: user.userId,
        sessionKey: tokenHash(user.token),
        code,
        now: app.clock.now(),
      });
      if (!result.ok) {
        if (result.reason === 'not_found') throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
        throw codeError(result);
      }
      return ok({ ticket: result.ticket, expires_in: SETTINGS_TICKET_TTL_MS / 1000 });
    },
  );

  app.post(
    '/djapi/account/phone',
    {
      schema: {
        tags: ['account'],
        summary: 'Phone change, step 2: the old phone’s ticket, the new phone and its code; the session stays valid',
        body: Type.Object({ ticket: Field(200), telephone: Field(32), code: Field(16) }),
        response: { 200: EnvelopeOf(Type.Object({ telephone_masked: Type.String() })), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'settings-ip', SETTINGS_CHECKS_PER_IP);
      const telephone = checkedTelephone(formValue(request.body.telephone) ?? '');
      const code = requiredCode(request.body.code);
      const result = await changeTelephone(kysely, app.personalData, {
        userId: user.userId,
        sessionKey: tokenHash(user.token),
        ticket: formValue(request.body.ticket),
        telephone,
        code,
        now: app.clock.now(),
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'not_found':
            throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
          case 'ticket_invalid':
            throw ticketError();
          case 'same_phone':
          case 'phone_taken':
            throw phoneError(result.reason);
          default:
            throw codeError(result);
        }
      }
      return ok({ telephone_masked: result.telephoneMasked });
    },
  );
};

export default accountSettingsRoutes;
