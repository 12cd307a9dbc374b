import { demoClock } from './boot-data';

/**
 * Now on the server's business clock as far as the page knows: the demo clock its HTML carried when the server's clock
 * was moved (H5 demo), else this device's clock. Business dates are Shanghai's: read them with a Shanghai offset.
 */
export function businessNowMs(): number {
  const clock = demoClock();
  const moved = clock ? Date.parse(clock.now) : Number.NaN;
  return Number.isFinite(moved) ? moved : Date.now();
}

/** The day of the month (1–31) of the business date in Shanghai. */
export function businessDayOfMonth(nowMs: number = businessNowMs()): number {
  return new Date(nowMs + 8 * 3600_000).getUTCDate();
}
