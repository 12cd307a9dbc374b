import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * Fixed-window counters in the shared `rate_limits` table, timed by the app clock (so tests can move
 * time): every API instance counts against the same window. Used for the per-IP limits of the SMS
 * send and the token call; keys are prefixed so they never meet @fastify/rate-limit's own keys.
 */
export async function hitLimit(
  kysely: Kysely<DB>,
  opts: { key: string; max: number; windowMs: number; now: Date },
): Promise<{ allowed: boolean; hits: number; resetAt: Date }> {
  const resetAt = new Date(opts.now.getTime() + opts.windowMs);
  const result = await sql<{ hits: number; reset_at: Date }>`
    INSERT INTO rate_limits (key, hits, reset_at)
    VALUES (${opts.key}, 1, ${resetAt})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= ${opts.now} THEN 1 ELSE rate_limits.hits + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= ${opts.now} THEN ${resetAt} ELSE rate_limits.reset_at END
    RETURNING hits, reset_at`.execute(kysely);
  const row = result.rows[0];
  const hits = row?.hits ?? 1;
  return { allowed: hits <= opts.max, hits, resetAt: row ? new Date(row.reset_at) : resetAt };
}
