import { Text, View } from '@tarojs/components';
import { PaymentPicker, cashOption, type PaymentOption } from '@/components/purchase/payment-picker';
import { formatAmount } from '@/lib/format';
import { t } from '@/locales/aip';
import type { AipPayMethod, PayOptions } from './api';
import './aip.scss';

export interface PayFieldProps {
  card: PayOptions['card'];
  cash: PayOptions['cash'];
  /** The payment shown as chosen. */
  method: AipPayMethod;
  /** One run's amount as typed (fen), or null: 现金宝 is unavailable while it cannot cover it (0.00 never does). */
  runFen: number | null;
  onChoose: (method: AipPayMethod) => void;
}

/**
 * A plan's payment, on the create page and when a plan is changed (the purchase kit's PaymentPicker): the bound card
 * with its limits, and 现金宝 with its available balance — unavailable (aria-disabled, not selectable) while that
 * balance cannot cover one run.
 */
export function PayField({ card, cash, method, runFen, onChoose }: PayFieldProps) {
  const options: PaymentOption<AipPayMethod>[] = [
    {
      method: 'bankcard',
      testId: 'aip-pay-card',
      name: card ? t('aip.pay.card', { bank: card.bank_name, tail: card.card_tail }) : t('aip.pay.cardPlain'),
      lines: [
        ...(card
          ? [{ text: t('aip.pay.limits', { perPayment: formatAmount(card.per_payment_limit), daily: formatAmount(card.daily_limit) }) }]
          : []),
        { text: t('aip.pay.cardNote') },
      ],
    },
  ];
  if (cash) {
    options.push(
      cashOption<AipPayMethod>({
        method: 'xjb',
        testId: 'aip-pay-xjb',
        availableTestId: 'aip-xjb-available',
        available: cash.available,
        amountFen: runFen,
        texts: {
          name: t('aip.pay.xjb'),
          available: t('aip.pay.xjbAvailable', { available: formatAmount(cash.available) }),
          short: t('aip.pay.xjbShort', { available: formatAmount(cash.available) }),
          note: t('aip.pay.xjbNote'),
        },
      }),
    );
  }
  return (
    <View className='aip-card' data-testid='aip-pay'>
      <Text className='aip-card__title'>{t('aip.pay.title')}</Text>
      <PaymentPicker label={t('aip.pay.title')} options={options} value={method} onChoose={onChoose} />
    </View>
  );
}
