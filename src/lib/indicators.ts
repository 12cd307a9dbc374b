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
 * the arithmetic (see bench/indicators.mjs). Everything is O(n): running sums for means, monotonic deques for
 * HHV/LLV, one fused loop per indicator; BOLL's deviation and CCI's AVEDEV are O(period) per bar (a second
 * pass over the window keeps flat series exactly flat).
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

function columnsOf(bars: readonly Bar[]): Columns {
  const n = bars.length;
  const close = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const bar = bars[i];
    close[i] = bar.close;
    high[i] = bar.high;
    low[i] = bar.low;
  }
  return { close, high, low };
}

/** A line of n bars whose values begin at `start`; the warm-up prefix is NaN. */
function emptySeries(n: number, start: number): Series {
  const values = new Float64Array(n);
  const first = Math.min(Math.max(start, 0), n);
  values.fill(NaN, 0, first);
  return { start: first, values };
}

function assertPeriod(name: string, period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`${name} must be a positive integer, got ${period}`);
}

/**
 * HHV(H, N) and LLV(L, N) for every bar from N − 1 on, with one monotonic deque of indices each
 * (every index enters and leaves once: O(n) whatever N).
 */
function highLowWindow(columns: Columns, period: number): { highest: Float64Array; lowest: Float64Array } {
  const { high, low } = columns;
  const n = high.length;
  const highest = new Float64Array(n);
  const lowest = new Float64Array(n);
  const highs = new Int32Array(n);
  const lows = new Int32Array(n);
  let highHead = 0;
  let highTail = 0;
  let lowHead = 0;
  let lowTail = 0;
  for (let i = 0; i < n; i++) {
    const h = high[i];
    while (highTail > highHead && high[highs[highTail - 1]] <= h) highTail--;
    highs[highTail++] = i;
    if (highs[highHead] <= i - period) highHead++;
    const l = low[i];
    while (lowTail > lowHead && low[lows[lowTail - 1]] >= l) lowTail--;
    lows[lowTail++] = i;
    if (lows[lowHead] <= i - period) lowHead++;
    highest[i] = high[highs[highHead]];
    lowest[i] = low[lows[lowHead]];
  }
  return { highest, lowest };
}

// ---- Indicators over columns (shared by the public functions and computeDefaultIndicators) ---------------

/** MA(X, N) over x from index `from` (its first value) on: a running sum. */
function movingAverageOf(x: Float64Array, period: number, from = 0): Series {
  const n = x.length;
  const line = emptySeries(n, from + period - 1);
  const { values } = line;
  let sum = 0;
  for (let i = from; i < n; i++) {
    sum += x[i];
    if (i - from >= period) sum -= x[i - period];
    if (i >= line.start) values[i] = sum / period;
  }
  return line;
}

function bollOf(close: Float64Array, period: number, stdDevs: number): BollSeries {
  const n = close.length;
  const mid = movingAverageOf(close, period);
  const upper = emptySeries(n, mid.start);
  const lower = emptySeries(n, mid.start);
  for (let i = mid.start; i < n; i++) {
    const mean = mid.values[i];
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) {
      const d = close[j] - mean;
      squares += d * d;
    }
    // Population deviation (÷ N), as 雪球 and most apps draw it; TDX's STD is the sample one (÷ N − 1).
    const width = stdDevs * Math.sqrt(squares / period);
    upper.values[i] = mean + width;
    lower.values[i] = mean - width;
  }
  return { mid, upper, lower };
}

function rsiOf(close: Float64Array, period: number): Series {
  const n = close.length;
  // The first change C − LC is at bar 1: LC = REF(C,1) has no value at bar 0.
  const line = emptySeries(n, 1);
  const { values } = line;
  let avgGain = 0;
  let avgMove = 0;
  for (let i = 1; i < n; i++) {
    const change = close[i] - close[i - 1];
    const gain = change > 0 ? change : 0;
    const move = change < 0 ? -change : change;
    if (i === 1) {
      avgGain = gain;
      avgMove = move;
    } else {
      avgGain = (gain + (period - 1) * avgGain) / period;
      avgMove = (move + (period - 1) * avgMove) / period;
    }
    values[i] = avgMove === 0 ? NEUTRAL_OSCILLATOR : (avgGain / avgMove) * 100;
  }
  return line;
}

