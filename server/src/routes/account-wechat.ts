import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ThirdpartySource } from '../db/platform-types';
import { maskTelephone } from '../domain/masks';
import { ApiError, EnvelopeOf, ErrorEnvelope, ErrorEnvelopeWithData, ok } from '../http/envelope';
import { isLoopbackClient } from '../http/client-address';
import { checkedTelephone, formValue, thirdpartyTokenOf } from '../http/forms';
import { createPendingIdentity, logUserIn, loginAgreements, recordLoginAgreements } from '../http/login';
import { ResultCode } from '../http/result-codes';
import { boundTelephone, findPendingIdentity } from '../services/login';
import { FAKE_WECHAT_AUTHORIZE_PATH, fakeWechatCode, WechatError, type WechatIdentity } from '../services/wechat';

/**
 * WeChat logins (docs/PRODUCT.md §4 login redirect): web OAuth in the WeChat browser (source weixin) and the
 * mini program's wx.login + phone-number button (source xqfdweixin). An identity already bound to a
 * user logs in at once; otherwise the client gets a thirdparty_token that the next SMS (or phone
 * button) login binds. Without WeChat credentials, outside production, a fake WeChat answers: its
 * authorize page is served here at FAKE_WECHAT_AUTHORIZE_PATH.
 */

const OAUTH_STATE_COOKIE = 'wx_oauth_state';
const OAUTH_LANDING_PATH = '/thirdAppSupport/redirect';

