// Logging a user in by phone (SMS code, the mini program's phone button, a bound WeChat identity) and the WeChat
// identities waiting for a phone. The database side only: the cookies are set by http/login.ts.
import type { Kysely } from 'kysely';
import { THIRDPARTY_TOKEN_TTL_MS } from '../constants';
import type { ThirdpartySource } from '../db/platform-types';
import type { DB } from '../db/types';
import { tokenHash, TOKEN_PATTERN } from '../domain/tokens';
import { issueSession, newToken, type SessionInfo } from '../plugins/session';

export interface PendingIdentity {
  token: string;
  source: ThirdpartySource;
  openid: string;
  unionid: string | null;
}

export interface LoginResult {
  session: SessionInfo;
  userId: number;
  created: boolean;
  /** The source of the waiting WeChat identity this login consumed (its cookie is cleared), if any. */
  consumedPending: ThirdpartySource | null;
}

/**
 * Logs the owner of `telephone` in, creating the user on first login: a new user session; the session the
 * browser held before (`previousToken`: anonymous, or the account it switches away from) ended; and the waiting
 * WeChat identity of `pendingToken` bound to the user (unless its openid is bound to another user already).
 */
export async function logUserIn(
  kysely: Kysely<DB>,
  opts: { telephone: string; clientId: string; pendingToken?: string | undefined; previousToken?: string | undefined; now: Date },
): Promise<LoginResult> {
  const { now } = opts;
  const inserted = await kysely
    .insertInto('users')
    .values({ telephone: opts.telephone, created_at: now })
    .onConflict((oc) => oc.column('telephone').doNothing())
    .returning('id')
    .executeTakeFirst();
  const user =
    inserted ?? (await kysely.selectFrom('users').select('id').where('telephone', '=', opts.telephone).executeTakeFirstOrThrow());

  const pending = await findPendingIdentity(kysely, opts.pendingToken, now);
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
    await kysely.deleteFrom('thirdparty_pending').where('token_hash', '=', tokenHash(pending.token)).execute();
  }

  if (opts.previousToken && TOKEN_PATTERN.test(opts.previousToken)) {
    await kysely.deleteFrom('sessions').where('token_hash', '=', tokenHash(opts.previousToken)).execute();
  }
  const session = await issueSession(kysely, { userId: user.id, clientId: opts.clientId, now });
  return { session, userId: user.id, created: inserted !== undefined, consumedPending: pending?.source ?? null };
}

/** Remembers a WeChat identity that has no user yet (by the token's hash); answers the token the client holds until a phone login. */
export async function createPendingIdentity(
  kysely: Kysely<DB>,
  identity: { source: ThirdpartySource; openid: string; unionid: string | null },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + THIRDPARTY_TOKEN_TTL_MS);
  await kysely.deleteFrom('thirdparty_pending').where('expires_at', '<=', now).execute();
  await kysely
    .insertInto('thirdparty_pending')
    .values({ token_hash: tokenHash(token), ...identity, created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The live waiting identity of a thirdparty_token, if any. */
export async function findPendingIdentity(kysely: Kysely<DB>, token: string | undefined, now: Date): Promise<PendingIdentity | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const row = await kysely
    .selectFrom('thirdparty_pending')
    .select(['source', 'openid', 'unionid'])
    .where('token_hash', '=', tokenHash(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { token, ...row } : undefined;
}

/** The telephone of the user a WeChat identity is bound to, if any. */
export async function boundTelephone(kysely: Kysely<DB>, source: ThirdpartySource, openid: string): Promise<string | undefined> {
  const bound = await kysely
    .selectFrom('thirdparty_bindings')
    .innerJoin('users', 'users.id', 'thirdparty_bindings.user_id')
    .select('users.telephone')
    .where('thirdparty_bindings.source', '=', source)
    .where('thirdparty_bindings.openid', '=', openid)
    .executeTakeFirst();
  return bound?.telephone;
}
