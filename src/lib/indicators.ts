/**
 * Technical indicators of the K-line chart (docs/PRODUCT.md §9 defaults in `INDICATOR_DEFAULTS`), in 通达信 (TDX) notation.
 * Display values, not money: plain floats are fine here (money stays in decimal.ts / money.ts).
 *
 * Every line is a `Series` aligned with the input bars: `values[i]` belongs to `bars[i]`, and bars before
 * `start` have no value yet (read them through `seriesValue` / `seriesToNullable`, which give null there).
 * Two warm-up conventions:
 * - window indicators (MA, BOLL, WR, BIAS, BBI, CCI, PSY) start when their window is full;
 * - recursive averages (RSI, KDJ, MACD) follow TDX: SMA/EMA start at the first available input
 *   (Y₀ = X₀; KDJ instead seeds K = D = 50), so they have values from their first computable bar.
 * Zero ranges (flat prices) give defined values, never NaN/Infinity: RSI, KDJ's RSV and WR show 50, CCI 0.
 *
 * Typed arrays, not `(number | null)[]`: boxing the 22 lines of 10,000 bars costs more than all
 * the arithmetic (see bench/indicators.mjs). Running sums for means, power-of-two max/min tables for HHV/LLV
 * (O(n log N)), a sliding sum of squares for BOLL (exactly 0 on a flat window); only CCI's AVEDEV is O(N) per
 * bar (no sliding form exists for a mean absolute deviation). The 22 output lines share one allocation (or an
 * earlier result's, see computeDefaultIndicators) and temporaries live in reused scratch memory.
 */
import { INDICATOR_DEFAULTS } from './constants';

/** One K-line bar with finite prices; volume is not used by these indicators. */
export interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
}

/** One indicator line, aligned with the bars. */
export interface Series {
  /** Index of the first bar with a value (= bars.length when there is none yet). */
  readonly start: number;
  /** One value per bar; entries before `start` are NaN and mean "no value yet". */
  readonly values: Float64Array;
}

export interface BollSeries {
  /** MA(C, period). */
  mid: Series;
  /** mid + stdDevs × population standard deviation of the window. */
  upper: Series;
  lower: Series;
}

export interface KdjSeries {
  k: Series;
  d: Series;
  j: Series;
}

export interface MacdSeries {
  /** EMA(C, short) − EMA(C, long). */
  dif: Series;
  /** EMA(DIF, signal). */
  dea: Series;
  /** 2 × (DIF − DEA): the red/green bars (TDX names this line MACD). */
  histogram: Series;
}

export interface PsySeries {
  psy: Series;
  /** MA(PSY, maPeriod). */
  psyma: Series;
}

/** All ten indicators with the docs/PRODUCT.md §9 parameters; arrays of lines follow the order of `INDICATOR_DEFAULTS`. */
export interface DefaultIndicators {
  ma: Series[];
  boll: BollSeries;
  rsi: Series[];
  kdj: KdjSeries;
  macd: MacdSeries;
  wr: Series[];
  bias: Series[];
  bbi: Series;
  cci: Series;
  psy: PsySeries;
}

/** What an oscillator shows when its range is zero (flat prices): the middle of 0–100, neither side. */
const NEUTRAL_OSCILLATOR = 50;
/** AVEDEV below this fraction of the mean is rounding noise of a flat window, not movement. */
const FLAT_WINDOW_RELATIVE_EPSILON = 1e-12;

// ---- Reading a series --------------------------------------------------------------------------------

/** The value at bar `index`, or null where the line has none (warm-up, out of range). */
export function seriesValue(series: Series, index: number): number | null {
  if (index < series.start || index >= series.values.length) return null;
  const v = series.values[index];
  return Number.isFinite(v) ? v : null;
}

/**
 * The line as `(number | null)[]` over bars [from, to), the shape chart libraries take for gaps.
 * Boxes every number: convert the visible window, not 10,000 bars.
 */
export function seriesToNullable(series: Series, from = 0, to = series.values.length): (number | null)[] {
  const out: (number | null)[] = [];
  const end = Math.min(to, series.values.length);
  for (let i = Math.max(0, from); i < end; i++) out.push(seriesValue(series, i));
  return out;
}

// ---- Plumbing ----------------------------------------------------------------------------------------
//
// How the kernels are written (each rule measured with bench/indicators.mjs and `--trace-deopt`):
// - every kernel below is a function with ONE top-level loop and nothing after it, and the functions that
//   call several kernels have no hot loop of their own. V8 compiles a long-running loop on the spot (OSR)
//   during the first call; a second loop later in the same function has no type feedback yet, so that code
//   deoptimised there, the rest of the 10,000 bars ran in the interpreter, and the cached OSR code was entered
//   (and deoptimised) again on later calls: the old HHV/LLV function did this 37 times in 3,000 calls;
// - kernels take Float64Arrays and the bar count `n` and nothing else (no objects, closures or arrays of
//   arrays in a loop), so every access is monomorphic;
// - nothing is allocated per call but the output: temporaries live in module scratch memory, and
//   computeDefaultIndicators can write into an earlier result instead of a new one.

