import { lazy, Suspense } from 'react';
import { Text } from '@tarojs/components';
import { t } from '@/locales/fund';

// H5: the record tables load in their own chunk when the investor opens them, so a shared fund link's first load
// does not carry them.
const NavHistory = lazy(() => import('./fund-records').then((m) => ({ default: m.NavHistoryTable })));
const Dividends = lazy(() => import('./fund-records').then((m) => ({ default: m.DividendTable })));

const loading = <Text className='fund-section__note'>{t('fund.records.loading')}</Text>;

export function LazyNavHistory(props: { code: string; money: boolean }) {
  return (
    <Suspense fallback={loading}>
      <NavHistory {...props} />
    </Suspense>
  );
}

export function LazyDividends(props: { code: string }) {
  return (
    <Suspense fallback={loading}>
      <Dividends {...props} />
    </Suspense>
  );
}
