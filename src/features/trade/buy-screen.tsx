import { useEffect, useRef, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { EmptyBox } from '@/components/empty-box/empty-box';
import { SkeletonList } from '@/components/skeleton-list/skeleton-list';
import { useRemote } from '@/components/use-remote/use-remote';
import { formatAmount, formatPercent, yuanText } from '@/lib/format';
import { fenToYuan } from '@/lib/money';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/trade';
import type { BuyQuote, PayMethod } from '@/lib/api-types/trading';
import { showToast } from '@/platform/feedback';
import { navigateToSpecUrl } from '@/platform/navigation';
import { ActionBar, ActionButton, Disclosure, Notice, SuitabilityNotices, Timeline } from '@/components/purchase/purchase-parts';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { PurchaseGates, QuoteFailure, type PurchaseAccess, type PurchaseGateTexts } from '@/components/purchase/purchase-gates';
import { PaymentPicker, cashOption, type PaymentOption } from '@/components/purchase/payment-picker';
import { usePurchaseOrder } from '@/components/purchase/use-purchase-order';
import { useElderWording } from '@/platform/elder-mode';
import { roleProps } from '@/components/a11y/role-props';
import { getBuyQuote, placeBuy } from './api';
import { CouponOffer } from './coupon-offer';
import { checkBuyAmount, previewPurchaseFee, quickAmounts, startingRate, type AmountProblem } from './trade-figures';
import { leadToFix } from './trade-errors';
import { FundLine, riskLevelText } from './trade-parts';
import './trade.scss';

/** Who is buying, as the account store knows it (the page passes it in). */
export type BuyAccess = PurchaseAccess & { assessed: boolean };

export interface BuyScreenProps {
  code: string | undefined;
  access: BuyAccess;
  /** The risk assessment's order modal (the account feature's gate, composed by the page); true once assessed. */
  ensureAssessed: () => Promise<boolean>;
}

const FUND_CODE = /^\d{6}$/;

/**
 * `/n/trade/buy/{fundcode}`: gates first, in order — logged in, account opened, a valid risk assessment —, then
 * the purchase form on the server's quote.
 */
export function BuyScreen({ code, access, ensureAssessed }: BuyScreenProps) {
  if (!code || !FUND_CODE.test(code)) return <EmptyBox title={t('trade.buy.invalidCode', { code: code ?? '' })} />;
  return (
    <PurchaseGates
      access={access}
      here={specUrl('buy', { fundcode: code })}
      testIdPrefix='trade-gate'
      texts={buyGates()}
      ensureAssessed={ensureAssessed}
    >
      <BuyForm key={code} code={code} />
    </PurchaseGates>
  );
}

/** The buy page's gates in trading's words. */
export function buyGates(): PurchaseGateTexts {
  return {
    login: { title: t('trade.gate.loginTitle'), action: t('trade.gate.login') },
    open: { title: t('trade.gate.openTitle'), description: t('trade.gate.openDesc'), action: t('trade.gate.open') },
    assess: { title: t('trade.gate.assessTitle'), description: t('trade.gate.assessDesc'), action: t('trade.gate.assess') },
  };
}

/** The quote (or the holding) failed: the gate it names, else the server's reason with a retry. */
export function TradeQuoteFailure({ error, retry, here }: { error: unknown; retry: () => void; here: string }) {
  return <QuoteFailure error={error} retry={retry} here={here} testIdPrefix='trade-gate' texts={buyGates()} leadToFix={leadToFix} />;
}

function BuyForm({ code }: { code: string }) {
  const quote = useRemote(() => getBuyQuote(code), [code]);
  if (quote.status === 'loading') return <SkeletonList items={4} rows={2} />;
  if (quote.status === 'error')
    return <TradeQuoteFailure error={quote.error} retry={quote.retry} here={specUrl('buy', { fundcode: code })} />;
  return <BuyFormReady quote={quote.data} />;
}

/** The bound card (or that none is), and 现金宝 when it may pay: the amount check says when it is short. */
function payOptions(quote: BuyQuote, cashPays: boolean): PaymentOption<PayMethod>[] {
  const card = quote.card;
  const options: PaymentOption<PayMethod>[] = [
    card
      ? {
          method: 'bankcard',
          testId: 'buy-pay-card',
          name: t('trade.pay.card', { bank: card.bank_name, tail: card.card_tail }),
          lines: [
            { text: t('trade.pay.limits', { perPayment: formatAmount(card.per_payment_limit), daily: formatAmount(card.daily_limit) }) },
            { text: t('trade.pay.left', { left: formatAmount(card.daily_left) }) },
          ],
        }
      : { method: 'bankcard', testId: 'buy-pay-card', lines: [{ text: t('trade.pay.none') }] },
  ];
  if (cashPays && quote.cash) {
    options.push(
      cashOption<PayMethod>({
        method: 'xjb',
        testId: 'buy-pay-xjb',
        availableTestId: 'buy-xjb-available',
        available: quote.cash.available,
        amountFen: null,
        mustCover: false,
        texts: {
          name: t('trade.pay.xjb'),
          available: t('trade.pay.xjbAvailable', { available: formatAmount(quote.cash.available) }),
          note: t('trade.pay.xjbNote'),
        },
      }),
    );
  }
  return options;
}

export function problemText(problem: AmountProblem): string {
  switch (problem.kind) {
    case 'invalid':
      return t('trade.buy.error.invalid');
    case 'decimals':
      return t('trade.buy.error.decimals');
    case 'min':
      return t('trade.buy.error.min', { min: formatAmount(problem.min) });
    case 'fundDaily':
      return t('trade.buy.error.fundDaily', { limit: formatAmount(problem.limit), left: formatAmount(problem.left) });
    case 'cardPayment':
      return t('trade.buy.error.cardPayment', { bank: problem.bank, limit: formatAmount(problem.limit) });
    case 'cardDaily':
      return t('trade.buy.error.cardDaily', { bank: problem.bank, limit: formatAmount(problem.limit), left: formatAmount(problem.left) });
    case 'cashAvailable':
      return t('trade.buy.error.cashAvailable', { available: formatAmount(problem.available) });
  }
}

function BuyFormReady({ quote }: { quote: BuyQuote }) {
  const w = useElderWording();
  const [text, setText] = useState('');
  const [keypadOpen, setKeypadOpen] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  // The keypad sits over the bottom of the page: while it is up, the quick-amount chips are scrolled above it (their
  // scroll margin is the keypad's height, trade.scss) — it covered them at 390 px (issue 28). H5 elements only.
  const chipsRef = useRef<{ scrollIntoView?: (options: { block: 'nearest' }) => void } | null>(null);
  useEffect(() => {
    if (keypadOpen) chipsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [keypadOpen]);
  /** The cash product may pay (it exists for the investor and is not the fund bought). */
  const cashPays = quote.cash != null && quote.cash.fd_code !== quote.fd_code;
  const [payMethod, setPayMethod] = useState<PayMethod>('bankcard');
  /** A registration coupon offered for this amount (coupon-offer.tsx), or none. */
  const [couponId, setCouponId] = useState<string | null>(null);
  const here = specUrl('buy', { fundcode: quote.fd_code });
  const flow = usePurchaseOrder<{ order_id: string }>({
    kind: 'buy',
    warnFirst: quote.suitability === 'warn',
    riskWarning: quote.risk_warning ?? t('trade.buy.riskDialog.fallback'),
    riskTexts: {
      title: t('trade.buy.riskDialog.title'),
      confirm: t('trade.buy.riskDialog.confirm'),
      cancel: t('trade.buy.riskDialog.cancel'),
    },
    onPlaced: (answer) => navigateToSpecUrl(specUrl('tradeResult', { orderId: answer.order_id }), { replace: true }),
    leadToFix: (error) => leadToFix(error, here),
    onRefused: (message) => {
      setNotice(message);
      showToast(message);
    },
  });
  const busy = flow.busy;

  const subscribe = quote.mode === 'subscribe';
  const check = checkBuyAmount(text, quote, payMethod);
  const preview = check.fen !== null && check.fen > 0 ? previewPurchaseFee(check.fen, quote) : null;
  const refused = quote.refusal !== null || quote.suitability === 'refuse' || (payMethod === 'bankcard' && quote.card === null);
  const canSubmit = check.fen !== null && check.problem === null && !refused && !busy;

  const change = (next: string) => {
    setText(next);
    setNotice(null);
  };

  const choosePayment = (next: PayMethod) => {
    setPayMethod(next);
    setNotice(null);
  };

  const submit = () => {
    if (!canSubmit || check.fen === null) return;
    setKeypadOpen(false);
    setNotice(null);
    const amount = fenToYuan(check.fen);
    const paidWith = payMethod;
    const coupon = couponId;
    flow.submit({
      // One request id per intent: the same amount paid the same way keeps it, anything else is a new intent.
      key: `${amount}|${paidWith}|${coupon ?? ''}`,
      prompt: {
        payee: quote.fd_name,
        amount,
        // Before the password: what it costs and when the shares are there (large in elder mode).
        details: [
          ...(preview ? [{ label: t('trade.fee.estimate'), value: yuanText(preview.fee), testId: 'password-fee' }] : []),
          { label: w('trade.buy.step.confirm'), value: quote.confirm_date, testId: 'password-arrival' },
        ],
      },
      send: (requestId, encryptedPassword, riskConfirmed) =>
        placeBuy({ code: quote.fd_code, amount, requestId, encryptedPassword, riskConfirmed, payMethod: paidWith, couponId: coupon }),
    });
  };

  const tags = [riskLevelText(quote.risk_level)];
  if (subscribe) tags.push(t('trade.buy.subscribeTag'));
  const rate = startingRate(quote);

  return (
    <View className={`trade-page${keypadOpen ? ' trade-page--keypad' : ''}`} data-testid='buy-screen'>
      <View className='trade-card'>
        <FundLine name={quote.fd_name} code={quote.fd_code} tags={tags} />
      </View>

      <SuitabilityNotices
        quote={quote}
        testIdPrefix='buy'
        refuseText={t('trade.buy.suitability.refuse', { fund: quote.risk_level, investor: quote.investor_level ?? '' })}
        warnText={t('trade.buy.suitability.warn', { fund: quote.risk_level, investor: quote.investor_level ?? '' })}
      />

      <View className='trade-card'>
        <Text className='trade-card__title'>{subscribe ? t('trade.buy.subscribeAmount') : t('trade.buy.amount')}</Text>
        <AmountKeypad
          keypadClassName='trade-keypad'
          testId='buy-amount'
          value={text}
          onChange={change}
          prefix='¥'
          placeholder={t('trade.buy.placeholder', { min: formatAmount(quote.min_amount) })}
          open={keypadOpen}
          onOpen={() => setKeypadOpen(true)}
          onClose={() => setKeypadOpen(false)}
          keypadTitle={t('trade.keypad.amountTitle')}
          doneText={t('trade.keypad.done')}
        />
        <View className='trade-chips' ref={chipsRef} data-testid='buy-chips'>
          {quickAmounts(quote).map((yuan) => (
            <View
              {...roleProps('button')}
              key={yuan}
              className={`trade-chip${text === yuan ? ' trade-chip--on' : ''}`}
              data-testid={`buy-chip-${yuan}`}
              onClick={() => change(yuan)}
            >
              <Text>{t('trade.unit.yuan', { amount: formatAmount(yuan, { unit: false, decimals: 0 }) })}</Text>
            </View>
          ))}
        </View>
        {check.problem ? (
          <Text className='trade-problem' data-testid='buy-amount-problem'>
            {problemText(check.problem)}
          </Text>
        ) : null}
        <View className='trade-fee' data-testid='buy-fee'>
          {preview ? (
            <>
              <Text className='trade-fee__label'>{t('trade.fee.estimate')}</Text>
              <Text className='trade-fee__value' data-testid='buy-fee-value'>
                {yuanText(preview.fee)}
              </Text>
              {preview.standardFee ? (
                <Text className='trade-struck' data-testid='buy-fee-standard'>
                  {yuanText(preview.standardFee)}
                </Text>
              ) : null}
              {preview.fixed ? (
                <Text className='trade-fee__rate' data-testid='buy-fee-fixed'>
                  {t('trade.fee.fixed', { fee: formatAmount(preview.fixed) })}
                </Text>
              ) : (
                <Text className='trade-fee__rate' data-testid='buy-fee-rate'>
                  {t('trade.fee.rate', { rate: formatPercent(preview.rate ?? '0') })}
                  {preview.standardRate ? <Text className='trade-struck'>{formatPercent(preview.standardRate)}</Text> : null}
                </Text>
              )}
            </>
          ) : rate ? (
            <>
              <Text className='trade-fee__label'>{w('trade.fee.buyRate')}</Text>
              <Text className='trade-fee__value' data-testid='buy-fee-rate'>
                {formatPercent(rate.rate)}
              </Text>
              {rate.standardRate ? <Text className='trade-struck'>{formatPercent(rate.standardRate)}</Text> : null}
            </>
          ) : (
            <Text className='trade-fee__label'>{t('trade.fee.none')}</Text>
          )}
        </View>
        <CouponOffer
          fundCode={quote.fd_code}
          amount={check.fen !== null && check.problem === null && check.fen > 0 ? fenToYuan(check.fen) : null}
          chosen={couponId}
          onChoose={setCouponId}
        />
        <View className='trade-limits'>
          <Text className='trade-muted'>{t('trade.buy.minimum', { min: formatAmount(quote.min_amount) })}</Text>
          {quote.daily_limit !== null ? (
            <Text className='trade-muted' data-testid='buy-fund-limit'>
              {t('trade.buy.fundDailyLimit', { limit: formatAmount(quote.daily_limit), left: formatAmount(quote.daily_limit_left ?? '0') })}
            </Text>
          ) : null}
        </View>
      </View>

      <View className='trade-card' data-testid='buy-card'>
        <Text className='trade-card__title'>{t('trade.pay.title')}</Text>
        <PaymentPicker label={t('trade.pay.title')} options={payOptions(quote, cashPays)} value={payMethod} onChoose={choosePayment} />
      </View>

      <View className='trade-card'>
        <Text className='trade-card__title'>{t('trade.buy.timelineTitle')}</Text>
        <Timeline
          testId='buy-timeline'
          nodes={[
            { title: subscribe ? t('trade.buy.step.subscribe') : w('trade.buy.step.priced'), date: quote.trade_date },
            { title: w('trade.buy.step.confirm'), date: quote.confirm_date },
            { title: t('trade.buy.step.income'), date: quote.query_date },
          ]}
        />
        <Text className='trade-muted trade-rule'>
          {subscribe ? t('trade.buy.subscribeRule', { date: quote.confirm_date }) : w('trade.buy.cutoffRule', { date: quote.trade_date })}
        </Text>
      </View>

      {notice ? (
        <Notice tone='danger' testId='buy-notice'>
          <Text>{notice}</Text>
        </Notice>
      ) : null}

      <Disclosure testId='trade-disclosure' lines={[t('trade.disclosure.risk'), t('trade.disclosure.past')]} />

      <ActionBar>
        <ActionButton
          testId='buy-submit'
          text={quote.refusal ? t('trade.buy.unavailable') : subscribe ? t('trade.buy.submitSubscribe') : t('trade.buy.submit')}
          disabled={!canSubmit}
          loading={busy}
          onClick={submit}
        />
      </ActionBar>

      {flow.element}
    </View>
  );
}
