// f2 element trees of the K-line chart: candlesticks with price overlays (MA, BOLL, BBI) in the main chart,
// and a sub-chart for the oscillators (RSI, KDJ, MACD, WR, BIAS, CCI, PSY). Built with f2's jsx() function
// in a .ts file (no f2 JSX pragma). Pure: no Taro, no DOM. Red up, green down.
import { Axis, Candlestick, Chart, Interval, Line } from '@antv/f2';
import { computeDefaultIndicators, seriesToNullable, type Bar, type DefaultIndicators, type Series } from '@/lib/indicators';
import { INDICATOR_DEFAULTS } from '@/lib/constants';
import { f2El, type F2Element } from './f2-canvas';
import { CHART_AXIS_TEXT, CHART_FALL, CHART_GRID, CHART_RISE } from './chart-colors';

export const KLINE_INDICATORS = ['MA', 'BOLL', 'BBI', 'RSI', 'KDJ', 'MACD', 'WR', 'BIAS', 'CCI', 'PSY'] as const;
export type KlineIndicator = (typeof KLINE_INDICATORS)[number];
/** Indicators drawn over the prices; the others get the sub-chart. */
export const OVERLAY_INDICATORS: ReadonlySet<KlineIndicator> = new Set(['MA', 'BOLL', 'BBI']);

/** Line colours, in the order of an indicator's lines (the usual quote-app palette). */
export const KLINE_LINE_COLORS = ['#F5A623', '#4A90E2', '#C25FD6', '#50B5A8'] as const;

export interface KlineBar extends Bar {
  /** 'YYYY-MM-DD' */
  date: string;
}

export interface IndicatorLine {
  /** Legend name with its parameter, e.g. 'MA5', 'RSI12', 'DIF'. */
  name: string;
  color: string;
  /** One value per visible bar, null before the line has one. */
  values: (number | null)[];
  /** MACD's histogram is drawn as red/green bars. */
  bars?: boolean;
}

const d = INDICATOR_DEFAULTS;

/** The lines an indicator draws over the bars [from, to), named with docs/PRODUCT.md §9's parameters. */
export function indicatorLines(all: DefaultIndicators, indicator: KlineIndicator, from: number, to: number): IndicatorLine[] {
  const line = (name: string, series: Series, i: number, bars = false): IndicatorLine => ({
    name,
    color: KLINE_LINE_COLORS[i % KLINE_LINE_COLORS.length] as string,
    values: seriesToNullable(series, from, to),
    ...(bars ? { bars } : {}),
  });
  switch (indicator) {
    case 'MA':
      return all.ma.map((s, i) => line(`MA${d.ma[i]}`, s, i));
    case 'BOLL':
      return [line('MID', all.boll.mid, 0), line('UPPER', all.boll.upper, 1), line('LOWER', all.boll.lower, 2)];
    case 'BBI':
      return [line('BBI', all.bbi, 0)];
    case 'RSI':
      return all.rsi.map((s, i) => line(`RSI${d.rsi[i]}`, s, i));
    case 'KDJ':
      return [line('K', all.kdj.k, 0), line('D', all.kdj.d, 1), line('J', all.kdj.j, 2)];
    case 'MACD':
      return [line('DIF', all.macd.dif, 0), line('DEA', all.macd.dea, 1), line('MACD', all.macd.histogram, 2, true)];
    case 'WR':
      return all.wr.map((s, i) => line(`WR${d.wr[i]}`, s, i));
    case 'BIAS':
      return all.bias.map((s, i) => line(`BIAS${d.bias[i]}`, s, i));
    case 'CCI':
      return [line('CCI', all.cci, 0)];
    case 'PSY':
      return [line('PSY', all.psy.psy, 0), line('PSYMA', all.psy.psyma, 1)];
    default:
      return [];
  }
}

export interface KlineModel {
  /** The visible bars (the last `visible` of the input). */
  bars: KlineBar[];
  overlay: IndicatorLine[];
  oscillator: IndicatorLine[];
}

/**
 * Indicators over every loaded bar (so the visible window has warmed-up values), then the visible window:
 * the chosen indicator as an overlay (MA/BOLL/BBI, plus MA when an oscillator is chosen) or a sub-chart.
 */
export function klineModel(
  bars: readonly KlineBar[],
  indicator: KlineIndicator,
  visible: number,
  all: DefaultIndicators = computeDefaultIndicators(bars),
): KlineModel {
  const from = Math.max(0, bars.length - visible);
  const to = bars.length;
  const overlay = OVERLAY_INDICATORS.has(indicator) ? indicatorLines(all, indicator, from, to) : indicatorLines(all, 'MA', from, to);
  const oscillator = OVERLAY_INDICATORS.has(indicator) ? [] : indicatorLines(all, indicator, from, to);
  return { bars: bars.slice(from, to), overlay, oscillator };
}

