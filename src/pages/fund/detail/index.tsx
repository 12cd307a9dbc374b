import { FundDetailScreen } from '@/features/fund/fund-detail-screen';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/fund';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /funding/{fundcode}: the fund's detail in every sale state.
export default function FundDetailPage() {
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  const riskLevel = useAccountStore((s) => s.riskLevel);
  const riskExpired = useAccountStore((s) => s.riskExpired);
  return (
    <PageShell title={t('fund.title')}>
      <FundDetailScreen code={params.fundcode} account={{ loggedIn: status === 'loggedIn', openTrade, riskLevel, riskExpired }} />
    </PageShell>
  );
}
