/**
 * Technical indicators of the K-line chart (SPEC §9 defaults in `INDICATOR_DEFAULTS`), in 通达信 (TDX) notation.
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
 * the arithmetic (see bench/indicators.mjs). Everything is O(n): running sums for means, van Herk–Gil-Werman
 * blocks for HHV/LLV, a sliding sum of squares for BOLL (exactly 0 on a flat window), one loop per indicator;
 * only CCI's AVEDEV is O(period) per bar (no sliding form exists for a mean absolute deviation). The 22 output
 * lines share one allocation and temporaries live in reused scratch memory.
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

/** All ten indicators with the SPEC §9 parameters; arrays of lines follow the order of `INDICATOR_DEFAULTS`. */
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

/** Price columns read once, so indicators sharing them do not walk the bar objects again. */
interface Columns {
  close: Float64Array;
  high: Float64Array;
  low: Float64Array;
}

/**
 * Working memory reused from call to call (never returned to a caller, so reuse is safe in single-threaded JS):
 * allocating and zeroing ~20 temporary 80 KB arrays per call cost more than the arithmetic, and their
 * off-heap memory made the collector run. Grows to the largest bar count seen.
 */
interface Scratch {
  n: number;
  close: Float64Array;
  high: Float64Array;
  low: Float64Array;
  typical: Float64Array;
  highest: Float64Array;
  lowest: Float64Array;
  /** Running max / min within blocks of N bars, forwards and backwards (van Herk–Gil-Werman). */
  highForward: Float64Array;
  highBackward: Float64Array;
  lowForward: Float64Array;
  lowBackward: Float64Array;
  /** Moving averages that are not output lines (BBI's MA3, BIAS's and BBI's MA6/12/24). */
  averages: Float64Array[];
}

let scratch: Scratch | null = null;

function scratchFor(n: number): Scratch {
  if (scratch && scratch.n >= n) return scratch;
  const size = Math.max(n, 16);
  scratch = {
    n: size,
    close: new Float64Array(size),
    high: new Float64Array(size),
    low: new Float64Array(size),
    typical: new Float64Array(size),
    highest: new Float64Array(size),
    lowest: new Float64Array(size),
    highForward: new Float64Array(size),
    highBackward: new Float64Array(size),
    lowForward: new Float64Array(size),
    lowBackward: new Float64Array(size),
    averages: [new Float64Array(size), new Float64Array(size), new Float64Array(size), new Float64Array(size)],
  };
  return scratch;
}

/** The bars' price columns, in scratch memory (valid until the next call into this module). */
function columnsOf(bars: readonly Bar[]): Columns {
  const n = bars.length;
  const work = scratchFor(n);
  const close = work.close.subarray(0, n);
  const high = work.high.subarray(0, n);
  const low = work.low.subarray(0, n);
  for (let i = 0; i < n; i++) {
    const bar = bars[i];
    close[i] = bar.close;
    high[i] = bar.high;
    low[i] = bar.low;
  }
  return { close, high, low };
}

/** Output lines carved out of one allocation (one buffer per call instead of one per line). */
class LineBuffer {
  private readonly memory: Float64Array;
  private next = 0;

  constructor(
    private readonly n: number,
    lines: number,
  ) {
    this.memory = new Float64Array(n * lines);
  }

  /** A line whose values begin at `start`; the warm-up prefix is NaN. */
  series(start: number): Series {
    const values = this.memory.subarray(this.next, this.next + this.n);
    this.next += this.n;
    const first = Math.min(Math.max(start, 0), this.n);
    values.fill(NaN, 0, first);
    return { start: first, values };
  }
}

function assertPeriod(name: string, period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`${name} must be a positive integer, got ${period}`);
}

/**
 * HHV(H, N) and LLV(L, N) for every bar from N − 1 on, into scratch memory (valid until the next call), by
 * van Herk–Gil-Werman: cut the bars into blocks of N, take running extremes within each block forwards and
 * backwards; a window [i − N + 1, i] spans at most two blocks, so its extreme is the larger of the backward
 * value at its first bar and the forward value at its last. Three comparisons per bar whatever N, and no
 * data-dependent loop (a monotonic deque's pops mispredict on random prices: it measured ~1.5× slower).
 */
