/**
 * Exact integer arithmetic for trading, shared by the server (settlement, orders) and the app (fee preview):
 * money in integer fen, shares in integer hundredths of a share ("volume"), NAVs in integer ten-thousandths
 * (4 decimals), rates in integer parts per million (ppm: 1.2 % = 12,000 ppm). No floats and no BigInt (the
 * mini program's engines lack it): every product is split so each partial result stays a safe integer, and
 * anything that would not throws instead of rounding silently. docs/PRODUCT.md §5 (domain rules).
 */
import { parseDecimal, rescaleHalfUp, type ScaledDecimal } from './decimal';

/** How a fund's contract rounds fees, shares and amounts to 0.01: 四舍五入 (default) or 舍去尾数. */
export type RoundingMode = 'half_up' | 'truncate';

export const PPM = 1_000_000;
/** NAVs carry 4 decimals. */
export const NAV_SCALE = 10_000;

function assertSafe(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what}: ${value} is not a safe integer`);
  return value;
}

function assertNonNegative(value: number, what: string): void {
  assertSafe(value, what);
  if (value < 0) throw new RangeError(`${what}: ${value} is negative`);
}

/**
 * a × b / d for non-negative safe integers, rounded by `mode`, exact: a = q·d + r, so a·b/d = q·b + r·b/d with
 * r < d. Throws when q·b or r·b leaves the safe range (amounts far beyond any real order).
 */
export function mulDiv(a: number, b: number, d: number, mode: RoundingMode): number {
  assertNonNegative(a, 'mulDiv a');
  assertNonNegative(b, 'mulDiv b');
  assertNonNegative(d, 'mulDiv d');
  if (d === 0) throw new RangeError('mulDiv: division by zero');
  const q = Math.floor(a / d);
  const r = a - q * d;
  const whole = assertSafe(q * b, 'mulDiv q·b');
  const rest = assertSafe(r * b, 'mulDiv r·b');
  const restQ = Math.floor(rest / d);
  const restR = rest - restQ * d;
  // Half-up: round up when the remainder is at least half the divisor (2·restR ≥ d).
  const up = mode === 'half_up' && restR * 2 >= d ? 1 : 0;
  return assertSafe(whole + restQ + up, 'mulDiv result');
}

function scaledToInteger(value: ScaledDecimal, scale: number, what: string): number {
  if (value.negative) throw new RangeError(`${what} must not be negative`);
  if (value.scale > scale && /[1-9]/.test(value.digits.slice(-(value.scale - scale)))) {
    throw new RangeError(`${what} has more than ${scale} decimals`);
  }
  const rescaled = rescaleHalfUp(value, scale);
  return assertSafe(Number(rescaled.digits), what);
}

function parseOrThrow(text: string | number, what: string): ScaledDecimal {
  const value = parseDecimal(text);
  if (!value) throw new RangeError(`${what} is not a decimal: ${String(text)}`);
  return value;
}

/** A NAV decimal ('1.6000') → ten-thousandths (16000). More than 4 decimals throws. */
export function navToUnits(nav: string | number): number {
  const units = scaledToInteger(parseOrThrow(nav, 'NAV'), 4, 'NAV');
  if (units === 0) throw new RangeError('NAV must be positive');
  return units;
}

/** Ten-thousandths → NAV text with 4 decimals: 16000 → '1.6000'. */
export function unitsToNav(units: number): string {
  assertNonNegative(units, 'NAV units');
  const s = String(units).padStart(5, '0');
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
}

/** Shares decimal ('197.89') → hundredths (19789). More than 2 decimals throws. */
export function sharesToVolume(shares: string | number): number {
  return scaledToInteger(parseOrThrow(shares, 'shares'), 2, 'shares');
}

/** Hundredths of a share → '197.89' (negative allowed: a ledger movement). */
export function volumeToShares(volume: number): string {
  assertSafe(volume, 'volume');
  const s = String(Math.abs(volume)).padStart(3, '0');
  return `${volume < 0 ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** A percent rate ('1.2', meaning 1.2 %) → ppm (12000). Finer than 0.0001 % throws. */
export function percentToPpm(percent: string | number): number {
  return scaledToInteger(parseOrThrow(percent, 'rate'), 4, 'rate');
}

/** ppm → percent text with up to 4 decimals, trailing zeros dropped: 1200 → '0.12', 15000 → '1.5', 0 → '0'. */
export function ppmToPercent(ppm: number): string {
  assertNonNegative(ppm, 'ppm');
  const s = String(ppm).padStart(5, '0');
  const fraction = s.slice(-4).replace(/0+$/, '');
  return fraction ? `${s.slice(0, -4)}.${fraction}` : s.slice(0, -4);
}

/** A platform discount ('0.1' = 1折, '1' = none) × a rate in ppm, rounded half-up to a whole ppm. */
export function discountPpm(ratePpm: number, discount: string | number): number {
  const factor = scaledToInteger(parseOrThrow(discount, 'discount'), 4, 'discount');
  return mulDiv(ratePpm, factor, NAV_SCALE, 'half_up');
}

/** Rounds fen × volume-style products: shares (hundredths) × NAV (ten-thousandths) → fen. */
export function volumeValueFen(volume: number, navUnits: number, mode: RoundingMode = 'half_up'): number {
  // volume/100 shares × navUnits/10^4 yuan × 100 fen = volume × navUnits / 10^4 fen.
  return mulDiv(volume, navUnits, NAV_SCALE, mode);
}
