import { useCallback } from 'react';
import { ChartCanvas } from './chart-canvas';
import { navLineChartElement, type NavLineChartOptions } from './nav-line-elements';
import type { ChartSize } from './chart-canvas.types';

export interface NavLineChartProps extends NavLineChartOptions {
  /** CSS px; default 200. */
  height?: number;
  label?: string;
  testId?: string;
  onDrawn?: (ms: number) => void;
}

/** A fund's cumulative growth vs its benchmark (period tabs live in the feature that feeds `points`). */
export function NavLineChart({ height = 200, label, testId, onDrawn, ...options }: NavLineChartProps) {
  const { points, fundName, benchmarkName, fundColor, benchmarkColor, padding, valueFormat } = options;
  const draw = useCallback(
    (_size: ChartSize) => navLineChartElement({ points, fundName, benchmarkName, fundColor, benchmarkColor, padding, valueFormat }),
    [points, fundName, benchmarkName, fundColor, benchmarkColor, padding, valueFormat],
  );
  return <ChartCanvas height={height} draw={draw} label={label} testId={testId} onDrawn={onDrawn} />;
}
