import { useCallback } from 'react';
import { ChartCanvas } from '@/components/chart/chart-canvas';
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
  return <ChartCanvas height={height} draw={draw} label={label} testId={testId} />;
}
