// My money and fund assets (issue 12 §8): the totals, each holding, the allocation by fund type, the orders on
// their way. Every figure is the server's decimal string, shown as it comes (grouped, never recomputed).
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { FigureRow } from '@/components/figure-cell/figure-cell';
import { LinkTile, LinkTiles } from '@/components/a11y/link-tile';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { PullRefresh } from '@/components/pull-refresh/pull-refresh';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import type { AipList } from '@/lib/api-types/auto-invest';
import { isNonZeroText as nonZero } from '@/lib/decimal';
import { formatAmount, formatShares, fundTypeName, yuanText } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t as tAip } from '@/locales/aip';
import { t as accountText } from '@/locales/account';
import { t } from '@/locales/trade';
import { t as pensionText } from '@/locales/pension';
import type { HoldingItem, HoldingSummary } from '@/lib/api-types/trading';
import { get } from '@/platform/http';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { getHoldingSummary } from './api';
import { OrderRow } from './order-row';
import { TRADE_RESULT } from './trade-errors';
import { GRID_FIGURE, TradeLoginGate, SummaryFigures, TradeOpenGate, sharesText } from './trade-parts';
import './trade.scss';

const go = (url: string) => () => void navigateToSpecUrl(url);
/** Inside a native app its own screen (docs/BRIDGE.md: the fund home, the trade home with the orders), else ours. */
const openOr = (destination: 'fundHome' | 'tradeHome', url: string) => () =>
  openInsteadInNativeApp(destination) || void navigateToSpecUrl(url);

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
    if (code === TRADE_RESULT.notLoggedIn) return <TradeLoginGate title={t('trade.gate.loginAssetsTitle')} here={currentSpecUrl()} />;
    if (code === TRADE_RESULT.accountNotOpened) return <TradeOpenGate here={currentSpecUrl()} />;
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
        <SummaryFigures
          label={w('trade.assets.total')}
          total={data.total_assets}
          totalTestId='assets-total'
          gains={[
            {
              label: data.daily_gain_date
                ? w('trade.assets.dailyGainOn', { date: data.daily_gain_date.slice(5) })
                : w('trade.assets.dailyGain'),
              gain: data.daily_gain,
              testId: 'assets-daily-gain',
            },
            { label: w('trade.assets.holdGain'), gain: data.hold_gain, testId: 'assets-hold-gain' },
            { label: w('trade.assets.totalGain'), gain: data.total_gain, testId: 'assets-total-gain' },
          ]}
        />
        {nonZero(data.in_transit_amount) ? (
          <Text className='trade-summary__transit' data-testid='assets-in-transit'>
            {w('trade.assets.inTransit', { amount: formatAmount(data.in_transit_amount) })}
          </Text>
        ) : null}
      </View>

      <LinkTiles
        className='trade-links'
        itemClassName='trade-links__item'
        links={[
          { testId: 'assets-link-calendar', text: t('trade.assets.incomeCalendar'), onClick: go(specUrl('incomeCalendar')) },
          { testId: 'assets-link-orders', text: t('trade.assets.allOrders'), onClick: openOr('tradeHome', specUrl('orders')) },
          ...(variant === 'myMoney'
            ? [
                { testId: 'assets-link-fund-assets', text: t('trade.assets.fundAssets'), onClick: go(specUrl('fundAssets')) },
                { testId: 'assets-link-settings', text: accountText('account.settings.entry'), onClick: go(specUrl('accountSettings')) },
              ]
            : []),
        ]}
      />

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
        <LinkTile
          className='trade-all-orders'
          testId='assets-all-orders'
          text={t('trade.assets.allOrdersLink')}
          onClick={openOr('tradeHome', specUrl('orders'))}
        />
      ) : null}
    </View>
  );
}

/** A line of its own above the holdings (现金宝, the pension, an advisory account): a title, its figures; tapping opens it. */
function LineCard(props: { title: string; more: string; testId: string; code?: string; onClick: () => void; children: ReactNode }) {
  const { title, more, testId, code, onClick, children } = props;
  return (
    <View {...roleProps('link')} className='trade-card trade-cash' data-testid={testId} data-code={code} onClick={onClick}>
      <View className='trade-cash__head'>
        <Text className='trade-card__title trade-cash__title'>{title}</Text>
        <Text className='trade-cash__more'>{more}</Text>
      </View>
      {children}
    </View>
  );
}

