// Which return periods a fund has lived: a fund founded last year has no 近3年 or 近5年, whatever figure an answer
// carries for them (a period older than the fund would only repeat its since-launch return). Pure, no Taro.

/** 'YYYY-MM-DD' moved by whole months, the day clamped to the month's length (03-31 − 1 month → 02-28/29). */
export function shiftMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

function shiftDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const MONTHS: Record<string, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '2y': 24, '3y': 36, '5y': 60 };

/**
 * The first day of `period` ending on `asOf`, or null for periods every fund has (this year, since launch).
 * Keys: 1w 1m 3m 6m 1y 2y 3y 5y (ty, base, all → null).
 */
export function periodStart(asOf: string, period: string): string | null {
  if (period === '1w') return shiftDays(asOf, -7);
  const months = MONTHS[period];
  return months === undefined ? null : shiftMonths(asOf, -months);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a fund founded on `foundDate` has lived the whole `period` up to `asOf` (its last NAV date). This year
 * and since launch always count; a malformed date never hides a period.
 */
export function hasLived(period: string, foundDate: string | null | undefined, asOf: string | null | undefined): boolean {
  if (!foundDate || !asOf || !DATE.test(foundDate) || !DATE.test(asOf)) return true;
  const start = periodStart(asOf, period);
  return start === null || start >= foundDate;
}

/** Danjuan's stage labels (近1周 … 成立以来) → period keys. */
export const STAGE_PERIODS: Record<string, string> = {
  近1周: '1w',
  近1月: '1m',
  近3月: '3m',
  近6月: '6m',
  今年以来: 'ty',
  近1年: '1y',
  近2年: '2y',
  近3年: '3y',
  近5年: '5y',
  成立以来: 'base',
};
