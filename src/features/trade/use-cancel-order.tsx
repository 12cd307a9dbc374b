import { useState, type ReactElement } from 'react';
import { Text } from '@tarojs/components';
import { Dialog } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/dialog/style/css';
import { t } from '@/locales/trade';
import type { OrderDetail } from '@/lib/api-types/trading';
import { showToast } from '@/platform/feedback';
import { resultCodeOf, purchaseErrorText } from '@/components/purchase/purchase-errors';
import { usePurchasePassword } from '@/components/purchase/purchase-password';
import { cancelOrder } from './api';
import { TRADE_RESULT, leadToFix } from './trade-errors';

export interface CancelOrder {
  /** The confirm dialog and the password dialog: render once. */
  element: ReactElement;
  /** 撤单: confirm with the order's undo_tip, then the trade password, then the call. */
  start(order: Pick<OrderDetail, 'order_id' | 'undo_tip'>): void;
}

/**
 * Cancelling an order until the cut-off of its trade date (issue 12 §5). `onDone` gets the order as it now is
 * (cancelled, or as the server says when it can no longer be cancelled).
 */
export function useCancelOrder(onDone: (order: OrderDetail | null) => void): CancelOrder {
  const [asking, setAsking] = useState<Pick<OrderDetail, 'order_id' | 'undo_tip'> | null>(null);
  const password = usePurchasePassword();

  const proceed = async (order: Pick<OrderDetail, 'order_id' | 'undo_tip'>) => {
    const outcome = await password.run({ title: t('trade.cancel.passwordTitle') }, (encrypted) => cancelOrder(order.order_id, encrypted));
    if (outcome.ok) {
      showToast(t('trade.cancel.done'));
      onDone(outcome.value);
      return;
    }
    if (outcome.cancelled) return;
    if (await leadToFix(outcome.error)) return;
    showToast(purchaseErrorText(outcome.error));
    // Past the cut-off meanwhile: show the order as it is now.
    if (resultCodeOf(outcome.error) === TRADE_RESULT.notCancellable) onDone(null);
  };

  const element = (
    <>
      <Dialog
        className='trade-cancel-dialog'
        visible={asking !== null}
        title={t('trade.cancel.confirmTitle')}
        content={<Text data-testid='cancel-tip'>{asking?.undo_tip || t('trade.cancel.defaultTip')}</Text>}
        confirmText={t('trade.cancel.ok')}
        cancelText={t('trade.cancel.keep')}
        onConfirm={() => {
          const order = asking;
          setAsking(null);
          if (order) void proceed(order);
        }}
        onCancel={() => setAsking(null)}
        onClose={() => setAsking(null)}
      />
      {password.dialog}
    </>
  );
  return { element, start: setAsking };
}
