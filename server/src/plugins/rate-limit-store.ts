import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store backed by the rate_limits table, so every API instance behind
 * a load balancer counts against the same window. Used on PostgreSQL; a single PGlite
 * process keeps the plugin's in-memory store (no round trip per request).
 */
export function postgresRateLimitStore(kysely: Kysely<DB>) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const windowMs = Math.max(1, Math.floor(timeWindow));
      sql<{ hits: number; ttl_ms: string }>`
        INSERT INTO rate_limits (key, hits, reset_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now()
            THEN now() + ${windowMs} * interval '1 millisecond' ELSE rate_limits.reset_at END
        RETURNING hits, (extract(epoch FROM reset_at - now()) * 1000)::bigint::text AS ttl_ms`
        .execute(kysely)
        .then((result) => {
          const row = result.rows[0];
          callback(null, { current: row?.hits ?? 1, ttl: Math.max(0, Number(row?.ttl_ms ?? windowMs)) });
        })
        .catch((error: Error) => callback(error));
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
