import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SMS_SEND_PER_IP } from '../constants';
import { maskTelephone } from '../domain/masks';
import { clientKey } from '../http/client-address';
import { ApiError, ApiErrorWithData, EnvelopeOf, ErrorEnvelopeWithData, ok, requestLocale } from '../http/envelope';
import { smsProviderFailed, smsThrottled } from '../http/error-handler';
import { formValue, limitPerIp } from '../http/forms';
import { formatMessage, ResultCode, type ServerMessageKey } from '../http/result-codes';
import { clearAccessTokenCookie, requireUser } from '../plugins/session';
import { closeAccount, closingBlockers, sendCloseCode, type ClosingBlocker } from '../services/account-closing';
import { exportPersonalData } from '../services/data-export';

/**
 * The privacy policy's rights made self-service (issue 17): a copy of one's personal data (GET
 * /djapi/account/data-export) and closing the account (注销: check, code to the login phone, close). Every call works on
 * the logged-in user's own rows only (services/data-export.ts, services/account-closing.ts).
 */

const errors = { '4xx': ErrorEnvelopeWithData };

/** Per client: exports are heavy reads, closing codes are guesses an attacker would repeat. */
const EXPORTS_PER_IP = { max: 30, windowMs: 60 * 60 * 1000 } as const;
const CLOSE_CHECKS_PER_IP = { max: 60, windowMs: 10 * 60 * 1000 } as const;

const BLOCKER_MESSAGES: Record<ClosingBlocker, ServerMessageKey> = {
  holdings: 'closeBlockHoldings',
  cash: 'closeBlockCash',
  pending_orders: 'closeBlockPending',
  in_transit: 'closeBlockTransit',
  auto_invest: 'closeBlockAutoInvest',
};

function blockerTexts(request: FastifyRequest, blockers: readonly ClosingBlocker[]): string[] {
  const locale = requestLocale(request);
  return blockers.map((b) => formatMessage(BLOCKER_MESSAGES[b], locale));
}

function refusal(request: FastifyRequest, blockers: readonly ClosingBlocker[]): ApiErrorWithData {
  const separator = requestLocale(request) === 'en-US' ? '; ' : '；';
  return new ApiErrorWithData(
    ResultCode.ACCOUNT_CLOSE_REFUSED,
    'accountCloseRefused',
    { blockers },
    { reasons: blockerTexts(request, blockers).join(separator) },
  );
}

const DataExport = Type.Object(
  {
    format: Type.String({ description: 'danjuan-open.personal-data' }),
    version: Type.Integer(),
    exported_at: Type.String({ description: 'ISO 8601' }),
    profile: Type.Unknown(),
    identity: Type.Unknown({ description: 'real name and ID number as stored, or null before opening' }),
    income_declaration: Type.Unknown(),
    risk_assessments: Type.Unknown(),
    agreements_accepted: Type.Unknown(),
    bank_cards: Type.Unknown({ description: 'card numbers masked' }),
    orders: Type.Unknown(),
    holdings: Type.Unknown(),
    cash: Type.Unknown({ description: '现金宝: balance and movements' }),
    money_market_income: Type.Unknown(),
    auto_invest_plans: Type.Unknown(),
    service_messages: Type.Unknown(),
    login_history: Type.Unknown(),
    wechat_bindings: Type.Unknown(),
    watchlist: Type.Unknown(),
    personal_pension: Type.Unknown({ description: 'the pension account, its contributions and withdrawals, or null (issue 24)' }),
  },
  { description: 'Money and shares are decimal strings; no password hashes, keys or other users’ data' },
);

const accountPrivacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kysely = app.db.kysely;

  app.get(
    '/djapi/account/data-export',
    {
      schema: {
        tags: ['account'],
        summary:
          'A copy of the logged-in user’s personal data (PIPL Art. 45): profile, identity, risk assessments, agreements, cards, orders, holdings, 现金宝, plans, service messages, logins',
        response: { 200: EnvelopeOf(DataExport), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'data-export', EXPORTS_PER_IP);
      const data = await exportPersonalData(kysely, app.personalData, { userId: user.userId, now: app.clock.now() });
      if (!data) throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
      reply.header('cache-control', 'no-store');
      return ok(data as typeof DataExport.static);
    },
  );

  app.get(
    '/djapi/account/close/check',
    {
      schema: {
        tags: ['account'],
        summary:
          'Whether the account can be closed now, and what keeps it open (holdings, cash, pending orders, money in transit, auto-invest)',
        response: {
          200: EnvelopeOf(
            Type.Object({ can_close: Type.Boolean(), blockers: Type.Array(Type.String()), reasons: Type.Array(Type.String()) }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const blockers = await closingBlockers(kysely, user.userId);
      return ok({ can_close: blockers.length === 0, blockers: [...blockers], reasons: blockerTexts(request, blockers) });
    },
  );

  app.post(
    '/djapi/account/close/code',
    {
      schema: {
        tags: ['account'],
        summary: 'Texts the closing code to the login phone; refused (400090) while something keeps the account open',
        response: { 200: EnvelopeOf(Type.Object({ telephone_masked: Type.String(), resend_after: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      await limitPerIp(request, 'sms-ip', SMS_SEND_PER_IP);
      const user = await requireUser(request);
      const sent = await sendCloseCode(kysely, app.sms, app.personalData, {
        userId: user.userId,
        ip: clientKey(request.ip),
        now: app.clock.now(),
      }).catch(smsProviderFailed(request));
      if (!sent.ok) {
        switch (sent.reason) {
          case 'wait':
          case 'daily':
            throw smsThrottled(sent);
          case 'blocked':
            throw refusal(request, sent.blockers);
          case 'not_found':
            throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
        }
      }
      return ok({ telephone_masked: maskTelephone(sent.telephone), resend_after: sent.resendAfterSeconds });
    },
  );

  app.post(
    '/djapi/account/close',
    {
      schema: {
        tags: ['account'],
        summary:
          'Closes the account with the code: sessions end, the phone is freed, data without a legal retention duty is deleted; identity, trades and suitability records are kept (20 years) marked closed',
        body: Type.Object({ code: Type.Optional(Type.String({ maxLength: 16 })) }),
        response: { 200: EnvelopeOf(Type.Object({ closed: Type.Boolean(), closed_at: Type.String() })), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await limitPerIp(request, 'settings-ip', CLOSE_CHECKS_PER_IP);
      const code = formValue(request.body.code);
      if (code === undefined) throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeRequired');
      const result = await closeAccount(kysely, app.personalData, { userId: user.userId, code, now: app.clock.now() });
      if (!result.ok) {
        switch (result.reason) {
          case 'blocked':
            throw refusal(request, result.blockers);
          case 'code_wrong':
            throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeWrong', 400, { remaining: result.remaining });
          case 'code_invalid':
            throw ApiError.of(ResultCode.SMS_CODE_INVALID, 'smsCodeInvalid');
          case 'not_found':
            throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
        }
      }
      clearAccessTokenCookie(request, reply);
      return ok({ closed: true, closed_at: result.closedAt.toISOString() });
    },
  );
};

export default accountPrivacyRoutes;