/**
 * Working memory reused from call to call (never returned to a caller, so reuse is safe in single-threaded JS):
 * allocating and zeroing temporary 80 KB arrays per call cost more than the arithmetic, and their off-heap
 * memory made the collector run. Grows to the largest bar count seen; kernels only touch [0, n).
 */
interface Scratch {
  size: number;
  close: Float64Array;
  high: Float64Array;
  low: Float64Array;
  /** CCI's typical prices. */
  typical: Float64Array;
  /** Moving averages that are not output lines (BIAS's and BBI's MA3/6/12/24), created on demand. */
  averages: Float64Array[];
  /**
   * highLevels[k] / lowLevels[k]: the highest high / lowest low of the 2^k bars ending at each bar (valid from
   * bar 2^k − 1); level 0 is the column itself. Created on demand.
   */
  highLevels: Float64Array[];
  lowLevels: Float64Array[];
}

let scratch: Scratch | null = null;

function scratchFor(n: number): Scratch {
  if (scratch !== null && scratch.size >= n) return scratch;
  const size = Math.max(n, 16);
  const high = new Float64Array(size);
  const low = new Float64Array(size);
  scratch = {
    size,
    close: new Float64Array(size),
    high,
    low,
    typical: new Float64Array(size),
    averages: [],
    highLevels: [high],
    lowLevels: [low],
  };
  return scratch;
}

/** Scratch line `k` for a moving average that is not an output line. */
function averageScratch(work: Scratch, k: number): Float64Array {
  while (work.averages.length <= k) work.averages.push(new Float64Array(work.size));
  return work.averages[k] as Float64Array;
}

/** The bars' price columns into scratch memory (valid until the next call into this module). */
function loadColumns(bars: readonly Bar[]): Scratch {
  const n = bars.length;
  const work = scratchFor(n);
  readColumnsInto(bars, n, work.close, work.high, work.low);
  return work;
}

function readColumnsInto(bars: readonly Bar[], n: number, close: Float64Array, high: Float64Array, low: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const bar = bars[i] as Bar;
    close[i] = bar.close;
    high[i] = bar.high;
    low[i] = bar.low;
  }
}

/** Output line `slot` of a block of lines (one allocation for all lines of a call); the warm-up prefix is NaN. */
function lineOf(memory: Float64Array, slot: number, n: number, start: number): Series {
  const values = memory.subarray(slot * n, slot * n + n);
  const first = Math.min(Math.max(start, 0), n);
  values.fill(NaN, 0, first);
  return { start: first, values };
}

function assertPeriod(name: string, period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`${name} must be a positive integer, got ${period}`);
}

// ---- HHV / LLV ------------------------------------------------------------------------------------------
//
// A window of N bars is covered by two overlapping power-of-two windows: with 2^k ≤ N < 2^(k+1),
// HHV(H, N) at bar i = max(level_k[i], level_k[i − (N − 2^k)]), where level_k is the highest high of the 2^k
// bars ending there, built from level k − 1 with one comparison a bar. KDJ 9 and WR 6/10 share levels 1–3:
// 3 comparisons a bar to build them and 1 per line, with no data-dependent loop (a monotonic deque's pops
// mispredict on random prices).

/**
 * max(a, b) of finite numbers without a branch: on random prices `a > b ? a : b` is a coin toss the processor
 * mispredicts half the time (it measured twice as slow). Exact: x × 1 = x, x × 0 = 0 and x + 0 = x.
 */
function larger(a: number, b: number): number {
  const first = Number(a > b);
  return a * first + b * (1 - first);
}

/** min(a, b) of finite numbers without a branch (see larger). */
function smaller(a: number, b: number): number {
  const first = Number(a < b);
  return a * first + b * (1 - first);
}

/** The power-of-two level that covers a window of `period` bars twice over: floor(log2(period)). */
function levelFor(period: number): number {
  return 31 - Math.clz32(period);
}

/** Builds levels 1…`level` of the scratch HHV/LLV tables for the first n bars. */
function buildLevels(work: Scratch, n: number, level: number): void {
  for (let k = 1; k <= level; k++) {
    if (work.highLevels.length <= k) {
      work.highLevels.push(new Float64Array(work.size));
      work.lowLevels.push(new Float64Array(work.size));
    }
    const span = 1 << (k - 1);
    extremesOfTwoInto(
      work.highLevels[k - 1] as Float64Array,
      work.lowLevels[k - 1] as Float64Array,
      span,
      n,
      work.highLevels[k] as Float64Array,
      work.lowLevels[k] as Float64Array,
    );
  }
}

