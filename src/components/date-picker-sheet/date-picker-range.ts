import { DATE_PICKER_YEARS_BACK, DATE_PICKER_YEARS_FORWARD } from '@/lib/constants';

/** How fine the picked date is: the sheet shows one column per unit. */
export type DatePrecision = 'year' | 'month' | 'day';

/** A calendar date as the user picked it, with no time zone: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
export type PickedDate = string;

/** A bound or value given as a Date (its local calendar day) or an ISO calendar string. */
export type DateLike = Date | string;

/** Local midnight of a 'YYYY[-MM[-DD]]' string or a Date's calendar day (the picker works on local dates). */
export function toLocalDate(value: DateLike): Date {
  if (value instanceof Date) return new Date(value.getFullYear(), value.getMonth(), value.getDate());
  const match = /^(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a calendar date: "${value}" (expected YYYY, YYYY-MM or YYYY-MM-DD)`);
  const [, year, month = '1', day = '1'] = match;
  return new Date(Number(year), Number(month) - 1, Number(day));
}

/** docs/PRODUCT.md §5 default range: 1 January ten years back to 31 December ten years forward of the current year. */
export function defaultDateRange(today: Date = new Date()): { min: Date; max: Date } {
  const year = today.getFullYear();
  return {
    min: new Date(year - DATE_PICKER_YEARS_BACK, 0, 1),
    max: new Date(year + DATE_PICKER_YEARS_FORWARD, 11, 31),
  };
}

/** The picked date at the given precision, e.g. [2024, 3, 9] at 'day' → '2024-03-09'. */
export function formatPickedDate(parts: ReadonlyArray<string | number>, precision: DatePrecision): PickedDate {
  const count = precision === 'year' ? 1 : precision === 'month' ? 2 : 3;
  return parts
    .slice(0, count)
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
}

/** Keeps `date` inside [min, max]. */
export function clampDate(date: Date, min: Date, max: Date): Date {
  if (date.getTime() < min.getTime()) return min;
  if (date.getTime() > max.getTime()) return max;
  return date;
}
