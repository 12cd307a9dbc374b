import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { FigureCell } from '@/components/figure-cell/figure-cell';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import type { FeeBracket } from '@/lib/fees';
import { formatNav, formatPercent, formatShares, yuanText } from '@/lib/format';
import { specUrl } from '@/lib/routes';
import { ppmToPercent, sharesToVolume, volumeToShares } from '@/lib/trade-math';
import { t } from '@/locales/trade';
import type { FundHolding, SellTo } from '@/lib/api-types/trading';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { Notice, ActionBar, ActionButton, Disclosure, Timeline } from '@/components/purchase/purchase-parts';
import { usePurchasePassword } from '@/components/purchase/purchase-password';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { PurchaseGates } from '@/components/purchase/purchase-gates';
import { PaymentPicker } from '@/components/purchase/payment-picker';
import { useRequestIntent } from '@/components/purchase/request-id';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { getFundHolding, getFundRates, placeSell } from './api';
import { TradeQuoteFailure } from './buy-screen';
import { checkSellVolume, estimateRedemption, halfVolume, redemptionTable, type SharesCheck } from './trade-figures';
import { TRADE_RESULT, leadToFix } from './trade-errors';
import { FEE_FIGURE, FundLine, sharesText } from './trade-parts';
import './trade.scss';

export interface SellAccess {
  status: 'unknown' | 'loggedIn' | 'anonymous';
  openTrade: boolean | null;
  /** The bound card the proceeds go to (bank code for the catalogue's bank name, last digits). */
  card: { bankCode: string; cardTail: string } | null;
}

const FUND_CODE = /^\d{6}$/;

/** `/n/trade/sell/{fundcode}`: sell shares of a holding, the fee estimated lot by lot, first in first out. */
export function SellScreen({ code, access }: { code: string | undefined; access: SellAccess }) {
  if (!code || !FUND_CODE.test(code)) return <EmptyBox title={t('trade.buy.invalidCode', { code: code ?? '' })} />;
  const texts = {
    login: { title: t('trade.gate.loginSellTitle'), action: t('trade.gate.login') },
    open: { title: t('trade.gate.openTitle'), action: t('trade.gate.open') },
  };
  return (
    <PurchaseGates access={access} here={specUrl('sell', { fundcode: code })} testIdPrefix='trade-gate' texts={texts}>
      <SellForm key={code} code={code} card={access.card} />
    </PurchaseGates>
  );
}

function SellForm({ code, card }: { code: string; card: SellAccess['card'] }) {
  // The redemption table comes with the fund's fees; without it each lot's rate for today stands in.
  const data = useRemote(() => Promise.all([getFundHolding(code), getFundRates(code).catch(() => null)]), [code]);
  if (data.status === 'loading') return <SkeletonList items={4} rows={2} />;
  if (data.status === 'error') {
    // Nothing held, or a fund that cannot be redeemed: the reason, nothing to retry.
    if (resultCodeOf(data.error) === TRADE_RESULT.fundNotRedeemable) return <EmptyBox title={purchaseErrorText(data.error)} />;
    return <TradeQuoteFailure error={data.error} retry={data.retry} here={specUrl('sell', { fundcode: code })} />;
  }
  const [holding, rates] = data.data;
  const table = rates ? redemptionTable(rates.fund_rates.withdraw_rate_table) : null;
  return <SellFormReady holding={holding} table={table} card={card} />;
}

function sharesProblemText(check: SharesCheck, usable: string): string | null {
  switch (check.problem) {
    case 'invalid':
      return t('trade.sell.error.invalid');
    case 'decimals':
      return t('trade.sell.error.decimals');
    case 'tooMany':
      return t('trade.sell.error.tooMany', { shares: usable });
    default:
      return null;
  }
}

