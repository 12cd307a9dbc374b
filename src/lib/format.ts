/**
 * Number display of docs/PRODUCT.md §5: amounts, percentages, NAV, fen, masked phones.
 * Every input is read as an exact decimal (digit strings, see decimal.ts), never through float arithmetic.
 */
import { t } from '@/locales/i18n';
import { absDecimal, compareDecimal, decimalToText, parseDecimal, rescaleHalfUp, shiftDecimal, type ScaledDecimal } from './decimal';

/** An amount in yuan (decimal string or number), or an explicit integer fen amount. */
export type AmountValue = string | number | { fen: number | string };

export interface FormatAmountOptions {
  /** Prefix '+' to positive (non-zero) values. Default false. */
  sign?: boolean;
  /** Scale large amounts into 万 / 亿 with the unit suffix. Default true; false always shows plain yuan. */
  unit?: boolean;
  /** Fraction digits. Default 2. */
  decimals?: number;
}

/** What a formatter shows for a value it cannot read (null, '', 'abc'). */
export const EMPTY_NUMBER_TEXT = '--';

const TEN_MILLION: ScaledDecimal = { negative: false, digits: '10000000', scale: 0 };
const HUNDRED_MILLION: ScaledDecimal = { negative: false, digits: '100000000', scale: 0 };

function readAmount(value: AmountValue | null | undefined): ScaledDecimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const fen = parseDecimal(value.fen);
    // Fen must be whole: '12.5' fen is a caller bug, shown as unreadable rather than silently rounded.
    return fen && fen.scale === 0 ? shiftDecimal(fen, -2) : null;
  }
  return parseDecimal(value);
}

/**
 * Formats a money amount in yuan with thousands separators and two decimals, rounded half away from zero.
 *
 * Scaling (docs/PRODUCT.md §5), decided on the absolute value:
 * - strictly above 10,000,000 and strictly below 100,000,000 → in ten-thousands with the 万 suffix
 *   ('12345678.9' → '1,234.57万');
 * - strictly above 100,000,000 → in hundred-millions with the 亿 suffix ('250000000' → '2.50亿');
 * - exactly 10,000,000 and exactly 100,000,000 are neither "above" nor "below" and stay plain
 *   ('10,000,000.00', '100,000,000.00'), as is everything up to 10,000,000.
 * Rounding happens after scaling, so 99,999,999.99 shows as '10,000.00万' (it is still below 亿).
 * The suffix comes from the catalogue (zh-CN 万/亿; en-US from `common.unit.*`).
 */
export function formatAmount(value: AmountValue | null | undefined, options: FormatAmountOptions = {}): string {
  const amount = readAmount(value);
  if (!amount) return EMPTY_NUMBER_TEXT;
  const decimals = options.decimals ?? 2;
  const magnitude = absDecimal(amount);
  let scaled = amount;
  let suffix = '';
  if (options.unit !== false) {
    if (compareDecimal(magnitude, HUNDRED_MILLION) > 0) {
      scaled = shiftDecimal(amount, -8);
      suffix = t('common.unit.hundredMillion');
    } else if (compareDecimal(magnitude, TEN_MILLION) > 0 && compareDecimal(magnitude, HUNDRED_MILLION) < 0) {
      scaled = shiftDecimal(amount, -4);
      suffix = t('common.unit.tenThousand');
    }
  }
  return decimalToText(rescaleHalfUp(scaled, decimals), { group: true, sign: options.sign }) + suffix;
}

export interface FormatPercentOptions {
  /** Prefix '+' to positive (non-zero) values. Default false. */
  sign?: boolean;
  /** The value is a ratio (0.0123 means 1.23 %) rather than already in percent (1.23). Default false. */
  ratio?: boolean;
  /** Fraction digits. Default 2. */
  decimals?: number;
}

/**
 * Percent with two decimals, rounded half away from zero, and an optional '+':
 * ('1.2345') → '1.23%', ('1.235', {sign:true}) → '+1.24%', ('0.0123', {ratio:true}) → '1.23%'.
 * The API sends percentages already multiplied by 100 (as the public Danjuan API does), hence the default.
 */
export function formatPercent(value: string | number | null | undefined, options: FormatPercentOptions = {}): string {
  if (value === null || value === undefined) return EMPTY_NUMBER_TEXT;
  const parsed = parseDecimal(value);
  if (!parsed) return EMPTY_NUMBER_TEXT;
  const percent = options.ratio ? shiftDecimal(parsed, 2) : parsed;
  return `${decimalToText(rescaleHalfUp(percent, options.decimals ?? 2), { sign: options.sign })}%`;
}

/** Integer fen → grouped yuan text with two decimals: 123456 → '1,234.56'. Never scaled into 万. */
export function formatFen(fen: number | string, options: { sign?: boolean } = {}): string {
  return formatAmount({ fen }, { sign: options.sign, unit: false });
}

/** NAV (net asset value per share) with four decimals: '1.23456' → '1.2346'. */
export function formatNav(nav: string | number | null | undefined): string {
  if (nav === null || nav === undefined) return EMPTY_NUMBER_TEXT;
  const parsed = parseDecimal(nav);
  return parsed ? decimalToText(rescaleHalfUp(parsed, 4)) : EMPTY_NUMBER_TEXT;
}

/** Shares with two decimals and thousands separators: '12345.678' → '12,345.68'. */
export function formatShares(shares: string | number | null | undefined): string {
  if (shares === null || shares === undefined) return EMPTY_NUMBER_TEXT;
  const parsed = parseDecimal(shares);
  return parsed ? decimalToText(rescaleHalfUp(parsed, 2), { group: true }) : EMPTY_NUMBER_TEXT;
}

/**
 * Masks the middle four digits of an 11-digit phone: '13812345678' → '138****5678'.
 * Anything else (already masked, wrong length) is returned trimmed and unchanged.
 */
export function maskPhone(phone: string): string {
  const trimmed = phone.trim();
  return /^\d{11}$/.test(trimmed) ? `${trimmed.slice(0, 3)}****${trimmed.slice(7)}` : trimmed;
}
