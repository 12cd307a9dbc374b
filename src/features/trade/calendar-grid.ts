// The month grid of the income calendar: weeks from Monday, blanks before the 1st and after the last day.

function parseMonth(month: string): { year: number; month: number } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`not a YYYY-MM month: ${month}`);
  return { year: Number(m[1]), month: Number(m[2]) };
}

export function daysInMonth(month: string): number {
  const { year, month: m } = parseMonth(month);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** Cells of the month, Monday first: null for a blank, else 'YYYY-MM-DD'; whole weeks. */
export function monthCells(month: string): (string | null)[] {
  const { year, month: m } = parseMonth(month);
  const firstWeekday = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7; // Monday = 0
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  const days = daysInMonth(month);
  for (let day = 1; day <= days; day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/** The month before or after: ('2025-01', -1) → '2024-12'. */
export function shiftMonth(month: string, by: number): string {
  const { year, month: m } = parseMonth(month);
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
