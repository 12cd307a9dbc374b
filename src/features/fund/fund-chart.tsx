import { useMemo, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import type { NavLinePoint } from '@/components/chart/nav-line-elements';
import { useRemote } from '@/components/use-remote/use-remote';
import { t } from '@/locales/fund';
import type { GrowthData } from '@/lib/api-types/fund';
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

export interface FundChartProps {
  code: string;
  fundName: string;
  /** Money-market funds have no benchmark line. */
  refreshKey: number;
  defaultPeriod?: GrowthPeriod;
}

/** Performance against the benchmark with period tabs (ty 1m 3m 6m 1y 3y 5y all). */
export function FundChart({ code, fundName, refreshKey, defaultPeriod = '1y' }: FundChartProps) {
  const [period, setPeriod] = useState<GrowthPeriod>(defaultPeriod);
  // Switching period (or pulling to refresh) keeps the last line drawn until the new one arrives.
  const state = useRemote(() => getFundGrowth(code, period), [code, period, refreshKey], { keepPreviousData: true });
  const data = state.status === 'ready' ? state.data : null;
  const points = useMemo(() => (data ? growthPoints(data) : []), [data]);
  const last = data?.fund_nav_growth[data.fund_nav_growth.length - 1];
  const lines = data?.growth_lines ?? [];
  const fundLine = lines.find((l) => l.line_key === 'value');
  const benchLine = lines.find((l) => l.line_key === 'than_value');
  const shownPeriod = data?.day ?? period;

  return (
    <View className='fund-chart' data-testid='fund-chart'>
      <View className='fund-chart__tabs' role='tablist'>
        {GROWTH_PERIODS.map((p) => (
          <View
            key={p}
            role='tab'
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
            <Text>
              {t(`fund.chart.period.${shownPeriod}`)} {t('fund.chart.periodReturn')}{' '}
            </Text>
            <PercentText value={last?.gr_nav} sign />
            <View className='fund-chart__legend'>
              <View className='fund-chart__swatch' style={{ background: fundLine?.line_color ?? '#FFA100' }} />
              <Text>{t('fund.chart.fund')}</Text>
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
            fundName={t('fund.chart.fund')}
            benchmarkName={benchLine ? t('fund.chart.benchmark') : undefined}
            fundColor={fundLine?.line_color}
            benchmarkColor={benchLine?.line_color}
            height={200}
            label={t('fund.chart.label', { name: fundName })}
            testId='growth-canvas'
          />
        </>
      )}
    </View>
  );
}
