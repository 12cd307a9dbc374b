// The result page after an order, the order list and one order's detail (issue 12 §7), in Danjuan's shapes.
import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, InfiniteLoading } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/infiniteloading/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { usePagedList } from '@/components/use-remote/use-paged-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatNav, formatPercent, formatShares, yuanText } from '@/lib/format';
import { isNonZeroText as hasValue } from '@/lib/decimal';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/trade';
import type { OrderAction, OrderDetail } from '@/lib/api-types/trading';
import { navigateToSpecUrl } from '@/platform/navigation';
import { useElderWording } from '@/platform/elder-mode';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { Notice, InfoRow, OrderSteps } from '@/components/purchase/purchase-parts';
import { getOrder, getOrders } from './api';
import { TRADE_RESULT } from './trade-errors';
import { TradeLoginGate, sharesText } from './trade-parts';
import { OrderRow, statusTone } from './order-row';
import { shanghaiDateTime } from './trade-time';
import { useCancelOrder } from './use-cancel-order';
import './trade.scss';

const go = (url: string) => () => void navigateToSpecUrl(url);
/** Inside a native app its own tab (docs/BRIDGE.md: my money, the fund home), else our page. */
const openOr = (destination: 'myMoneyTab' | 'fundHome', url: string) => () =>
  openInsteadInNativeApp(destination) || void navigateToSpecUrl(url);

function isSale(action: OrderAction): boolean {
  return action === '024';
}

/** The loaded order failed: not logged in → login; no such order → says so; else the reason with retry. */
function OrderFailure({ error, retry, here }: { error: unknown; retry: () => void; here: string }) {
  const code = resultCodeOf(error);
  if (code === TRADE_RESULT.notLoggedIn) {
    return <TradeLoginGate title={t('trade.gate.loginOrdersTitle')} here={here} />;
  }
  if (code === TRADE_RESULT.noSuchOrder) return <EmptyBox title={purchaseErrorText(error)} />;
  return <ErrorBox title={purchaseErrorText(error)} onRetry={retry} />;
}

/** Loads an order; a cancel's answer replaces what is shown. */
function useOrder(orderId: string) {
  const remote = useRemote(() => getOrder(orderId), [orderId]);
  const [override, setOverride] = useState<OrderDetail | null>(null);
  const cancel = useCancelOrder((order) => {
    if (order) setOverride(order);
    else void remote.refresh();
  });
  const order = override ?? (remote.status === 'ready' ? remote.data : null);
  return { remote, order, cancel };
}

/** The amount or shares an order is for, as the user asked. */
function orderValue(order: Pick<OrderDetail, 'action' | 'amount' | 'volume'>): string {
  if (isSale(order.action)) return sharesText(formatShares(order.volume));
  if (order.action === '143' && !hasValue(order.amount)) return sharesText(formatShares(order.volume));
  return yuanText(order.amount);
}

// ---- the result page --------------------------------------------------------------

/** `/n/trade/result/{orderId}`: what was ordered, its timeline, and cancel while it still may be. */
export function TradeResultScreen({ orderId }: { orderId: string }) {
  const { remote, order, cancel } = useOrder(orderId);
  const here = specUrl('tradeResult', { orderId });
  if (!order) {
    if (remote.status === 'error') return <OrderFailure error={remote.error} retry={remote.retry} here={here} />;
    return <SkeletonList items={3} rows={2} />;
  }
  return (
    <View className='trade-page' data-testid='trade-result'>
      <View className={`trade-card trade-result trade-result--${statusTone(order.status)}`}>
        <View className='trade-result__icon' />
        <Text className='trade-result__status' data-testid='result-status'>
          {order.status_desc}
        </Text>
        <Text className='trade-result__value' data-testid='result-value'>
          {`${order.action_desc} ${orderValue(order)}`}
        </Text>
        <Text className='trade-muted'>{order.fd_name}</Text>
        {order.state_msg ? <Text className='trade-muted'>{order.state_msg}</Text> : null}
      </View>
      {order.fail_reason ? (
        <Notice tone='danger' testId='result-fail-reason'>
          <Text>{order.fail_reason}</Text>
        </Notice>
      ) : null}
      <View className='trade-card'>
        <OrderSteps steps={order.steps} testId='order-steps' stepTestId='order-step' />
        {hasValue(order.fee) ? <InfoRow label={t('trade.order.fee')} value={yuanText(order.fee)} testId='result-fee' /> : null}
        {order.arrival_date ? <InfoRow label={t('trade.order.arrivalDate')} value={order.arrival_date} testId='result-arrival' /> : null}
        {moneyRoute(order) ? (
          <InfoRow
            label={isSale(order.action) ? payeeLabel(order) : t('trade.order.payWith')}
            value={moneyRoute(order)}
            testId='result-money-route'
          />
        ) : null}
      </View>
      <View className='trade-result__actions'>
        <Button type='primary' block onClick={go(specUrl('orderDetail', { orderId: order.order_id }))} data-testid='result-view-order'>
          {t('trade.result.viewOrder')}
        </Button>
        <Button block fill='outline' onClick={openOr('myMoneyTab', specUrl('myMoney'))} data-testid='result-back'>
          {t('trade.result.backToAssets')}
        </Button>
        {order.if_undo === 'y' ? (
          <Button block fill='none' className='trade-result__cancel' onClick={() => cancel.start(order)} data-testid='order-cancel'>
            {t('trade.cancel.action')}
          </Button>
        ) : null}
      </View>
      {cancel.element}
    </View>
  );
}

