import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { ErrorBox } from '@/components/error-box/error-box';
import { PercentText } from '@/components/percent-text/percent-text';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { isNonZeroText as nonZero } from '@/lib/decimal';
import { formatAmount, formatNav, formatPercent, formatShares, fundTypeName, yuanText } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/trade';
import type { FundHolding } from '@/lib/api-types/trading';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { ActionBar, InfoRow } from '@/components/purchase/purchase-parts';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { getFundHolding, setDividendMethod, type DividendMethod } from './api';
import { TRADE_RESULT, leadToFix } from './trade-errors';
import { lotsInOrder } from './trade-figures';
import { FundLine, SummaryFigures, TradeLoginGate, sharesText } from './trade-parts';
import './trade.scss';

/** `/n/holding/{fundcode}`: one holding, its lots, the dividend option, buy and sell. */
export function HoldingScreen({ code }: { code: string | undefined }) {
  if (!code || !/^\d{6}$/.test(code)) return <EmptyBox title={t('trade.buy.invalidCode', { code: code ?? '' })} />;
  return <HoldingLoader key={code} code={code} />;
}

function HoldingLoader({ code }: { code: string }) {
  const remote = useRemote(() => getFundHolding(code), [code]);
  const [changed, setChanged] = useState<FundHolding | null>(null);
  const holding = changed ?? (remote.status === 'ready' ? remote.data : null);
  if (!holding) {
    if (remote.status === 'error') {
      if (resultCodeOf(remote.error) === TRADE_RESULT.notLoggedIn) {
        return <TradeLoginGate title={t('trade.gate.loginAssetsTitle')} here={specUrl('holding', { fundcode: code })} />;
      }
      if (resultCodeOf(remote.error) === TRADE_RESULT.fundNotRedeemable) return <EmptyBox title={purchaseErrorText(remote.error)} />;
      return <ErrorBox title={purchaseErrorText(remote.error)} onRetry={remote.retry} />;
    }
    return <SkeletonList items={3} rows={3} />;
  }
  return <HoldingBody holding={holding} onChanged={setChanged} />;
}

/** Under the holding's gain: its rate, and the fee it counts in (part of the cost, so of 持有收益 — never a day's loss: issue 28). */
function HoldGainNotes({ holding }: { holding: FundHolding }) {
  const w = useElderWording();
  return (
    <>
      {holding.hold_gain_rate !== null ? <PercentText value={holding.hold_gain_rate} sign className='trade-summary__gain-rate' /> : null}
      {nonZero(holding.hold_fee) ? (
        <Text className='trade-summary__gain-note' data-testid='holding-hold-fee'>
          {w('trade.holding.holdFee', { fee: formatAmount(holding.hold_fee) })}
        </Text>
      ) : null}
    </>
  );
}