/** Level k from level k − 1 (span = 2^(k−1)): the extremes of the two half windows ending at i and i − span. */
function extremesOfTwoInto(
  high: Float64Array,
  low: Float64Array,
  span: number,
  n: number,
  highOut: Float64Array,
  lowOut: Float64Array,
): void {
  for (let i = 2 * span - 1; i < n; i++) {
    highOut[i] = larger(high[i] as number, high[i - span] as number);
    lowOut[i] = smaller(low[i] as number, low[i - span] as number);
  }
}

// ---- Kernels: each writes into lines it is given (shared by the public functions and computeDefaultIndicators,
// so both compute bit-identical values) ------------------------------------------------------------------

/** MA(X, N) of x from index `from` (its first value) on, into `values` (from `from + N − 1`): a running sum. */
function movingAverageInto(x: Float64Array, period: number, from: number, n: number, values: Float64Array): void {
  const start = from + period - 1;
  // × 1/N, not ÷ N: a division costs several multiplications (every kernel below does the same).
  const inv = 1 / period;
  let sum = 0;
  for (let i = from; i < n; i++) {
    sum += x[i] as number;
    if (i - from >= period) sum -= x[i - period] as number;
    if (i >= start) values[i] = sum * inv;
  }
}

/** BOLL's sliding variance is recomputed exactly this often (bars), so rounding cannot build up. */
const BOLL_EXACT_EVERY = 64;

/** BOLL's bands around `mid` (MA(C, period), already computed from `start` = period − 1 on). */
function bollBandsInto(
  close: Float64Array,
  period: number,
  stdDevs: number,
  start: number,
  n: number,
  mid: Float64Array,
  up: Float64Array,
  down: Float64Array,
): void {
  // Sum of squared deviations of the window (M2), slid one bar at a time:
  // M2′ = M2 + (x_in − x_out)(x_in − mean′ + x_out − mean). An unchanged price changes nothing, and a run of
  // N equal closes resets it to exactly 0, so a flat window has exactly zero width.
  let mean = 0;
  let m2 = 0;
  let unchanged = 0;
  for (let i = start; i < n; i++) {
    const x = close[i] as number;
    unchanged = i > 0 && x === close[i - 1] ? unchanged + 1 : 0;
    if (unchanged >= period - 1) {
      mean = x;
      m2 = 0;
    } else if ((i - start) % BOLL_EXACT_EVERY === 0) {
      let sum = 0;
      for (let j = i - period + 1; j <= i; j++) sum += close[j] as number;
      mean = sum / period;
      m2 = 0;
      for (let j = i - period + 1; j <= i; j++) {
        const d = (close[j] as number) - mean;
        m2 += d * d;
      }
    } else {
      const out = close[i - period] as number;
      const delta = x - out;
      if (delta !== 0) {
        const nextMean = mean + delta / period;
        m2 += delta * (x - nextMean + out - mean);
        mean = nextMean;
        if (m2 < 0) m2 = 0;
      }
    }
    // Population deviation (÷ N), as 雪球 and most apps draw it; TDX's STD is the sample one (÷ N − 1).
    const width = stdDevs * Math.sqrt(m2 / period);
    const m = mid[i] as number;
    up[i] = m + width;
    down[i] = m - width;
  }
}

/**
 * MAX(change, 0) without a branch (rises and falls alternate at random, so a branch mispredicts; it measured
 * 5× slower): a rise gives (2c) × 0.5 = c, a fall c − c = 0, both exact.
 */
function gainOf(change: number): number {
  return (change + Math.abs(change)) * 0.5;
}

/** One step of SMA(X, N, 1) = (X + (N − 1)Y′) / N, written once so every RSI loop computes the same bits. */
function rsiStep(x: number, previous: number, keep: number, inv: number): number {
  return (x + keep * previous) * inv;
}

function rsiInto(close: Float64Array, period: number, n: number, values: Float64Array): void {
  // The first change C − LC is at bar 1: LC = REF(C,1) has no value at bar 0.
  if (n < 2) return;
  const keep = period - 1;
  const inv = 1 / period;
  const firstChange = (close[1] as number) - (close[0] as number);
  let avgGain = gainOf(firstChange);
  let avgMove = Math.abs(firstChange);
  values[1] = avgMove === 0 ? NEUTRAL_OSCILLATOR : (avgGain / avgMove) * 100;
  for (let i = 2; i < n; i++) {
    const change = (close[i] as number) - (close[i - 1] as number);
    const gain = gainOf(change);
    const move = Math.abs(change);
    avgGain = rsiStep(gain, avgGain, keep, inv);
    avgMove = rsiStep(move, avgMove, keep, inv);
    values[i] = avgMove === 0 ? NEUTRAL_OSCILLATOR : (avgGain / avgMove) * 100;
  }
}

