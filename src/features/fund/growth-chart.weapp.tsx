import { NavLineChart, type NavLineChartProps } from '@/components/chart/nav-line-chart';

// weapp: the chart code sits in this page's subpackage (never in the main package).
export function GrowthChart(props: NavLineChartProps) {
  return <NavLineChart {...props} />;
}
