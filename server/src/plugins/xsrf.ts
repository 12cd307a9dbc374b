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
 * API routes whose answer hands a client without the cookie its XSRF-TOKEN: `GET /djapi/account`, which
 * every page asks first (the mini program never loads a page, so this is where it gets the cookie).
 * Pages get it from the page load (static-h5); other API answers do not mint one, so the read path stays
 * cheap (bench/README.md), and a refused state-changing request gets one with its 403.
 */
export const XSRF_ISSUING_ROUTES: ReadonlyArray<{ method: string; url: string }> = [{ method: 'GET', url: '/djapi/account' }];

function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  ensureXsrfCookie(request, reply);
  done();
}

/**
 * Double-submit XSRF check: a state-changing request that rides on a logged-in session
 * cookie must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. Requests without a user session
 * cookie (anonymous token, login itself) and Bearer-token requests carry no ambient
 * credential, so they are not checked. Register before the route plugins (it attaches the
 * cookie-issuing hook to XSRF_ISSUING_ROUTES as they are added).
 */
export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!XSRF_ISSUING_ROUTES.some((r) => r.url === route.url && methods.includes(r.method))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), issueXsrfCookie];
  });

  const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!(await userOf(request))) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (typeof header === 'string' && cookie && sameToken(header, cookie)) return;
    // A client that never had the cookie gets one with the refusal, so its retry can pass.
    ensureXsrfCookie(request, reply);
    await sendError(request, reply, ApiError.of(ResultCode.XSRF_MISMATCH, 'xsrfMismatch', 403));
  };

  // onRequest (after @fastify/cookie's parser): refuse before the body is even read. Synchronous for
  // everything that is not a state-changing request on a session cookie (every GET: the hot path).
  app.addHook('onRequest', (request, reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    if (!request.cookies[ACCESS_TOKEN_COOKIE] || request.headers.authorization?.startsWith('Bearer ')) return done();
    check(request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });
}