function highLowWindow(columns: Columns, period: number): { highest: Float64Array; lowest: Float64Array } {
  const { high, low } = columns;
  const n = high.length;
  const work = scratchFor(n);
  const { highest, lowest, highForward, highBackward, lowForward, lowBackward } = work;
  for (let block = 0; block < n; block += period) {
    const end = block + period < n ? block + period : n;
    let h = high[block];
    let l = low[block];
    highForward[block] = h;
    lowForward[block] = l;
    for (let i = block + 1; i < end; i++) {
      const hi = high[i];
      if (hi > h) h = hi;
      highForward[i] = h;
      const lo = low[i];
      if (lo < l) l = lo;
      lowForward[i] = l;
    }
    h = high[end - 1];
    l = low[end - 1];
    highBackward[end - 1] = h;
    lowBackward[end - 1] = l;
    for (let i = end - 2; i >= block; i--) {
      const hi = high[i];
      if (hi > h) h = hi;
      highBackward[i] = h;
      const lo = low[i];
      if (lo < l) l = lo;
      lowBackward[i] = l;
    }
  }
  for (let i = period - 1; i < n; i++) {
    const first = i - period + 1;
    const hb = highBackward[first];
    const hf = highForward[i];
    highest[i] = hb > hf ? hb : hf;
    const lb = lowBackward[first];
    const lf = lowForward[i];
    lowest[i] = lb < lf ? lb : lf;
  }
  return { highest, lowest };
}

// ---- Kernels: each writes into lines it is given (shared by the public functions and computeDefaultIndicators,
// so both compute bit-identical values) ------------------------------------------------------------------

/** MA(X, N) of x from index `from` (its first value) on, into `values` (from `from + N − 1`): a running sum. */
function movingAverageInto(x: Float64Array, period: number, from: number, values: Float64Array): void {
  const n = x.length;
  const start = from + period - 1;
  // × 1/N, not ÷ N: a division costs several multiplications (every kernel below does the same).
  const inv = 1 / period;
  let sum = 0;
  for (let i = from; i < n; i++) {
    sum += x[i];
    if (i - from >= period) sum -= x[i - period];
    if (i >= start) values[i] = sum * inv;
  }
}

/** BOLL's sliding variance is recomputed exactly this often (bars), so rounding cannot build up. */
const BOLL_EXACT_EVERY = 64;

