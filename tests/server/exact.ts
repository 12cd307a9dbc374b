// Exact decimal oracles for the tests (server and browser): what a figure must read, computed from the API's decimal strings with
// big.js and BigInt — never through a binary float (Number('1.845').toFixed(2) is '1.84'; the page says 1.85).
import Big from 'big.js';

/** A decimal string rounded half-up to `places` decimals, as the app writes it: fixed('1.845', 2) → '1.85'. */
export function fixed(decimal: string, places: number): string {
  return new Big(decimal).round(places, Big.roundHalfUp).toFixed(places);
}

/** A decimal string as a count of its smallest units, exactly: units('12.34', 2) → 1234n (refuses more decimals). */
export function units(decimal: string, places: number): bigint {
  const scaled = new Big(decimal).times(new Big(10).pow(places));
  if (!scaled.eq(scaled.round(0, Big.roundDown))) throw new RangeError(`${decimal} has more than ${places} decimals`);
  return BigInt(scaled.toFixed(0));
}

/** a / b rounded half-up to an integer, for non-negative a and positive b. */
export function divideHalfUp(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** Shares (in hundredths) a net amount (in fen) buys at a NAV (decimal string, 4 decimals), rounded half-up. */
export function sharesFor(netFen: bigint, nav: string): bigint {
  return divideHalfUp(netFen * 10_000n, units(nav, 4));
}

/** A decimal string as a count of units of 10^-places, rounded half-up: roundedUnits('0.01505', 4) → 151n. */
export function roundedUnits(decimal: string, places: number): bigint {
  return BigInt(new Big(decimal).times(new Big(10).pow(places)).round(0, Big.roundHalfUp).toFixed(0));
}
