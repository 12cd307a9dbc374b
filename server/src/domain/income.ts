// The annual income declaration (suitability): a bracket, optionally the amount in fen, which must fall in it.

export const INCOME_BRACKETS = ['below_100k', '100k_300k', '300k_500k', '500k_1m', 'above_1m'] as const;
export type IncomeBracket = (typeof INCOME_BRACKETS)[number];

/** Bracket bounds in fen, [min, max) (yuan × 100). */
const BRACKET_BOUNDS: Record<IncomeBracket, readonly [number, number]> = {
  below_100k: [0, 10_000_000],
  '100k_300k': [10_000_000, 30_000_000],
  '300k_500k': [30_000_000, 50_000_000],
  '500k_1m': [50_000_000, 100_000_000],
  above_1m: [100_000_000, Number.MAX_SAFE_INTEGER],
};

/** Whether an amount (integer fen) falls in the bracket. */
export function incomeFitsBracket(bracket: IncomeBracket, amountFen: number): boolean {
  const [min, max] = BRACKET_BOUNDS[bracket];
  return Number.isSafeInteger(amountFen) && amountFen >= min && amountFen < max;
}
