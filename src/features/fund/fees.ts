// Fee table rows for display: bracket labels from the bounds (fen / days), the platform's discounted rate.
import { decimalToText, parseDecimal, rescaleHalfUp, type ScaledDecimal } from '@/lib/decimal';
import { formatCompactAmount } from '@/lib/format';
import { t } from '@/locales/fund';
import type { RateRow } from '@/lib/api-types/fund';

/** Exact product of two decimal strings (fee rates × discount: a few digits each), rounded to `decimals`. */
export function multiplyDecimal(a: string, b: string, decimals = 2): string | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return null;
  const product = Number(x.digits) * Number(y.digits);
  if (!Number.isSafeInteger(product)) return null;
  const value: ScaledDecimal = { negative: x.negative !== y.negative && product !== 0, digits: String(product), scale: x.scale + y.scale };
  return decimalToText(rescaleHalfUp(value, decimals));
}

/** A bracket bound in the reader's units: 100,000,000 fen → '100万' / '1M' (lib/format.ts). */
function wan(fen: number): string {
  return formatCompactAmount({ fen });
}

/** Whether a rate row charges nothing (0 %, 0 %/year, a fixed fee of 0 yuan). */
export function isFree(row: RateRow): boolean {
  return /^0+(\.0+)?$/.test(row.value.trim());
}

export function amountBracket(row: RateRow): string {
  if (row.upper_bound == null && row.lower_bound === 0) return t('fund.fees.anyAmount');
  if (row.upper_bound == null) return t('fund.fees.amountFrom', { lower: wan(row.lower_bound) });
  if (row.lower_bound === 0) return t('fund.fees.amountBelow', { upper: wan(row.upper_bound) });
  return t('fund.fees.amountRange', { lower: wan(row.lower_bound), upper: wan(row.upper_bound) });
}

export function holdingBracket(row: RateRow): string {
  if (row.upper_bound == null && row.lower_bound === 0) return t('fund.fees.anyHolding');
  if (row.upper_bound == null) return t('fund.fees.daysFrom', { lower: row.lower_bound });
  if (row.lower_bound === 0) return t('fund.fees.daysBelow', { upper: row.upper_bound });
  return t('fund.fees.daysRange', { lower: row.lower_bound, upper: row.upper_bound });
}

export interface FeeCell {
  text: string;
  /** The standard rate struck through when the platform charges less. */
  struck?: boolean;
}

/** Standard rate text: '1.50%', or a fixed fee per order ('每笔 1000.00 元'). */
export function rateText(row: RateRow): string {
  // "0.00%" reads like a rate someone forgot to fill in: a fee not charged says so.
  if (isFree(row)) return row.unit === '%/年' ? t('fund.fees.notCharged') : t('fund.fees.free');
  if (row.unit === '元') return t('fund.fees.fixed', { amount: row.value });
  if (row.unit === '%/年') return t('fund.fees.perYear', { rate: row.value });
  return `${multiplyDecimal(row.value, '1') ?? row.value}%`;
}

/** Platform rate: percentage rates × discount (fixed fees are not discounted). */
export function platformRateText(row: RateRow, discount: string): string {
  if (row.unit !== '%' || isFree(row)) return rateText(row);
  const rate = multiplyDecimal(row.value, discount);
  if (rate != null && /^0(\.0+)?$/.test(rate)) return t('fund.fees.free');
  return rate == null ? rateText(row) : `${rate}%`;
}