/**
 * Three RSIs in one loop (docs/PRODUCT.md §9's 6/12/24): the changes are computed once and the three recursions run side
 * by side, so the processor overlaps their dependency chains. Same arithmetic as rsiInto, bit for bit.
 */
function rsiTripleInto(
  close: Float64Array,
  p1: number,
  p2: number,
  p3: number,
  n: number,
  v1: Float64Array,
  v2: Float64Array,
  v3: Float64Array,
): void {
  if (n < 2) return;
  const k1 = p1 - 1;
  const k2 = p2 - 1;
  const k3 = p3 - 1;
  const i1 = 1 / p1;
  const i2 = 1 / p2;
  const i3 = 1 / p3;
  const firstChange = (close[1] as number) - (close[0] as number);
  let g1 = gainOf(firstChange);
  let m1 = Math.abs(firstChange);
  let g2 = g1;
  let m2 = m1;
  let g3 = g1;
  let m3 = m1;
  const first = m1 === 0 ? NEUTRAL_OSCILLATOR : (g1 / m1) * 100;
  v1[1] = first;
  v2[1] = first;
  v3[1] = first;
  for (let i = 2; i < n; i++) {
    const change = (close[i] as number) - (close[i - 1] as number);
    const gain = gainOf(change);
    const move = Math.abs(change);
    g1 = rsiStep(gain, g1, k1, i1);
    m1 = rsiStep(move, m1, k1, i1);
    g2 = rsiStep(gain, g2, k2, i2);
    m2 = rsiStep(move, m2, k2, i2);
    g3 = rsiStep(gain, g3, k3, i3);
    m3 = rsiStep(move, m3, k3, i3);
    v1[i] = m1 === 0 ? NEUTRAL_OSCILLATOR : (g1 / m1) * 100;
    v2[i] = m2 === 0 ? NEUTRAL_OSCILLATOR : (g2 / m2) * 100;
    v3[i] = m3 === 0 ? NEUTRAL_OSCILLATOR : (g3 / m3) * 100;
  }
}

/**
 * KDJ from bar `start` = N − 1 on; HHV/LLV from the power-of-two level tables (`offset` = N − 2^k).
 * K and D start from a previous 50.
 */
function kdjInto(
  close: Float64Array,
  highLevel: Float64Array,
  lowLevel: Float64Array,
  offset: number,
  kSmoothing: number,
  dSmoothing: number,
  start: number,
  n: number,
  kv: Float64Array,
  dv: Float64Array,
  jv: Float64Array,
): void {
  const kKeep = kSmoothing - 1;
  const kInv = 1 / kSmoothing;
  const dKeep = dSmoothing - 1;
  const dInv = 1 / dSmoothing;
  let kPrev = NEUTRAL_OSCILLATOR;
  let dPrev = NEUTRAL_OSCILLATOR;
  for (let i = start; i < n; i++) {
    const ll = smaller(lowLevel[i] as number, lowLevel[i - offset] as number);
    const range = larger(highLevel[i] as number, highLevel[i - offset] as number) - ll;
    const rsv = range === 0 ? NEUTRAL_OSCILLATOR : (((close[i] as number) - ll) / range) * 100;
    kPrev = (rsv + kKeep * kPrev) * kInv;
    dPrev = (kPrev + dKeep * dPrev) * dInv;
    kv[i] = kPrev;
    dv[i] = dPrev;
    jv[i] = 3 * kPrev - 2 * dPrev;
  }
}

function macdInto(
  close: Float64Array,
  short: number,
  long: number,
  signal: number,
  n: number,
  difs: Float64Array,
  deas: Float64Array,
  bars: Float64Array,
): void {
  if (n === 0) return;
  // TDX EMA(X,N) = SMA(X,N+1,2): Y = (2X + (N − 1)Y′) / (N + 1), starting with Y₀ = X₀ (so DIF₀ = DEA₀ = 0).
  const fastKeep = short - 1;
  const fastInv = 1 / (short + 1);
  const slowKeep = long - 1;
  const slowInv = 1 / (long + 1);
  const deaKeep = signal - 1;
  const deaInv = 1 / (signal + 1);
  let fast = close[0] as number;
  let slow = fast;
  let deaPrev = 0;
  difs[0] = 0;
  deas[0] = 0;
  bars[0] = 0;
  for (let i = 1; i < n; i++) {
    const c = close[i] as number;
    fast = (2 * c + fastKeep * fast) * fastInv;
    slow = (2 * c + slowKeep * slow) * slowInv;
    const difNow = fast - slow;
    deaPrev = (2 * difNow + deaKeep * deaPrev) * deaInv;
    difs[i] = difNow;
    deas[i] = deaPrev;
    bars[i] = 2 * (difNow - deaPrev);
  }
}

