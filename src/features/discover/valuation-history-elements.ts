// f2 element tree of an index's PE or PB history with its danger / median / opportunity lines
// (built with f2's jsx() in a .ts file, see components/chart/f2-canvas.ts).
import { Axis, Chart, Line } from '@antv/f2';
import { f2El, type F2Element } from '@/components/chart/f2-canvas';
import { CHART_AXIS_TEXT, CHART_GRID } from '@/components/chart/chart-colors';
import type { ValuationHistory } from './api';

export const HISTORY_LINE_COLOR = '#4A90E2';

export function valuationHistoryElement(history: ValuationHistory, metricName: string): F2Element {
  const rows: { date: string; value: number; series: string }[] = history.points.map((p) => ({
    date: p.date,
    value: p.value,
    series: metricName,
  }));
  const first = history.points[0];
  const last = history.points[history.points.length - 1];
  if (first && last) {
    for (const line of history.lines) {
      const value = Number(line.line_value);
      rows.push({ date: first.date, value, series: line.line_name }, { date: last.date, value, series: line.line_name });
    }
  }
  const names = [metricName, ...history.lines.map((l) => l.line_name)];
  const colors = [HISTORY_LINE_COLOR, ...history.lines.map((l) => l.line_color)];
  const label = { fill: CHART_AXIS_TEXT, fontSize: 10 };
  return f2El(
    Chart,
    {
      data: rows,
      padding: [12, 8, 4, 4],
      scale: { date: { type: 'timeCat', mask: 'YYYY-MM-DD', tickCount: 3, range: [0, 1] }, value: { tickCount: 4, nice: true } },
    },
    f2El(Axis, {
      field: 'date',
      // f2 passes the tick list as the third argument: the first label starts at the edge, the last ends there.
      style: {
        label: (_t: string, i: number, ticks: unknown[]) => ({
          ...label,
          align: i === 0 ? 'start' : i === ticks.length - 1 ? 'end' : 'center',
        }),
      },
    }),
    f2El(Axis, { field: 'value', style: { label, grid: { stroke: CHART_GRID, lineWidth: 1, lineDash: [3, 3] } } }),
    f2El(Line, { x: 'date', y: 'value', color: { field: 'series', range: colors, values: names }, style: { lineWidth: 1.2 } }),
  );
}
