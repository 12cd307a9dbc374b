import { useMemo, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { percentText, type NavLinePoint } from '@/components/chart/nav-line-elements';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatNav, formatPercent } from '@/lib/format';
import { t } from '@/locales/fund';
import type { GrowthData } from '@/lib/api-types/fund';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { GROWTH_PERIODS, getFundGrowth, type GrowthPeriod } from './api';
import { GrowthChart } from './growth-chart';

/** Chart points from the growth call: cumulative growth fractions of the fund and of its benchmark. */
export function growthPoints(data: GrowthData): NavLinePoint[] {
  return data.fund_nav_growth.map((p) => ({
    date: p.date,
    fund: Number(p.value),
    benchmark: p.than_value == null ? null : Number(p.than_value),
  }));
}

/** What a money-market fund's chart shows: 7-day annualised yield (percent) or income per 10,000 shares (yuan). */
export type MoneyMetric = 'yield7d' | 'income10k';

/** A money-market fund's points of one metric; days without the figure are left out. */
export function moneyPoints(data: GrowthData, metric: MoneyMetric): NavLinePoint[] {
  const points: NavLinePoint[] = [];
  for (const p of data.fund_nav_growth) {
    const value = metric === 'yield7d' ? p.yield_7d : p.income_per_10k;
    if (value != null) points.push({ date: p.date, fund: Number(value), benchmark: null });
  }
  return points;
}

/**
 * The chart's text alternative (issue 26): the period, its dates, the figure at its end and the range of the values
 * drawn — what a sighted reader takes from the line.
 */
export function chartSummaryText(points: NavLinePoint[], periodName: string, endText: string, format: (v: number) => string): string {
  const values = points.map((p) => p.fund);
  return t('fund.chart.alt', {
    period: periodName,
    from: points[0]?.date ?? '',
    to: points[points.length - 1]?.date ?? '',
    end: endText,
    min: format(Math.min(...values)),
    max: format(Math.max(...values)),
  });
}

export interface FundChartProps {
  code: string;
  fundName: string;
  refreshKey: number;
  defaultPeriod?: GrowthPeriod;
  /** The period tabs the fund has lived (default: all of them). */
  periods?: readonly GrowthPeriod[];
  /** Money-market funds chart their 7-day yield and income per 10,000 shares, not a NAV that stays 1.0000. */
  money?: boolean;
}

/** Performance against the benchmark with period tabs (ty 1m 3m 6m 1y 3y 5y all). */
export function FundChart({ code, fundName, refreshKey, defaultPeriod = '1y', periods = GROWTH_PERIODS, money = false }: FundChartProps) {
  const w = useElderWording();
  const [period, setPeriod] = useState<GrowthPeriod>(periods.includes(defaultPeriod) ? defaultPeriod : (periods.at(-1) ?? 'all'));
  const [metric, setMetric] = useState<MoneyMetric>('yield7d');
  // Switching period (or pulling to refresh) keeps the last line drawn until the new one arrives.
  const state = useRemote(() => getFundGrowth(code, period), [code, period, refreshKey], { keepPreviousData: true });
  const data = state.status === 'ready' ? state.data : null;
  const points = useMemo(() => (data ? (money ? moneyPoints(data, metric) : growthPoints(data)) : []), [data, money, metric]);
  const last = data?.fund_nav_growth[data.fund_nav_growth.length - 1];
  const lines = data?.growth_lines ?? [];
  const fundLine = lines.find((l) => l.line_key === 'value');
  const benchLine = money ? undefined : lines.find((l) => l.line_key === 'than_value');
  const shownPeriod = data?.day ?? period;
  const metricName = metric === 'yield7d' ? w('fund.header.yield7d') : w('fund.header.income10k');

  return (
    <View className='fund-chart' data-testid='fund-chart'>
      {money && (
        <View className='fund-chart__tabs fund-chart__tabs--metric' role='tablist' data-testid='money-metric-tabs'>
          {(['yield7d', 'income10k'] as const).map((m) => (
            <View
              key={m}
              {...roleProps('tab')}
              aria-selected={m === metric}
              className={`fund-chart__tab ${m === metric ? 'fund-chart__tab--active' : ''}`}
              onClick={() => setMetric(m)}
            >
              {m === 'yield7d' ? w('fund.header.yield7d') : w('fund.header.income10k')}
            </View>
          ))}
        </View>
      )}
      {/* One period only (a fund that lived under a month, or ended): a normal-size tab, not a full-width pill. */}
      <View className={`fund-chart__tabs${periods.length === 1 ? ' fund-chart__tabs--single' : ''}`} role='tablist'>
        {periods.map((p) => (
          <View
            key={p}
            {...roleProps('tab')}
            aria-selected={p === period}
            className={`fund-chart__tab ${p === period ? 'fund-chart__tab--active' : ''}`}
            onClick={() => setPeriod(p)}
          >
            {t(`fund.chart.period.${p}`)}
          </View>
        ))}
      </View>
      {state.status === 'error' && <ErrorBox onRetry={state.retry} />}
      {state.status === 'loading' && <View className='fund-chart__placeholder' role='status' aria-busy='true' />}
      {data && points.length === 0 && <Text className='fund-section__note'>{t('fund.chart.empty')}</Text>}
      {data && points.length > 0 && (
        <>
          <View className='fund-chart__summary' data-testid='chart-summary' data-period={shownPeriod}>
            {money ? (
              <Text>
                {t(`fund.chart.period.${shownPeriod}`)} {metricName}{' '}
                {metric === 'yield7d' ? formatPercent(last?.yield_7d) : formatNav(last?.income_per_10k)}
              </Text>
            ) : (
              <>
                <Text>
                  {t(`fund.chart.period.${shownPeriod}`)} {t('fund.chart.periodReturn')}{' '}
                </Text>
                <PercentText value={last?.gr_nav} sign />
              </>
            )}
            <View className='fund-chart__legend'>
              <View className='fund-chart__swatch' style={{ background: fundLine?.line_color ?? '#FFA100' }} />
              <Text>{money ? metricName : t('fund.chart.fund')}</Text>
              {benchLine && (
                <>
                  <View className='fund-chart__swatch' style={{ background: benchLine.line_color }} />
                  <Text>{t('fund.chart.benchmark')}</Text>
                </>
              )}
            </View>
          </View>
          <GrowthChart
            points={points}
            fundName={money ? metricName : t('fund.chart.fund')}
            benchmarkName={benchLine ? t('fund.chart.benchmark') : undefined}
            fundColor={fundLine?.line_color}
            benchmarkColor={benchLine?.line_color}
            valueFormat={money ? (metric === 'yield7d' ? 'percent' : 'amount') : 'growth'}
            height={200}
            label={`${
              money ? t('fund.chart.moneyLabel', { name: fundName, metric: metricName }) : t('fund.chart.label', { name: fundName })
            }: ${chartSummaryText(
              points,
              t(`fund.chart.period.${shownPeriod}`),
              money
                ? metric === 'yield7d'
                  ? formatPercent(last?.yield_7d)
                  : formatNav(last?.income_per_10k)
                : `${t('fund.chart.periodReturn')} ${formatPercent(last?.gr_nav, { sign: true })}`,
              money ? (metric === 'yield7d' ? (v) => `${v.toFixed(2)}%` : (v) => v.toFixed(4)) : percentText,
            )}`}
            testId='growth-canvas'
          />
        </>
      )}
    </View>
  );
}