/** WR from bar `start` = N − 1 on; HHV/LLV from the power-of-two level tables (`offset` = N − 2^k). */
function wrInto(
  close: Float64Array,
  highLevel: Float64Array,
  lowLevel: Float64Array,
  offset: number,
  start: number,
  n: number,
  values: Float64Array,
): void {
  for (let i = start; i < n; i++) {
    const hh = larger(highLevel[i] as number, highLevel[i - offset] as number);
    const range = hh - smaller(lowLevel[i] as number, lowLevel[i - offset] as number);
    values[i] = range === 0 ? NEUTRAL_OSCILLATOR : ((hh - (close[i] as number)) / range) * 100;
  }
}

/** BIAS from MA values already computed from bar `start` on. */
function biasInto(close: Float64Array, average: Float64Array, start: number, n: number, values: Float64Array): void {
  for (let i = start; i < n; i++) {
    const ma = average[i] as number;
    // An average of exactly 0 (never for real prices) has no relative distance: show 0 rather than Infinity.
    values[i] = ma === 0 ? 0 : (((close[i] as number) - ma) / ma) * 100;
  }
}

/** BBI of four averages (docs/PRODUCT.md §9's 3/6/12/24): ((a + b) + c) + d, ÷ 4 — the same operations as the general case. */
function bbiOfFourInto(
  a: Float64Array,
  b: Float64Array,
  c: Float64Array,
  d: Float64Array,
  start: number,
  n: number,
  values: Float64Array,
): void {
  for (let i = start; i < n; i++) {
    values[i] = ((a[i] as number) + (b[i] as number) + (c[i] as number) + (d[i] as number)) / 4;
  }
}

/** values[i] = x[i] (first = true) or values[i] += x[i], from `start` on: BBI's sum for any number of averages. */
function accumulateInto(x: Float64Array, first: boolean, start: number, n: number, values: Float64Array): void {
  for (let i = start; i < n; i++) values[i] = first ? (x[i] as number) : (values[i] as number) + (x[i] as number);
}

function divideInto(divisor: number, start: number, n: number, values: Float64Array): void {
  for (let i = start; i < n; i++) values[i] = (values[i] as number) / divisor;
}

/** CCI's typical price TP = (H + L + C) / 3 of every bar. */
function typicalInto(close: Float64Array, high: Float64Array, low: Float64Array, n: number, typical: Float64Array): void {
  for (let i = 0; i < n; i++) typical[i] = ((high[i] as number) + (low[i] as number) + (close[i] as number)) / 3;
}

function cciInto(typical: Float64Array, period: number, factor: number, start: number, n: number, values: Float64Array): void {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const tp = typical[i] as number;
    // MA(TP, N) as a running sum, as movingAverageInto computes it.
    sum += tp;
    if (i >= period) sum -= typical[i - period] as number;
    if (i < start) continue;
    const m = sum / period;
    // AVEDEV has no sliding form: O(N) a bar, in two running sums (even and odd bars of the window) so that two
    // additions are in flight at a time instead of one chain of N (15 % faster).
    let even = 0;
    let odd = 0;
    let j = i - period + 1;
    for (; j < i; j += 2) {
      even += Math.abs((typical[j] as number) - m);
      odd += Math.abs((typical[j + 1] as number) - m);
    }
    if (j === i) even += Math.abs(tp - m);
    const avedev = (even + odd) / period;
    // A flat window has no deviation: CCI is 0 there, not rounding noise ÷ rounding noise.
    values[i] = avedev <= Math.abs(m) * FLAT_WINDOW_RELATIVE_EPSILON ? 0 : (tp - m) / (factor * avedev);
  }
}

/** PSY(N) from bar N on (PSYMA is then movingAverageInto over it). */
function psyInto(close: Float64Array, period: number, n: number, values: Float64Array): void {
  // PSY counts `period` comparisons C > REF(C,1); bar 0 has no REF, so the first value is at bar `period`.
  const scale = 100 / period;
  let ups = 0;
  for (let i = 1; i < n; i++) {
    // Number(rise), not `if (rise) ups++`: rises are a coin toss, which a branch mispredicts (4× slower).
    ups += Number((close[i] as number) > (close[i - 1] as number));
    if (i > period) ups -= Number((close[i - period] as number) > (close[i - period - 1] as number));
    if (i >= period) values[i] = ups * scale;
  }
}

// ---- Public API: one function per indicator, defaults from docs/PRODUCT.md §9 --------------------------------------

