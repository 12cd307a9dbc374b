// The HTTP side of logging in: services/login.ts does the database work; these set and clear the cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE, THIRDPARTY_TOKEN_COOKIE, XQFD_THIRDPARTY_TOKEN_COOKIE } from '../constants';
import type { ThirdpartySource } from '../db/platform-types';
import { setAccessTokenCookie } from '../plugins/session';
import * as login from '../services/login';

/** The cookie holding a waiting WeChat identity's token, per source. */
const THIRDPARTY_COOKIES: Record<ThirdpartySource, string> = {
  weixin: THIRDPARTY_TOKEN_COOKIE,
  xqfdweixin: XQFD_THIRDPARTY_TOKEN_COOKIE,
};

/**
 * Logs the owner of `telephone` in (services/login.ts): the user session in cookie `xq_a_token` (the token this
 * browser held before ends), and a waiting WeChat identity bound, its cookie cleared.
 */
export async function logUserIn(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { telephone: string; clientId: string; thirdpartyToken?: string | undefined },
): Promise<login.LoginResult> {
  const app = request.server;
  const result = await login.logUserIn(app.db.kysely, {
    telephone: opts.telephone,
    clientId: opts.clientId,
    pendingToken: opts.thirdpartyToken,
    previousToken: request.cookies[ACCESS_TOKEN_COOKIE],
    now: app.clock.now(),
  });
  if (result.consumedPending)
    reply.clearCookie(THIRDPARTY_COOKIES[result.consumedPending], { path: '/', secure: app.config.secureCookies });
  setAccessTokenCookie(request, reply, result.session);
  return result;
}

/** Remembers a WeChat identity that has no user yet; the client holds the token (cookie too). */
export async function createPendingIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: { source: ThirdpartySource; openid: string; unionid: string | null },
): Promise<string> {
  const app = request.server;
  const now = app.clock.now();
  const pending = await login.createPendingIdentity(app.db.kysely, identity, now);
  reply.setCookie(THIRDPARTY_COOKIES[identity.source], pending.token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: app.config.secureCookies,
    maxAge: Math.floor((pending.expiresAt.getTime() - now.getTime()) / 1000),
  });
  return pending.token;
}
