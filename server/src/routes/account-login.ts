import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateMainlandMobile } from '../../../src/lib/validators';
import {
  ACCESS_TOKEN_COOKIE,
  THIRDPARTY_TOKEN_COOKIE,
  THIRDPARTY_TOKEN_TTL_MS,
  XQFD_THIRDPARTY_TOKEN_COOKIE,
} from '../constants';
import type { ThirdpartySource } from '../db/platform-types';
import { ApiError, requestLocale, toApiError } from '../http/envelope';
import { formatMessage, ResultCode, type ServerMessageKey } from '../http/result-codes';
import { issueSession, newToken, setAccessTokenCookie, type SessionInfo } from '../plugins/session';
import { hitLimit } from '../services/throttle';

/**
 * Helpers shared by the account route plugins (account.ts, account-opening.ts, account-risk.ts,
 * account-wechat.ts): form values, the encrypted telephone, errors that carry data, logging a
 * user in (and binding a waiting WeChat identity), per-IP limits.
 */

/** An error whose envelope carries `data` (remaining tries, lock time, resend wait). */
export class ApiErrorWithData extends ApiError {
  constructor(
    resultCode: number,
    key: ServerMessageKey,
    readonly data: Record<string, unknown>,
    params: Record<string, string | number> = {},
    httpStatus = 400,
  ) {
    super(resultCode, formatMessage(key, 'zh-CN', params), httpStatus);
    // The catalogue key, so describe() localises per request like ApiError.of.
    Object.assign(this, { messageKey: key, params });
  }
}

/** Error envelope of the account routes: `data` is null, or an object for the errors above. */
export const AccountErrorEnvelope = Type.Object({
  result_code: Type.Integer(),
  data: Type.Unknown(),
  message: Type.String(),
  error_description: Type.String(),
});

/** The account plugins' error handler: like the app's, plus `data` when the error carries it. */
export function accountErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const apiError = toApiError(error);
  if (apiError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
  const description = apiError.describe(requestLocale(request));
  return reply.status(apiError.httpStatus).send({
    result_code: apiError.resultCode,
    data: apiError instanceof ApiErrorWithData ? apiError.data : null,
    message: description,
    error_description: description,
  });
}

/** SPEC §7: of `telephone` / `encrypted_telephone` one is "null"; empty and the text null count as absent. */
export function formValue(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' || trimmed === 'null' || trimmed === 'undefined' ? undefined : trimmed;
}

/** The mainland mobile number of a form: plain `telephone`, or `encrypted_telephone` (jsencrypt, server key). */
export function telephoneOf(app: FastifyInstance, body: { telephone?: string; encrypted_telephone?: string }): string {
  const encrypted = formValue(body.encrypted_telephone);
  let telephone = formValue(body.telephone) ?? '';
  if (encrypted !== undefined) {
    const plain = app.serverKeys.decryptText(encrypted);
    // One message for every failure, so the endpoint is no padding oracle (docs/SECURITY.md).
    if (plain === undefined) throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
    telephone = plain.trim();
  }
  return checkedTelephone(telephone);
}

export function checkedTelephone(telephone: string): string {
  if (!validateMainlandMobile(telephone).ok) throw ApiError.of(ResultCode.BAD_TELEPHONE, 'common.validation.phone');
  return telephone.trim();
}

/** Decrypts an RSA-encrypted form field (trade password); undefined input → the same refusal. */
export function decryptField(app: FastifyInstance, value: string | undefined): string {
  const plain = value === undefined ? undefined : app.serverKeys.decryptText(value);
  if (plain === undefined) throw ApiError.of(ResultCode.DECRYPT_FAILED, 'decryptFailed');
  return plain;
}

/** Counts a call against a per-IP budget; over it → 429001. */
export async function limitPerIp(
  request: FastifyRequest,
  name: string,
  budget: { max: number; windowMs: number },
): Promise<void> {
  const app = request.server;
  const result = await hitLimit(app.db.kysely, { key: `${name}:${request.ip}`, ...budget, now: app.clock.now() });
  if (!result.allowed) throw ApiError.of(ResultCode.RATE_LIMITED, 'rateLimited', 429);
}