/** MA(C, N): values from bar N − 1. */
export function ma(bars: readonly Bar[], period: number = INDICATOR_DEFAULTS.ma[0]): Series {
  assertPeriod('MA period', period);
  const n = bars.length;
  const work = loadColumns(bars);
  const line = lineOf(new Float64Array(n), 0, n, period - 1);
  movingAverageInto(work.close, period, 0, n, line.values);
  return line;
}

/** BOLL(N, K): MA(C, N) ± K × population standard deviation; values from bar N − 1. */
export function boll(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.boll.period,
  stdDevs: number = INDICATOR_DEFAULTS.boll.stdDevs,
): BollSeries {
  assertPeriod('BOLL period', period);
  const n = bars.length;
  const work = loadColumns(bars);
  const memory = new Float64Array(n * 3);
  const result = {
    mid: lineOf(memory, 0, n, period - 1),
    upper: lineOf(memory, 1, n, period - 1),
    lower: lineOf(memory, 2, n, period - 1),
  };
  movingAverageInto(work.close, period, 0, n, result.mid.values);
  bollBandsInto(work.close, period, stdDevs, result.mid.start, n, result.mid.values, result.upper.values, result.lower.values);
  return result;
}

/**
 * RSI(N) = SMA(MAX(C − LC, 0), N, 1) / SMA(ABS(C − LC), N, 1) × 100 (Wilder's smoothing), values from bar 1
 * (the averages start with the first change); 50 while every change so far is zero.
 */
export function rsi(bars: readonly Bar[], period: number): Series {
  assertPeriod('RSI period', period);
  const n = bars.length;
  const work = loadColumns(bars);
  const line = lineOf(new Float64Array(n), 0, n, 1);
  rsiInto(work.close, period, n, line.values);
  return line;
}

/**
 * KDJ(N, M1, M2): RSV = (C − LLV(L,N)) / (HHV(H,N) − LLV(L,N)) × 100, K = SMA(RSV,M1,1), D = SMA(K,M2,1),
 * J = 3K − 2D; values from bar N − 1, where K and D start from a previous 50. A zero range gives RSV = 50.
 */
export function kdj(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.kdj.n,
  kSmoothing: number = INDICATOR_DEFAULTS.kdj.m1,
  dSmoothing: number = INDICATOR_DEFAULTS.kdj.m2,
): KdjSeries {
  assertPeriod('KDJ period', period);
  assertPeriod('KDJ M1', kSmoothing);
  assertPeriod('KDJ M2', dSmoothing);
  const n = bars.length;
  const work = loadColumns(bars);
  const memory = new Float64Array(n * 3);
  const result = { k: lineOf(memory, 0, n, period - 1), d: lineOf(memory, 1, n, period - 1), j: lineOf(memory, 2, n, period - 1) };
  const level = levelFor(period);
  buildLevels(work, n, level);
  kdjInto(
    work.close,
    work.highLevels[level] as Float64Array,
    work.lowLevels[level] as Float64Array,
    period - (1 << level),
    kSmoothing,
    dSmoothing,
    result.k.start,
    n,
    result.k.values,
    result.d.values,
    result.j.values,
  );
  return result;
}

/** MACD(S, L, M): the EMAs start with the first close, so every bar has a value (all 0 at bar 0). */
export function macd(
  bars: readonly Bar[],
  short: number = INDICATOR_DEFAULTS.macd.short,
  long: number = INDICATOR_DEFAULTS.macd.long,
  signal: number = INDICATOR_DEFAULTS.macd.signal,
): MacdSeries {
  assertPeriod('MACD short', short);
  assertPeriod('MACD long', long);
  assertPeriod('MACD signal', signal);
  const n = bars.length;
  const work = loadColumns(bars);
  const memory = new Float64Array(n * 3);
  const result = { dif: lineOf(memory, 0, n, 0), dea: lineOf(memory, 1, n, 0), histogram: lineOf(memory, 2, n, 0) };
  macdInto(work.close, short, long, signal, n, result.dif.values, result.dea.values, result.histogram.values);
  return result;
}

/** WR(N) = (HHV(H,N) − C) / (HHV(H,N) − LLV(L,N)) × 100, 0–100 (0 at the top); values from bar N − 1; zero range 50. */
export function wr(bars: readonly Bar[], period: number): Series {
  assertPeriod('WR period', period);
  const n = bars.length;
  const work = loadColumns(bars);
  const line = lineOf(new Float64Array(n), 0, n, period - 1);
  const level = levelFor(period);
  buildLevels(work, n, level);
  wrInto(
    work.close,
    work.highLevels[level] as Float64Array,
    work.lowLevels[level] as Float64Array,
    period - (1 << level),
    line.start,
    n,
    line.values,
  );
  return line;
}