function bollInto(close: Float64Array, period: number, stdDevs: number, mid: Series, upper: Series, lower: Series): void {
  const n = close.length;
  movingAverageInto(close, period, 0, mid.values);
  const m = mid.values;
  const up = upper.values;
  const down = lower.values;
  // Sum of squared deviations of the window (M2), slid one bar at a time:
  // M2′ = M2 + (x_in − x_out)(x_in − mean′ + x_out − mean). An unchanged price changes nothing, and a run of
  // N equal closes resets it to exactly 0, so a flat window has exactly zero width.
  let mean = 0;
  let m2 = 0;
  let unchanged = 0;
  for (let i = mid.start; i < n; i++) {
    const x = close[i];
    unchanged = i > 0 && x === close[i - 1] ? unchanged + 1 : 0;
    if (unchanged >= period - 1) {
      mean = x;
      m2 = 0;
    } else if ((i - mid.start) % BOLL_EXACT_EVERY === 0) {
      let sum = 0;
      for (let j = i - period + 1; j <= i; j++) sum += close[j];
      mean = sum / period;
      m2 = 0;
      for (let j = i - period + 1; j <= i; j++) {
        const d = close[j] - mean;
        m2 += d * d;
      }
    } else {
      const out = close[i - period];
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
    up[i] = m[i] + width;
    down[i] = m[i] - width;
  }
}

/** One step of SMA(X, N, 1) = (X + (N − 1)Y′) / N, written once so every RSI loop computes the same bits. */
function rsiStep(x: number, previous: number, keep: number, inv: number): number {
  return (x + keep * previous) * inv;
}

function rsiInto(close: Float64Array, period: number, values: Float64Array): void {
  const n = close.length;
  // The first change C − LC is at bar 1: LC = REF(C,1) has no value at bar 0.
  if (n < 2) return;
  const keep = period - 1;
  const inv = 1 / period;
  let change = close[1] - close[0];
  let avgGain = change > 0 ? change : 0;
  let avgMove = Math.abs(change);
  values[1] = avgMove === 0 ? NEUTRAL_OSCILLATOR : (avgGain / avgMove) * 100;
  for (let i = 2; i < n; i++) {
    change = close[i] - close[i - 1];
    const gain = change > 0 ? change : 0;
    const move = Math.abs(change);
    avgGain = rsiStep(gain, avgGain, keep, inv);
    avgMove = rsiStep(move, avgMove, keep, inv);
    values[i] = avgMove === 0 ? NEUTRAL_OSCILLATOR : (avgGain / avgMove) * 100;
  }
}

/**
 * Three RSIs in one loop (SPEC §9's 6/12/24): the changes are computed once and the three recursions run side
 * by side, so the processor overlaps their dependency chains. Same arithmetic as rsiInto, bit for bit.
 */
function rsiTripleInto(close: Float64Array, periods: readonly [number, number, number], out: readonly [Float64Array, Float64Array, Float64Array]): void {
  const n = close.length;
  if (n < 2) return;
  const [p1, p2, p3] = periods;
  const [v1, v2, v3] = out;
  const k1 = p1 - 1;
  const k2 = p2 - 1;
  const k3 = p3 - 1;
  const i1 = 1 / p1;
  const i2 = 1 / p2;
  const i3 = 1 / p3;
  let change = close[1] - close[0];
  let g1 = change > 0 ? change : 0;
  let m1 = Math.abs(change);
  let g2 = g1;
  let m2 = m1;
  let g3 = g1;
  let m3 = m1;
  const first = m1 === 0 ? NEUTRAL_OSCILLATOR : (g1 / m1) * 100;
  v1[1] = first;
  v2[1] = first;
  v3[1] = first;
  for (let i = 2; i < n; i++) {
    change = close[i] - close[i - 1];
    const gain = change > 0 ? change : 0;
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

function kdjInto(columns: Columns, period: number, kSmoothing: number, dSmoothing: number, k: Series, d: Series, j: Series): void {
  const { close } = columns;
  const n = close.length;
  const { highest, lowest } = highLowWindow(columns, period);
  const kv = k.values;
  const dv = d.values;
  const jv = j.values;
  const kKeep = kSmoothing - 1;
  const kInv = 1 / kSmoothing;
  const dKeep = dSmoothing - 1;
  const dInv = 1 / dSmoothing;
  let kPrev = NEUTRAL_OSCILLATOR;
  let dPrev = NEUTRAL_OSCILLATOR;
  for (let i = k.start; i < n; i++) {
    const ll = lowest[i];
    const range = highest[i] - ll;
    const rsv = range === 0 ? NEUTRAL_OSCILLATOR : ((close[i] - ll) / range) * 100;
    kPrev = (rsv + kKeep * kPrev) * kInv;
    dPrev = (kPrev + dKeep * dPrev) * dInv;
    kv[i] = kPrev;
    dv[i] = dPrev;
    jv[i] = 3 * kPrev - 2 * dPrev;
  }
}

function macdInto(close: Float64Array, short: number, long: number, signal: number, dif: Series, dea: Series, histogram: Series): void {
  const n = close.length;
  if (n === 0) return;
  const difs = dif.values;
  const deas = dea.values;
  const bars = histogram.values;
  // TDX EMA(X,N) = SMA(X,N+1,2): Y = (2X + (N − 1)Y′) / (N + 1), starting with Y₀ = X₀ (so DIF₀ = DEA₀ = 0).
  const fastKeep = short - 1;
  const fastInv = 1 / (short + 1);
  const slowKeep = long - 1;
  const slowInv = 1 / (long + 1);
  const deaKeep = signal - 1;
  const deaInv = 1 / (signal + 1);
  let fast = close[0];
  let slow = fast;
  let deaPrev = 0;
  difs[0] = 0;
  deas[0] = 0;
  bars[0] = 0;
  for (let i = 1; i < n; i++) {
    const c = close[i];
    fast = (2 * c + fastKeep * fast) * fastInv;
    slow = (2 * c + slowKeep * slow) * slowInv;
    const difNow = fast - slow;
    deaPrev = (2 * difNow + deaKeep * deaPrev) * deaInv;
    difs[i] = difNow;
    deas[i] = deaPrev;
    bars[i] = 2 * (difNow - deaPrev);
  }
}

function wrInto(columns: Columns, period: number, line: Series): void {
  const { close } = columns;
  const n = close.length;
  const { highest, lowest } = highLowWindow(columns, period);
  const values = line.values;
  for (let i = line.start; i < n; i++) {
    const hh = highest[i];
    const range = hh - lowest[i];
    values[i] = range === 0 ? NEUTRAL_OSCILLATOR : ((hh - close[i]) / range) * 100;
  }
}

/** BIAS from MA values already computed from bar `start` on. */
function biasInto(close: Float64Array, average: Float64Array, line: Series): void {
  const n = close.length;
  const values = line.values;
  for (let i = line.start; i < n; i++) {
    const ma = average[i];
    // An average of exactly 0 (never for real prices) has no relative distance: show 0 rather than Infinity.
    values[i] = ma === 0 ? 0 : ((close[i] - ma) / ma) * 100;
  }
}

/** BBI from MA value arrays, each valid from `line.start` on. */
function bbiInto(averages: readonly Float64Array[], line: Series): void {
  const values = line.values;
  const count = averages.length;
  for (let i = line.start; i < values.length; i++) {
    let sum = 0;
    for (let k = 0; k < count; k++) sum += averages[k][i];
    values[i] = sum / count;
  }
}

function cciInto(columns: Columns, period: number, factor: number, line: Series): void {
  const { close, high, low } = columns;
  const n = close.length;
  const typical = scratchFor(n).typical;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const tp = (high[i] + low[i] + close[i]) / 3;
    typical[i] = tp;
    // MA(TP, N) as a running sum, as movingAverageInto computes it.
    sum += tp;
    if (i >= period) sum -= typical[i - period];
    if (i < line.start) continue;
    const m = sum / period;
    let deviations = 0;
    for (let j = i - period + 1; j <= i; j++) {
      deviations += Math.abs(typical[j] - m);
    }
    const avedev = deviations / period;
    // A flat window has no deviation: CCI is 0 there, not rounding noise ÷ rounding noise.
    line.values[i] = avedev <= Math.abs(m) * FLAT_WINDOW_RELATIVE_EPSILON ? 0 : (tp - m) / (factor * avedev);
  }
}

function psyInto(close: Float64Array, period: number, maPeriod: number, psy: Series, psyma: Series): void {
  const n = close.length;
  const values = psy.values;
  // PSY counts `period` comparisons C > REF(C,1); bar 0 has no REF, so the first value is at bar `period`.
  const scale = 100 / period;
  let ups = 0;
  for (let i = 1; i < n; i++) {
    if (close[i] > close[i - 1]) ups++;
    if (i > period && close[i - period] > close[i - period - 1]) ups--;
    if (i >= period) values[i] = ups * scale;
  }
  movingAverageInto(values, maPeriod, psy.start, psyma.values);
}

// ---- Public API: one function per indicator, defaults from SPEC §9 --------------------------------------

/** MA(C, N): values from bar N − 1. */
export function ma(bars: readonly Bar[], period: number = INDICATOR_DEFAULTS.ma[0]): Series {
  assertPeriod('MA period', period);
  const { close } = columnsOf(bars);
  const line = new LineBuffer(close.length, 1).series(period - 1);
  movingAverageInto(close, period, 0, line.values);
  return line;
}

/** BOLL(N, K): MA(C, N) ± K × population standard deviation; values from bar N − 1. */
export function boll(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.boll.period,
  stdDevs: number = INDICATOR_DEFAULTS.boll.stdDevs,
): BollSeries {
  assertPeriod('BOLL period', period);
  const { close } = columnsOf(bars);
  const lines = new LineBuffer(close.length, 3);
  const result = { mid: lines.series(period - 1), upper: lines.series(period - 1), lower: lines.series(period - 1) };
  bollInto(close, period, stdDevs, result.mid, result.upper, result.lower);
  return result;
}

/**
 * RSI(N) = SMA(MAX(C − LC, 0), N, 1) / SMA(ABS(C − LC), N, 1) × 100 (Wilder's smoothing), values from bar 1
 * (the averages start with the first change); 50 while every change so far is zero.
 */
export function rsi(bars: readonly Bar[], period: number): Series {
  assertPeriod('RSI period', period);
  const { close } = columnsOf(bars);
  const line = new LineBuffer(close.length, 1).series(1);
  rsiInto(close, period, line.values);
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
  const columns = columnsOf(bars);
  const lines = new LineBuffer(columns.close.length, 3);
  const result = { k: lines.series(period - 1), d: lines.series(period - 1), j: lines.series(period - 1) };
  kdjInto(columns, period, kSmoothing, dSmoothing, result.k, result.d, result.j);
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
  const { close } = columnsOf(bars);
  const lines = new LineBuffer(close.length, 3);
  const result = { dif: lines.series(0), dea: lines.series(0), histogram: lines.series(0) };
  macdInto(close, short, long, signal, result.dif, result.dea, result.histogram);
  return result;
}

/** WR(N) = (HHV(H,N) − C) / (HHV(H,N) − LLV(L,N)) × 100, 0–100 (0 at the top); values from bar N − 1; zero range 50. */
export function wr(bars: readonly Bar[], period: number): Series {
  assertPeriod('WR period', period);
  const columns = columnsOf(bars);
  const line = new LineBuffer(columns.close.length, 1).series(period - 1);
  wrInto(columns, period, line);
  return line;
}

/** BIAS(N) = (C − MA(C,N)) / MA(C,N) × 100; values from bar N − 1. */
export function bias(bars: readonly Bar[], period: number): Series {
  assertPeriod('BIAS period', period);
  const { close } = columnsOf(bars);
  const average = scratchFor(close.length).averages[0] as Float64Array;
  movingAverageInto(close, period, 0, average);
  const line = new LineBuffer(close.length, 1).series(period - 1);
  biasInto(close, average, line);
  return line;
}

/** BBI = mean of MA(C, p) over the periods (3, 6, 12, 24); values once the longest window is full. */
export function bbi(bars: readonly Bar[], periods: readonly number[] = INDICATOR_DEFAULTS.bbi): Series {
  if (periods.length === 0) throw new RangeError('BBI needs at least one period');
  for (const p of periods) assertPeriod('BBI period', p);
  const { close } = columnsOf(bars);
  const n = close.length;
  const work = scratchFor(n);
  const averages = periods.map((p, k) => {
    const values = k < work.averages.length ? (work.averages[k] as Float64Array) : new Float64Array(n);
    movingAverageInto(close, p, 0, values);
    return values;
  });
  const line = new LineBuffer(n, 1).series(Math.max(...periods) - 1);
  bbiInto(averages, line);
  return line;
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
  const columns = columnsOf(bars);
  const line = new LineBuffer(columns.close.length, 1).series(period - 1);
  cciInto(columns, period, factor, line);
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
  const { close } = columnsOf(bars);
  const lines = new LineBuffer(close.length, 2);
  const result = { psy: lines.series(period), psyma: lines.series(period + maPeriod - 1) };
  psyInto(close, period, maPeriod, result.psy, result.psyma);
  return result;
}

/** Number of lines computeDefaultIndicators returns (its one allocation holds them all). */
const DEFAULT_LINE_COUNT =
  INDICATOR_DEFAULTS.ma.length + 3 + INDICATOR_DEFAULTS.rsi.length + 3 + 3 + INDICATOR_DEFAULTS.wr.length + INDICATOR_DEFAULTS.bias.length + 1 + 1 + 2;

/**
 * The ten indicators with SPEC §9's parameters: the bars are read once, the 22 lines share one allocation,
 * temporaries live in reused scratch memory, and MA(C, N) is computed once per distinct N (MA5 is an output
 * line; BIAS and BBI share MA6/12/24).
 */
export function computeDefaultIndicators(bars: readonly Bar[]): DefaultIndicators {
  const columns = columnsOf(bars);
  const { close } = columns;
  const n = close.length;
  const d = INDICATOR_DEFAULTS;
  const lines = new LineBuffer(n, DEFAULT_LINE_COUNT);
  const work = scratchFor(n);

  const maLines = d.ma.map((p) => {
    const line = lines.series(p - 1);
    movingAverageInto(close, p, 0, line.values);
    return line;
  });
  // MA by period for BIAS and BBI: an output MA line when there is one, else scratch.
  const averages = new Map<number, Float64Array>();
  d.ma.forEach((p, k) => averages.set(p, (maLines[k] as Series).values));
  let free = 0;
  const averageOf = (period: number): Float64Array => {
    let values = averages.get(period);
    if (!values) {
      values = free < work.averages.length ? (work.averages[free++] as Float64Array) : new Float64Array(n);
      movingAverageInto(close, period, 0, values);
      averages.set(period, values);
    }
    return values;
  };

  const boll = { mid: lines.series(d.boll.period - 1), upper: lines.series(d.boll.period - 1), lower: lines.series(d.boll.period - 1) };
  bollInto(close, d.boll.period, d.boll.stdDevs, boll.mid, boll.upper, boll.lower);
  const rsiLines = d.rsi.map(() => lines.series(1));
  if (d.rsi.length === 3) {
    rsiTripleInto(close, d.rsi as unknown as [number, number, number], rsiLines.map((l) => l.values) as [Float64Array, Float64Array, Float64Array]);
  } else d.rsi.forEach((p, k) => rsiInto(close, p, (rsiLines[k] as Series).values));
  const kdjLines = { k: lines.series(d.kdj.n - 1), d: lines.series(d.kdj.n - 1), j: lines.series(d.kdj.n - 1) };
  kdjInto(columns, d.kdj.n, d.kdj.m1, d.kdj.m2, kdjLines.k, kdjLines.d, kdjLines.j);
  const macdLines = { dif: lines.series(0), dea: lines.series(0), histogram: lines.series(0) };
  macdInto(close, d.macd.short, d.macd.long, d.macd.signal, macdLines.dif, macdLines.dea, macdLines.histogram);
  const wrLines = d.wr.map((p) => {
    const line = lines.series(p - 1);
    wrInto(columns, p, line);
    return line;
  });
  const biasLines = d.bias.map((p) => {
    const line = lines.series(p - 1);
    biasInto(close, averageOf(p), line);
    return line;
  });
  const bbiLine = lines.series(Math.max(...d.bbi) - 1);
  bbiInto(d.bbi.map((p) => averageOf(p)), bbiLine);
  const cciLine = lines.series(d.cci.period - 1);
  cciInto(columns, d.cci.period, d.cci.factor, cciLine);
  const psyLines = { psy: lines.series(d.psy.period), psyma: lines.series(d.psy.period + d.psy.maPeriod - 1) };
  psyInto(close, d.psy.period, d.psy.maPeriod, psyLines.psy, psyLines.psyma);

  return { ma: maLines, boll, rsi: rsiLines, kdj: kdjLines, macd: macdLines, wr: wrLines, bias: biasLines, bbi: bbiLine, cci: cciLine, psy: psyLines };
}