function HoldingBody({ holding, onChanged }: { holding: FundHolding; onChanged: (next: FundHolding) => void }) {
  const w = useElderWording();
  const [saving, setSaving] = useState(false);
  const code = holding.fd_code;

  const chooseDividend = async (method: DividendMethod) => {
    if (method === holding.dividend_method || saving) return;
    setSaving(true);
    try {
      onChanged(await setDividendMethod(code, method));
      showToast(t('trade.holding.dividend.changed'));
    } catch (error) {
      if (!(await leadToFix(error))) showToast(purchaseErrorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <View className='trade-page' data-testid='holding'>
      <View className='trade-card trade-summary'>
        <FundLine name={holding.fd_name} code={code} tags={[fundTypeName(holding.type_desc)]} />
        <SummaryFigures
          label={t('trade.holding.marketValue')}
          total={holding.market_value}
          totalTestId='holding-market-value'
          gains={[
            {
              label: t('trade.holding.holdGain'),
              gain: holding.hold_gain,
              testId: 'holding-hold-gain',
              extra: <HoldGainNotes holding={holding} />,
            },
            { label: t('trade.holding.dailyGain'), gain: holding.daily_gain, testId: 'holding-daily-gain' },
            { label: w('trade.assets.totalGain'), gain: holding.total_gain, testId: 'holding-total-gain' },
          ]}
        />
      </View>

      <View className='trade-card trade-links' data-testid='holding-links'>
        <Text
          className='trade-link'
          data-testid='holding-link-orders'
          onClick={() => void navigateToSpecUrl(specUrl('orders', {}, { fd_code: code }))}
        >
          {t('trade.holding.orders')}
        </Text>
        <Text
          className='trade-link'
          data-testid='holding-link-income'
          onClick={() => void navigateToSpecUrl(specUrl('incomeCalendar', {}, { fd_code: code }))}
        >
          {t('trade.holding.income')}
        </Text>
      </View>

      <View className='trade-card' data-testid='holding-fields'>
        <InfoRow label={t('trade.holding.volume')} value={sharesText(formatShares(holding.volume))} testId='holding-volume' />
        <InfoRow label={t('trade.sell.available')} value={sharesText(formatShares(holding.usable_volume))} testId='holding-usable' />
        {nonZero(holding.locked_volume) ? (
          <InfoRow label={t('trade.sell.locked')} value={sharesText(formatShares(holding.locked_volume))} testId='holding-locked' />
        ) : null}
        <InfoRow label={t('trade.holding.cost')} value={yuanText(holding.cost)} testId='holding-cost' />
        <InfoRow
          label={t('trade.holding.nav')}
          value={t('trade.holding.navValue', { nav: formatNav(holding.nav), date: holding.nav_date })}
          testId='holding-nav'
        />
        <InfoRow label={t('trade.holding.share')} value={formatPercent(holding.market_percent)} />
        {nonZero(holding.buying_amount) ? (
          <InfoRow label={t('trade.holding.buyingLabel')} value={yuanText(holding.buying_amount)} testId='holding-buying' />
        ) : null}
        {nonZero(holding.selling_amount) ? (
          <InfoRow label={t('trade.holding.sellingLabel')} value={yuanText(holding.selling_amount)} testId='holding-selling' />
        ) : null}
      </View>

      <View className='trade-card' data-testid='holding-dividend'>
        <Text className='trade-card__title'>{t('trade.holding.dividend.title')}</Text>
        <View className='trade-segment'>
          {(['cash', 'reinvest'] as const).map((method) => (
            <View
              key={method}
              className={`trade-segment__item${holding.dividend_method === method ? ' trade-segment__item--on' : ''}`}
              data-testid={`dividend-${method}`}
              {...roleProps('button')}
              aria-pressed={holding.dividend_method === method}
              onClick={() => void chooseDividend(method)}
            >
              <Text>{t(`trade.holding.dividend.${method}`)}</Text>
            </View>
          ))}
        </View>
        <Text className='trade-muted'>{t('trade.holding.dividend.note')}</Text>
      </View>

      <View className='trade-card trade-card--list' data-testid='holding-lots'>
        <Text className='trade-card__title'>{t('trade.holding.lots')}</Text>
        {holding.lots.length === 0 ? <Text className='trade-muted'>{t('trade.holding.noLots')}</Text> : null}
        {lotsInOrder(holding).map((lot) => (
          <View key={lot.lot_id} className='trade-lot' data-testid='holding-lot'>
            <View className='trade-lot__line'>
              <Text className='trade-lot__head'>
                {t('trade.holding.lotConfirmed', { date: lot.confirm_date })}
                {lot.source ? (
                  <Text className={`trade-lot__source trade-lot__source--${lot.source}`} data-testid='holding-lot-source'>
                    {t(`trade.holding.lotSource.${lot.source}`)}
                  </Text>
                ) : null}
              </Text>
              <Text className='trade-lot__shares'>{sharesText(formatShares(lot.volume))}</Text>
            </View>
            <Text className='trade-lot__figures'>
              {t('trade.holding.lotFigures', { days: lot.holding_days, rate: formatPercent(lot.redeem_rate) })}
            </Text>
            {lot.penalty_free_date ? (
              <Text className='trade-lot__penalty' data-testid='holding-lot-penalty'>
                {w('trade.holding.penaltyUntil', { rate: formatPercent(lot.redeem_rate), date: lot.penalty_free_date })}
              </Text>
            ) : null}
            <Text
              className={`trade-lot__lock${lot.locked_until && lot.locked_until > holding.sell_trade_date ? ' trade-lot__lock--on' : ''}`}
            >
              {lot.locked_until && lot.locked_until > holding.sell_trade_date
                ? t('trade.holding.lockedUntil', { date: lot.locked_until })
                : t('trade.holding.sellable')}
            </Text>
          </View>
        ))}
      </View>

      <ActionBar>
        <View className='purchase-bar__row'>
          <Button
            className='purchase-bar__button'
            fill='outline'
            type='primary'
            size='large'
            onClick={() => void navigateToSpecUrl(specUrl('sell', { fundcode: code }))}
            data-testid='holding-sell'
          >
            {t('trade.holding.sell')}
          </Button>
          <Button
            className='purchase-bar__button'
            type='primary'
            size='large'
            onClick={() => void navigateToSpecUrl(specUrl('buy', { fundcode: code }))}
            data-testid='holding-buy'
          >
            {t('trade.holding.buy')}
          </Button>
        </View>
      </ActionBar>
    </View>
  );
}
