import { useCallback, useMemo, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { ChartCanvas } from '@/components/chart/chart-canvas';
import { KlineChart } from '@/components/chart/kline-chart';
import { KLINE_INDICATORS, type KlineBar, type KlineIndicator } from '@/components/chart/kline-elements';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { formatAmount, formatPercent } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/discover';
import './discover.scss';
import { ApiError } from '@/platform/http';
import { navigateToSpecUrl } from '@/platform/navigation';
import { HISTORY_DAYS, KLINE_PERIODS, getIndexDetail, getKline, getValuationHistory, type HistoryDay, type KlinePeriod } from './api';
import type { IndexDetail } from '@/lib/api-types/index-valuation';
import { ChoiceRow } from './choice-row';
import { useRemote } from '@/components/use-remote/use-remote';
import { valuationHistoryElement } from './valuation-history-elements';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';
import { seriesAltText } from '@/components/chart/chart-alt';

/** The history chart's horizontal lines, in the server's order. */
const HISTORY_LINES = ['danger', 'median', 'opportunity'] as const;
/** result_code of an unknown fund or index. */
const NOT_FOUND_CODE = 404001;
/** Bars loaded for the K-line (indicators warm up on the ones before the visible window). */
const KLINE_LOAD = 250;
const KLINE_VISIBLE = 90;

/** The index page (/djmodule/value-center/{indexCode}): valuation, PE/PB history, K-line with indicators, funds. */
export function IndexValuation({ indexCode }: { indexCode: string }) {
  const detail = useRemote(() => getIndexDetail(indexCode), [indexCode]);
  if (detail.status === 'loading') return <SkeletonList items={4} rows={3} />;
  if (detail.status === 'error' || !detail.data) {
    // An unknown code is not a network problem: say so, and offer the valuation table instead of a retry.
    if (detail.error instanceof ApiError && detail.error.resultCode === NOT_FOUND_CODE) {
      return (
        <EmptyBox title={t('discover.index.notFound', { code: indexCode })}>
          <Text className='discover-link' onClick={() => void navigateToSpecUrl(specUrl('valueCenter'))}>
            {t('discover.valuation.title')}
          </Text>
        </EmptyBox>
      );
    }
    return <ErrorBox onRetry={detail.retry} />;
  }
  const data = detail.data;
  return (
    <PullRefresh onRefresh={detail.refresh}>
      <View className='index-page'>
        <Text className='discover-title' data-testid='index-name'>{`${data.name} ${data.index_code}`}</Text>
        <Text className='discover-note'>{data.description}</Text>
        <ValuationSummary detail={data} />
        {data.has_valuation ? <ValuationHistoryPanel indexCode={data.index_code} indexName={data.name} /> : null}
        <KlinePanel indexCode={data.index_code} indexName={data.name} />
        <TrackingFunds detail={data} />
        <RiskDisclosure />
      </View>
    </PullRefresh>
  );
}

function ValuationSummary({ detail }: { detail: IndexDetail }) {
  const v = detail.valuation;
  if (!v) return <Text className='discover-note'>{t('discover.index.noValuation')}</Text>;
  const cells: [string, string][] = [
    ['discover.valuation.pe', v.pe],
    ['discover.valuation.pePercentile', formatPercent(v.pe_percentile, { ratio: true })],
    ['discover.valuation.pb', v.pb],
    ['discover.valuation.pbPercentile', formatPercent(v.pb_percentile, { ratio: true })],
    ['discover.valuation.roe', formatPercent(v.roe, { ratio: true })],
    ['discover.valuation.yield', formatPercent(v.yeild, { ratio: true })],
  ];
  return (
    <View className='index-page__summary' data-testid='index-valuation'>
      <View className='index-page__summary-head'>
        <Text className='discover-section-title'>{t('discover.index.valuationTitle')}</Text>
        <Text className={`valuation__tag valuation__tag--${v.eva_type}`}>{t(`discover.valuation.${v.eva_type}`)}</Text>
        <Text className='discover-note'>{t('discover.valuation.date', { date: v.date })}</Text>
      </View>
      <View className='index-page__cells'>
        {cells.map(([label, value]) => (
          <View key={label} className='index-page__cell'>
            <Text className='index-page__cell-value'>{value}</Text>
            <Text className='discover-note'>{t(label)}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

function ValuationHistoryPanel({ indexCode, indexName }: { indexCode: string; indexName: string }) {
  const [metric, setMetric] = useState<'pe' | 'pb'>('pe');
  const [day, setDay] = useState<HistoryDay>('5y');
  const history = useRemote(() => getValuationHistory(indexCode, metric, day), [indexCode, metric, day]);
  const metricName = metric.toUpperCase();
  // The server names its three lines in Chinese (danger 70 %, median, opportunity 30 %): say them in the UI's language.
  const data = useMemo(
    () =>
      history.data
        ? {
            ...history.data,
            lines: history.data.lines.map((l, i) => ({
              ...l,
              line_name: HISTORY_LINES[i] ? t(`discover.index.line.${HISTORY_LINES[i]}`) : l.line_name,
            })),
          }
        : null,
    [history.data],
  );
  const draw = useCallback(() => valuationHistoryElement(data ?? { points: [], lines: [] }, metricName), [data, metricName]);
  const title = t(metric === 'pe' ? 'discover.index.peHistory' : 'discover.index.pbHistory');
  return (
    <View className='index-page__panel' data-testid='valuation-history'>
      <ChoiceRow<'pe' | 'pb'>
        choices={[
          { value: 'pe', label: t('discover.index.peHistory') },
          { value: 'pb', label: t('discover.index.pbHistory') },
        ]}
        value={metric}
        onChange={setMetric}
        testId='history-metric'
      />
      <ChoiceRow
        choices={HISTORY_DAYS.map((d) => ({ value: d, label: t(`discover.period.${d}`) }))}
        value={day}
        onChange={setDay}
        testId='history-day'
      />
      {history.status === 'loading' ? <SkeletonList items={1} rows={4} /> : null}
      {history.status === 'error' ? <ErrorBox onRetry={history.retry} /> : null}
      {history.status === 'ready' && data ? (
        <>
          <View className='kline-legend' data-testid='history-lines'>
            <Text>{`${metricName} ${data.points[data.points.length - 1]?.value.toFixed(2) ?? '--'}`}</Text>
            {data.lines.map((l) => (
              <Text key={l.line_name} className='kline-legend__item'>
                <Text className='kline-legend__swatch' style={{ background: l.line_color }} />
                {`${l.line_name} ${l.line_value}`}
              </Text>
            ))}
          </View>
          <ChartCanvas
            height={180}
            draw={draw}
            label={seriesAltText(t('discover.index.chartLabel', { name: indexName, what: title }), data.points, (v) => v.toFixed(2))}
            testId='history-canvas'
          />
        </>
      ) : null}
    </View>
  );
}

function KlinePanel({ indexCode, indexName }: { indexCode: string; indexName: string }) {
  const [period, setPeriod] = useState<KlinePeriod>('day');
  const [indicator, setIndicator] = useState<KlineIndicator>('MA');
  const kline = useRemote(async () => {
    const data = await getKline(indexCode, period, KLINE_LOAD);
    return data.items.map<KlineBar & { percent: string | null }>((b) => ({
      date: b.date,
      open: Number(b.open),
      high: Number(b.high),
      low: Number(b.low),
      close: Number(b.close),
      volume: b.volume,
      percent: b.percent,
    }));
  }, [indexCode, period]);
  const bars = kline.data;
  const last = bars?.[bars.length - 1];
  return (
    <View className='index-page__panel' data-testid='kline-panel'>
      <Text className='discover-section-title'>{t('discover.index.kline')}</Text>
      <ChoiceRow
        choices={KLINE_PERIODS.map((p) => ({ value: p, label: t(`discover.index.klinePeriod.${p}`) }))}
        value={period}
        onChange={setPeriod}
        testId='kline-period'
      />
      <ChoiceRow
        label={t('discover.index.indicator')}
        choices={KLINE_INDICATORS.map((i) => ({ value: i, label: i }))}
        value={indicator}
        onChange={setIndicator}
        testId='kline-indicator'
      />
      {kline.status === 'loading' ? <SkeletonList items={1} rows={5} /> : null}
      {kline.status === 'error' ? <ErrorBox onRetry={kline.retry} /> : null}
      {kline.status === 'ready' && bars ? (
        bars.length === 0 ? (
          <EmptyBox />
        ) : (
          <>
            {last ? (
              <View className='kline-legend' data-testid='kline-quote'>
                <Text>{`${last.date} ${t('discover.index.open')} ${last.open.toFixed(2)} ${t('discover.index.high')} ${last.high.toFixed(2)} ${t('discover.index.low')} ${last.low.toFixed(2)} ${t('discover.index.close')} ${last.close.toFixed(2)}`}</Text>
                <PercentText value={last.percent} sign />
              </View>
            ) : null}
            <KlineChart
              bars={bars}
              indicator={indicator}
              visible={KLINE_VISIBLE}
              label={t('discover.index.chartLabel', { name: indexName, what: t('discover.index.kline') })}
            />
          </>
        )
      ) : null}
    </View>
  );
}

function TrackingFunds({ detail }: { detail: IndexDetail }) {
  if (detail.funds.length === 0) return null;
  return (
    <View className='index-page__panel'>
      <Text className='discover-section-title'>{t('discover.index.trackingFunds')}</Text>
      {detail.funds.map((f) => (
        <View
          key={f.fd_code}
          className='discover-fund'
          onClick={() => void navigateToSpecUrl(specUrl('fundDetail', { fundcode: f.fd_code }))}
        >
          <View className='discover-fund__main'>
            <Text className='discover-fund__name'>{f.fd_name}</Text>
            <View className='discover-fund__facts'>
              <Text className='discover-fund__code'>{f.fd_code}</Text>
              <Text className='discover-fund__fact'>{`${t('discover.indexMass.size')} ${formatAmount(f.total_asset)}`}</Text>
            </View>
          </View>
          <View className='discover-fund__value'>
            <PercentText value={f.nav_grl1y} sign />
            <Text className='discover-fund__caption'>{t('discover.indexMass.return1y')}</Text>
          </View>
        </View>
      ))}
    </View>
  );
}
