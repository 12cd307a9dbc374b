// Small pieces the cash screens share: the card in words, Shanghai time, an order in a list. (The purchase flow's
// frame — gate, notices, timeline, steps, rows, disclosure, action bar — is components/purchase/.)
import { Text, View } from '@tarojs/components';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/cash';
import type { OrderListItem } from '@/lib/api-types/trading';
import { navigateToSpecUrl } from '@/platform/navigation';
import { LoginGate, OpenAccountGate } from '@/components/purchase/purchase-gates';
import './cash.scss';

/** 现金宝's gates — login, then an account — and back to `here` after either (`loginDesc`: the login gate says why). */
export function CashGate({ kind, here, loginDesc = false }: { kind: 'login' | 'open'; here: string; loginDesc?: boolean }) {
  if (kind === 'login') {
    const text = {
      title: t('cash.gate.loginTitle'),
      description: loginDesc ? t('cash.gate.loginDesc') : undefined,
      action: t('cash.gate.login'),
    };
    return <LoginGate testId='cash-gate-login' text={text} here={here} />;
  }
  const text = { title: t('cash.gate.openTitle'), description: t('cash.gate.openDesc'), action: t('cash.gate.open') };
  return <OpenAccountGate testId='cash-gate-open' text={text} here={here} />;
}

/** '{bank}（尾号{tail}）'. */
export function cardText(card: { bank_name: string; card_tail: string } | null): string {
  return card ? t('cash.card', { bank: card.bank_name, tail: card.card_tail }) : t('cash.card.bound');
}

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** ms since the epoch → 'YYYY-MM-DD HH:mm' in Shanghai (the business day is Beijing's). */
export function shanghaiDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const iso = new Date(ms + SHANGHAI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** An order on its way (deposit, withdrawal, a purchase paid by the product): tapping opens the order. */
export function CashOrderRow({ item }: { item: OrderListItem }) {
  return (
    <View
      className='cash-order'
      data-testid='cash-order-row'
      data-order-id={item.order_id}
      onClick={() => void navigateToSpecUrl(specUrl('orderDetail', { orderId: item.order_id }))}
    >
      <View className='cash-order__main'>
        <Text className='cash-order__action'>{`${item.action_desc} ${item.name || item.title}`}</Text>
        <Text className='cash-order__time'>{shanghaiDateTime(item.created_at)}</Text>
      </View>
      <View className='cash-order__side'>
        <Text className='cash-order__value'>{item.value_desc}</Text>
        <Text className='cash-order__status'>{item.status_desc}</Text>
      </View>
    </View>
  );
}
