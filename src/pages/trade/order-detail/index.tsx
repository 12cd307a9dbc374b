import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { OrderDetailScreen } from '@/features/trade/order-screens';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/orders/{orderId}: one order in full.
export default function OrderDetailPage() {
  usePageCode(PAGE_CODES.orderDetail);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('trade.title.orderDetail')}>
      <OrderDetailScreen orderId={params.orderId ?? ''} />
    </PageShell>
  );
}
