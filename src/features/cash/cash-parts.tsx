// Small pieces the cash screens share: amounts with their unit, the gate, notices, a label/value row, the date
// timeline, an order's steps, an order in a list, the fixed action bar. (Their trading twins live in
// features/trade/trade-parts.tsx; features never import each other.)
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/cash';
import type { OrderListItem, OrderStep } from '@/lib/api-types/trading';
import { navigateToSpecUrl } from '@/platform/navigation';
import './cash.scss';

/** '{bank}（尾号{tail}）'. */
export function cardText(card: { bank_name: string; card_tail: string } | null): string {
  return card ? t('cash.card', { bank: card.bank_name, tail: card.card_tail }) : t('cash.card.bound');
}

/** A label and its value on one row. */
export function InfoRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <View className='cash-row' data-testid={testId}>
      <Text className='cash-row__label'>{label}</Text>
      <View className='cash-row__value'>{typeof value === 'string' ? <Text>{value}</Text> : value}</View>
    </View>
  );
}

export interface TimelineNode {
  title: string;
  date: string;
}

/** What happens when, left to right (deposit: traded → confirmed → earns; withdrawal: placed → arrives). */
export function Timeline({ nodes, testId }: { nodes: readonly TimelineNode[]; testId: string }) {
  return (
    <View className='cash-timeline' data-testid={testId}>
      {nodes.map((node, index) => (
        <View key={node.title} className='cash-timeline__node'>
          <View className='cash-timeline__track'>
            <View className={`cash-timeline__line${index === 0 ? ' cash-timeline__line--hidden' : ''}`} />
            <View className='cash-timeline__dot' />
            <View className={`cash-timeline__line${index === nodes.length - 1 ? ' cash-timeline__line--hidden' : ''}`} />
          </View>
          <Text className='cash-timeline__title'>{node.title}</Text>
          <Text className='cash-timeline__date'>{node.date}</Text>
        </View>
      ))}
    </View>
  );
}

/** An order's steps as the server tells them, top to bottom, the done ones lit. */
export function OrderSteps({ steps }: { steps: readonly OrderStep[] }) {
  return (
    <View className='cash-steps' data-testid='cash-order-steps'>
      {steps.map((step, index) => (
        <View key={`${step.title}-${index}`} className={`cash-steps__step${step.done ? ' cash-steps__step--done' : ''}`}>
          <View className='cash-steps__rail'>
            <View className='cash-steps__dot' />
            {index < steps.length - 1 ? <View className='cash-steps__line' /> : null}
          </View>
          <View className='cash-steps__body'>
            <Text className='cash-steps__title'>{step.title}</Text>
            <Text className='cash-steps__time'>{step.time}</Text>
          </View>
        </View>
      ))}
    </View>
  );
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

/** The page's main actions, fixed at the bottom of the screen. */
export function ActionBar({ children }: { children: ReactNode }) {
  return <View className='cash-bar'>{children}</View>;
}

export function ActionButton(props: { text: string; disabled?: boolean; onClick: () => void; testId: string; fill?: 'outline' }) {
  return (
    <Button
      className='cash-bar__button'
      type='primary'
      fill={props.fill}
      size='large'
      block
      disabled={props.disabled}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.text}
    </Button>
  );
}

/** 基金有风险，投资需谨慎 — the money-market fund's own line: it is a fund, not a deposit. */
export function Disclosure() {
  return (
    <View className='cash-disclosure' data-testid='cash-disclosure'>
      <Text className='cash-disclosure__line'>{t('cash.disclosure.fund')}</Text>
      <Text className='cash-disclosure__line'>{t('cash.disclosure.past')}</Text>
    </View>
  );
}
