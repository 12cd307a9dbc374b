import { useAccountStore } from '@/features/account/store';
import { AdvisorScreen } from '@/features/advisory/advisor-screen';
import { t } from '@/locales/advisory';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /ic/{advisorCode}: an advisor and its portfolios, or (a portfolio's code) one portfolio (docs/PRODUCT.md §7.5).
export default function AdvisorPortfolioPage() {
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  return (
    <PageShell title={t('advisory.title.advisor')}>
      <AdvisorScreen code={params.advisorCode ?? ''} access={{ status }} upgrade={params.upgrade === '1'} />
    </PageShell>
  );
}