// ---- the order list -----------------------------------------------------------------

/** `/n/orders`: every order, newest first, page by page. */
export function OrderListScreen({ fundCode }: { fundCode?: string } = {}) {
  const list = usePagedList((page) => getOrders(page, undefined, fundCode), [fundCode]);
  if (list.status === 'loading') return <SkeletonList items={6} rows={2} />;
  if (list.status === 'error')
    return <OrderFailure error={list.error} retry={list.retry} here={specUrl('orders', {}, fundCode ? { fd_code: fundCode } : {})} />;
  if (list.items.length === 0) {
    return (
      <EmptyBox title={t('trade.orders.empty')}>
        <Button type='primary' size='small' onClick={openOr('fundHome', specUrl('home'))} data-testid='orders-browse'>
          {t('trade.assets.empty.browse')}
        </Button>
      </EmptyBox>
    );
  }
  return (
    <View className='trade-scroll' data-testid='order-list'>
      <InfiniteLoading
        hasMore={list.hasMore}
        threshold={120}
        pullRefresh
        onRefresh={list.refresh}
        onLoadMore={list.loadMore}
        pullingText={t('components.pullRefresh.pulling')}
        loadingText={t('trade.list.loading')}
        loadMoreText={t('trade.list.noMore')}
      >
        <View className='trade-card trade-card--list'>
          {list.items.map((item) => (
            <OrderRow key={item.order_id} item={item} />
          ))}
        </View>
        {list.moreFailed ? (
          <View className='trade-more-retry' data-testid='orders-more-retry' onClick={() => void list.loadMore()}>
            <Text>{t('trade.list.retryMore')}</Text>
          </View>
        ) : null}
      </InfiniteLoading>
    </View>
  );
}

// ---- one order --------------------------------------------------------------------------

/**
 * How a purchase was paid, or where a sale's proceeds go: the 个人养老金资金账户 for a pension Y class (issue 24), the
 * cash product (现金宝), else the card.
 */
function moneyRoute(order: Pick<OrderDetail, 'action' | 'pay_method' | 'sell_to' | 'bank_name' | 'bankcard_no'>): string {
  const route = isSale(order.action) ? order.sell_to : order.pay_method;
  if (route === 'pension') return t('trade.pay.pension');
  return route === 'xjb' ? t('trade.pay.xjb') : cardText(order);
}

/** The label of a sale's (or a dividend's) destination: 到账账户 for the pension account, else 到账银行卡. */
function payeeLabel(order: Pick<OrderDetail, 'sell_to' | 'pay_method'>): string {
  return order.sell_to === 'pension' || order.pay_method === 'pension' ? t('trade.order.payeeAccount') : t('trade.order.payee');
}

/** '招商银行 6214********2565'; a bank name that already names the card's last digits ('招商银行(2565)') stands alone. */
function cardText(order: Pick<OrderDetail, 'bank_name' | 'bankcard_no'>): string {
  const tail = order.bankcard_no?.replace(/\D/g, '').slice(-4) ?? '';
  if (order.bank_name && tail && order.bank_name.includes(tail)) return order.bank_name;
  return [order.bank_name, order.bankcard_no].filter(Boolean).join(' ');
}

