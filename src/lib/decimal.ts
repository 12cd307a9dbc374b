/**
 * Exact decimal numbers as digit strings: value = (negative ? -1 : 1) × digits / 10^scale.
 * Money, NAV and percentages are rounded and formatted here without float arithmetic.
 * Why strings and not BigInt: the app targets iOS ≥ 8 / Android ≥ 4.1 (browserslist) and mini program
 * JS engines without BigInt, and Babel cannot polyfill BigInt.
 */

export interface ScaledDecimal {
  readonly negative: boolean;
  /** The magnitude times 10^scale as decimal digits, no leading zeros ('0' for zero). */
  readonly digits: string;
  /** Number of digits after the decimal point (≥ 0). */
  readonly scale: number;
}

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Exponents beyond this are not money: refuse them instead of building huge strings. */
const MAX_EXPONENT = 400;

function make(negative: boolean, digits: string, scale: number): ScaledDecimal {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return { negative: negative && /[1-9]/.test(trimmed), digits: trimmed, scale };
}

/** Adds one to a string of decimal digits: '199' → '200'. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * Parses a decimal string ('-1234.5', '1e-7', '+3.') or a finite number into an exact decimal.
 * A number is read through its shortest round-trip text (String(n)), so 0.1 stays exactly 0.1.
 * Returns null for anything that is not a plain decimal (NaN, Infinity, '1,000', '', 'abc').
 */
export function parseDecimal(input: string | number): ScaledDecimal | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  const text = typeof input === 'string' ? input.trim() : String(input);
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign = '', intPart = '', fracPart = '', expPart] = match;
  if (intPart === '' && fracPart === '') return null;
  const exponent = expPart === undefined ? 0 : Number(expPart);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let digits = (intPart || '0') + fracPart;
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  return make(sign === '-', digits, scale);
}

/** Brings `value` to exactly `scale` fraction digits, rounding half away from zero (四舍五入) when digits are dropped. */
export function rescaleHalfUp(value: ScaledDecimal, scale: number): ScaledDecimal {
  if (scale >= value.scale) return make(value.negative, value.digits + '0'.repeat(scale - value.scale), scale);
  const drop = value.scale - scale;
  const padded = value.digits.padStart(drop + 1, '0');
  const kept = padded.slice(0, padded.length - drop);
  const roundUp = (padded[padded.length - drop] ?? '0') >= '5';
  return make(value.negative, roundUp ? incrementDigits(kept) : kept, scale);
}

/** Brings `value` to `scale` fraction digits, dropping extra digits (toward zero). */
export function rescaleTruncate(value: ScaledDecimal, scale: number): ScaledDecimal {
  if (scale >= value.scale) return rescaleHalfUp(value, scale);
  const drop = value.scale - scale;
  const padded = value.digits.padStart(drop + 1, '0');
  return make(value.negative, padded.slice(0, padded.length - drop), scale);
}

/** Multiplies by 10^power exactly (a shift of the decimal point; power may be negative). */
export function shiftDecimal(value: ScaledDecimal, power: number): ScaledDecimal {
  if (power <= value.scale) return make(value.negative, value.digits, value.scale - power);
  return make(value.negative, value.digits + '0'.repeat(power - value.scale), 0);
}

function compareMagnitude(a: ScaledDecimal, b: ScaledDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = (a.digits + '0'.repeat(scale - a.scale)).replace(/^0+(?=\d)/, '');
  const right = (b.digits + '0'.repeat(scale - b.scale)).replace(/^0+(?=\d)/, '');
  if (left.length !== right.length) return left.length < right.length ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** -1, 0 or 1 as a compares to b. */
export function compareDecimal(a: ScaledDecimal, b: ScaledDecimal): -1 | 0 | 1 {
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  const magnitude = compareMagnitude(a, b);
  return a.negative ? (-magnitude as -1 | 0 | 1) : magnitude;
}

export function absDecimal(value: ScaledDecimal): ScaledDecimal {
  return make(false, value.digits, value.scale);
}

export function isZeroDecimal(value: ScaledDecimal): boolean {
  return !/[1-9]/.test(value.digits);
}

/** A decimal string that is there, parses and is not zero ('0.00', null and '' are not). */
export function isNonZeroText(text: string | null | undefined): text is string {
  const value = text === null || text === undefined ? null : parseDecimal(text);
  return value !== null && !isZeroDecimal(value);
}

/** Groups integer digits by thousands: '1234567' → '1,234,567'. */
export function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface DecimalTextOptions {
  /** Thousands separators in the integer part. Default false. */
  group?: boolean;
  /** '+' before positive (non-zero) values. Default false. */
  sign?: boolean;
}

/**
 * Writes a decimal with exactly `value.scale` fraction digits ('-1,234.50').
 * Zero is written without a sign ('-0.001' rounded to 2 decimals → '0.00').
 */
export function decimalToText(value: ScaledDecimal, options: DecimalTextOptions = {}): string {
  const digits = value.digits.padStart(value.scale + 1, '0');
  const integerDigits = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  const integerText = options.group ? groupThousands(integerDigits) : integerDigits;
  const body = value.scale > 0 ? `${integerText}.${fraction}` : integerText;
  if (isZeroDecimal(value)) return body;
  if (value.negative) return `-${body}`;
  return options.sign ? `+${body}` : body;
}
