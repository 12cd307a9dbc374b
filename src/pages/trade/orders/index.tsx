import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { RequireLogin } from '@/features/account/components/require-login';
import { OrderListScreen } from '@/features/trade/order-screens';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/orders: every order, page by page.
export default function OrdersPage() {
  usePageCode(PAGE_CODES.orders);
  // ?fd_code=: one fund's orders (from the holding page).
  const { params } = usePageUrl();
  const fundCode = params.fd_code && /^\d{6}$/.test(params.fd_code) ? params.fd_code : undefined;
  return (
    <PageShell title={t('trade.title.orders')}>
      <RequireLogin>
        <OrderListScreen fundCode={fundCode} />
      </RequireLogin>
    </PageShell>
  );
}