function kdjOf(columns: Columns, period: number, kSmoothing: number, dSmoothing: number): KdjSeries {
  const { close } = columns;
  const n = close.length;
  const k = emptySeries(n, period - 1);
  const d = emptySeries(n, period - 1);
  const j = emptySeries(n, period - 1);
  const { highest, lowest } = highLowWindow(columns, period);
  let kPrev = NEUTRAL_OSCILLATOR;
  let dPrev = NEUTRAL_OSCILLATOR;
  for (let i = k.start; i < n; i++) {
    const hh = highest[i];
    const ll = lowest[i];
    const range = hh - ll;
    const rsv = range === 0 ? NEUTRAL_OSCILLATOR : ((close[i] - ll) / range) * 100;
    kPrev = (rsv + (kSmoothing - 1) * kPrev) / kSmoothing;
    dPrev = (kPrev + (dSmoothing - 1) * dPrev) / dSmoothing;
    k.values[i] = kPrev;
    d.values[i] = dPrev;
    j.values[i] = 3 * kPrev - 2 * dPrev;
  }
  return { k, d, j };
}

function macdOf(close: Float64Array, short: number, long: number, signal: number): MacdSeries {
  const n = close.length;
  const dif = emptySeries(n, 0);
  const dea = emptySeries(n, 0);
  const histogram = emptySeries(n, 0);
  // TDX EMA(X,N) = SMA(X,N+1,2): Y = (2X + (N − 1)Y′) / (N + 1), starting with Y₀ = X₀ (so DIF₀ = DEA₀ = 0).
  let fast = 0;
  let slow = 0;
  let deaPrev = 0;
  for (let i = 0; i < n; i++) {
    const c = close[i];
    if (i === 0) {
      fast = c;
      slow = c;
    } else {
      fast = (2 * c + (short - 1) * fast) / (short + 1);
      slow = (2 * c + (long - 1) * slow) / (long + 1);
    }
    const difNow = fast - slow;
    deaPrev = i === 0 ? difNow : (2 * difNow + (signal - 1) * deaPrev) / (signal + 1);
    dif.values[i] = difNow;
    dea.values[i] = deaPrev;
    histogram.values[i] = 2 * (difNow - deaPrev);
  }
  return { dif, dea, histogram };
}

function wrOf(columns: Columns, period: number): Series {
  const { close } = columns;
  const n = close.length;
  const line = emptySeries(n, period - 1);
  const { highest, lowest } = highLowWindow(columns, period);
  for (let i = line.start; i < n; i++) {
    const hh = highest[i];
    const ll = lowest[i];
    const range = hh - ll;
    line.values[i] = range === 0 ? NEUTRAL_OSCILLATOR : ((hh - close[i]) / range) * 100;
  }
  return line;
}

function biasFromAverage(close: Float64Array, average: Series): Series {
  const n = close.length;
  const line = emptySeries(n, average.start);
  for (let i = line.start; i < n; i++) {
    const ma = average.values[i];
    // An average of exactly 0 (never for real prices) has no relative distance: show 0 rather than Infinity.
    line.values[i] = ma === 0 ? 0 : ((close[i] - ma) / ma) * 100;
  }
  return line;
}

function bbiFromAverages(averages: readonly Series[], n: number): Series {
  const line = emptySeries(n, Math.max(...averages.map((a) => a.start)));
  for (let i = line.start; i < n; i++) {
    let sum = 0;
    for (const average of averages) sum += average.values[i];
    line.values[i] = sum / averages.length;
  }
  return line;
}

function cciOf(columns: Columns, period: number, factor: number): Series {
  const { close, high, low } = columns;
  const n = close.length;
  const typical = new Float64Array(n);
  for (let i = 0; i < n; i++) typical[i] = (high[i] + low[i] + close[i]) / 3;
  const mean = movingAverageOf(typical, period);
  const line = emptySeries(n, mean.start);
  for (let i = line.start; i < n; i++) {
    const m = mean.values[i];
    let deviations = 0;
    for (let j = i - period + 1; j <= i; j++) deviations += Math.abs(typical[j] - m);
    const avedev = deviations / period;
    // A flat window has no deviation: CCI is 0 there, not rounding noise ÷ rounding noise.
    line.values[i] = avedev <= Math.abs(m) * FLAT_WINDOW_RELATIVE_EPSILON ? 0 : (typical[i] - m) / (factor * avedev);
  }
  return line;
}

function psyOf(close: Float64Array, period: number, maPeriod: number): PsySeries {
  const n = close.length;
  // PSY counts `period` comparisons C > REF(C,1); bar 0 has no REF, so the first value is at bar `period`.
  const psy = emptySeries(n, period);
  let ups = 0;
  for (let i = 1; i < n; i++) {
    if (close[i] > close[i - 1]) ups++;
    if (i > period && close[i - period] > close[i - period - 1]) ups--;
    if (i >= period) psy.values[i] = (ups / period) * 100;
  }
  const psyma = movingAverageOf(psy.values, maPeriod, psy.start);
  return { psy, psyma };
}

