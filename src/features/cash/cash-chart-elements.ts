// f2 element tree of one of the cash fund's published figures over time (the 7-day annualised yield in percent, or the
// per-10k income in yuan), built with f2's jsx() function as the fund page's line (components/chart/nav-line-elements.ts).
// Pure: no Taro, no DOM. Figures shown, not money computed: the server's decimal strings become numbers only to draw.
import { Axis, Chart, Line, Tooltip } from '@antv/f2';
import { f2El, type F2Element } from '@/components/chart/f2-canvas';
import { CHART_AXIS_TEXT, CHART_FUND_LINE, CHART_GRID } from '@/components/chart/chart-colors';
import type { CashYieldPoint } from '@/lib/api-types/cash';

export type CashFigure = 'yield' | 'per10k';

export interface CashChartRow {
  date: string;
  value: number;
}

/** The points that have the figure (a day before the fund's first has none). */
export function cashChartRows(points: readonly CashYieldPoint[], figure: CashFigure): CashChartRow[] {
  const rows: CashChartRow[] = [];
  for (const point of points) {
    const text = figure === 'yield' ? point.seven_day_yield : point.per_10k_income;
    if (text === null || text === undefined) continue;
    const value = Number(text);
    if (Number.isFinite(value)) rows.push({ date: point.date, value });
  }
  return rows;
}

/** Axis text of a value: '2.35%' for the yield (percent already), '0.6712' for the per-10k income. */
export function cashAxisText(value: number, figure: CashFigure): string {
  return figure === 'yield' ? `${value.toFixed(2)}%` : value.toFixed(4);
}

export function cashChartElement(rows: readonly CashChartRow[], figure: CashFigure, color: string = CHART_FUND_LINE): F2Element {
  const label = { fill: CHART_AXIS_TEXT, fontSize: 10 };
  return f2El(
    Chart,
    {
      data: rows,
      padding: [12, 8, 4, 4],
      scale: {
        date: { type: 'timeCat', mask: 'MM-DD', tickCount: 3, range: [0, 1] },
        value: { tickCount: 4, nice: true, formatter: (v: number) => cashAxisText(v, figure) },
      },
    },
    f2El(Axis, { field: 'date', style: { label: { ...label, align: 'between' } } }),
    f2El(Axis, { field: 'value', style: { label, grid: { stroke: CHART_GRID, lineWidth: 1, lineDash: [3, 3] } } }),
    f2El(Line, { x: 'date', y: 'value', color, style: { lineWidth: 1.5 } }),
    f2El(Tooltip, { showCrosshairs: true, crosshairsType: 'y', snap: true, showTooltipMarker: true }),
  );
}
