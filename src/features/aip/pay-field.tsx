import { Text, View } from '@tarojs/components';
import { formatAmount } from '@/lib/format';
import { t } from '@/locales/aip';
import type { AipPayMethod, PayOptions } from './api';
import './aip.scss';

export interface PayFieldProps {
  card: PayOptions['card'];
  cash: PayOptions['cash'];
  /** The payment shown as chosen. */
  method: AipPayMethod;
  /** 现金宝 cannot cover one run (`cashCovers`): shown with its balance as unavailable, not selectable. */
  cashShort: boolean;
  onChoose: (method: AipPayMethod) => void;
}

/**
 * A plan's payment, on the create page and when a plan is changed: the bound card with its limits, and 现金宝 with
 * its available balance — unavailable (aria-disabled, not selectable) while that balance cannot cover one run.
 */
export function PayField({ card, cash, method, cashShort, onChoose }: PayFieldProps) {
  return (
    <View className='aip-card' data-testid='aip-pay'>
      <Text className='aip-card__title'>{t('aip.pay.title')}</Text>
      <View role='radiogroup' aria-label={t('aip.pay.title')}>
        <View
          className={`aip-option${method === 'bankcard' ? ' aip-option--on' : ''}`}
          role='radio'
          aria-checked={method === 'bankcard'}
          data-testid='aip-pay-card'
          onClick={() => onChoose('bankcard')}
        >
          <View className='aip-option__radio' />
          <View className='aip-option__body'>
            <Text className='aip-option__name'>
              {card ? t('aip.pay.card', { bank: card.bank_name, tail: card.card_tail }) : t('aip.pay.cardPlain')}
            </Text>
            {card ? (
              <Text className='aip-muted'>
                {t('aip.pay.limits', { perPayment: formatAmount(card.per_payment_limit), daily: formatAmount(card.daily_limit) })}
              </Text>
            ) : null}
            <Text className='aip-muted'>{t('aip.pay.cardNote')}</Text>
          </View>
        </View>
        {cash ? (
          <View
            className={`aip-option${method === 'xjb' ? ' aip-option--on' : ''}${cashShort ? ' aip-option--off' : ''}`}
            role='radio'
            aria-checked={method === 'xjb'}
            aria-disabled={cashShort}
            data-testid='aip-pay-xjb'
            onClick={() => {
              if (!cashShort) onChoose('xjb');
            }}
          >
            <View className='aip-option__radio' />
            <View className='aip-option__body'>
              <Text className='aip-option__name'>{t('aip.pay.xjb')}</Text>
              <Text className={cashShort ? 'aip-problem' : 'aip-muted'} data-testid='aip-xjb-available'>
                {cashShort
                  ? t('aip.pay.xjbShort', { available: formatAmount(cash.available) })
                  : t('aip.pay.xjbAvailable', { available: formatAmount(cash.available) })}
              </Text>
              <Text className='aip-muted'>{t('aip.pay.xjbNote')}</Text>
            </View>
          </View>
        ) : null}
      </View>
    </View>
  );
}