function SellFormReady({ holding, table, card }: { holding: FundHolding; table: FeeBracket[] | null; card: SellAccess['card'] }) {
  const w = useElderWording();
  const [text, setText] = useState('');
  const [keypadOpen, setKeypadOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const intent = useRequestIntent('sell');
  const password = usePurchasePassword();
  /** Proceeds may go to the cash product (卖出至现金宝), except when the fund sold is the cash fund itself. */
  const cashReceives = holding.sell_to_cash_date !== null && holding.sell_to_cash_date !== undefined;
  const [to, setTo] = useState<SellTo>('bankcard');
  const toCash = cashReceives && to === 'xjb';
  const arrival = toCash ? (holding.sell_to_cash_date ?? holding.sell_arrival_date) : holding.sell_arrival_date;

  const usable = sharesToVolume(holding.usable_volume);
  const check = checkSellVolume(text, usable);
  const estimate =
    check.volume !== null && check.volume > 0 && check.problem === null ? estimateRedemption(holding, check.volume, table) : null;
  const canSubmit = estimate !== null;
  const cardText = card ? t('trade.pay.card', { bank: t(`common.bank.${card.bankCode}`), tail: card.cardTail }) : t('trade.pay.boundCard');
  const here = specUrl('sell', { fundcode: holding.fd_code });
  const locked = holding.lots.filter((lot) => lot.locked_until !== null && lot.locked_until > holding.sell_trade_date);

  const change = (next: string) => {
    setText(next);
    setNotice(null);
  };

  const submit = async () => {
    if (!canSubmit || check.volume === null) return;
    setKeypadOpen(false);
    setNotice(null);
    const volume = volumeToShares(check.volume);
    const destination: SellTo = toCash ? 'xjb' : 'bankcard';
    const requestId = await intent.idFor(`${destination}:${volume}`, undefined);
    const payee = toCash ? t('trade.pay.xjb') : cardText;
    // Before the password: what the sale costs and when the money arrives (large in elder mode).
    const details = [
      ...(estimate ? [{ label: t('trade.fee.estimate'), value: yuanText(estimate.fee), testId: 'password-fee' }] : []),
      { label: toCash ? t('trade.sell.step.arriveXjb') : t('trade.sell.step.arrive'), value: arrival, testId: 'password-arrival' },
    ];
    const outcome = await password.run({ title: t('trade.sell.passwordTitle', { shares: volume }), payee, details }, (encryptedPassword) =>
      placeSell({ code: holding.fd_code, volume, requestId, encryptedPassword, to: destination }),
    );
    intent.settle(outcome);
    if (outcome.ok) {
      await navigateToSpecUrl(specUrl('tradeResult', { orderId: outcome.value.order_id }), { replace: true });
      return;
    }
    if (outcome.cancelled) return;
    if (await leadToFix(outcome.error, here)) return;
    const message = purchaseErrorText(outcome.error);
    setNotice(message);
    showToast(message);
  };

  const problem = sharesProblemText(check, holding.usable_volume);

  return (
    <View className='trade-page' data-testid='sell-screen'>
      <View className='trade-card'>
        <FundLine name={holding.fd_name} code={holding.fd_code} />
        <View className='trade-stats'>
          <View className='trade-stat' data-testid='sell-available'>
            <Text className='trade-stat__label'>{t('trade.sell.available')}</Text>
            <Text className='trade-stat__value'>{sharesText(formatShares(holding.usable_volume))}</Text>
          </View>
          <View className='trade-stat' data-testid='sell-locked'>
            <Text className='trade-stat__label'>{t('trade.sell.locked')}</Text>
            <Text className='trade-stat__value'>{sharesText(formatShares(holding.locked_volume))}</Text>
          </View>
          <View className='trade-stat' data-testid='sell-unconfirmed'>
            <Text className='trade-stat__label'>{t('trade.sell.unconfirmed')}</Text>
            <Text className='trade-stat__value'>{yuanText(holding.unconfirmed_amount)}</Text>
          </View>
        </View>
        {locked.length > 0 ? (
          <View className='trade-locked' data-testid='sell-locked-lots'>
            {locked.map((lot) => (
              <Text key={lot.lot_id} className='trade-muted'>
                {t('trade.sell.lockedLot', { shares: formatShares(lot.volume), date: lot.locked_until ?? '' })}
              </Text>
            ))}
          </View>
        ) : null}
      </View>

      <View className='trade-card'>
        <Text className='trade-card__title'>{t('trade.sell.shares')}</Text>
        {usable === 0 ? (
          <Text className='trade-muted' data-testid='sell-none'>
            {t('trade.sell.none')}
          </Text>
        ) : null}
        <AmountKeypad
          keypadClassName='trade-keypad'
          testId='sell-volume'
          prefix=''
          value={text}
          onChange={change}
          suffix={t('trade.sell.shareUnit')}
          placeholder={t('trade.sell.placeholder', { shares: holding.usable_volume })}
          open={keypadOpen}
          onOpen={() => usable > 0 && setKeypadOpen(true)}
          onClose={() => setKeypadOpen(false)}
          keypadTitle={t('trade.keypad.sharesTitle')}
          doneText={t('trade.keypad.done')}
        />
        <View className='trade-chips'>
          <View
            {...roleProps('button')}
            className='trade-chip'
            data-testid='sell-all'
            onClick={() => usable > 0 && change(volumeToShares(usable))}
          >
            <Text>{t('trade.sell.all')}</Text>
          </View>
          <View
            {...roleProps('button')}
            className='trade-chip'
            data-testid='sell-half'
            onClick={() => halfVolume(usable) > 0 && change(volumeToShares(halfVolume(usable)))}
          >
            <Text>{t('trade.sell.half')}</Text>
          </View>
        </View>
        {problem ? (
          <Text className='trade-problem' data-testid='sell-volume-problem'>
            {problem}
          </Text>
        ) : null}
        {estimate ? (
          <View className='trade-estimate' data-testid='sell-estimate'>
            <FigureCell
              look={FEE_FIGURE}
              figure={{ label: t('trade.fee.estimate'), text: yuanText(estimate.fee), valueTestId: 'sell-fee' }}
            />
            <FigureCell
              look={FEE_FIGURE}
              figure={{ label: t('trade.sell.proceeds'), text: yuanText(estimate.proceeds), valueTestId: 'sell-proceeds' }}
            />
            <Text className='trade-muted'>{w('trade.sell.navNote', { nav: formatNav(holding.nav), date: holding.nav_date })}</Text>
            <Text className='trade-lots__title'>{t('trade.sell.fifo')}</Text>
            {estimate.lines.map((line) => (
              <View key={String(line.lotId)} className='trade-lot' data-testid='sell-lot'>
                <Text className='trade-lot__head'>{t('trade.sell.lotHead', { date: line.confirmDate, days: line.holdingDays })}</Text>
                <Text className='trade-lot__figures'>
                  {t('trade.sell.lotFigures', {
                    shares: volumeToShares(line.volume),
                    rate: formatPercent(ppmToPercent(line.ratePpm)),
                    fee: yuanText({ fen: line.feeFen }),
                  })}
                </Text>
              </View>
            ))}
          </View>
        ) : null}
      </View>

      <View className='trade-card' data-testid='sell-card'>
        <Text className='trade-card__title'>{t('trade.sell.to')}</Text>
        <PaymentPicker
          label={t('trade.sell.to')}
          value={toCash ? 'xjb' : 'bankcard'}
          onChoose={setTo}
          options={[
            {
              method: 'bankcard',
              testId: 'sell-to-card',
              name: cardText,
              // Alone, the card is where the money goes; the arrival line below says when.
              lines: cashReceives ? [{ text: t('trade.sell.arrival', { date: holding.sell_arrival_date }) }] : [],
            },
            ...(cashReceives
              ? [
                  {
                    method: 'xjb' as const,
                    testId: 'sell-to-xjb',
                    name: t('trade.pay.xjb'),
                    lines: [{ text: t('trade.sell.xjbArrival', { date: holding.sell_to_cash_date ?? '' }), testId: 'sell-xjb-arrival' }],
                  },
                ]
              : []),
          ]}
        />
        <Text className='trade-muted' data-testid='sell-arrival'>
          {toCash ? t('trade.sell.arrivalXjb', { date: arrival }) : t('trade.sell.arrival', { date: arrival })}
        </Text>
        <Timeline
          testId='sell-timeline'
          nodes={[
            { title: t('trade.sell.step.submit'), date: holding.sell_trade_date },
            { title: w('trade.sell.step.confirm'), date: holding.sell_confirm_date },
            { title: toCash ? t('trade.sell.step.arriveXjb') : t('trade.sell.step.arrive'), date: arrival },
          ]}
        />
        <Text className='trade-muted trade-rule'>{t('trade.sell.cutoffRule')}</Text>
      </View>

      {notice ? (
        <Notice tone='danger' testId='sell-notice'>
          <Text>{notice}</Text>
        </Notice>
      ) : null}

      <Disclosure testId='trade-disclosure' lines={[t('trade.disclosure.risk'), t('trade.disclosure.past')]} />

      <ActionBar>
        <ActionButton testId='sell-submit' text={t('trade.sell.submit')} disabled={!canSubmit} onClick={() => void submit()} />
      </ActionBar>
      {password.dialog}
    </View>
  );
}