/** Only same-site paths are followed after login (no open redirect). */
export function safeRedirectPath(redirect: string | undefined): string {
  const value = (redirect ?? '').trim();
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

/** A 302 that still answers the API envelope (every /djapi and /__dev answer is one). */
function redirectWithEnvelope(reply: FastifyReply, url: string) {
  return reply.code(302).header('location', url).send(ok({ url }));
}

const LoginAnswer = EnvelopeOf(
  Type.Object({
    logged_in: Type.Boolean(),
    access_token: Type.Optional(Type.String()),
    mask_telephone: Type.Optional(Type.String()),
    thirdparty_token: Type.Optional(Type.String()),
  }),
);

const accountWechatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kysely = app.db.kysely;
  const fake = app.wechat.kind === 'fake';
  /** The fake must never stand in for WeChat on a production server. */
  const available = app.wechat.kind === 'http' || (fake && app.config.nodeEnv !== 'production');

  /**
   * WeChat login is available: real credentials, or the fake for a client on this machine — the fake's phone button
   * (`fakephone.<phone>.x`) logs in as any phone, so it is a development convenience like /__dev/* (loopback only).
   */
  function requireWechat(request: FastifyRequest): void {
    if (!available || (fake && !isLoopbackClient(request))) throw ApiError.of(ResultCode.WECHAT_LOGIN_FAILED, 'wechatNotConfigured');
  }

  async function identityFrom(exchange: () => Promise<WechatIdentity>): Promise<WechatIdentity> {
    try {
      return await exchange();
    } catch (error) {
      if (error instanceof WechatError) throw ApiError.of(ResultCode.WECHAT_LOGIN_FAILED, 'wechatLoginFailed');
      throw error;
    }
  }

  /** Logs the bound user in, or keeps the identity waiting for a phone. */
  async function answerFor(
    request: FastifyRequest,
    reply: FastifyReply,
    source: ThirdpartySource,
    identity: WechatIdentity,
    clientId: string,
  ) {
    const telephone = await boundTelephone(kysely, source, identity.openid);
    if (telephone !== undefined) {
      const login = await logUserIn(request, reply, { telephone, clientId });
      return {
        result_code: 0,
        message: '',
        error_description: '',
        data: { logged_in: true, access_token: login.session.token, mask_telephone: maskTelephone(telephone) },
      };
    }
    const thirdpartyToken = await createPendingIdentity(request, reply, { source, ...identity });
    return { result_code: 0, message: '', error_description: '', data: { logged_in: false, thirdparty_token: thirdpartyToken } };
  }

  app.get(
    '/djapi/wechat/oauth/authorize',
    {
      schema: {
        tags: ['wechat'],
        summary: "WeChat browser login: 302 to WeChat's authorize page, which returns to /thirdAppSupport/redirect with code and state",
        querystring: Type.Object({ redirect: Type.Optional(Type.String({ maxLength: 2048 })) }, { additionalProperties: true }),
        response: { 302: EnvelopeOf(Type.Object({ url: Type.String() })), '4xx': ErrorEnvelopeWithData },
      },
    },
    async (request, reply) => {
      requireWechat(request);
      const state = randomBytes(16).toString('base64url');
      reply.setCookie(OAUTH_STATE_COOKIE, state, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: app.config.secureCookies,
        maxAge: 600,
      });
      const landing = `${request.protocol}://${request.host}${OAUTH_LANDING_PATH}?redirect=${encodeURIComponent(safeRedirectPath(request.query.redirect))}`;
      return redirectWithEnvelope(reply, app.wechat.authorizeUrl!(landing, state));
    },
  );

  if (fake && app.config.nodeEnv !== 'production') {
    app.get(
      FAKE_WECHAT_AUTHORIZE_PATH,
      {
        schema: {
          tags: ['dev'],
          summary: 'Fake WeChat authorize page (development and tests): 302 back to redirect_uri with a code for the fake user',
          querystring: Type.Object(
            {
              redirect_uri: Type.String({ minLength: 1, maxLength: 4096 }),
              state: Type.Optional(Type.String({ maxLength: 128 })),
              fake_user: Type.Optional(Type.String({ pattern: '^[\\w-]{1,64}$' })),
            },
            { additionalProperties: true },
          ),
          response: { 302: EnvelopeOf(Type.Object({ url: Type.String() })), 400: ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const origin = `${request.protocol}://${request.host}`;
        const target = request.query.redirect_uri;
        // Like WeChat, only the registered domain (here: this server) may be redirected to.
        if (!target.startsWith(`${origin}/`)) {
          throw ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
            field: 'querystring.redirect_uri',
            reason: 'not this site',
          });
        }
        const cookieUser = request.cookies.fake_wechat_user;
        const user = request.query.fake_user ?? (cookieUser && /^[\w-]{1,64}$/.test(cookieUser) ? cookieUser : 'wechat-user-1');
        const code = fakeWechatCode(user, randomBytes(6).toString('hex'));
        const query = new URLSearchParams({ code, state: request.query.state ?? '' });
        return redirectWithEnvelope(reply, `${target}${target.includes('?') ? '&' : '?'}${query.toString()}`);
      },
    );
  }

  app.post(
    '/djapi/provider/oauth/wechat',
    {
      schema: {
        tags: ['wechat'],
        summary: 'WeChat browser login, step 2: exchanges the OAuth code; logs in a bound user, else answers a thirdparty_token',
        body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 256 }), state: Type.String({ maxLength: 128 }) }),
        response: { 200: LoginAnswer, '4xx': ErrorEnvelopeWithData },
      },
    },
    async (request, reply) => {
      requireWechat(request);
      const expected = request.cookies[OAUTH_STATE_COOKIE] ?? '';
      const given = request.body.state;
      const sameState =
        expected.length > 0 && expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/', secure: app.config.secureCookies });
      if (!sameState) throw ApiError.of(ResultCode.WECHAT_LOGIN_FAILED, 'wechatLoginFailed');
      const identity = await identityFrom(() => app.wechat.oauthExchange(request.body.code));
      return answerFor(request, reply, 'weixin', identity, 'dj-h5');
    },
  );

  app.post(
    '/djapi/provider/weapp/login',
    {
      schema: {
        tags: ['wechat'],
        summary: 'Mini program login: wx.login code → code2session; logs in a bound user, else answers a thirdparty_token',
        body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 256 }) }),
        response: { 200: LoginAnswer, '4xx': ErrorEnvelopeWithData },
      },
    },
    async (request, reply) => {
      requireWechat(request);
      const session = await identityFrom(() => app.wechat.code2session(request.body.code));
      return answerFor(request, reply, 'xqfdweixin', { openid: session.openid, unionid: session.unionid }, 'dj-weapp');
    },
  );

  app.post(
    '/djapi/provider/weapp/phone',
    {
      schema: {
        tags: ['wechat'],
        summary:
          'Mini program phone-number button: its code gives the phone; logs that user in (created if new) and binds the identity; optional agreements: the ticked login agreements as id@version, recorded with context login',
        body: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 256 }),
          thirdparty_token: Type.Optional(Type.String({ maxLength: 64 })),
          /** The agreements ticked above the button, `id@version,…` (optional: older builds do not send it). */
          agreements: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: { 200: LoginAnswer, '4xx': ErrorEnvelopeWithData },
      },
    },
    async (request, reply) => {
      requireWechat(request);
      // Read before WeChat's one-time phone code is exchanged and the waiting identity is bound (400080 spends neither).
      const accepted = loginAgreements(request.body.agreements);
      const token = thirdpartyTokenOf(request, request.body.thirdparty_token);
      const pending = await findPendingIdentity(kysely, token, app.clock.now());
      if (!pending) throw ApiError.of(ResultCode.THIRDPARTY_TOKEN_INVALID, 'thirdpartyTokenInvalid');
      if (!app.wechat.getPhoneNumber) throw ApiError.of(ResultCode.WECHAT_LOGIN_FAILED, 'wechatNotConfigured');
      const getPhone = app.wechat.getPhoneNumber.bind(app.wechat);
      let phone: string;
      try {
        phone = await getPhone(request.body.code);
      } catch (error) {
        if (error instanceof WechatError) throw ApiError.of(ResultCode.WECHAT_LOGIN_FAILED, 'wechatLoginFailed');
        throw error;
      }
      const telephone = checkedTelephone(formValue(phone) ?? '');
      const login = await logUserIn(request, reply, { telephone, clientId: 'dj-weapp', thirdpartyToken: pending.token });
      await recordLoginAgreements(request, login.userId, accepted);
      return {
        result_code: 0,
        message: '',
        error_description: '',
        data: { logged_in: true, access_token: login.session.token, mask_telephone: maskTelephone(telephone) },
      };
    },
  );
};

export default accountWechatRoutes;
