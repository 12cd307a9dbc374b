import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../constants';
import { ApiError, sendError } from '../http/envelope';
import { ResultCode } from '../http/result-codes';
import { userOf } from './session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sets a fresh XSRF-TOKEN cookie when the browser has none (called on page loads). */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[XSRF_COOKIE]) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(18).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    // The page's http client reads it to echo it in X-XSRF-TOKEN (double-submit cookie).
    httpOnly: false,
    secure: request.server.config.secureCookies,
  });
}

/**
 * Double-submit XSRF check: a state-changing request that rides on a logged-in session
 * cookie must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. Requests without a user session
 * cookie (anonymous token, login itself) and Bearer-token requests carry no ambient
 * credential, so they are not checked.
 */
export function registerXsrf(app: FastifyInstance): void {
  // onRequest (after @fastify/cookie's parser): refuse before the body is even read.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!request.cookies[ACCESS_TOKEN_COOKIE] || request.headers.authorization?.startsWith('Bearer ')) return;
    if (!(await userOf(request))) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (typeof header === 'string' && cookie && sameToken(header, cookie)) return;
    // A client that never had the cookie gets one with the refusal, so its retry can pass.
    ensureXsrfCookie(request, reply);
    return sendError(request, reply, ApiError.of(ResultCode.XSRF_MISMATCH, 'xsrfMismatch', 403));
  });
}
