import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEMO_OAUTH_CLIENTS, SMS_CODE_TTL_MS, SMS_SEND_PER_IP, TOKEN_CALLS_PER_IP, WATCHLIST_ALL_PID, WATCHLIST_SIZE } from '../constants';
import { maskTelephone } from '../domain/masks';
import { ApiError, EnvelopeOf, ErrorEnvelope, ErrorEnvelopeWithData, ok } from '../http/envelope';
import { clientKey } from '../http/client-address';
import { oauthErrorHandler, smsProviderFailed, smsThrottled } from '../http/error-handler';
import { formValue, limitPerIp, telephoneOf, thirdpartyTokenOf } from '../http/forms';
import { logUserIn, loginAgreements, recordLoginAgreements } from '../http/login';
import { ResultCode } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import { clearAccessTokenCookie, issueSession, requireUser, sessionOf, sessionStateOf, setAccessTokenCookie } from '../plugins/session';
import { accountView, endSession, unbindThirdparty } from '../services/account';
import { OutboxSmsProvider } from '../services/sms';
import { issueCode, verifyCode } from '../services/verification-codes';
import { watchlistOf } from '../services/watchlist';

const UserView = Type.Object({
  id: Type.Integer(),
  mask_telephone: Type.String(),
  /** Opened a fund trading account: certified and a trade password set. */
  open_trade: Type.Boolean(),
  certified: Type.Boolean(),
  real_name_masked: Type.Union([Type.String(), Type.Null()]),
  bank_card: Type.Union([Type.Object({ bank_code: Type.String(), card_tail: Type.String() }), Type.Null()]),
  has_trade_password: Type.Boolean(),
  trade_password_locked_until: Type.Union([Type.String(), Type.Null()]),
  /** C1–C5 while the latest assessment is valid, else null. */
  risk_level: Type.Union([Type.String(), Type.Null()]),
  risk_valid_until: Type.Union([Type.String(), Type.Null()]),
  risk_expired: Type.Boolean(),
});

