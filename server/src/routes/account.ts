import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEMO_OAUTH_CLIENTS, WATCHLIST_ALL_PID, WATCHLIST_SIZE } from '../constants';
import { ApiError, EnvelopeOf, ErrorEnvelope, ok, requestLocale, toApiError } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { StringEnum } from '../http/schemas';
import {
  clearAccessTokenCookie,
  issueSession,
  requireUser,
  sessionOf,
  setAccessTokenCookie,
} from '../plugins/session';

/** 13812345678 → 138****5678, as shown in the header and the one-tap login sheet. */
export function maskTelephone(telephone: string): string {
  if (telephone.length < 7) return '*'.repeat(telephone.length);
  return `${telephone.slice(0, 3)}****${telephone.slice(-4)}`;
}

const UserView = Type.Object({
  id: Type.Integer(),
  mask_telephone: Type.String(),
  open_trade: Type.Boolean(),
});

/** Form fields of the token call; grants other than `password` arrive with the SMS-login issue. */
const TokenBody = Type.Object({
  grant_type: Type.String({ minLength: 1, maxLength: 64 }),
  client_id: Type.Optional(Type.String({ maxLength: 64 })),
  client_secret: Type.Optional(Type.String({ maxLength: 128 })),
  telephone: Type.Optional(Type.String({ maxLength: 32 })),
  encrypted_telephone: Type.Optional(Type.String({ maxLength: 1024 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  areacode: Type.Optional(Type.String({ maxLength: 8 })),
});

const ClientQuery = Type.Object(
  {
    client_id: Type.Optional(Type.String({ maxLength: 64 })),
    client_secret: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: true },
);

/** SPEC §3 "Login token response": access_token, error_code, error_description (plus our envelope fields). */
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
  error_code: Type.Integer(),
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
      const user = await app.db.kysely
        .selectFrom('users')
        .select(['id', 'telephone', 'open_trade'])
        .where('id', '=', session.userId)
        .executeTakeFirst();
      if (!user) throw ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);
      return ok({ user: { id: user.id, mask_telephone: maskTelephone(user.telephone), open_trade: user.open_trade } });
    },
  );

  app.post(
    '/xqapi/provider/oauth/token',
    {
      schema: {
        tags: ['account'],
        summary: 'OAuth token: grant_type=password issues an anonymous token (cookie xq_a_token)',
        querystring: ClientQuery,
        body: TokenBody,
        response: { 200: TokenResponse, '4xx': TokenError },
      },
      // Errors here carry error_code too: SPEC §3's token response reads error_code / error_description.
      errorHandler(error, request, reply) {
        const apiError = toApiError(error);
        if (apiError.httpStatus >= 500) request.log.error({ err: error }, 'token request failed');
        const description = apiError.describe(requestLocale(request));
        return reply.status(apiError.httpStatus).send({
          error_code: apiError.resultCode,
          error_description: description,
          result_code: apiError.resultCode,
          message: description,
          data: null,
        });
      },
    },
    async (request, reply) => {
      const clientId = request.query.client_id ?? request.body.client_id ?? '';
      const clientSecret = request.query.client_secret ?? request.body.client_secret ?? '';
      if (!clientId || DEMO_OAUTH_CLIENTS[clientId] !== clientSecret) {
        throw ApiError.of(ResultCode.INVALID_CLIENT, 'invalidClient', 401);
      }
      if (request.body.grant_type !== 'password') {
        throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
          field: 'body.grant_type',
          reason: 'unsupported grant_type',
        });
      }
      const session = await issueSession(app.db.kysely, { clientId, now: app.clock.now() });
      setAccessTokenCookie(request, reply, session);
      const expiresIn = Math.round((session.expiresAt.getTime() - app.clock.now().getTime()) / 1000);
      return {
        access_token: session.token,
        token_type: 'bearer',
        expires_in: expiresIn,
        error_code: 0,
        error_description: '',
        result_code: 0,
        message: '',
        data: { access_token: session.token, expires_in: expiresIn },
      };
    },
  );

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
      if (session) await app.db.kysely.deleteFrom('sessions').where('token', '=', session.token).execute();
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
      const source = request.body.thirdparty_source;
      let query = app.db.kysely.deleteFrom('thirdparty_bindings').where('user_id', '=', user.userId);
      if (source !== '') query = query.where('source', '=', source);
      const result = await query.executeTakeFirst();
      return ok({ removed: Number(result.numDeletedRows) });
    },
  );

  app.get(
    '/xqstock/v5/stock/portfolio/stock/watchlist.json',
    {
      schema: {
        tags: ['account'],
        summary: 'The user\'s watchlist (pid -17 = all)',
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
      const items = await app.db.kysely
        .selectFrom('watchlist')
        .select(['name', 'symbol'])
        .where('user_id', '=', user.userId)
        .orderBy('created_at', 'desc')
        .orderBy('symbol')
        .limit(request.query.size)
        .execute();
      return ok({ items });
    },
  );
};

export default accountRoutes;
