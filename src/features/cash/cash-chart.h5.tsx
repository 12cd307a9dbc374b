import { lazy, Suspense } from 'react';
import { View } from '@tarojs/components';
import type { CashLineChartProps } from './cash-line-chart';

// H5: the chart library (f2 + its canvas engine) loads in its own chunk after the page has drawn (as the fund page's).
const CashLineChart = lazy(() => import('./cash-line-chart').then((m) => ({ default: m.CashLineChart })));

export function CashChart(props: CashLineChartProps) {
  return (
    <Suspense fallback={<View className='cash-chart__placeholder' style={{ height: `${props.height ?? 180}px` }} />}>
      <CashLineChart {...props} />
    </Suspense>
  );
}
