// /n/xjb-unavailable-amount-detail (issue 13 §5): each amount of the cash product not yet available — a deposit
// awaiting confirmation, a fund sale's proceeds on their way in, money frozen for a pending purchase — with its
// fund, the day it changes, and 估算 while the amount is an estimate.
import { Text, View } from '@tarojs/components';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/cash';
import type { UnavailableItem } from '@/lib/api-types/cash';

import { navigateToSpecUrl } from '@/platform/navigation';
import { purchaseErrorText, resultCodeOf } from '@/components/purchase/purchase-errors';
import { CashGate } from './cash-parts';
import { getCashUnavailable } from './api';
import { CASH_RESULT } from './cash-errors';
import type { CashAccess } from './cash-screen';
import './cash.scss';

const HERE = () => specUrl('xjbUnavailableAmount');

const AccessGate = ({ kind }: { kind: 'login' | 'open' }) => <CashGate kind={kind} here={HERE()} />;

export function UnavailableScreen({ access }: { access: CashAccess }) {
  if (access.status === 'unknown') return <SkeletonList items={3} rows={2} />;
  if (access.status === 'anonymous') return <AccessGate kind='login' />;
  if (access.openTrade === false) return <AccessGate kind='open' />;
  return <UnavailableLoaded />;
}

function UnavailableLoaded() {
  const remote = useRemote(() => getCashUnavailable(), []);
  if (remote.status === 'loading') return <SkeletonList items={3} rows={2} />;
  if (remote.status === 'error') {
    const code = resultCodeOf(remote.error);
    if (code === CASH_RESULT.notLoggedIn) return <AccessGate kind='login' />;
    if (code === CASH_RESULT.accountNotOpened) return <AccessGate kind='open' />;
    return (
      <View data-testid='cash-unavailable-error'>
        <ErrorBox title={purchaseErrorText(remote.error)} onRetry={remote.retry} />
      </View>
    );
  }
  const { total, items } = remote.data;
  return (
    <PullRefresh onRefresh={remote.refresh}>
      <View className='cash-page' data-testid='cash-unavailable-screen'>
        <View className='cash-card cash-summary cash-summary--plain'>
          <Text className='cash-summary__label'>{t('cash.unavailable.total')}</Text>
          <Text className='cash-summary__total' data-testid='cash-unavailable-total'>
            {formatAmount(total)}
          </Text>
          <Text className='cash-muted'>{t('cash.unavailable.intro')}</Text>
        </View>
        {items.length === 0 ? (
          <View className='cash-card' data-testid='cash-unavailable-empty'>
            <EmptyBox title={t('cash.unavailable.empty')} />
          </View>
        ) : (
          <View className='cash-card cash-card--list'>
            {items.map((item) => (
              <UnavailableRow key={`${item.kind}-${item.order_id}`} item={item} />
            ))}
          </View>
        )}
      </View>
    </PullRefresh>
  );
}

function UnavailableRow({ item }: { item: UnavailableItem }) {
  return (
    <View
      className='cash-unavailable'
      data-testid='cash-unavailable-item'
      data-kind={item.kind}
      onClick={() => void navigateToSpecUrl(specUrl('orderDetail', { orderId: item.order_id }))}
    >
      <View className='cash-unavailable__main'>
        <View className='cash-unavailable__head'>
          <Text className={`cash-tag cash-tag--${item.kind}`} data-testid='cash-unavailable-kind'>
            {t(`cash.unavailable.kind.${item.kind}`)}
          </Text>
          <Text className='cash-unavailable__fund'>{`${item.fd_name} ${item.fd_code}`}</Text>
        </View>
        <Text className='cash-muted' data-testid='cash-unavailable-date'>
          {t(`cash.unavailable.when.${item.kind}`, { date: item.expected_date })}
        </Text>
      </View>
      <View className='cash-unavailable__side'>
        <Text className='cash-unavailable__amount' data-testid='cash-unavailable-amount'>
          {formatAmount(item.amount)}
        </Text>
        {item.estimated ? (
          <Text className='cash-tag cash-tag--estimate' data-testid='cash-unavailable-estimated'>
            {t('cash.unavailable.estimated')}
          </Text>
        ) : null}
      </View>
    </View>
  );
}
