import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { batcher, type Batcher } from '../db/batcher';
import { ACCESS_TOKEN_COOKIE, LOGIN_TOKEN_TTL_MS, ANONYMOUS_TOKEN_TTL_MS } from '../constants';
import { prepared } from '../db/database';
import type { DB } from '../db/types';
import type { SessionKind } from '../db/platform-types';
import { tokenHash, TOKEN_PATTERN } from '../domain/tokens';
import { notLoggedIn } from '../http/envelope';

export interface SessionInfo {
  token: string;
  kind: SessionKind;
  userId: number | null;
  clientId: string;
  expiresAt: Date;
}

export interface SessionUser extends SessionInfo {
  kind: 'user';
  userId: number;
}

/** The access token a request carries: cookie `xq_a_token`, or `Authorization: Bearer` (mini program, native). */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return request.cookies[ACCESS_TOKEN_COOKIE] || undefined;
}

// Looked up once per request, whoever asks first (XSRF check, route, secure API).
const sessionCache = new WeakMap<FastifyRequest, Promise<SessionInfo | null>>();

/** The request's live (not expired) session, anonymous or user; null when none. */
export function sessionOf(request: FastifyRequest): Promise<SessionInfo | null> {
  let cached = sessionCache.get(request);
  if (!cached) {
    cached = lookupSession(request.server.db.kysely, accessTokenOf(request), request.server.clock.now());
    sessionCache.set(request, cached);
  }
  return cached;
}

/**
 * Why a request has or lacks a session: `live` (the session, anonymous or user), `expired` (its token names a
 * session that has expired), or `none` (no token, a malformed one, or one no session has). The anonymous-token
 * calls answer 400013 for an expired token and 400016 for none.
 */
export async function sessionStateOf(
  request: FastifyRequest,
): Promise<{ state: 'live'; session: SessionInfo } | { state: 'expired' | 'none' }> {
  const session = await sessionOf(request);
  if (session) return { state: 'live', session };
  const token = accessTokenOf(request);
  if (!token || !TOKEN_PATTERN.test(token)) return { state: 'none' };
  const row = await request.server.db.kysely
    .selectFrom('sessions')
    .select('expires_at')
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return { state: row && row.expires_at <= request.server.clock.now() ? 'expired' : 'none' };
}

export async function lookupSession(kysely: Kysely<DB>, token: string | undefined, now: Date): Promise<SessionInfo | null> {
  // Tokens are 40 hex characters; anything else cannot match, so skip the query. Rows hold the token's hash only.
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  return sessionBatcherOf(kysely).add({ token, now });
}

// Every request with a token looks its session up: the lookups that arrive while one runs share the next statement
// (db/batcher.ts), `token_hash = ANY(…)`, a prepared statement on PostgreSQL.
const sessionBatchers = new WeakMap<Kysely<DB>, Batcher<{ token: string; now: Date }, SessionInfo | null>>();

function sessionBatcherOf(kysely: Kysely<DB>): Batcher<{ token: string; now: Date }, SessionInfo | null> {
  let found = sessionBatchers.get(kysely);
  if (!found) {
    found = batcher({
      maxBatch: 100,
      maxInFlight: 2,
      run: async (wants) => {
        const hashes = wants.map((w) => tokenHash(w.token));
        const { rows } = await sql<{
          token_hash: string;
          kind: SessionKind;
          user_id: string | number | null;
          client_id: string;
          expires_at: Date;
        }>`
          SELECT ${prepared} token_hash, kind, user_id, client_id, expires_at FROM sessions WHERE token_hash = ANY(${hashes}::text[])`.execute(
          kysely,
        );
        const byHash = new Map(rows.map((row) => [row.token_hash, row]));
        return wants.map((want, i) => {
          const row = byHash.get(hashes[i] as string);
          // Live sessions only: one that expired is no session (sessionStateOf tells the two apart).
          if (!row || !(new Date(row.expires_at) > want.now)) return { ok: true, value: null };
          const userId = row.user_id === null ? null : Number(row.user_id);
          return {
            ok: true,
            value: { token: want.token, kind: row.kind, userId, clientId: row.client_id, expiresAt: new Date(row.expires_at) },
          };
        });
      },
    });
    sessionBatchers.set(kysely, found);
  }
  return found;
}

/** The logged-in user's session, or null (anonymous token, expired, none). */
export async function userOf(request: FastifyRequest): Promise<SessionUser | null> {
  const session = await sessionOf(request);
  return session && session.kind === 'user' && session.userId !== null ? (session as SessionUser) : null;
}

/** The logged-in user's session; otherwise throws result_code 300001. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await userOf(request);
  if (!user) throw notLoggedIn();
  return user;
}

export function newToken(): string {
  return randomBytes(20).toString('hex');
}

/** Creates a session row (keeping the token's hash only); a user session when userId is given, otherwise anonymous. */
export async function issueSession(kysely: Kysely<DB>, opts: { userId?: number; clientId: string; now: Date }): Promise<SessionInfo> {
  const kind: SessionKind = opts.userId === undefined ? 'anonymous' : 'user';
  const ttl = kind === 'user' ? LOGIN_TOKEN_TTL_MS : ANONYMOUS_TOKEN_TTL_MS;
  const session: SessionInfo = {
    token: newToken(),
    kind,
    userId: opts.userId ?? null,
    clientId: opts.clientId,
    expiresAt: new Date(opts.now.getTime() + ttl),
  };
  await kysely
    .insertInto('sessions')
    .values({
      token_hash: tokenHash(session.token),
      kind,
      user_id: session.userId,
      client_id: session.clientId,
      created_at: opts.now,
      expires_at: session.expiresAt,
    })
    .execute();
  return session;
}

/** Sets the `xq_a_token` cookie for a session (readable by the page, which reads and clears it). */
export function setAccessTokenCookie(request: FastifyRequest, reply: FastifyReply, session: SessionInfo): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, session.token, {
    path: '/',
    sameSite: 'lax',
    // The client stores the token itself (docs/PRODUCT.md §7: "stored in cookie xq_a_token"), so not httpOnly.
    httpOnly: false,
    secure: request.server.config.secureCookies,
    // Relative, so the browser's own clock decides (the server clock may be a demo clock).
    maxAge: Math.max(0, Math.floor((session.expiresAt.getTime() - request.server.clock.now().getTime()) / 1000)),
  });
}

export function clearAccessTokenCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, { path: '/', secure: request.server.config.secureCookies });
}
