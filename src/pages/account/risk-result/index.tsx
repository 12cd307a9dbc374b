import { useEffect } from 'react';
import { RiskResultScreen } from '@/features/account/components/account-screens';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/risk-assessment/result?redirect=: the level, what it means and how long it holds.
export default function RiskResultPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.riskAssessmentResult), []);
  return (
    <PageShell title={t('account.risk.resultTitle')}>
      <RiskResultScreen redirect={params.redirect} />
    </PageShell>
  );
}
