// Times of orders, written in Shanghai time whatever the device's zone (the business day is Beijing's).
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** ms since the epoch → 'YYYY-MM-DD HH:mm' in Shanghai. */
export function shanghaiDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const iso = new Date(ms + SHANGHAI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** This month in Shanghai as 'YYYY-MM' (or the month of `now`, an ISO time with its offset, e.g. the demo clock). */
export function shanghaiMonth(nowMs: number = Date.now()): string {
  return new Date(nowMs + SHANGHAI_OFFSET_MS).toISOString().slice(0, 7);
}