/** BIAS(N) = (C − MA(C,N)) / MA(C,N) × 100; values from bar N − 1. */
export function bias(bars: readonly Bar[], period: number): Series {
  assertPeriod('BIAS period', period);
  const n = bars.length;
  const work = loadColumns(bars);
  const average = averageScratch(work, 0);
  movingAverageInto(work.close, period, 0, n, average);
  const line = lineOf(new Float64Array(n), 0, n, period - 1);
  biasInto(work.close, average, line.start, n, line.values);
  return line;
}

/** BBI = mean of MA(C, p) over the periods (3, 6, 12, 24); values once the longest window is full. */
export function bbi(bars: readonly Bar[], periods: readonly number[] = INDICATOR_DEFAULTS.bbi): Series {
  if (periods.length === 0) throw new RangeError('BBI needs at least one period');
  let longest = 0;
  for (const p of periods) {
    assertPeriod('BBI period', p);
    if (p > longest) longest = p;
  }
  const n = bars.length;
  const work = loadColumns(bars);
  const line = lineOf(new Float64Array(n), 0, n, longest - 1);
  for (let k = 0; k < periods.length; k++) movingAverageInto(work.close, periods[k] as number, 0, n, averageScratch(work, k));
  bbiFromAverages(work, periods.length, line);
  return line;
}

/** BBI from scratch averages 0…count − 1. */
function bbiFromAverages(work: Scratch, count: number, line: Series): void {
  const n = line.values.length;
  if (count === 4) {
    const { averages } = work;
    bbiOfFourInto(
      averages[0] as Float64Array,
      averages[1] as Float64Array,
      averages[2] as Float64Array,
      averages[3] as Float64Array,
      line.start,
      n,
      line.values,
    );
    return;
  }
  for (let k = 0; k < count; k++) accumulateInto(work.averages[k] as Float64Array, k === 0, line.start, n, line.values);
  divideInto(count, line.start, n, line.values);
}

/**
 * CCI(N) = (TP − MA(TP,N)) / (factor × AVEDEV(TP,N)), TP = (H + L + C) / 3, AVEDEV = mean absolute deviation;
 * values from bar N − 1; 0 on a flat window.
 */
export function cci(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.cci.period,
  factor: number = INDICATOR_DEFAULTS.cci.factor,
): Series {
  assertPeriod('CCI period', period);
  const n = bars.length;
  const work = loadColumns(bars);
  const line = lineOf(new Float64Array(n), 0, n, period - 1);
  typicalInto(work.close, work.high, work.low, n, work.typical);
  cciInto(work.typical, period, factor, line.start, n, line.values);
  return line;
}

/** PSY(N, M) = COUNT(C > REF(C,1), N) / N × 100 from bar N on; PSYMA = MA(PSY, M) from bar N + M − 1. */
export function psy(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.psy.period,
  maPeriod: number = INDICATOR_DEFAULTS.psy.maPeriod,
): PsySeries {
  assertPeriod('PSY period', period);
  assertPeriod('PSYMA period', maPeriod);
  const n = bars.length;
  const work = loadColumns(bars);
  const memory = new Float64Array(n * 2);
  const result = { psy: lineOf(memory, 0, n, period), psyma: lineOf(memory, 1, n, period + maPeriod - 1) };
  psyInto(work.close, period, n, result.psy.values);
  movingAverageInto(result.psy.values, maPeriod, result.psy.start, n, result.psyma.values);
  return result;
}

// ---- All ten with the defaults ------------------------------------------------------------------------

const D = INDICATOR_DEFAULTS;

/** Number of lines computeDefaultIndicators returns (its one allocation holds them all). */
const DEFAULT_LINE_COUNT = D.ma.length + 3 + D.rsi.length + 3 + 3 + D.wr.length + D.bias.length + 1 + 1 + 2;

/** The distinct MA periods BIAS and BBI need (computed once per call into scratch), and which one each uses. */
const SHARED_AVERAGE_PERIODS: readonly number[] = [...new Set<number>([...D.bias, ...D.bbi])];
const BIAS_AVERAGE: readonly number[] = D.bias.map((p) => SHARED_AVERAGE_PERIODS.indexOf(p));
const BBI_AVERAGE: readonly number[] = D.bbi.map((p) => SHARED_AVERAGE_PERIODS.indexOf(p));
/** The HHV/LLV level KDJ and WR need at most. */
const DEFAULT_LEVEL = Math.max(levelFor(D.kdj.n), ...D.wr.map(levelFor));

/** Results of computeDefaultIndicators that a later call may overwrite (see its `reuse`). */
const defaultResults = new WeakSet<DefaultIndicators>();

