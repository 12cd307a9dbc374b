// My money and fund assets (issue 12 §8): the totals, each holding, the allocation by fund type, the orders on
// their way. Every figure is the server's decimal string, shown as it comes (grouped, never recomputed).
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { AmountText } from '@/components/amount-text/amount-text';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import type { AipList } from '@/lib/api-types/auto-invest';
import { isZeroDecimal, parseDecimal } from '@/lib/decimal';
import { formatAmount, formatShares, fundTypeName, yuanText } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t as tAip } from '@/locales/aip';
import { t as accountText } from '@/locales/account';
import { t } from '@/locales/trade';
import { t as pensionText } from '@/locales/pension';
import type { HoldingItem, HoldingSummary } from '@/lib/api-types/trading';
import { get } from '@/platform/http';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { Gate } from '@/components/purchase/purchase-parts';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { getHoldingSummary } from './api';
import { OrderRow } from './order-row';
import { TRADE_RESULT } from './trade-errors';
import { sharesText } from './trade-parts';
import './trade.scss';

const go = (url: string) => () => void navigateToSpecUrl(url);
/** Inside a native app its own screen (docs/BRIDGE.md: the fund home, the trade home with the orders), else ours. */
const openOr = (destination: 'fundHome' | 'tradeHome', url: string) => () =>
  openInsteadInNativeApp(destination) || void navigateToSpecUrl(url);

function nonZero(text: string | null | undefined): boolean {
  const value = text === null || text === undefined ? null : parseDecimal(text);
  return value !== null && !isZeroDecimal(value);
}

/** Colours of the allocation bar, one per fund type in the order the server lists them. */
const ALLOCATION_COLORS = ['#ff6d00', '#4a90e2', '#f5a623', '#7ed321', '#9013fe', '#50e3c2', '#e94e77', '#8b572a'];

export interface AssetsScreenProps {
  /** /my-money links on to the fund assets page; /n/fund-assets is that page. */
  variant: 'myMoney' | 'fundAssets';
}

/** The summary, holdings, allocation and orders in progress of `GET /djapi/holding/summary`. */
export function AssetsScreen({ variant }: AssetsScreenProps) {
  const summary = useRemote(() => getHoldingSummary(), []);
  if (summary.status === 'loading') {
    return (
      <View data-testid='assets-loading'>
        <SkeletonList items={1} rows={3} />
        <SkeletonList items={2} rows={2} />
      </View>
    );
  }
  if (summary.status === 'error') {
    const code = resultCodeOf(summary.error);
    if (code === TRADE_RESULT.notLoggedIn) {
      return (
        <Gate
          testId='trade-gate-login'
          title={t('trade.gate.loginAssetsTitle')}
          action={t('trade.gate.login')}
          onAction={() => void startLogin({ redirect: currentSpecUrl() })}
        />
      );
    }
    if (code === TRADE_RESULT.accountNotOpened) {
      return (
        <Gate
          testId='trade-gate-open'
          title={t('trade.gate.openTitle')}
          description={t('trade.gate.openDesc')}
          action={t('trade.gate.open')}
          onAction={() => void navigateToSpecUrl(specUrl('openAccount', {}, { redirect: currentSpecUrl() }))}
        />
      );
    }
    return (
      <View data-testid='assets-error'>
        <ErrorBox title={purchaseErrorText(summary.error)} onRetry={summary.retry} />
      </View>
    );
  }
  return (
    <PullRefresh onRefresh={summary.refresh}>
      <AssetsBody data={summary.data} variant={variant} />
    </PullRefresh>
  );
}

