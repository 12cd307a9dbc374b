// Pure rules of the create and change forms: the amount as typed (integer fen, never floats), the schedule's
// choices and their words. The server is the authority (it answers the first run date and refuses what it must).
import { compareFen, fenToYuan, parseAmountInput, yuanToFen } from '@/lib/money';
import type { AipCycle } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';

export type AmountCheck = { fen: number | null; problem: 'invalid' | 'min' | null };

/** The amount as typed against the plan's minimum (the quote's `min_amount`). Empty: nothing to say yet. */
export function checkAmount(text: string, minAmount: string): AmountCheck {
  if (text === '') return { fen: null, problem: null };
  const parsed = parseAmountInput(text);
  if (!parsed.ok || parsed.fen <= 0) return { fen: null, problem: 'invalid' };
  if (compareFen(parsed.fen, yuanToFen(minAmount)) < 0) return { fen: parsed.fen, problem: 'min' };
  return { fen: parsed.fen, problem: null };
}

export { fenToYuan };

/** A balance as fen; one the server never sends (not a 2-decimal amount) pays nothing. */
export function balanceFen(yuan: string): number {
  try {
    return yuanToFen(yuan);
  } catch {
    return 0;
  }
}

export const CYCLES: readonly AipCycle[] = ['daily', 'weekly', 'biweekly', 'monthly'];
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];
export const MONTH_DAYS: readonly number[] = Array.from({ length: 28 }, (_, i) => i + 1);

/** The day a cycle asks for, kept valid when the cycle changes (weekday 1–5, day of month 1–28, none daily). */
export function dayFor(cycle: AipCycle, day: number | null): number | null {
  if (cycle === 'daily') return null;
  if (cycle === 'monthly') return day !== null && day >= 1 && day <= 28 ? day : 1;
  return day !== null && day >= 1 && day <= 5 ? day : 1;
}

export function weekdayText(day: number): string {
  return t(`aip.weekday.${day}`);
}

/** '每月28日' / 'Monthly on day 28': the schedule in words, as the client says it before the server has. */
export function cycleText(cycle: AipCycle, day: number | null): string {
  switch (cycle) {
    case 'daily':
      return t('aip.cycle.dailyText');
    case 'weekly':
      return t('aip.cycle.weeklyText', { day: weekdayText(day ?? 1) });
    case 'biweekly':
      return t('aip.cycle.biweeklyText', { day: weekdayText(day ?? 1) });
    case 'monthly':
      return t('aip.cycle.monthlyText', { day: day ?? 1 });
  }
}
