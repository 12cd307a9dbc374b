// Mainland exchange trading calendar. Dates are 'YYYY-MM-DD' strings in Asia/Shanghai.
// Trading day = a weekday that is not a public holiday. Make-up working days (调休) that
// fall on a weekend are NOT trading days: the exchanges are always closed on weekends.
// Holidays come from the maintained `chinese-days` package; outside the years it covers,
// we fall back to "weekdays are trading days" (documented in docs/DATA.md).
import chineseDays from 'chinese-days';
import { SHANGHAI_OFFSET_MS } from './clock';

export type IsoDate = string;

const MS_PER_DAY = 86_400_000;
/** Orders placed at or after 15:00:00 Shanghai time are priced on the next trading day. */
export const CUT_OFF_SECONDS = 15 * 3600;

const FIRST_COVERED_YEAR = 2004;
const holidays: ReadonlySet<IsoDate> = new Set(chineseDays.getHolidaysInRange(`${FIRST_COVERED_YEAR}-01-01`, '2040-12-31', false));
const lastCoveredYear = Math.max(...[...holidays].map((d) => Number(d.slice(0, 4))));

/** Years for which holidays are known; other years use weekends only. */
export const holidayCoverage = { firstYear: FIRST_COVERED_YEAR, lastYear: lastCoveredYear } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number since 1970-01-01 (UTC calendar arithmetic on the date string itself). */
export function dayNumber(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  if (back.getUTCDate() !== Number(m[3]) || back.getUTCMonth() !== Number(m[2]) - 1) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return ms / MS_PER_DAY;
}

export function fromDayNumber(day: number): IsoDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addCalendarDays(date: IsoDate, n: number): IsoDate {
  return fromDayNumber(dayNumber(date) + n);
}

/** Calendar days from a to b (b − a). */
export function calendarDaysBetween(a: IsoDate, b: IsoDate): number {
  return dayNumber(b) - dayNumber(a);
}

function isWeekendDay(day: number): boolean {
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday (4)
  return weekday === 0 || weekday === 6;
}

export function isTradingDay(date: IsoDate): boolean {
  return !isWeekendDay(dayNumber(date)) && !holidays.has(date);
}

export function nextTradingDay(date: IsoDate): IsoDate {
  let d = dayNumber(date) + 1;
  while (isWeekendDay(d) || holidays.has(fromDayNumber(d))) d += 1;
  return fromDayNumber(d);
}

export function previousTradingDay(date: IsoDate): IsoDate {
  let d = dayNumber(date) - 1;
  while (isWeekendDay(d) || holidays.has(fromDayNumber(d))) d -= 1;
  return fromDayNumber(d);
}

/** The date itself when it is a trading day, else the next trading day. */
export function tradingDayOnOrAfter(date: IsoDate): IsoDate {
  return isTradingDay(date) ? date : nextTradingDay(date);
}

/** The date itself when it is a trading day, else the previous trading day. */
export function tradingDayOnOrBefore(date: IsoDate): IsoDate {
  return isTradingDay(date) ? date : previousTradingDay(date);
}

/** n trading days after (n > 0) or before (n < 0) date; a non-trading date first snaps in the direction of travel. */
export function addTradingDays(date: IsoDate, n: number): IsoDate {
  let d = date;
  if (n >= 0) for (let i = 0; i < n; i += 1) d = nextTradingDay(d);
  else for (let i = 0; i < -n; i += 1) d = previousTradingDay(d);
  return d;
}

/** Number of trading days in the half-open range (from, to]: T → T+1 is 1. Negative when to < from. */
export function tradingDaysBetween(from: IsoDate, to: IsoDate): number {
  if (to < from) return -tradingDaysBetween(to, from);
  let count = 0;
  for (let d = dayNumber(from) + 1, end = dayNumber(to); d <= end; d += 1) {
    if (!isWeekendDay(d) && !holidays.has(fromDayNumber(d))) count += 1;
  }
  return count;
}

/** Every trading day in [from, to], ascending. */
export function tradingDaysInRange(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = dayNumber(from), end = dayNumber(to); d <= end; d += 1) {
    if (isWeekendDay(d)) continue;
    const iso = fromDayNumber(d);
    if (!holidays.has(iso)) out.push(iso);
  }
  return out;
}

/** Asia/Shanghai calendar date and seconds since midnight of an instant, whatever the host TZ. */
export function shanghaiDateTime(now: Date): { date: IsoDate; secondsOfDay: number } {
  const shifted = now.getTime() + SHANGHAI_OFFSET_MS;
  const day = Math.floor(shifted / MS_PER_DAY);
  return { date: fromDayNumber(day), secondsOfDay: Math.floor((shifted - day * MS_PER_DAY) / 1000) };
}

/** Trade date T of an order placed at `now`: today before 15:00:00 on a trading day, else the next trading day. */
export function orderTradeDate(now: Date): IsoDate {
  const { date, secondsOfDay } = shanghaiDateTime(now);
  if (isTradingDay(date) && secondsOfDay < CUT_OFF_SECONDS) return date;
  return nextTradingDay(date);
}
