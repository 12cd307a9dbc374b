import { useEffect } from 'react';
import { RiskAssessmentScreen } from '@/features/account/components/account-screens';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/risk-assessment?redirect=: the start page, then the questionnaire.
export default function RiskAssessmentPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.riskAssessmentStart), []);
  return (
    <PageShell title={t('account.risk.title')}>
      <RiskAssessmentScreen redirect={params.redirect} />
    </PageShell>
  );
}