/** A new result for n bars: 22 lines in one allocation, warm-up prefixes NaN. */
function allocateDefaults(n: number): DefaultIndicators {
  const memory = new Float64Array(n * DEFAULT_LINE_COUNT);
  let slot = 0;
  const next = (start: number): Series => lineOf(memory, slot++, n, start);
  const result: DefaultIndicators = {
    ma: D.ma.map((p) => next(p - 1)),
    boll: { mid: next(D.boll.period - 1), upper: next(D.boll.period - 1), lower: next(D.boll.period - 1) },
    rsi: D.rsi.map(() => next(1)),
    kdj: { k: next(D.kdj.n - 1), d: next(D.kdj.n - 1), j: next(D.kdj.n - 1) },
    macd: { dif: next(0), dea: next(0), histogram: next(0) },
    wr: D.wr.map((p) => next(p - 1)),
    bias: D.bias.map((p) => next(p - 1)),
    bbi: next(Math.max(...D.bbi) - 1),
    cci: next(D.cci.period - 1),
    psy: { psy: next(D.psy.period), psyma: next(D.psy.period + D.psy.maPeriod - 1) },
  };
  defaultResults.add(result);
  return result;
}

/**
 * The ten indicators with docs/PRODUCT.md §9's parameters, the same bits as the single-indicator functions: the bars are
 * read once, the 22 lines share one allocation, temporaries live in reused scratch memory, MA(C, N) is computed
 * once per distinct N (BIAS and BBI share MA6/12/24), KDJ and both WRs share the HHV/LLV tables.
 *
 * `reuse`: an earlier result of this function for as many bars, to be overwritten instead of allocating 22 new
 * lines (1.8 MB for 10,000 bars) — only when nothing else still reads it. Anything else is ignored.
 */
export function computeDefaultIndicators(bars: readonly Bar[], reuse?: DefaultIndicators): DefaultIndicators {
  const n = bars.length;
  const work = loadColumns(bars);
  const out = reuse !== undefined && defaultResults.has(reuse) && reuse.cci.values.length === n ? reuse : allocateDefaults(n);
  const { close, high, low } = work;

  for (let k = 0; k < D.ma.length; k++) movingAverageInto(close, D.ma[k], 0, n, (out.ma[k] as Series).values);
  for (let k = 0; k < SHARED_AVERAGE_PERIODS.length; k++) {
    movingAverageInto(close, SHARED_AVERAGE_PERIODS[k] as number, 0, n, averageScratch(work, k));
  }

  const { boll } = out;
  movingAverageInto(close, D.boll.period, 0, n, boll.mid.values);
  bollBandsInto(close, D.boll.period, D.boll.stdDevs, boll.mid.start, n, boll.mid.values, boll.upper.values, boll.lower.values);

  const rsiLines = out.rsi as [Series, Series, Series];
  rsiTripleInto(close, D.rsi[0], D.rsi[1], D.rsi[2], n, rsiLines[0].values, rsiLines[1].values, rsiLines[2].values);

  buildLevels(work, n, DEFAULT_LEVEL);
  const kdjLevel = levelFor(D.kdj.n);
  const { kdj } = out;
  kdjInto(
    close,
    work.highLevels[kdjLevel] as Float64Array,
    work.lowLevels[kdjLevel] as Float64Array,
    D.kdj.n - (1 << kdjLevel),
    D.kdj.m1,
    D.kdj.m2,
    kdj.k.start,
    n,
    kdj.k.values,
    kdj.d.values,
    kdj.j.values,
  );
  for (let k = 0; k < D.wr.length; k++) {
    const p = D.wr[k];
    const level = levelFor(p);
    const line = out.wr[k] as Series;
    wrInto(
      close,
      work.highLevels[level] as Float64Array,
      work.lowLevels[level] as Float64Array,
      p - (1 << level),
      line.start,
      n,
      line.values,
    );
  }

  const { macd } = out;
  macdInto(close, D.macd.short, D.macd.long, D.macd.signal, n, macd.dif.values, macd.dea.values, macd.histogram.values);

  for (let k = 0; k < D.bias.length; k++) {
    const line = out.bias[k] as Series;
    biasInto(close, work.averages[BIAS_AVERAGE[k] as number] as Float64Array, line.start, n, line.values);
  }
  const { averages } = work;
  bbiOfFourInto(
    averages[BBI_AVERAGE[0] as number] as Float64Array,
    averages[BBI_AVERAGE[1] as number] as Float64Array,
    averages[BBI_AVERAGE[2] as number] as Float64Array,
    averages[BBI_AVERAGE[3] as number] as Float64Array,
    out.bbi.start,
    n,
    out.bbi.values,
  );

  typicalInto(close, high, low, n, work.typical);
  cciInto(work.typical, D.cci.period, D.cci.factor, out.cci.start, n, out.cci.values);

  const { psy } = out;
  psyInto(close, D.psy.period, n, psy.psy.values);
  movingAverageInto(psy.psy.values, D.psy.maPeriod, psy.psy.start, n, psy.psyma.values);

  return out;
}
