import { useAccountStore } from '@/features/account/store';
import { LatestDepartureScreen } from '@/features/advisory/departure-screen';
import { t } from '@/locales/advisory';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/departure/latest/{advisorPortfolioCode}: a portfolio's latest departure and following it (docs/PRODUCT.md §7.5).
export default function AdvisorLatestPage() {
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  return (
    <PageShell title={t('advisory.title.latest')}>
      <LatestDepartureScreen code={params.advisorPortfolioCode ?? ''} access={{ status }} tradingId={params.trading_id || undefined} />
    </PageShell>
  );
}
