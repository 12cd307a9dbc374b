import { CashLineChart, type CashLineChartProps } from './cash-line-chart';

// weapp: the chart code sits in the xjb subpackage (never in the main package).
export function CashChart(props: CashLineChartProps) {
  return <CashLineChart {...props} />;
}