function AssetsBody({ data, variant }: { data: HoldingSummary; variant: AssetsScreenProps['variant'] }) {
  const w = useElderWording();
  const nothing =
    data.items.length === 0 &&
    data.orders_in_progress.length === 0 &&
    !nonZero(data.total_assets) &&
    !nonZero(data.in_transit_amount) &&
    !data.cash;
  return (
    <View className='trade-assets' data-testid='assets'>
      <View className='trade-card trade-summary' data-testid='assets-summary'>
        <Text className='trade-summary__label'>{w('trade.assets.total')}</Text>
        <Text className='trade-summary__total' data-testid='assets-total'>
          {formatAmount(data.total_assets)}
        </Text>
        <View className='trade-summary__gains'>
          <View className='trade-summary__gain' data-testid='assets-daily-gain'>
            <Text className='trade-summary__gain-label'>
              {data.daily_gain_date ? w('trade.assets.dailyGainOn', { date: data.daily_gain_date.slice(5) }) : w('trade.assets.dailyGain')}
            </Text>
            <AmountText value={data.daily_gain} sign className='trade-summary__gain-value' />
          </View>
          <View className='trade-summary__gain' data-testid='assets-hold-gain'>
            <Text className='trade-summary__gain-label'>{w('trade.assets.holdGain')}</Text>
            <AmountText value={data.hold_gain} sign className='trade-summary__gain-value' />
          </View>
          <View className='trade-summary__gain' data-testid='assets-total-gain'>
            <Text className='trade-summary__gain-label'>{w('trade.assets.totalGain')}</Text>
            <AmountText value={data.total_gain} sign className='trade-summary__gain-value' />
          </View>
        </View>
        {nonZero(data.in_transit_amount) ? (
          <Text className='trade-summary__transit' data-testid='assets-in-transit'>
            {w('trade.assets.inTransit', { amount: formatAmount(data.in_transit_amount) })}
          </Text>
        ) : null}
      </View>

      <View className='trade-links'>
        <View
          {...roleProps('link')}
          className='trade-links__item'
          data-testid='assets-link-calendar'
          onClick={go(specUrl('incomeCalendar'))}
        >
          <Text>{t('trade.assets.incomeCalendar')}</Text>
        </View>
        <View
          {...roleProps('link')}
          className='trade-links__item'
          data-testid='assets-link-orders'
          onClick={openOr('tradeHome', specUrl('orders'))}
        >
          <Text>{t('trade.assets.allOrders')}</Text>
        </View>
        {variant === 'myMoney' ? (
          <View
            {...roleProps('link')}
            className='trade-links__item'
            data-testid='assets-link-fund-assets'
            onClick={go(specUrl('fundAssets'))}
          >
            <Text>{t('trade.assets.fundAssets')}</Text>
          </View>
        ) : null}
        {variant === 'myMoney' ? (
          <View
            {...roleProps('link')}
            className='trade-links__item'
            data-testid='assets-link-settings'
            onClick={go(specUrl('accountSettings'))}
          >
            <Text>{accountText('account.settings.entry')}</Text>
          </View>
        ) : null}
      </View>

      {nothing ? (
        <View className='trade-card' data-testid='assets-empty'>
          <EmptyBox title={t('trade.assets.empty.title')} description={t('trade.assets.empty.desc')}>
            <Button type='primary' size='small' onClick={openOr('fundHome', specUrl('home'))} data-testid='assets-browse'>
              {t('trade.assets.empty.browse')}
            </Button>
          </EmptyBox>
        </View>
      ) : null}

      {data.cash ? <CashLine cash={data.cash} /> : null}

      {data.pension ? <PensionLine pension={data.pension} /> : null}

      {(data.advisory ?? []).map((line) => (
        <AdvisoryLine key={line.plan_code} line={line} />
      ))}

      {data.items.length > 0 ? (
        <View className='trade-card trade-card--list' data-testid='assets-holdings'>
          <Text className='trade-card__title'>{t('trade.assets.holdings', { count: data.items.length })}</Text>
          {data.items.map((item) => (
            <HoldingRow key={item.fd_code} item={item} />
          ))}
        </View>
      ) : null}

      {variant === 'myMoney' ? <AipPlansLine /> : null}

      {data.allocation.length > 0 ? <Allocation allocation={data.allocation} /> : null}

      {data.orders_in_progress.length > 0 ? (
        <View className='trade-card trade-card--list' data-testid='assets-in-progress'>
          <Text className='trade-card__title'>{t('trade.assets.inProgress')}</Text>
          {data.orders_in_progress.map((item) => (
            <OrderRow key={item.order_id} item={item} />
          ))}
        </View>
      ) : null}

      {!nothing ? (
        <View
          {...roleProps('link')}
          className='trade-all-orders'
          data-testid='assets-all-orders'
          onClick={openOr('tradeHome', specUrl('orders'))}
        >
          <Text>{t('trade.assets.allOrdersLink')}</Text>
        </View>
      ) : null}
    </View>
  );
}

