import { useState } from 'react';
import { FundDetailScreen } from '@/features/fund/fund-detail-screen';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/fund';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /funding/{fundcode}: the fund's detail in every sale state. Titled with the fund's name once it has loaded (基金详情 /
// Fund details until then, and for a code that is no fund): PageShell puts it in the header, the browser tab and the
// mini program's navigation bar (Taro.setNavigationBarTitle).
export default function FundDetailPage() {
  const { params } = usePageUrl();
  const [fundName, setFundName] = useState<string | null>(null);
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  const riskLevel = useAccountStore((s) => s.riskLevel);
  const riskExpired = useAccountStore((s) => s.riskExpired);
  return (
    <PageShell title={fundName ?? t('fund.title')}>
      <FundDetailScreen
        code={params.fundcode}
        account={{ loggedIn: status === 'loggedIn', openTrade, riskLevel, riskExpired }}
        onFundName={setFundName}
      />
    </PageShell>
  );
}
