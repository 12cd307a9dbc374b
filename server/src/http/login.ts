// The HTTP side of logging in: services/login.ts does the database work; these set and clear the cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_AGREEMENTS, currentAgreement, parseAcceptedAgreements, type AgreementId } from '../../../src/lib/agreements';
import { ACCESS_TOKEN_COOKIE, THIRDPARTY_TOKEN_COOKIE, XQFD_THIRDPARTY_TOKEN_COOKIE } from '../constants';
import type { ThirdpartySource } from '../db/platform-types';
import { setAccessTokenCookie } from '../plugins/session';
import { recordAcceptances } from '../services/legal';
import * as login from '../services/login';
import { clientKey } from './client-address';
import { ApiError } from './envelope';
import { ResultCode } from './result-codes';

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

/**
 * A login's ticked agreements (issue 17; the SMS form's tick and the mini program's phone button's): the login ones
 * (用户服务协议, 隐私政策) in their current version, to be recorded; other ids or versions are not what the login screens
 * show and are left out. Absent → none (older clients, the native apps); a field that cannot be read → 400080, which
 * the route asks before it spends anything (an SMS code, WeChat's one-time phone code, a waiting WeChat identity).
 */
export function loginAgreements(field: string | undefined): Map<AgreementId, string> {
  const parsed = parseAcceptedAgreements(field);
  if (!parsed) throw ApiError.of(ResultCode.AGREEMENTS_REQUIRED, 'agreementsMalformed');
  const accepted = new Map<AgreementId, string>();
  for (const id of LOGIN_AGREEMENTS) {
    const version = parsed.get(id);
    if (version === currentAgreement(id).version) accepted.set(id, version);
  }
  return accepted;
}

/** Records a login's agreements for the user it logged in: context 'login', this client's address, now. */
export async function recordLoginAgreements(
  request: FastifyRequest,
  userId: number,
  accepted: ReadonlyMap<AgreementId, string>,
): Promise<void> {
  const app = request.server;
  await recordAcceptances(app.db.kysely, { userId, accepted, context: 'login', ip: clientKey(request.ip), now: app.clock.now() });
}
