import { OrderDetailScreen } from '@/features/trade/order-screens';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/orders/{orderId}: one order in full.
export default function OrderDetailPage() {
  const { params } = usePageUrl();
  return (
    <PageShell title={t('trade.title.orderDetail')}>
      <OrderDetailScreen orderId={params.orderId ?? ''} />
    </PageShell>
  );
}