/** The personal pension (issue 24): its own line, outside the total above; tapping opens the zone. */
function PensionLine({ pension }: { pension: NonNullable<HoldingSummary['pension']> }) {
  return (
    <View {...roleProps('link')} className='trade-card trade-cash' data-testid='assets-pension' onClick={go(specUrl('pensionActivity'))}>
      <View className='trade-cash__head'>
        <Text className='trade-card__title trade-cash__title'>{pensionText('pension.title')}</Text>
        <Text className='trade-cash__more'>{pensionText('pension.myMoney.more')}</Text>
      </View>
      <View className='trade-holding__grid'>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{pensionText('pension.account.total')}</Text>
          <Text className='trade-holding__value trade-holding__plain' data-testid='assets-pension-total'>
            {formatAmount(pension.total)}
          </Text>
        </View>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{pensionText('pension.account.balance')}</Text>
          <Text className='trade-holding__value trade-holding__plain'>{formatAmount(pension.balance)}</Text>
        </View>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{pensionText('pension.account.holdings')}</Text>
          <Text className='trade-holding__value trade-holding__plain'>{formatAmount(pension.holdings_value)}</Text>
        </View>
      </View>
    </View>
  );
}

/**
 * An advisory account (issue 23): its own line — total assets, gain, the fee accrued — as the account page shows them
 * (`GET /djapi/holding/plan/{code}`); tapping opens the portfolio's page, where the account is.
 */
function AdvisoryLine({ line }: { line: NonNullable<HoldingSummary['advisory']>[number] }) {
  return (
    <View
      {...roleProps('link')}
      className='trade-card trade-cash'
      data-testid='assets-advisory'
      data-code={line.plan_code}
      onClick={go(specUrl('advisorPortfolio', { advisorCode: line.plan_code }))}
    >
      <View className='trade-cash__head'>
        <Text className='trade-card__title trade-cash__title'>{t('trade.assets.advisory', { name: line.plan_name })}</Text>
        <Text className='trade-cash__more'>{t('trade.assets.cashMore')}</Text>
      </View>
      <View className='trade-holding__grid'>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.assets.advisoryTotal')}</Text>
          <Text className='trade-holding__value trade-holding__plain' data-testid='assets-advisory-total'>
            {formatAmount(line.total_assets)}
          </Text>
        </View>
        <View className='trade-holding__cell' data-testid='assets-advisory-gain'>
          <Text className='trade-holding__label'>{t('trade.assets.advisoryGain')}</Text>
          <AmountText value={line.total_gain} sign className='trade-holding__value' />
        </View>
        <View className='trade-holding__cell' data-testid='assets-advisory-fee'>
          <Text className='trade-holding__label'>{t('trade.assets.advisoryFee')}</Text>
          <Text className='trade-holding__value trade-holding__plain'>{formatAmount(line.fee_accrued)}</Text>
        </View>
      </View>
      {nonZero(line.pending_amount) ? (
        <Text className='trade-holding__transit'>{t('trade.holding.buying', { amount: formatAmount(line.pending_amount) })}</Text>
      ) : null}
      <Text className='trade-holding__meta'>{t('trade.assets.advisoryIncluded')}</Text>
    </View>
  );
}

/** The cash product (现金宝): its own line of total assets, with its latest and cumulative income; tapping opens /xjb. */
function CashLine({ cash }: { cash: NonNullable<HoldingSummary['cash']> }) {
  return (
    <View {...roleProps('link')} className='trade-card trade-cash' data-testid='assets-cash' onClick={go(specUrl('xjb'))}>
      <View className='trade-cash__head'>
        <Text className='trade-card__title trade-cash__title'>{t('trade.assets.cash')}</Text>
        <Text className='trade-cash__more'>{t('trade.assets.cashMore')}</Text>
      </View>
      <View className='trade-holding__grid'>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.assets.cashTotal')}</Text>
          <Text className='trade-holding__value trade-holding__plain' data-testid='assets-cash-total'>
            {formatAmount(cash.total)}
          </Text>
        </View>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.assets.cashYesterday')}</Text>
          <AmountText value={cash.yesterday_income} sign className='trade-holding__value' />
        </View>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.assets.cashTotalIncome')}</Text>
          <AmountText value={cash.total_income} sign className='trade-holding__value' />
        </View>
      </View>
    </View>
  );
}

