// Below-the-fold records of the fund page: the NAV history (date, unit NAV, accumulated NAV, daily change; for a
// money-market fund: income per 10,000 shares and 7-day yield) and the dividends, each paged with "更多".
// Loaded in their own chunk on H5 (fund-records-lazy) and asked only when the investor opens them.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { formatNav, formatPercent } from '@/lib/format';
import type { DividendItem, NavHistoryItem } from '@/lib/api-types/fund';
import { t } from '@/locales/fund';
import { useElderWording } from '@/platform/elder-mode';
import { getDividends, getNavHistory } from './records-api';

interface PagedState<T> {
  items: T[];
  page: number;
  totalPages: number;
  status: 'loading' | 'ready' | 'error';
}

/** Pages of a record list: the first on mount, the next on "更多"; a failed page keeps what is shown. */
function usePagedRecords<T>(load: (page: number) => Promise<{ items: T[]; total_pages: number }>) {
  const [state, setState] = useState<PagedState<T>>({ items: [], page: 0, totalPages: 1, status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  const fetchPage = useCallback((page: number) => {
    setState((s) => ({ ...s, status: 'loading' }));
    loadRef.current(page).then(
      (data) => {
        if (!alive.current) return;
        setState((s) => ({
          items: page === 1 ? data.items : [...s.items, ...data.items],
          page,
          totalPages: data.total_pages,
          status: 'ready',
        }));
      },
      () => {
        if (alive.current) setState((s) => ({ ...s, status: 'error' }));
      },
    );
  }, []);
  useEffect(() => fetchPage(1), [fetchPage]);
  return { ...state, more: () => fetchPage(state.page + 1), retry: () => fetchPage(state.page + 1) };
}

function MoreButton({ loading, onClick, testId }: { loading: boolean; onClick: () => void; testId: string }) {
  return (
    <View className='fund-records__more'>
      <Button size='small' fill='none' loading={loading} disabled={loading} onClick={onClick} data-testid={testId}>
        {loading ? t('fund.records.loading') : t('fund.records.more')}
      </Button>
    </View>
  );
}

export function NavHistoryTable({ code, money }: { code: string; money: boolean }) {
  const w = useElderWording();
  const list = usePagedRecords<NavHistoryItem>((page) => getNavHistory(code, page));
  if (list.status === 'error' && list.items.length === 0) return <ErrorBox onRetry={list.retry} />;
  return (
    <View data-testid='nav-history'>
      <View className='fund-table' role='table'>
        <View className='fund-table__row fund-table__row--head' role='row'>
          <Text>{t('fund.records.date')}</Text>
          {money ? (
            <>
              <Text>{w('fund.header.income10k')}</Text>
              <Text>{w('fund.header.yield7d')}</Text>
            </>
          ) : (
            <>
              <Text>{w('fund.header.unitNav')}</Text>
              <Text>{w('fund.header.accNav')}</Text>
              <Text>{t('fund.records.change')}</Text>
            </>
          )}
        </View>
        {list.items.map((row) => (
          <View className='fund-table__row' role='row' key={row.date} data-testid='nav-history-row'>
            <Text>{row.date}</Text>
            {money ? (
              <>
                <Text>{formatNav(row.income_per_10k)}</Text>
                <Text>{formatPercent(row.yield_7d)}</Text>
              </>
            ) : (
              <>
                <Text>{formatNav(row.nav)}</Text>
                <Text>{formatNav(row.value)}</Text>
                <PercentText value={row.percentage} sign />
              </>
            )}
          </View>
        ))}
      </View>
      {list.status === 'ready' && list.items.length === 0 && <Text className='fund-section__note'>{t('fund.records.noNav')}</Text>}
      {list.status === 'error' && <Text className='fund-section__note'>{t('fund.records.failed')}</Text>}
      {(list.status === 'loading' || list.page < list.totalPages) && (
        <MoreButton loading={list.status === 'loading'} onClick={list.more} testId='nav-history-more' />
      )}
    </View>
  );
}

export function DividendTable({ code }: { code: string }) {
  const list = usePagedRecords<DividendItem>((page) => getDividends(code, page));
  if (list.status === 'error' && list.items.length === 0) return <ErrorBox onRetry={list.retry} />;
  if (list.status === 'ready' && list.items.length === 0) {
    return (
      <Text className='fund-section__note' data-testid='dividends-empty'>
        {t('fund.records.noDividend')}
      </Text>
    );
  }
  return (
    <View data-testid='dividends'>
      <View className='fund-table' role='table'>
        <View className='fund-table__row fund-table__row--head' role='row'>
          <Text>{t('fund.records.recordDate')}</Text>
          <Text>{t('fund.records.exDate')}</Text>
          <Text>{t('fund.records.perShare')}</Text>
        </View>
        {list.items.map((row) => (
          <View className='fund-table__row' role='row' key={row.ex_date} data-testid='dividend-row'>
            <Text>{row.record_date}</Text>
            <Text>{row.ex_date}</Text>
            <Text>{t('fund.records.perShareValue', { amount: row.per_share })}</Text>
          </View>
        ))}
      </View>
      {list.status === 'error' && <Text className='fund-section__note'>{t('fund.records.failed')}</Text>}
      {(list.status === 'loading' || list.page < list.totalPages) && (
        <MoreButton loading={list.status === 'loading'} onClick={list.more} testId='dividends-more' />
      )}
    </View>
  );
}