/** The personal pension (issue 24): its own line, outside the total above; tapping opens the zone. */
function PensionLine({ pension }: { pension: NonNullable<HoldingSummary['pension']> }) {
  return (
    <LineCard
      title={pensionText('pension.title')}
      more={pensionText('pension.myMoney.more')}
      testId='assets-pension'
      onClick={go(specUrl('pensionActivity'))}
    >
      <FigureRow
        look={GRID_FIGURE}
        figures={[
          { label: pensionText('pension.account.total'), text: formatAmount(pension.total), valueTestId: 'assets-pension-total' },
          { label: pensionText('pension.account.balance'), text: formatAmount(pension.balance) },
          { label: pensionText('pension.account.holdings'), text: formatAmount(pension.holdings_value) },
        ]}
      />
    </LineCard>
  );
}

/**
 * An advisory account (issue 23): its own line — total assets, gain, the fee accrued — as the account page shows them
 * (`GET /djapi/holding/plan/{code}`); tapping opens the portfolio's page, where the account is.
 */
function AdvisoryLine({ line }: { line: NonNullable<HoldingSummary['advisory']>[number] }) {
  return (
    <LineCard
      title={t('trade.assets.advisory', { name: line.plan_name })}
      more={t('trade.assets.cashMore')}
      testId='assets-advisory'
      code={line.plan_code}
      onClick={go(specUrl('advisorPortfolio', { advisorCode: line.plan_code }))}
    >
      <FigureRow
        look={GRID_FIGURE}
        figures={[
          { label: t('trade.assets.advisoryTotal'), text: formatAmount(line.total_assets), valueTestId: 'assets-advisory-total' },
          { label: t('trade.assets.advisoryGain'), gain: line.total_gain, testId: 'assets-advisory-gain' },
          { label: t('trade.assets.advisoryFee'), text: formatAmount(line.fee_accrued), testId: 'assets-advisory-fee' },
        ]}
      />
      <Transit amount={line.pending_amount} text='trade.holding.buying' />
      <Text className='trade-holding__meta'>{t('trade.assets.advisoryIncluded')}</Text>
    </LineCard>
  );
}

/** The cash product (现金宝): its own line of total assets, with its latest and cumulative income; tapping opens /xjb. */
function CashLine({ cash }: { cash: NonNullable<HoldingSummary['cash']> }) {
  return (
    <LineCard title={t('trade.assets.cash')} more={t('trade.assets.cashMore')} testId='assets-cash' onClick={go(specUrl('xjb'))}>
      <FigureRow
        look={GRID_FIGURE}
        figures={[
          { label: t('trade.assets.cashTotal'), text: formatAmount(cash.total), valueTestId: 'assets-cash-total' },
          { label: t('trade.assets.cashYesterday'), gain: cash.yesterday_income },
          { label: t('trade.assets.cashTotalIncome'), gain: cash.total_income },
        ]}
      />
    </LineCard>
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
      <FigureRow
        look={GRID_FIGURE}
        figures={[
          { label: t('trade.holding.marketValue'), text: formatAmount(item.market_value), valueTestId: 'holding-market-value' },
          {
            label: t('trade.holding.holdGain'),
            gain: item.hold_gain,
            extra: item.hold_gain_rate !== null ? <PercentText value={item.hold_gain_rate} sign className='trade-holding__rate' /> : null,
          },
          { label: t('trade.holding.dailyGain'), gain: item.daily_gain },
        ]}
      />
      <Text className='trade-holding__meta'>
        {t('trade.holding.meta', { shares: sharesText(formatShares(item.volume)), cost: yuanText(item.cost) })}
      </Text>
      <Transit amount={item.buying_amount} text='trade.holding.buying' testId='holding-buying' />
      <Transit amount={item.selling_amount} text='trade.holding.selling' testId='holding-selling' />
    </View>
  );
}

/** Money on its way into (`buying`) or out of (`selling`) a holding or an account, when there is any. */
function Transit({ amount, text, testId }: { amount: string; text: 'trade.holding.buying' | 'trade.holding.selling'; testId?: string }) {
  if (!nonZero(amount)) return null;
  return (
    <Text className='trade-holding__transit' data-testid={testId}>
      {t(text, { amount: formatAmount(amount) })}
    </Text>
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
      <LinkTile
        className='trade-link'
        testId='assets-aip-all'
        text={`${tAip('aip.assets.all')} ›`}
        onClick={go(specUrl('autoInvestTotalList'))}
      />
    </View>
  );
}
