import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { ErrorBox } from '@/components/error-box/error-box';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { formatPercent } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/discover';
import './discover.scss';
import { navigateToSpecUrl } from '@/platform/navigation';
import { getValuationTable } from './api';
import {
  DEFAULT_VALUATION_SORT,
  VALUATION_COLUMNS as COLUMNS,
  sortValuation,
  valuationCell,
  valuationCounts,
  type ValuationColumn,
} from './valuation-rules';
import { useRemote } from '@/components/use-remote/use-remote';
import { RiskDisclosure } from '@/components/risk-disclosure/risk-disclosure';

/**
 * The index valuation table (/djmodule/value-center): sortable by every column, rows open the index page. On a
 * phone the numbers scroll sideways while the index names stay pinned at the left (discover.scss).
 */
export function ValuationTable() {
  const table = useRemote(getValuationTable, []);
  const [sort, setSort] = useState<{ key: ValuationColumn; desc: boolean }>(DEFAULT_VALUATION_SORT);

  if (table.status === 'loading') return <SkeletonList items={6} rows={1} />;
  if (table.status === 'error' || !table.data) return <ErrorBox onRetry={table.retry} />;
  const { items, low_percentile: low, high_percentile: high } = table.data;
  if (items.length === 0) return <EmptyBox />;
  const counts = valuationCounts(items);
  const rows = sortValuation(items, sort);
  const onHeader = (key: ValuationColumn) => setSort((cur) => (cur.key === key ? { key, desc: !cur.desc } : { key, desc: key !== 'name' }));
  const sortedLabel = t(COLUMNS.find((c) => c.key === sort.key)?.label ?? '');

  return (
    <PullRefresh onRefresh={table.refresh}>
      <View className='valuation'>
        <View className='valuation__summary' data-testid='valuation-summary'>
          <Text>{t('discover.valuation.summary', counts)}</Text>
          <Text className='discover-note'>{t('discover.valuation.date', { date: items[0]?.date ?? '' })}</Text>
        </View>
        <Text className='discover-note'>
          {t('discover.valuation.legend', {
            low: formatPercent(low, { ratio: true, decimals: 0 }),
            high: formatPercent(high, { ratio: true, decimals: 0 }),
          })}
        </Text>
        <View className='valuation__bar'>
          <Text className='valuation__sorted' data-testid='valuation-sorted'>
            {t('discover.valuation.sorted', {
              column: sortedLabel,
              direction: t(sort.desc ? 'discover.valuation.desc' : 'discover.valuation.asc'),
            })}
          </Text>
          <Text className='valuation__swipe' data-testid='valuation-swipe'>
            {t('discover.valuation.swipe')} →
          </Text>
        </View>
        <View className='valuation__wrap'>
          {/* Scrolls sideways on a phone: a keyboard reaches it (focusable region, named by the page's heading). */}
          <View className='valuation__table' data-testid='valuation-table' role='region' aria-label={t('discover.valuation.tableLabel')}>
            <View className='valuation__row valuation__row--head'>
              {COLUMNS.map((c) => (
                <View
                  key={c.key}
                  className={`valuation__cell valuation__cell--${c.key} valuation__head${sort.key === c.key ? ' valuation__head--active' : ''}`}
                  data-testid={`valuation-sort-${c.key}`}
                  data-sort={sort.key === c.key ? (sort.desc ? 'desc' : 'asc') : undefined}
                  aria-label={t('discover.valuation.sortBy', { column: t(c.label) })}
                  onClick={() => onHeader(c.key)}
                >
                  <Text>{t(c.label)}</Text>
                  <Text className='valuation__arrow'>{sort.key === c.key ? (sort.desc ? '↓' : '↑') : '↕'}</Text>
                </View>
              ))}
            </View>
            {rows.map((item) => (
              <View
                key={item.index_code}
                className={`valuation__row valuation__row--${item.eva_type}`}
                data-testid='valuation-row'
                data-code={item.index_code}
                onClick={() => void navigateToSpecUrl(specUrl('valueCenterIndex', { indexCode: item.index_code }))}
              >
                {COLUMNS.map((c) => (
                  <View key={c.key} className={`valuation__cell valuation__cell--${c.key}`} data-col={c.key}>
                    <Text className={c.key === 'name' ? 'valuation__name' : undefined}>{valuationCell(item, c.key)}</Text>
                    {c.key === 'name' ? (
                      <Text className={`valuation__tag valuation__tag--${item.eva_type}`}>{t(`discover.valuation.${item.eva_type}`)}</Text>
                    ) : null}
                  </View>
                ))}
              </View>
            ))}
          </View>
        </View>
        <RiskDisclosure />
      </View>
    </PullRefresh>
  );
}
