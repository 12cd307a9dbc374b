/**
 * Money in integer fen (1 yuan = 100 fen) and yuan decimal strings, exact: digit strings and safe-integer
 * arithmetic, never floats. Fen values are JS numbers that are safe integers (up to 90 trillion yuan),
 * so sums and differences of fen are exact; anything beyond the safe range throws instead of rounding.
 * (Not BigInt: see src/lib/decimal.ts for why.)
 */
import { decimalToText, parseDecimal, rescaleHalfUp } from './decimal';

/** A fen amount as it arrives: a safe-integer number or an integer string ('100050'). */
export type FenInput = number | string;

function toFen(fen: FenInput): number {
  const value = typeof fen === 'number' ? fen : /^\s*-?\d+\s*$/.test(fen) ? Number(fen) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new RangeError(`Fen must be a safe integer, got ${String(fen)}`);
  return value;
}

function checkedFen(result: number): number {
  if (!Number.isSafeInteger(result)) throw new RangeError(`Fen amount ${result} is beyond the safe integer range`);
  return result;
}

/** Integer fen → yuan decimal string with two decimals: 100050 → '1000.50', -5 → '-0.05'. */
export function fenToYuan(fen: FenInput): string {
  const value = toFen(fen);
  return decimalToText({ negative: value < 0, digits: String(Math.abs(value)), scale: 2 });
}

/**
 * Yuan decimal → integer fen, exact: '1000.5' → 100050. Throws when the value has non-zero digits
 * beyond two decimals ('1.005'): call `roundHalfUp(value, 2)` first if rounding is what you mean.
 */
export function yuanToFen(yuan: string | number): number {
  const value = parseDecimal(yuan);
  if (!value) throw new RangeError(`Not a decimal amount: "${String(yuan)}"`);
  if (value.scale > 2 && /[1-9]/.test(value.digits.slice(-(value.scale - 2)))) {
    throw new RangeError(`Amount "${String(yuan)}" has more than two decimals`);
  }
  const fen = rescaleHalfUp(value, 2);
  return checkedFen(Number(`${fen.negative ? '-' : ''}${fen.digits}`));
}

/** Rounds a decimal half away from zero (四舍五入) to `decimals` places: ('2.345', 2) → '2.35', ('-2.345', 2) → '-2.35'. */
export function roundHalfUp(value: string | number, decimals: number): string {
  const parsed = parseDecimal(value);
  if (!parsed) throw new RangeError(`Not a decimal: "${String(value)}"`);
  return decimalToText(rescaleHalfUp(parsed, decimals));
}

export function addFen(a: FenInput, b: FenInput): number {
  return checkedFen(toFen(a) + toFen(b));
}

export function subtractFen(a: FenInput, b: FenInput): number {
  return checkedFen(toFen(a) - toFen(b));
}

/** Sum of many fen amounts (e.g. the holdings on the assets page). */
export function sumFen(amounts: Iterable<FenInput>): number {
  let total = 0;
  for (const amount of amounts) total = checkedFen(total + toFen(amount));
  return total;
}

/** -1, 0 or 1 as a compares to b. */
export function compareFen(a: FenInput, b: FenInput): -1 | 0 | 1 {
  const left = toFen(a);
  const right = toFen(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export type AmountInputError = 'empty' | 'notANumber' | 'negative' | 'tooManyDecimals' | 'tooLarge';

export type AmountInputResult = { ok: true; fen: number } | { ok: false; error: AmountInputError };

/** Thousands separators are accepted only where they belong: '1,000.5' yes, '1,00.5' no. */
const USER_AMOUNT_PATTERN = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?$|^\.\d+$/;

/**
 * Reads what a user typed in an amount box: trims, drops a leading ¥/￥ and correct thousands separators,
 * allows at most two decimals ('1,000.5' → 100050 fen; '1.005' → tooManyDecimals; '-3' → negative).
 */
export function parseAmountInput(input: string): AmountInputResult {
  const text = input.trim().replace(/^[¥￥]\s*/, '');
  if (text === '') return { ok: false, error: 'empty' };
  if (text.startsWith('-')) return { ok: false, error: 'negative' };
  if (!USER_AMOUNT_PATTERN.test(text)) return { ok: false, error: 'notANumber' };
  const plain = text.replace(/,/g, '');
  const fraction = plain.split('.')[1] ?? '';
  if (fraction.length > 2) return { ok: false, error: 'tooManyDecimals' };
  const value = parseDecimal(plain);
  if (!value) return { ok: false, error: 'notANumber' };
  const fen = Number(rescaleHalfUp(value, 2).digits);
  if (!Number.isSafeInteger(fen)) return { ok: false, error: 'tooLarge' };
  return { ok: true, fen };
}