export const THIRDPARTY_COOKIES: Record<ThirdpartySource, string> = {
  weixin: THIRDPARTY_TOKEN_COOKIE,
  xqfdweixin: XQFD_THIRDPARTY_TOKEN_COOKIE,
};

/** The thirdparty_token a login may bind: the form's, else either cookie. */
export function thirdpartyTokenOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return formValue(fromBody) ?? (request.cookies[THIRDPARTY_TOKEN_COOKIE] || request.cookies[XQFD_THIRDPARTY_TOKEN_COOKIE] || undefined);
}

/** Remembers a WeChat identity that has no user yet; the client holds the token (cookie too). */
export async function createPendingIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  identity: { source: ThirdpartySource; openid: string; unionid: string | null },
): Promise<string> {
  const app = request.server;
  const now = app.clock.now();
  const token = newToken();
  await app.db.kysely.deleteFrom('thirdparty_pending').where('expires_at', '<=', now).execute();
  await app.db.kysely
    .insertInto('thirdparty_pending')
    .values({ token, ...identity, created_at: now, expires_at: new Date(now.getTime() + THIRDPARTY_TOKEN_TTL_MS) })
    .execute();
  reply.setCookie(THIRDPARTY_COOKIES[identity.source], token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: app.config.secureCookies,
    maxAge: Math.floor(THIRDPARTY_TOKEN_TTL_MS / 1000),
  });
  return token;
}

export async function pendingIdentity(request: FastifyRequest, token: string | undefined) {
  if (!token || !/^[0-9a-f]{40}$/.test(token)) return undefined;
  const app = request.server;
  return app.db.kysely
    .selectFrom('thirdparty_pending')
    .select(['token', 'source', 'openid', 'unionid'])
    .where('token', '=', token)
    .where('expires_at', '>', app.clock.now())
    .executeTakeFirst();
}

/**
 * Logs the owner of `telephone` in (creating the user on first login): a user session in cookie
 * `xq_a_token`, the request's anonymous session ended, and a waiting WeChat identity bound.
 */
export async function logUserIn(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { telephone: string; clientId: string; thirdpartyToken?: string | undefined },
): Promise<{ session: SessionInfo; userId: number; created: boolean }> {
  const app = request.server;
  const kysely = app.db.kysely;
  const now = app.clock.now();
  const inserted = await kysely
    .insertInto('users')
    .values({ telephone: opts.telephone, created_at: now })
    .onConflict((oc) => oc.column('telephone').doNothing())
    .returning('id')
    .executeTakeFirst();
  const user = inserted ?? (await kysely.selectFrom('users').select('id').where('telephone', '=', opts.telephone).executeTakeFirstOrThrow());

  const pending = await pendingIdentity(request, opts.thirdpartyToken);
  if (pending) {
    // An openid bound to another user stays there; this user's binding of that source is replaced.
    const taken = await kysely
      .selectFrom('thirdparty_bindings')
      .select('user_id')
      .where('source', '=', pending.source)
      .where('openid', '=', pending.openid)
      .executeTakeFirst();
    if (!taken) {
      await kysely.deleteFrom('thirdparty_bindings').where('user_id', '=', user.id).where('source', '=', pending.source).execute();
      await kysely
        .insertInto('thirdparty_bindings')
        .values({ user_id: user.id, source: pending.source, openid: pending.openid, unionid: pending.unionid, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await kysely.deleteFrom('thirdparty_pending').where('token', '=', pending.token).execute();
    reply.clearCookie(THIRDPARTY_COOKIES[pending.source], { path: '/', secure: app.config.secureCookies });
  }

  // The token this browser held (anonymous, or the account it switches away from) is replaced: end it.
  const previous = request.cookies[ACCESS_TOKEN_COOKIE];
  if (previous && /^[0-9a-f]{40}$/.test(previous)) {
    await kysely.deleteFrom('sessions').where('token', '=', previous).execute();
  }
  const session = await issueSession(kysely, { userId: user.id, clientId: opts.clientId, now });
  setAccessTokenCookie(request, reply, session);
  return { session, userId: user.id, created: inserted !== undefined };
}

/** Seconds from now until `at` (never negative). */
export function secondsUntil(app: FastifyInstance, at: Date): number {
  return Math.max(0, Math.round((at.getTime() - app.clock.now().getTime()) / 1000));
}
