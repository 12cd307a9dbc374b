// Index valuations (PE, PB, ROE, dividend yield) from the close and slow cycles: stateless apart from the
// trailing closes, so the seed, the day-by-day extension and the fund model (an index's total return adds its
// dividend yield) compute the same values. docs/DATA.md "Valuation".
import { INDICES, type IndexDefinition } from './catalogue';
import { hashUniform, Rng, streamId } from './prng';

/**
 * Trading days of the trailing mean of log closes a valuation moves around (about a year): the implied earnings
 * (close / PE) follow the year's mean price and the slow cycles below, so from day to day and week to week the PE
 * and its percentile move with the price. (Issue 15: with a two-month mean and cycles of half a year the cycle
 * moved the PE by up to 0.6 % a day, against the price on one day in seven.)
 */
export const VALUATION_TREND_DAYS = 250;

/**
 * Periods (years) of the slow valuation cycles, and their weight beside the price's momentum: slow enough that
 * the cycle moves the PE by well under the price's daily moves (a cheap or dear spell lasts a year or more).
 */
const VALUATION_CYCLE_YEARS = [2.1, 3.4, 5.5] as const;
const CYCLE_WEIGHT = 0.7;
const DAYS_PER_YEAR = 365.25;

/**
 * Phases of each index's valuation cycles (radians, per cycle), by seed. For every cycle the indices' phases are
 * spread evenly round the circle in a seeded order (plus a little jitter): the indices are out of step with one
 * another in a balanced way, so on any date some are cheap, some fair and some dear, in about the proportions
 * each index spends in those states over its own history.
 */
const phaseTables = new Map<number, Map<string, number[]>>();

/** 0…n − 1 in a seeded order (Fisher–Yates). */
function shuffled(rng: Rng, n: number): number[] {
  const order = Array.from({ length: n }, (_, j) => j);
  for (let j = n - 1; j > 0; j -= 1) {
    const k = rng.int(0, j);
    [order[j], order[k]] = [order[k] as number, order[j] as number];
  }
  return order;
}

function cyclePhases(seed: number, code: string): readonly number[] {
  let table = phaseTables.get(seed);
  if (!table) {
    table = new Map();
    const valued = INDICES.filter((d) => d.hasValuation);
    const rng = new Rng(seed ^ streamId('valuation-phases'));
    const orders = VALUATION_CYCLE_YEARS.map(() => shuffled(rng, valued.length));
    valued.forEach((def, j) => {
      (table as Map<string, number[]>).set(
        def.code,
        orders.map((order) => (2 * Math.PI * ((order[j] as number) + 0.5 * rng.next())) / valued.length),
      );
    });
    phaseTables.set(seed, table);
  }
  return table.get(code) ?? VALUATION_CYCLE_YEARS.map(() => 0);
}

/**
 * The valuation cycle of an index on calendar day `day`: a sum of slow sines scaled to unit variance (a smooth
 * stationary process, so over any year or two the index is sometimes cheap and sometimes dear). Stateless, like
 * every shock of the model.
 */
function valuationCycle(seed: number, code: string, day: number): number {
  const phases = cyclePhases(seed, code);
  let sum = 0;
  for (let k = 0; k < VALUATION_CYCLE_YEARS.length; k += 1) {
    sum += Math.sin((2 * Math.PI * day) / ((VALUATION_CYCLE_YEARS[k] as number) * DAYS_PER_YEAR) + (phases[k] as number));
  }
  return sum * Math.sqrt(2 / VALUATION_CYCLE_YEARS.length);
}

export interface IndexValuation {
  pe: number;
  pb: number;
  roe: number;
  dividendYield: number;
}

/**
 * An index's valuation on a day: log PE = centre of its band + half-width × tanh(0.9 × cycle + momentum /
 * half-width), where momentum = log close − the trailing mean of log closes (`trendLog`). So the PE stays strictly
 * inside its band (tanh; the bands are in the catalogue), rises and falls with the price from day to day (the
 * implied earnings, close / PE, follow the two-month mean price and the cycle), and wanders between cheap and dear
 * over months. ROE wanders ±8 % around the index's typical ROE on a slow cycle, PB = ROE × PE, dividend yield =
 * payout / PE.
 */
export function indexValuation(def: IndexDefinition, seed: number, day: number, close: number, trendLog: number): IndexValuation {
  const [low, high] = def.peBand;
  const centre = (Math.log(low) + Math.log(high)) / 2;
  const half = (Math.log(high) - Math.log(low)) / 2;
  const stream = streamId(`valuation:${def.code}`);
  const momentum = Math.log(close) - trendLog;
  const pe = Math.exp(centre + half * Math.tanh(CYCLE_WEIGHT * valuationCycle(seed, def.code, day) + momentum / half));
  const roePeriod = 3 * DAYS_PER_YEAR * (0.8 + 0.45 * hashUniform(seed, stream, 0, 3));
  const roe = def.roe * Math.exp(0.08 * Math.sin((2 * Math.PI * day) / roePeriod + 2 * Math.PI * hashUniform(seed, stream, 0, 4)));
  return { pe, pb: roe * pe, roe, dividendYield: def.payout / pe };
}

/**
 * The trailing mean of log closes at each index of `closes` from `from` on (over the last VALUATION_TREND_DAYS
 * closes, or all there are): summed afresh for every day, in order, so a series extended later from the stored
 * closes gets the same bits as one generated at once.
 */
export function trendLogs(closes: ArrayLike<number>, from = 0): Float64Array {
  const logs = Float64Array.from(closes, (c) => Math.log(c));
  const out = new Float64Array(closes.length);
  for (let i = from; i < closes.length; i += 1) {
    const first = Math.max(0, i - VALUATION_TREND_DAYS + 1);
    let sum = 0;
    for (let j = first; j <= i; j += 1) sum += logs[j] as number;
    out[i] = sum / (i - first + 1);
  }
  return out;
}
