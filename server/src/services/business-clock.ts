// The business clock: the wall clock, moved forward by the dev clock routes outside production. The offset is
// stored in app_state, so a restarted demo keeps its business date. In production the clock is the wall clock.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { offsetClock, shanghaiDate, systemClock, type Clock, type OffsetClock } from '../domain/clock';

export const CLOCK_OFFSET_KEY = 'clock_offset_ms';

/** A clock the dev routes may move: it knows its offset from the wall clock. */
export type MovableClock = OffsetClock;

export function isMovableClock(clock: Clock): clock is MovableClock {
  const candidate = clock as Partial<MovableClock>;
  return typeof candidate.advance === 'function' && typeof candidate.offsetMs === 'function';
}

export async function readClockOffset(kysely: Kysely<DB>): Promise<number> {
  const row = await kysely.selectFrom('app_state').select('value').where('key', '=', CLOCK_OFFSET_KEY).executeTakeFirst();
  const value = Number(row?.value ?? 0);
  return Number.isSafeInteger(value) ? value : 0;
}

export async function saveClockOffset(kysely: Kysely<DB>, offsetMs: number): Promise<void> {
  const value = JSON.stringify(Math.round(offsetMs));
  await kysely
    .insertInto('app_state')
    .values({ key: CLOCK_OFFSET_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

/** The wall clock plus the stored offset (the demo's business clock after a restart). */
export async function loadBusinessClock(kysely: Kysely<DB>): Promise<MovableClock> {
  const offset = await readClockOffset(kysely);
  return offsetClock(new Date(Date.now() + offset));
}

/**
 * Starts the stored business clock at `start` (BUSINESS_DATE) and returns it. A date before `jobsThrough` — the last
 * business date the daily jobs have run — cannot be reached (its days are already settled): a RangeError says so.
 */
export async function startBusinessClockAt(kysely: Kysely<DB>, start: Date, jobsThrough: string | null): Promise<MovableClock> {
  const date = shanghaiDate(start);
  if (jobsThrough !== null && date < jobsThrough) {
    throw new RangeError(
      `BUSINESS_DATE ${date} is before this database's business date ${jobsThrough} (its days are settled): use a new DATA_DIR or a later date`,
    );
  }
  await saveClockOffset(kysely, start.getTime() - Date.now());
  return loadBusinessClock(kysely);
}

/**
 * The business clock of a process (`npm start`, `npm run jobs`): production runs on the wall clock; elsewhere
 * BUSINESS_DATE starts it at a chosen instant (README "Choosing the business date"), else the stored offset moved by
 * the dev clock routes holds.
 */
export async function processClock(
  kysely: Kysely<DB>,
  options: { production: boolean; businessStart: Date | null | undefined; jobsThrough: () => Promise<string | null> },
): Promise<Clock> {
  if (options.production) return systemClock;
  if (options.businessStart) return startBusinessClockAt(kysely, options.businessStart, await options.jobsThrough());
  return loadBusinessClock(kysely);
}
