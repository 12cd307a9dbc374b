import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { RequireLogin } from '@/features/account/components/require-login';
import { OrderListScreen } from '@/features/trade/order-screens';
import { t } from '@/locales/trade';
import { PageShell } from '../../shell/page-shell';

// /n/orders: every order, page by page.
export default function OrdersPage() {
  usePageCode(PAGE_CODES.orders);
  return (
    <PageShell title={t('trade.title.orders')}>
      <RequireLogin>
        <OrderListScreen />
      </RequireLogin>
    </PageShell>
  );
}