/** One holding: its value, gains, shares, cost and money on its way; tapping opens the holding. */
function HoldingRow({ item }: { item: HoldingItem }) {
  return (
    <View
      {...roleProps('link')}
      className='trade-holding'
      data-testid='holding-row'
      data-code={item.fd_code}
      onClick={go(specUrl('holding', { fundcode: item.fd_code }))}
    >
      <View className='trade-holding__head'>
        <Text className='trade-holding__name'>{item.fd_name}</Text>
        <Text className='trade-tag'>{fundTypeName(item.type_desc)}</Text>
      </View>
      <View className='trade-holding__grid'>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.holding.marketValue')}</Text>
          <Text className='trade-holding__value trade-holding__plain' data-testid='holding-market-value'>
            {formatAmount(item.market_value)}
          </Text>
        </View>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.holding.holdGain')}</Text>
          <AmountText value={item.hold_gain} sign className='trade-holding__value' />
          {item.hold_gain_rate !== null ? <PercentText value={item.hold_gain_rate} sign className='trade-holding__rate' /> : null}
        </View>
        <View className='trade-holding__cell'>
          <Text className='trade-holding__label'>{t('trade.holding.dailyGain')}</Text>
          <AmountText value={item.daily_gain} sign className='trade-holding__value' />
        </View>
      </View>
      <Text className='trade-holding__meta'>
        {t('trade.holding.meta', { shares: sharesText(formatShares(item.volume)), cost: yuanText(item.cost) })}
      </Text>
      {nonZero(item.buying_amount) ? (
        <Text className='trade-holding__transit' data-testid='holding-buying'>
          {t('trade.holding.buying', { amount: formatAmount(item.buying_amount) })}
        </Text>
      ) : null}
      {nonZero(item.selling_amount) ? (
        <Text className='trade-holding__transit' data-testid='holding-selling'>
          {t('trade.holding.selling', { amount: formatAmount(item.selling_amount) })}
        </Text>
      ) : null}
    </View>
  );
}

/**
 * The allocation by fund type as one stacked bar and a legend: plain views, no chart library, so my money (a
 * tab page in the mini program's main package) does not carry the chart engine.
 */
function Allocation({ allocation }: { allocation: HoldingSummary['allocation'] }) {
  return (
    <View className='trade-card' data-testid='assets-allocation'>
      <Text className='trade-card__title'>{t('trade.assets.allocation')}</Text>
      <View
        className='trade-allocation__bar'
        role='img'
        aria-label={allocation.map((a) => `${fundTypeName(a.type_desc)} ${a.percent}%`).join(', ')}
      >
        {allocation.map((part, index) => (
          <View
            key={part.type}
            className='trade-allocation__part'
            style={{ width: `${part.percent}%`, background: ALLOCATION_COLORS[index % ALLOCATION_COLORS.length] }}
          />
        ))}
      </View>
      {allocation.map((part, index) => (
        <View key={part.type} className='trade-allocation__row' data-testid='allocation-row'>
          <View className='trade-allocation__dot' style={{ background: ALLOCATION_COLORS[index % ALLOCATION_COLORS.length] }} />
          <Text className='trade-allocation__type'>{fundTypeName(part.type_desc)}</Text>
          <Text className='trade-allocation__percent'>{`${part.percent}%`}</Text>
          <Text className='trade-allocation__value'>{formatAmount(part.market_value)}</Text>
        </View>
      ))}
    </View>
  );
}

/**
 * Auto-invest (issue 14): the running plans and their next runs (`GET /djapi/aip/list`), with the way to all plans.
 * Nothing while loading or when the investor has no plan; a failure leaves a retry.
 */
function AipPlansLine() {
  const plans = useRemote(() => get<AipList>('/djapi/aip/list', undefined, { silent: true }), []);
  if (plans.status === 'loading') return null;
  if (plans.status === 'error') {
    return (
      <View {...roleProps('button')} className='trade-card' data-testid='assets-aip-error' onClick={plans.retry}>
        <Text className='trade-muted'>{tAip('aip.error.generic')}</Text>
      </View>
    );
  }
  const items = Array.isArray(plans.data?.items) ? plans.data.items : [];
  if (items.length === 0) return null;
  const running = items.filter((plan) => plan.status === 'running');
  return (
    <View className='trade-card trade-card--list' data-testid='assets-aip'>
      <Text className='trade-card__title'>{tAip('aip.assets.title')}</Text>
      {running.length === 0 ? <Text className='trade-muted'>{tAip('aip.assets.noneRunning')}</Text> : null}
      {running.map((plan) => (
        <View
          {...roleProps('link')}
          key={plan.plan_id}
          className='purchase-row'
          data-testid='assets-aip-plan'
          onClick={go(specUrl('autoInvestDetail', { planId: plan.plan_id }, { prelink: specUrl('myMoney') }))}
        >
          <Text className='purchase-row__label'>{plan.fd_name}</Text>
          <Text className='purchase-row__value'>
            {tAip('aip.assets.next', { date: plan.next_date ?? '--', amount: yuanText(plan.amount) })}
          </Text>
        </View>
      ))}
      <View {...roleProps('link')} className='trade-link' data-testid='assets-aip-all' onClick={go(specUrl('autoInvestTotalList'))}>
        <Text>{tAip('aip.assets.all')} ›</Text>
      </View>
    </View>
  );
}