/** Last value of a line in the window (what the legend shows), or null. */
export function lastValue(line: IndicatorLine): number | null {
  for (let i = line.values.length - 1; i >= 0; i--) {
    const v = line.values[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

const axisLabel = { fill: CHART_AXIS_TEXT, fontSize: 10 };

function bounds(values: Iterable<number | null>): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!Number.isFinite(min)) return { min: 0, max: 1 };
  if (min === max) return { min: min - 1, max: max + 1 };
  const pad = (max - min) * 0.04;
  return { min: min - pad, max: max + pad };
}

/** Field name of the i-th line in the chart rows. */
const fieldOf = (i: number) => `l${i}`;

function dateAxis(): F2Element {
  return f2El(Axis, {
    field: 'date',
    style: {
      // f2 passes the tick list as the third argument: the first label starts at the edge, the last ends there.
      label: (_text: string, index: number, ticks: unknown[]) => ({
        ...axisLabel,
        align: index === 0 ? 'start' : index === ticks.length - 1 ? 'end' : 'center',
      }),
    },
  });
}

/** Main chart: candlesticks and the overlay lines, on one price scale. */
export function klineMainElement(model: KlineModel): F2Element {
  const rows = model.bars.map((bar, i) => {
    const row: Record<string, unknown> = { date: bar.date, price: [bar.open, bar.close, bar.low, bar.high] };
    model.overlay.forEach((line, j) => {
      row[fieldOf(j)] = line.values[i];
    });
    return row;
  });
  const range = bounds([...model.bars.flatMap((b) => [b.low, b.high]), ...model.overlay.flatMap((l) => l.values)]);
  const priceScale = { min: range.min, max: range.max, nice: false, tickCount: 4 };
  const scale: Record<string, object> = { date: { type: 'cat', tickCount: 3 }, price: priceScale };
  model.overlay.forEach((_line, j) => {
    scale[fieldOf(j)] = priceScale;
  });
  return f2El(
    Chart,
    { data: rows, padding: [8, 8, 4, 4], scale },
    dateAxis(),
    f2El(Axis, { field: 'price', style: { label: axisLabel, grid: { stroke: CHART_GRID, lineWidth: 1, lineDash: [3, 3] } } }),
    // f2's candlestick colours: a rise red, a fall green, unchanged grey.
    f2El(Candlestick, { x: 'date', y: 'price', color: { range: [CHART_RISE, CHART_FALL, CHART_AXIS_TEXT] } }),
    ...model.overlay.map((line, j) => f2El(Line, { x: 'date', y: fieldOf(j), color: line.color, style: { lineWidth: 1 } })),
  );
}

/** Sub-chart: the oscillator's lines (MACD's histogram as red/green bars), on one scale. */
export function klineOscillatorElement(model: KlineModel): F2Element {
  const rows = model.bars.map((bar, i) => {
    const row: Record<string, unknown> = { date: bar.date };
    model.oscillator.forEach((line, j) => {
      row[fieldOf(j)] = line.values[i];
    });
    return row;
  });
  const histogram = model.oscillator.some((l) => l.bars);
  const range = bounds([...model.oscillator.flatMap((l) => l.values), ...(histogram ? [0] : [])]);
  const valueScale = { min: range.min, max: range.max, nice: false, tickCount: 3 };
  const scale: Record<string, object> = { date: { type: 'cat', tickCount: 3 } };
  model.oscillator.forEach((_line, j) => {
    scale[fieldOf(j)] = valueScale;
  });
  const first = model.oscillator[0] ? fieldOf(0) : 'date';
  return f2El(
    Chart,
    { data: rows, padding: [8, 8, 4, 4], scale },
    f2El(Axis, { field: first, style: { label: axisLabel, grid: { stroke: CHART_GRID, lineWidth: 1, lineDash: [3, 3] } } }),
    ...model.oscillator.map((line, j) =>
      line.bars
        ? f2El(Interval, {
            x: 'date',
            y: fieldOf(j),
            color: { field: fieldOf(j), callback: (v: number | null) => ((v ?? 0) >= 0 ? CHART_RISE : CHART_FALL) },
            sizeRatio: 0.5,
          })
        : f2El(Line, { x: 'date', y: fieldOf(j), color: line.color, style: { lineWidth: 1 } }),
    ),
  );
}
