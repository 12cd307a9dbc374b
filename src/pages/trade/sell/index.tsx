import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { useAccountStore } from '@/features/account/store';
import { SellScreen } from '@/features/trade/sell-screen';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/trade/sell/{fundcode}: sell shares of a holding; the proceeds go to the bound card.
export default function SellPage() {
  usePageCode(PAGE_CODES.tradeSell);
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  const card = useAccountStore((s) => s.bankCard);
  return (
    <PageShell title={t('trade.title.sell')}>
      <SellScreen code={params.fundcode} access={{ status, openTrade, card }} />
    </PageShell>
  );
}
