import { lazy, Suspense } from 'react';
import { View } from '@tarojs/components';
import type { NavLineChartProps } from '@/components/chart/nav-line-chart';

// H5: the chart library (f2 + its canvas engine) loads in its own chunk after the page has drawn,
// so it is not part of the fund page's first load.
// Named so the build's page-assets.json lists it (`chunk:lib-chart`): bench/lighthouse.mjs counts the fund page's
// bytes before the chart without it.
const NavLineChart = lazy(() =>
  import(/* webpackChunkName: "lib-chart" */ '@/components/chart/nav-line-chart').then((m) => ({ default: m.NavLineChart })),
);

export function GrowthChart(props: NavLineChartProps) {
  return (
    <Suspense fallback={<View className='fund-chart__placeholder' style={{ height: `${props.height ?? 200}px` }} />}>
      <NavLineChart {...props} />
    </Suspense>
  );
}
