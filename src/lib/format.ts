/**
 * Number display of docs/PRODUCT.md §5: amounts, percentages, NAV, fen, masked phones.
 * Every input is read as an exact decimal (digit strings, see decimal.ts), never through float arithmetic.
 */
import { getLocale, t } from '@/locales/i18n';
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
const BILLION: ScaledDecimal = { negative: false, digits: '1000000000', scale: 0 };

/**
 * The units large amounts are counted in, largest first, per language: Chinese counts in 万 (10^4) and 亿 (10^8),
 * English in thousands, millions and billions (K / M / B). `power` = the power of ten the unit stands for.
 */
const COMPACT_UNITS = {
  'zh-CN': [
    { power: 8, key: 'common.unit.hundredMillion' },
    { power: 4, key: 'common.unit.tenThousand' },
  ],
  'en-US': [
    { power: 9, key: 'common.unit.billion' },
    { power: 6, key: 'common.unit.million' },
    { power: 3, key: 'common.unit.thousand' },
  ],
} as const;

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
 * In English (issue 17) the same amounts count in millions and billions instead, which English readers use:
 * strictly above 10,000,000 → millions ('12345678.9' → '12.35M'), strictly above 1,000,000,000 → billions
 * ('1234000000' → '1.23B'). The suffixes come from the catalogue (`common.unit.*`).
 */
export function formatAmount(value: AmountValue | null | undefined, options: FormatAmountOptions = {}): string {
  const amount = readAmount(value);
  if (!amount) return EMPTY_NUMBER_TEXT;
  const decimals = options.decimals ?? 2;
  const magnitude = absDecimal(amount);
  let scaled = amount;
  let suffix = '';
  if (options.unit !== false && getLocale() === 'en-US') {
    // English: the same "strictly above ten million" start, counted in millions, then billions (12.35M, 2.50B).
    if (compareDecimal(magnitude, BILLION) > 0) {
      scaled = shiftDecimal(amount, -9);
      suffix = t('common.unit.billion');
    } else if (compareDecimal(magnitude, TEN_MILLION) > 0) {
      scaled = shiftDecimal(amount, -6);
      suffix = t('common.unit.million');
    }
  } else if (options.unit !== false) {
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

/**
 * '1,000.00元' / '¥1,000.00': an amount as the money screens write it — plain yuan with the currency, never scaled
 * into 万 (a fee, an order's amount, a balance to pay from).
 */
export function yuanText(value: AmountValue | null | undefined): string {
  return t('common.unit.yuan', { amount: formatAmount(value, { unit: false }) });
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

/**
 * A round amount in the reader's units, trailing zeros dropped (fee brackets, size ranges): zh-CN
 * 1,000,000 → '100万', 50,000,000 → '5,000万', 200,000,000 → '2亿'; en-US '1M', '50M', '200M', 1,234,000,000 → '1.23B',
 * 5,000 → '5K'. Below the smallest unit: the plain grouped number ('500'). Up to two decimals, rounded half up.
 */
export function formatCompactAmount(value: AmountValue | null | undefined): string {
  const amount = readAmount(value);
  if (!amount) return EMPTY_NUMBER_TEXT;
  const magnitude = absDecimal(amount);
  for (const unit of COMPACT_UNITS[getLocale()]) {
    const threshold: ScaledDecimal = { negative: false, digits: `1${'0'.repeat(unit.power)}`, scale: 0 };
    if (compareDecimal(magnitude, threshold) >= 0) return trimmed(shiftDecimal(amount, -unit.power)) + t(unit.key);
  }
  return trimmed(amount);
}

/** Two decimals at most, no trailing zeros, thousands grouped: 1.50 → '1.5', 5000.00 → '5,000'. */
function trimmed(value: ScaledDecimal): string {
  return decimalToText(rescaleHalfUp(value, 2), { group: true }).replace(/\.(\d*?)0+$/, (_, kept: string) => (kept ? `.${kept}` : ''));
}

/**
 * An amount the server states in 亿元 (a manager's assets under management, index fund sizes) as money text with
 * its currency: zh-CN '12.34亿元', en-US '1.23B CNY' (`formatAmount` rules, so English counts in millions below
 * a billion: 0.5亿 → '50.00M CNY').
 */
export function formatYiAmount(yi: string | number | null | undefined): string {
  if (yi === null || yi === undefined) return EMPTY_NUMBER_TEXT;
  const parsed = parseDecimal(yi);
  if (!parsed) return EMPTY_NUMBER_TEXT;
  const yuan = shiftDecimal(parsed, 8);
  if (getLocale() === 'en-US') return t('common.unit.cny', { amount: formatAmount(decimalToText(yuan)) });
  return t('common.unit.cny', { amount: `${decimalToText(rescaleHalfUp(parsed, 2), { group: true })}${t('common.unit.hundredMillion')}` });
}

/** Danjuan's fund type names (`type_desc`, Chinese by the API contract) → catalogue keys, so the label speaks the reader's language. */
const FUND_TYPE_KEYS: Record<string, string> = {
  股票型: 'stock',
  债券型: 'bond',
  混合型: 'hybrid',
  货币型: 'moneyMarket',
  指数型: 'index',
  FOF: 'fof',
  QDII: 'qdii',
  // Asset classes of an allocation (fund page, my money).
  股票: 'assetStock',
  债券: 'assetBond',
  现金: 'assetCash',
  其他: 'assetOther',
};

/** A fund type (or asset class) name in the reader's language: '混合型' → 'Hybrid'; an unknown name as it came. */
export function fundTypeName(typeDesc: string | null | undefined): string {
  if (!typeDesc) return '';
  const key = FUND_TYPE_KEYS[typeDesc.trim()];
  return key ? t(`common.fundType.${key}`) : typeDesc;
}

/**
 * An amount the server states Danjuan's way, in yuan with a Chinese unit ('118.75亿', '8500.00万', '1234.56'; a fund's
 * size): zh-CN as it came, en-US in English units with the currency ('11.88B CNY', '85.00M CNY'). Anything else
 * shows as it came.
 */
export function formatUnitAmountText(text: string | null | undefined): string {
  if (!text) return EMPTY_NUMBER_TEXT;
  if (getLocale() !== 'en-US') return text;
  const match = /^\s*(-?[\d,]+(?:\.\d+)?)\s*(亿|万)?元?\s*$/.exec(text);
  const parsed = match ? parseDecimal(match[1]!.replace(/,/g, '')) : null;
  if (!match || !parsed) return text;
  const yuan = shiftDecimal(parsed, match[2] === '亿' ? 8 : match[2] === '万' ? 4 : 0);
  return t('common.unit.cny', { amount: formatAmount(decimalToText(yuan)) });
}

/**
 * A length of time the server states Danjuan's way ('7年1天', '35天': a manager's tenure) in the reader's language:
 * en-US '7 yr 1 d', '35 d'. Anything else shows as it came.
 */
export function formatTerm(text: string | null | undefined): string {
  if (!text) return '';
  const match = /^\s*(?:(\d+)年)?(\d+)天\s*$/.exec(text);
  if (!match) return text;
  const [, years, days] = match;
  return years ? t('common.term.yearsDays', { years, days: days! }) : t('common.term.days', { days: days! });
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
