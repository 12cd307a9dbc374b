import { Text, View } from '@tarojs/components';
import { specUrl } from '@/lib/routes';
import type { OrderListItem, OrderStatus, PlanOrderStatus } from '@/lib/api-types/trading';
import { navigateToSpecUrl } from '@/platform/navigation';
import { shanghaiDateTime } from './trade-time';
import './trade.scss';

// An order in a list (the order list, my money's orders in progress): its own module, so my money — a tab page in
// the mini program's main package — does not carry the order pages' scroller and dialogs.

export function statusTone(status: OrderStatus | PlanOrderStatus): string {
  if (status === 'confirmed' || status === 'success' || status === 'sub_success') return 'done';
  if (status === 'failed' || status === 'cancelled') return 'stopped';
  return 'pending';
}

/** One order in a list: what, how much, its state and when; tapping opens it (an advisory plan order: its portfolio). */
export function OrderRow({ item }: { item: OrderListItem }) {
  const target =
    item.ttype === 'ic' && item.plan_code
      ? specUrl('advisorPortfolio', { advisorCode: item.plan_code })
      : specUrl('orderDetail', { orderId: item.order_id });
  return (
    <View
      className='trade-order'
      data-testid='order-row'
      data-order-id={item.order_id}
      data-ttype={item.ttype}
      onClick={() => void navigateToSpecUrl(target)}
    >
      <View className='trade-order__main'>
        <View className='trade-order__head'>
          <Text className={`trade-order__action trade-order__action--${item.action}`}>{item.action_desc}</Text>
          <Text className='trade-order__name'>{item.name || item.title}</Text>
        </View>
        <Text className='trade-order__time'>{shanghaiDateTime(item.created_at)}</Text>
      </View>
      <View className='trade-order__side'>
        <Text className='trade-order__value'>{item.value_desc}</Text>
        <Text className={`trade-order__status trade-order__status--${statusTone(item.status)}`}>{item.status_desc}</Text>
      </View>
    </View>
  );
}
