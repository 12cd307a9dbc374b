import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { TradeResultScreen } from '@/features/trade/order-screens';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/trade/result/{orderId}: the order just placed, its timeline, cancel while it may be.
export default function TradeResultPage() {
  usePageCode(PAGE_CODES.tradeResult);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('trade.title.result')}>
      <TradeResultScreen orderId={params.orderId ?? ''} />
    </PageShell>
  );
}
