import { useEffect } from 'react';
import { IncomeForm } from '@/features/account/components/income-form';
import { RequireLogin } from '@/features/account/components/require-login';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell } from '../../shell/page-shell';

// /n/personal-income-info: the annual income declaration.
export default function PersonalIncomeInfoPage() {
  useEffect(() => trackPage(PAGE_CODES.annualIncome), []);
  return (
    <PageShell title={t('account.income.title')}>
      <RequireLogin>
        <IncomeForm />
      </RequireLogin>
    </PageShell>
  );
}
