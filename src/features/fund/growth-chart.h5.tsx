import { lazy, Suspense } from 'react';
import { View } from '@tarojs/components';
import type { NavLineChartProps } from '@/components/chart/nav-line-chart';
import { canDrawChartsInWorker, NavLineChartInWorker } from '@/components/chart/nav-line-chart-worker';

// H5: the chart library (f2 + its canvas engine) is not part of the fund page's first load: it runs in a worker
// (nav-line-chart-worker.h5.tsx) or, in a browser without OffscreenCanvas, loads in its own chunk after the page
// has drawn.
// Named so the build's page-assets.json lists it (`chunk:lib-chart`): bench/lighthouse.mjs counts the fund page's
// bytes before the chart without it.
const NavLineChart = lazy(() =>
  import(/* webpackChunkName: "lib-chart" */ '@/components/chart/nav-line-chart').then((m) => ({ default: m.NavLineChart })),
);

export function GrowthChart(props: NavLineChartProps) {
  // Drawn by a worker where the browser can hand it the canvas: no chart code on the page's main thread.
  if (canDrawChartsInWorker()) return <NavLineChartInWorker {...props} />;
  return (
    <Suspense fallback={<View className='fund-chart__placeholder' style={{ height: `${props.height ?? 200}px` }} />}>
      <NavLineChart {...props} />
    </Suspense>
  );
}
