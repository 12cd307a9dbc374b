/**
 * The cash-management product's rules (现金宝, a money-market fund held as a wallet), in one place for the server
 * that applies them and the pages that state them (/n/xjb/trade-rules, /n/xjb/withdrawal-rules render these
 * figures, and the server's answers carry the dates these rules give), so text and behaviour cannot drift.
 * docs/PRODUCT.md §10.17; sources: the 2018 CSRC/PBoC guidance on instant redemption, the 2005 CSRC notice on
 * money-market income (income rights, holiday distribution).
 *
 * Money in integer fen; shares in hundredths (NAV 1.0000, so a share is a yuan and hundredths are fen); the
 * per-10k income in ten-thousandths of a yuan ('0.6712' → 6712).
 */
import { mulDiv } from './trade-math';

/** 快速取现: at most 10,000.00 CNY per investor, per money-market fund, per natural day (Shanghai), arriving at once. */
export const QUICK_WITHDRAW_DAILY_LIMIT_FEN = 1_000_000;
/** The smallest deposit and withdrawal: 0.01 CNY. */
export const CASH_MIN_AMOUNT_FEN = 1;
/** Orders placed before 15:00 (Shanghai) on a trading day trade that day; later, on the next trading day. */
export const CASH_CUTOFF = '15:00';
/** A deposit's shares are confirmed this many trading days after its trade date T. */
export const CASH_CONFIRM_TRADING_DAYS = 1;
/** An ordinary withdrawal reaches the card this many trading days after T. */
export const NORMAL_WITHDRAW_TRADING_DAYS = 1;

/**
 * One day's income of `volume` hundredths of a share at `per10kUnits` (ten-thousandths of a yuan per 10,000
 * shares): shares × per-10k / 10,000, in fen, half up. volume × units / 10^8: hundredths × (yuan × 10^4) / 10^4 shares.
 */
export function dailyIncomeFen(volume: number, per10kUnits: number): number {
  return mulDiv(volume, per10kUnits, 100_000_000, 'half_up');
}

/** '0.6712' → 6712 (4 decimals at most; a negative or malformed figure throws). */
export function per10kToUnits(text: string): number {
  const m = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) throw new RangeError(`per-10k income is not a decimal with at most 4 decimals: ${text}`);
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/**
 * The 7-day annualised yield (七日年化, daily carry-over) from the per-10k figures of the last 7 calendar days'
 * distributions: {[∏(1 + Rᵢ/10,000)]^(365/7) − 1} × 100 %, to 3 decimals half up, as text ('2.345'). A rate shown,
 * not money: computed in floating point, then rounded once on its decimal text.
 */
export function sevenDayYield(per10kUnits: readonly number[]): string | null {
  if (per10kUnits.length === 0) return null;
  let product = 1;
  for (const units of per10kUnits) product *= 1 + units / 10_000 / 10_000;
  const percent = (Math.pow(product, 365 / 7) - 1) * 100;
  // Half up at 3 decimals, on a value already rounded to 9 so binary noise (2.3449999999) cannot flip it.
  const scaled = Math.round(Number((percent * 1000).toFixed(6)));
  const sign = scaled < 0 ? '-' : '';
  const digits = String(Math.abs(scaled)).padStart(4, '0');
  return `${sign}${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

/** What is left of today's instant-withdrawal quota after `usedFen` (never negative). */
export function quickQuotaLeftFen(usedFen: number): number {
  return Math.max(0, QUICK_WITHDRAW_DAILY_LIMIT_FEN - usedFen);
}

/**
 * Whether 现金宝 can be offered to pay `runFen` (a purchase, or one run of a plan): only when what is available covers
 * it, and 0.00 never does. `runFen` null: no amount typed yet, only the balance counts. The payment picker
 * (components/purchase/payment-picker.tsx) shows 现金宝 unavailable otherwise; the server refuses with 410018.
 */
export function cashCovers(availableFen: number, runFen: number | null): boolean {
  return availableFen > 0 && (runFen === null || runFen <= availableFen);
}
