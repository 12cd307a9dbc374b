import { useCallback, useMemo } from 'react';
import { ChartCanvas } from '@/components/chart/chart-canvas';
import { seriesAltText } from '@/components/chart/chart-alt';
import { cashChartElement, type CashChartRow, type CashFigure } from './cash-chart-elements';

export interface CashLineChartProps {
  rows: readonly CashChartRow[];
  figure: CashFigure;
  height?: number;
  label?: string;
  testId?: string;
}

/** The cash fund's yield or per-10k line on the chart canvas the fund page draws on. */
export function CashLineChart({ rows, figure, height = 180, label, testId }: CashLineChartProps) {
  const draw = useCallback(() => cashChartElement(rows, figure), [rows, figure]);
  // The text alternative (issue 26): the days shown, the latest figure, the lowest and the highest, as the card writes them.
  const alt = useMemo(
    () => (label ? seriesAltText(label, rows, (v) => (figure === 'yield' ? `${v.toFixed(3)}%` : v.toFixed(4))) : undefined),
    [label, rows, figure],
  );
  return <ChartCanvas height={height} draw={draw} label={alt} testId={testId} />;
}