// ---- Public API: one function per indicator, defaults from SPEC §9 --------------------------------------

/** MA(C, N): values from bar N − 1. */
export function ma(bars: readonly Bar[], period: number = INDICATOR_DEFAULTS.ma[0]): Series {
  assertPeriod('MA period', period);
  return movingAverageOf(columnsOf(bars).close, period);
}

/** BOLL(N, K): MA(C, N) ± K × population standard deviation; values from bar N − 1. */
export function boll(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.boll.period,
  stdDevs: number = INDICATOR_DEFAULTS.boll.stdDevs,
): BollSeries {
  assertPeriod('BOLL period', period);
  return bollOf(columnsOf(bars).close, period, stdDevs);
}

/**
 * RSI(N) = SMA(MAX(C − LC, 0), N, 1) / SMA(ABS(C − LC), N, 1) × 100 (Wilder's smoothing), values from bar 1
 * (the averages start with the first change); 50 while every change so far is zero.
 */
export function rsi(bars: readonly Bar[], period: number): Series {
  assertPeriod('RSI period', period);
  return rsiOf(columnsOf(bars).close, period);
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
  return kdjOf(columnsOf(bars), period, kSmoothing, dSmoothing);
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
  return macdOf(columnsOf(bars).close, short, long, signal);
}

/** WR(N) = (HHV(H,N) − C) / (HHV(H,N) − LLV(L,N)) × 100, 0–100 (0 at the top); values from bar N − 1; zero range 50. */
export function wr(bars: readonly Bar[], period: number): Series {
  assertPeriod('WR period', period);
  return wrOf(columnsOf(bars), period);
}

/** BIAS(N) = (C − MA(C,N)) / MA(C,N) × 100; values from bar N − 1. */
export function bias(bars: readonly Bar[], period: number): Series {
  assertPeriod('BIAS period', period);
  const { close } = columnsOf(bars);
  return biasFromAverage(close, movingAverageOf(close, period));
}

/** BBI = mean of MA(C, p) over the periods (3, 6, 12, 24); values once the longest window is full. */
export function bbi(bars: readonly Bar[], periods: readonly number[] = INDICATOR_DEFAULTS.bbi): Series {
  if (periods.length === 0) throw new RangeError('BBI needs at least one period');
  for (const p of periods) assertPeriod('BBI period', p);
  const { close } = columnsOf(bars);
  return bbiFromAverages(
    periods.map((p) => movingAverageOf(close, p)),
    close.length,
  );
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
  return cciOf(columnsOf(bars), period, factor);
}

/** PSY(N, M) = COUNT(C > REF(C,1), N) / N × 100 from bar N on; PSYMA = MA(PSY, M) from bar N + M − 1. */
export function psy(
  bars: readonly Bar[],
  period: number = INDICATOR_DEFAULTS.psy.period,
  maPeriod: number = INDICATOR_DEFAULTS.psy.maPeriod,
): PsySeries {
  assertPeriod('PSY period', period);
  assertPeriod('PSYMA period', maPeriod);
  return psyOf(columnsOf(bars).close, period, maPeriod);
}

/** The ten indicators with SPEC §9's parameters, reading the bars once and sharing the moving averages. */
export function computeDefaultIndicators(bars: readonly Bar[]): DefaultIndicators {
  const columns = columnsOf(bars);
  const { close } = columns;
  const averages = new Map<number, Series>();
  const averageOf = (period: number): Series => {
    let average = averages.get(period);
    if (!average) {
      average = movingAverageOf(close, period);
      averages.set(period, average);
    }
    return average;
  };
  const d = INDICATOR_DEFAULTS;
  return {
    ma: d.ma.map((p) => averageOf(p)),
    boll: bollOf(close, d.boll.period, d.boll.stdDevs),
    rsi: d.rsi.map((p) => rsiOf(close, p)),
    kdj: kdjOf(columns, d.kdj.n, d.kdj.m1, d.kdj.m2),
    macd: macdOf(close, d.macd.short, d.macd.long, d.macd.signal),
    wr: d.wr.map((p) => wrOf(columns, p)),
    bias: d.bias.map((p) => biasFromAverage(close, averageOf(p))),
    bbi: bbiFromAverages(
      d.bbi.map((p) => averageOf(p)),
      close.length,
    ),
    cci: cciOf(columns, d.cci.period, d.cci.factor),
    psy: psyOf(close, d.psy.period, d.psy.maPeriod),
  };
}