/** `/n/orders/{orderId}`: everything about one order, and cancel while it still may be. */
export function OrderDetailScreen({ orderId }: { orderId: string }) {
  const { remote, order, cancel } = useOrder(orderId);
  // Elder mode: the labels in plain words (份数, 每份价格, 哪天到账 for 份额, 净值, 到账日).
  const w = useElderWording();
  const here = specUrl('orderDetail', { orderId });
  if (!order) {
    if (remote.status === 'error') return <OrderFailure error={remote.error} retry={remote.retry} here={here} />;
    return <SkeletonList items={4} rows={3} />;
  }
  const sale = isSale(order.action);
  const rows: { key: string; label: string; value: string }[] = [];
  const add = (key: string, label: string, value: string | null | undefined) => {
    if (value) rows.push({ key, label, value });
  };
  add('order-id', w('trade.order.id'), order.order_id);
  add('order-type', w('trade.order.type'), order.order_type_name || order.action_desc);
  add('order-value', sale ? w('trade.order.volume') : w('trade.order.amount'), orderValue(order));
  if (hasValue(order.confirm_amount)) add('order-confirm-amount', w('trade.order.confirmAmount'), yuanText(order.confirm_amount));
  if (hasValue(order.confirm_volume))
    add('order-confirm-volume', w('trade.order.confirmVolume'), sharesText(formatShares(order.confirm_volume)));
  if (order.confirm_nav) add('order-confirm-nav', w('trade.order.confirmNav'), formatNav(order.confirm_nav));
  if (order.fee !== null) add('order-fee', w('trade.order.fee'), yuanText(order.fee));
  if (order.real_rate !== null) add('order-rate', w('trade.order.rate'), formatPercent(order.real_rate));
  add('order-trade-date', w('trade.order.tradeDate'), order.trade_date);
  add('order-confirm-date', w('trade.order.confirmDate'), order.confirm_date);
  if (sale) add('order-arrival-date', w('trade.order.arrivalDate'), order.arrival_date);
  else if (order.income_date) add('order-income-date', w('trade.order.incomeDate'), order.income_date);
  else add('order-query-date', w('trade.order.queryDate'), order.query_date);
  if (hasValue(order.refund_amount)) add('order-refund', w('trade.order.refund'), yuanText(order.refund_amount));
  add('order-fail-reason', w('trade.order.failReason'), order.fail_reason);
  add('order-card', sale || order.action === '143' ? payeeLabel(order) : w('trade.order.payWith'), moneyRoute(order));
  add('order-created', t('trade.order.createdAt'), shanghaiDateTime(order.created_at));

  return (
    <View className='trade-page' data-testid='order-detail'>
      <View className={`trade-card trade-result trade-result--${statusTone(order.status)}`}>
        <Text className='trade-result__status' data-testid='order-status'>
          {order.status_desc}
        </Text>
        <Text className='trade-result__value'>{`${order.action_desc} ${orderValue(order)}`}</Text>
        <Text className='trade-link' data-testid='order-fund' onClick={go(specUrl('fundDetail', { fundcode: order.fd_code }))}>
          {`${order.fd_name} ${order.fd_code}`}
        </Text>
        {order.state_msg ? <Text className='trade-muted'>{order.state_msg}</Text> : null}
      </View>

      <View className='trade-card'>
        <Text className='trade-card__title'>{w('trade.order.progress')}</Text>
        <OrderSteps steps={order.steps} testId='order-steps' stepTestId='order-step' />
      </View>

      {/* One block, one format (issue 28): the answer's confirm_infos repeat these rows in the server's words. */}
      <View className='trade-card' data-testid='order-fields'>
        <Text className='trade-card__title'>{t('trade.order.details')}</Text>
        {order.source ? (
          <InfoRow
            label={t('trade.order.source')}
            value={
              order.source === 'plan' && order.plan_id ? (
                <Text
                  className='trade-link trade-link--inline'
                  data-testid='order-plan-link'
                  onClick={go(specUrl('autoInvestDetail', { planId: order.plan_id }))}
                >
                  {t('trade.order.sourcePlan')}
                </Text>
              ) : (
                t(order.source === 'plan' ? 'trade.order.sourcePlan' : 'trade.order.sourceCash')
              )
            }
            testId='order-source'
          />
        ) : null}
        {rows.map((row) => (
          <InfoRow key={row.key} label={row.label} value={row.value} testId={row.key} />
        ))}
      </View>

      {order.lots.length > 0 ? (
        <View className='trade-card' data-testid='order-lots'>
          <Text className='trade-card__title'>{w('trade.order.lots')}</Text>
          {order.lots.map((lot, index) => (
            <View key={`${lot.confirm_date}-${index}`} className='trade-lot' data-testid='order-lot'>
              <Text className='trade-lot__head'>{t('trade.sell.lotHead', { date: lot.confirm_date, days: lot.holding_days })}</Text>
              <Text className='trade-lot__figures'>
                {t('trade.sell.lotFigures', {
                  shares: formatShares(lot.volume),
                  rate: formatPercent(lot.rate),
                  fee: lot.fee === null ? '--' : yuanText(lot.fee),
                })}
              </Text>
            </View>
          ))}
        </View>
      ) : null}

      {order.risk_warning ? (
        <View className='trade-card' data-testid='order-risk-warning'>
          <Text className='trade-card__title'>{w('trade.order.riskWarning')}</Text>
          <Text className='trade-muted'>{order.risk_warning.text}</Text>
          <Text className='trade-muted'>{t('trade.order.riskAcceptedAt', { time: order.risk_warning.accepted_at })}</Text>
        </View>
      ) : null}

      {order.if_undo === 'y' ? (
        <View className='trade-result__actions'>
          <Button block fill='outline' type='primary' onClick={() => cancel.start(order)} data-testid='order-cancel'>
            {t('trade.cancel.action')}
          </Button>
        </View>
      ) : null}
      {cancel.element}
    </View>
  );
}