/** Form fields of the token call: grant_type password (anonymous) or telephone_auto_login (SMS code). */
const TokenBody = Type.Object({
  grant_type: Type.String({ minLength: 1, maxLength: 64 }),
  client_id: Type.Optional(Type.String({ maxLength: 64 })),
  client_secret: Type.Optional(Type.String({ maxLength: 128 })),
  telephone: Type.Optional(Type.String({ maxLength: 32 })),
  encrypted_telephone: Type.Optional(Type.String({ maxLength: 1024 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  areacode: Type.Optional(Type.String({ maxLength: 8 })),
  thirdparty_token: Type.Optional(Type.String({ maxLength: 64 })),
  /** The agreements ticked on the login form, `id@version,…` (optional: older clients do not send it). */
  agreements: Type.Optional(Type.String({ maxLength: 200 })),
});

/** docs/PRODUCT.md §7 code send: telephone or encrypted_telephone (one of them null), areacode 86, source 0, voice. */
const SmsSendBody = Type.Object({
  telephone: Type.Optional(Type.String({ maxLength: 32 })),
  encrypted_telephone: Type.Optional(Type.String({ maxLength: 1024 })),
  areacode: Type.Optional(Type.String({ maxLength: 8 })),
  source: Type.Optional(Type.String({ maxLength: 8 })),
  voice: Type.Optional(Type.String({ maxLength: 8 })),
});

const ClientQuery = Type.Object(
  {
    client_id: Type.Optional(Type.String({ maxLength: 64 })),
    client_secret: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: true },
);

/** docs/PRODUCT.md §3 "Login token response": access_token, error_code, error_description (plus our envelope fields). */
const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
  error_code: Type.Integer(),
  error_description: Type.String(),
  result_code: Type.Integer(),
  message: Type.String(),
  data: Type.Object({ access_token: Type.String(), expires_in: Type.Integer() }),
});
const TokenError = Type.Object({
  // Optional: refusals sent before the route (XSRF, rate limit) carry only the envelope.
  error_code: Type.Optional(Type.Integer()),
  error_description: Type.String(),
  result_code: Type.Integer(),
  message: Type.String(),
  data: Type.Null(),
});

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/djapi/account',
    {
      schema: {
        tags: ['account'],
        summary: 'The current user; result_code 300001 when not logged in (decides the login state)',
        response: { 200: Type.Union([EnvelopeOf(Type.Object({ user: UserView })), ErrorEnvelope]) },
      },
    },
    async (request) => {
      const session = await requireUser(request);
      const user = await accountView(app.db.kysely, session.userId, app.clock.now());
      if (!user) throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
      return ok({ user });
    },
  );

  app.get(
    '/djapi/security/public-key',
    {
      schema: {
        tags: ['account'],
        summary: 'The server RSA public key (PEM): clients encrypt the telephone and the trade password with it (jsencrypt)',
        response: { 200: EnvelopeOf(Type.Object({ public_key: Type.String() })) },
      },
    },
    async () => ok({ public_key: app.serverKeys.publicKeyPem }),
  );

  app.post(
    '/xqapi/account/sms/send_verification_code.json',
    {
      schema: {
        tags: ['account'],
        summary: 'Sends a 4-digit login code (valid 5 min, single use, 5 tries) by SMS or voice; needs a token (400016 / 400013)',
        body: SmsSendBody,
        response: {
          200: EnvelopeOf(
            Type.Object({
              telephone_masked: Type.String(),
              resend_after: Type.Integer(),
              voice: Type.Boolean(),
              expires_in: Type.Integer(),
            }),
          ),
          '4xx': ErrorEnvelopeWithData,
        },
      },
    },
    async (request) => {
      // Per-IP budget first: it also bounds the token lookups an attacker can make.
      await limitPerIp(request, 'sms-ip', SMS_SEND_PER_IP);
      const { state } = await sessionStateOf(request);
      if (state === 'none') throw ApiError.of(ResultCode.ANONYMOUS_TOKEN_REQUIRED, 'anonymousTokenRequired');
      if (state === 'expired') throw ApiError.of(ResultCode.ANONYMOUS_TOKEN_EXPIRED, 'anonymousTokenExpired');
      const areacode = formValue(request.body.areacode);
      if (areacode !== undefined && areacode.replace(/^\+/, '') !== '86') {
        throw ApiError.of(ResultCode.UNSUPPORTED_AREA_CODE, 'unsupportedAreaCode');
      }
      const telephone = telephoneOf(app, request.body);
      const voice = ['true', '1'].includes(formValue(request.body.voice)?.toLowerCase() ?? '');
      const result = await issueCode(app.db.kysely, app.sms, app.personalData, {
        purpose: 'login',
        telephone,
        voice,
        ip: clientKey(request.ip),
        now: app.clock.now(),
      }).catch(smsProviderFailed(request));
      if (!result.ok) throw smsThrottled(result);
      return ok({
        telephone_masked: maskTelephone(telephone),
        resend_after: result.resendAfterSeconds,
        voice,
        expires_in: SMS_CODE_TTL_MS / 1000,
      });
    },
  );

  if (app.config.nodeEnv !== 'production') {
    app.get(
      '/__dev/sms',
      {
        schema: {
          tags: ['dev'],
          summary: 'Development only (absent when NODE_ENV=production): the codes the SMS outbox sent to a phone, newest first',
          querystring: Type.Object({ telephone: Type.String({ minLength: 1, maxLength: 32 }) }),
          response: {
            200: EnvelopeOf(
              Type.Object({
                items: Type.Array(
                  Type.Object({ code: Type.String(), voice: Type.Boolean(), sent_at: Type.String(), purpose: Type.String() }),
                ),
              }),
            ),
            400: ErrorEnvelope,
          },
        },
      },
      async (request) => {
        const outbox = app.sms instanceof OutboxSmsProvider ? app.sms : undefined;
        const items = (outbox?.messagesFor(request.query.telephone.trim()) ?? []).map((message) => ({
          code: message.code,
          voice: message.voice,
          sent_at: message.sentAt.toISOString(),
          purpose: message.purpose ?? 'login',
        }));
        return ok({ items });
      },
    );
  }

  app.post(
    '/xqapi/provider/oauth/token',
    {
      schema: {
        tags: ['account'],
        summary:
          'OAuth token (cookie xq_a_token): grant_type=password → anonymous token; telephone_auto_login (telephone or encrypted_telephone, code, optional agreements: the ticked login agreements as id@version, recorded with context login) → user token, creating the user on first login',
        querystring: ClientQuery,
        body: TokenBody,
        response: { 200: TokenResponse, '4xx': TokenError },
      },
      // Errors here carry error_code too: the token response is read through error_code / error_description.
      errorHandler: oauthErrorHandler,
    },
    async (request, reply) => {
      const clientId = request.query.client_id ?? request.body.client_id ?? '';
      const clientSecret = request.query.client_secret ?? request.body.client_secret ?? '';
      if (!clientId || DEMO_OAUTH_CLIENTS[clientId] !== clientSecret) {
        throw ApiError.of(ResultCode.INVALID_CLIENT, 'invalidClient', 401);
      }
      await limitPerIp(request, 'token-ip', TOKEN_CALLS_PER_IP);
      if (request.body.grant_type === 'telephone_auto_login') {
        const telephone = telephoneOf(app, request.body);
        const code = formValue(request.body.code);
        if (code === undefined) throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeRequired');
        const accepted = loginAgreements(request.body.agreements);
        const verified = await verifyCode(app.db.kysely, app.personalData, { purpose: 'login', telephone, code, now: app.clock.now() });
        if (!verified.ok) {
          if (verified.reason === 'wrong') {
            throw ApiError.of(ResultCode.SMS_CODE_WRONG, 'smsCodeWrong', 400, { remaining: verified.remaining });
          }
          throw ApiError.of(ResultCode.SMS_CODE_INVALID, 'smsCodeInvalid');
        }
        const login = await logUserIn(request, reply, {
          telephone,
          clientId,
          thirdpartyToken: thirdpartyTokenOf(request, request.body.thirdparty_token),
        });
        await recordLoginAgreements(request, login.userId, accepted);
        return tokenAnswer(login.session.token, login.session.expiresAt);
      }
      if (request.body.grant_type !== 'password') {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
          field: 'body.grant_type',
          reason: 'unsupported grant_type (password, telephone_auto_login)',
        });
      }
      const session = await issueSession(app.db.kysely, { clientId, now: app.clock.now() });
      setAccessTokenCookie(request, reply, session);
      return tokenAnswer(session.token, session.expiresAt);
    },
  );

  function tokenAnswer(token: string, expiresAt: Date) {
    const expiresIn = Math.round((expiresAt.getTime() - app.clock.now().getTime()) / 1000);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresIn,
      error_code: 0,
      error_description: '',
      result_code: 0,
      message: '',
      data: { access_token: token, expires_in: expiresIn },
    };
  }

  app.post(
    '/djapi/provider/oauth/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Log out: ends the session and clears xq_a_token (succeeds with no session too)',
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request, reply) => {
      const session = await sessionOf(request);
      if (session) await endSession(app.db.kysely, session.token);
      clearAccessTokenCookie(request, reply);
      return ok(null);
    },
  );

  app.post(
    '/djapi/provider/thirdparty/unbind',
    {
      schema: {
        tags: ['account'],
        summary: 'Unbind the WeChat login of the current user (empty source: every binding)',
        body: Type.Object({
          thirdparty_source: StringEnum(['weixin', 'xqfdweixin', ''] as const),
        }),
        response: { 200: Type.Union([EnvelopeOf(Type.Object({ removed: Type.Integer() })), ErrorEnvelope]), 400: ErrorEnvelope },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok({ removed: await unbindThirdparty(app.db.kysely, user.userId, request.body.thirdparty_source) });
    },
  );

  app.get(
    '/xqstock/v5/stock/portfolio/stock/watchlist.json',
    {
      schema: {
        tags: ['account'],
        summary: "The user's watchlist (pid -17 = all)",
        querystring: Type.Object(
          {
            size: Type.Integer({ minimum: 1, maximum: WATCHLIST_SIZE, default: WATCHLIST_SIZE }),
            pid: Type.Integer({ default: WATCHLIST_ALL_PID }),
          },
          { additionalProperties: true },
        ),
        response: {
          200: Type.Union([
            EnvelopeOf(Type.Object({ items: Type.Array(Type.Object({ name: Type.String(), symbol: Type.String() })) })),
            ErrorEnvelope,
          ]),
          400: ErrorEnvelope,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // Only the "all" portfolio exists; other portfolio ids are empty.
      if (request.query.pid !== WATCHLIST_ALL_PID) return ok({ items: [] });
      return ok({ items: await watchlistOf(app.db.kysely, user.userId, request.query.size) });
    },
  );
};

export default accountRoutes;
