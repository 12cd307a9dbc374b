// f2 element tree of a fund's cumulative growth line against its benchmark, built with f2's jsx() function
// (no JSX here, so f2's pragma never meets React's). Pure: no Taro, no DOM — the benchmark bundles it as is.
import { Axis, Chart, Line, Tooltip } from '@antv/f2';
import { f2El, type F2Element } from './f2-canvas';
import { CHART_AXIS_TEXT, CHART_BENCHMARK_LINE, CHART_FUND_LINE, CHART_GRID, toneColor } from './chart-colors';

export interface NavLinePoint {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Cumulative growth of the fund since the first point, as a fraction (0.0523 = +5.23 %). */
  fund: number;
  /** The benchmark's, or null where it has none (money-market funds). */
  benchmark: number | null;
}

export interface NavLineChartOptions {
  points: readonly NavLinePoint[];
  /** Legend names of the two lines. */
  fundName: string;
  benchmarkName?: string;
  fundColor?: string;
  benchmarkColor?: string;
  /** The chart's own padding in CSS px: [top, right, bottom, left]. */
  padding?: [number, number, number, number];
  /** Longer series are thinned to about this many points (a phone is ~350 px wide); default 600. */
  maxPoints?: number;
  /**
   * What the values are: 'growth' (default) fractions shown as signed percentages, red above zero and green below;
   * 'percent' percentages as they are ('2.35%', e.g. a 7-day yield); 'amount' yuan with 4 decimals (income per
   * 10,000 shares). The last two are neutral (grey axis labels).
   */
  valueFormat?: 'growth' | 'percent' | 'amount';
}

interface Row {
  date: string;
  value: number;
  series: string;
}

/** '+5.23%' / '-1.20%' / '0.00%' from a fraction. */
export function percentText(fraction: number): string {
  const text = (fraction * 100).toFixed(2);
  return `${fraction > 0 && text !== '0.00' ? '+' : ''}${text}%`;
}

/**
 * Thins a long series for drawing: per bucket the fund's lowest and highest day are kept (in date order), plus
 * the first and the last day, so peaks, troughs and the end value stay exactly where they are.
 */
export function thinPoints(points: readonly NavLinePoint[], maxPoints: number): readonly NavLinePoint[] {
  if (points.length <= maxPoints || maxPoints < 4) return points;
  const bucket = Math.ceil((points.length - 2) / Math.floor((maxPoints - 2) / 2));
  const kept: NavLinePoint[] = [points[0] as NavLinePoint];
  for (let start = 1; start < points.length - 1; start += bucket) {
    const end = Math.min(start + bucket, points.length - 1);
    let lo = start;
    let hi = start;
    for (let i = start + 1; i < end; i += 1) {
      const v = (points[i] as NavLinePoint).fund;
      if (v < (points[lo] as NavLinePoint).fund) lo = i;
      if (v > (points[hi] as NavLinePoint).fund) hi = i;
    }
    kept.push(points[Math.min(lo, hi)] as NavLinePoint);
    if (hi !== lo) kept.push(points[Math.max(lo, hi)] as NavLinePoint);
  }
  kept.push(points[points.length - 1] as NavLinePoint);
  return kept;
}

/** Long-format rows f2 draws one line per series from; a missing benchmark value leaves a gap. */
export function navLineRows(options: NavLineChartOptions): Row[] {
  const { fundName, benchmarkName } = options;
  const points = thinPoints(options.points, options.maxPoints ?? 600);
  const rows: Row[] = [];
  for (const p of points) rows.push({ date: p.date, value: p.fund, series: fundName });
  if (benchmarkName && points.some((p) => p.benchmark != null)) {
    for (const p of points) if (p.benchmark != null) rows.push({ date: p.date, value: p.benchmark, series: benchmarkName });
  }
  return rows;
}

export function navLineChartElement(options: NavLineChartOptions): F2Element {
  const rows = navLineRows(options);
  const names = [options.fundName, ...(options.benchmarkName ? [options.benchmarkName] : [])];
  const colors = [options.fundColor ?? CHART_FUND_LINE, options.benchmarkColor ?? CHART_BENCHMARK_LINE];
  const label = { fill: CHART_AXIS_TEXT, fontSize: 10 };
  const format = options.valueFormat ?? 'growth';
  const formatter =
    format === 'growth' ? percentText : format === 'percent' ? (v: number) => `${v.toFixed(2)}%` : (v: number) => v.toFixed(4);
  return f2El(
    Chart,
    {
      data: rows,
      padding: options.padding ?? [12, 8, 4, 4],
      scale: {
        date: { type: 'timeCat', mask: 'YYYY-MM-DD', tickCount: 3, range: [0, 1] },
        value: { tickCount: 5, nice: true, formatter },
      },
    },
    f2El(Axis, {
      field: 'date',
      // First label left-aligned, last right-aligned: none is cut at the canvas edge.
      style: { label: { ...label, align: 'between' } },
    }),
    f2El(Axis, {
      field: 'value',
      style: {
        // Red above zero, green below (mainland convention).
        label: (text: string) => (format === 'growth' ? { ...label, fill: toneColor(parseFloat(text)) } : label),
        grid: { stroke: CHART_GRID, lineWidth: 1, lineDash: [3, 3] },
      },
    }),
    f2El(Line, {
      x: 'date',
      y: 'value',
      color: { field: 'series', range: colors, values: names },
      style: { lineWidth: 1.5 },
    }),
    f2El(Tooltip, { showCrosshairs: true, crosshairsType: 'y', snap: true, showTooltipMarker: true }),
  );
}
