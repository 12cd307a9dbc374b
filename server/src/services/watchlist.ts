// The user's watchlist (自选): funds as `F` + code, indices by their own symbol; at most WATCHLIST_SIZE.
import type { Kysely } from 'kysely';
import { WATCHLIST_SIZE } from '../constants';
import type { DB } from '../db/types';
import type { MarketSnapshot } from '../market/market-cache';

/** The newest `size` entries, newest first. */
export async function watchlistOf(kysely: Kysely<DB>, userId: number, size: number): Promise<{ name: string; symbol: string }[]> {
  return kysely
    .selectFrom('watchlist')
    .select(['name', 'symbol'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('symbol')
    .limit(size)
    .execute();
}

/** The name of a symbol in the market: a fund (`F` + six digits) or an index; undefined when unknown. */
export function symbolName(snap: MarketSnapshot, symbol: string): string | undefined {
  return /^F\d{6}$/.test(symbol) ? snap.funds.get(symbol.slice(1))?.name : snap.indices.get(symbol)?.name;
}

class WatchlistFull extends Error {}

export type AddResult = { ok: true } | { ok: false; reason: 'unknown'; symbol: string } | { ok: false; reason: 'full'; max: number };

/**
 * Adds symbols (already parsed: upper case, unique); those present are kept. All or nothing: an unknown symbol,
 * or more than WATCHLIST_SIZE entries after adding, changes nothing.
 */
export async function addToWatchlist(
  kysely: Kysely<DB>,
  snap: MarketSnapshot,
  opts: { userId: number; symbols: readonly string[]; now: Date },
): Promise<AddResult> {
  const rows: { user_id: number; symbol: string; name: string; created_at: Date }[] = [];
  for (const symbol of opts.symbols) {
    const name = symbolName(snap, symbol);
    if (!name) return { ok: false, reason: 'unknown', symbol };
    rows.push({ user_id: opts.userId, symbol, name, created_at: opts.now });
  }
  try {
    await kysely.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('watchlist')
        .values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'symbol']).doNothing())
        .returning('symbol')
        .execute();
      if (inserted.length === 0) return;
      const count = await trx
        .selectFrom('watchlist')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', opts.userId)
        .executeTakeFirst();
      // Over the cap: undo this request's additions (the transaction rolls back).
      if (Number(count?.n ?? 0) > WATCHLIST_SIZE) throw new WatchlistFull();
    });
  } catch (error) {
    if (error instanceof WatchlistFull) return { ok: false, reason: 'full', max: WATCHLIST_SIZE };
    throw error;
  }
  return { ok: true };
}

/** Removes symbols; absent ones are ignored. Answers how many were removed. */
export async function removeFromWatchlist(kysely: Kysely<DB>, userId: number, symbols: readonly string[]): Promise<number> {
  const result = await kysely.deleteFrom('watchlist').where('user_id', '=', userId).where('symbol', 'in', symbols).executeTakeFirst();
  return Number(result.numDeletedRows);
}
