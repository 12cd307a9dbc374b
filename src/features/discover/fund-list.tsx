import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { useReachBottom } from '@tarojs/taro';
import { AfterFirstScreen } from '@/components/deferred-render/deferred-render';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { useExposure } from '@/components/use-exposure/use-exposure';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/discover';
import { navigateToSpecUrl } from '@/platform/navigation';
import type { PagedList } from '@/components/use-remote/use-paged-list';
import './discover.scss';

export interface FundRowProps {
  code: string;
  name: string;
  /** Right-hand figure (usually a PercentText) and its caption. */
  value: ReactNode;
  valueCaption?: string;
  /** Small grey facts under the name. */
  facts?: readonly string[];
  rank?: number;
}

/** One fund in a ranking: name and code, facts, the ranked figure; tapping opens the fund. */
export function FundRow({ code, name, value, valueCaption, facts = [], rank }: FundRowProps) {
  return (
    <View
      className='discover-fund'
      data-testid='discover-fund-row'
      data-code={code}
      onClick={() => void navigateToSpecUrl(specUrl('fundDetail', { fundcode: code }))}
    >
      {rank !== undefined ? <Text className='discover-fund__rank'>{rank}</Text> : null}
      <View className='discover-fund__main'>
        <Text className='discover-fund__name'>{name}</Text>
        <View className='discover-fund__facts'>
          <Text className='discover-fund__code'>{code}</Text>
          {facts.map((fact) => (
            <Text key={fact} className='discover-fund__fact'>
              {fact}
            </Text>
          ))}
        </View>
      </View>
      <View className='discover-fund__value' data-testid='discover-fund-value'>
        {value}
        {valueCaption ? <Text className='discover-fund__caption'>{valueCaption}</Text> : null}
      </View>
    </View>
  );
}

/** Rows a phone's first screen shows at most; the rest of a page of rows is drawn one task later (AfterFirstScreen). */
const FIRST_SCREEN_ROWS = 8;

export interface InfiniteListProps<T> {
  list: PagedList<T>;
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown above the rows once loaded (e.g. "123 funds"). */
  header?: ReactNode;
  emptyText?: string;
  /** The `module` of the list's exposure event (docs/PRODUCT.md §2.6), sent once when the list is first seen. */
  exposureModule?: string;
}

/**
 * A paged list that scrolls with the page (no scroller of its own): the next page loads when the page reaches
 * its bottom (Taro's reach-bottom event, on H5 and in the mini program) or on the footer's "more"; pulling down
 * reloads; a skeleton while the first page loads, the error box with retry, the empty box.
 */
export function InfiniteList<T>({ list, renderItem, header, emptyText, exposureModule = 'fund_list' }: InfiniteListProps<T>) {
  const { hasMore, loadMore } = list;
  const exposureId = useExposure(exposureModule, {
    enabled: list.status !== 'loading' && list.status !== 'error' && list.items.length > 0,
  });
  useReachBottom(() => {
    if (hasMore) void loadMore();
  });
  if (list.status === 'loading') return <SkeletonList items={6} rows={2} />;
  if (list.status === 'error') return <ErrorBox onRetry={list.retry} />;
  if (list.items.length === 0) return <EmptyBox title={emptyText} />;
  return (
    <View className='discover-list' id={exposureId} data-testid='discover-list'>
      <PullRefresh onRefresh={list.refresh}>
        {header}
        {list.items.slice(0, FIRST_SCREEN_ROWS).map((item, index) => renderItem(item, index))}
        <AfterFirstScreen>
          {list.items.slice(FIRST_SCREEN_ROWS).map((item, index) => renderItem(item, index + FIRST_SCREEN_ROWS))}
          {list.moreFailed ? (
            <View className='discover-more-retry' onClick={() => void list.loadMore()}>
              <Text>{t('discover.list.retryMore')}</Text>
            </View>
          ) : list.hasMore ? (
            <View className='discover-more-retry' data-testid='discover-more' onClick={() => void list.loadMore()}>
              <Text>{t('discover.list.more')}</Text>
            </View>
          ) : (
            <Text className='discover-list__end'>{t('discover.list.noMore')}</Text>
          )}
        </AfterFirstScreen>
      </PullRefresh>
    </View>
  );
}
