import { FindAccountForm } from '@/features/account/components/find-account-form';
import { t } from '@/locales/i18n';
import { PageShell } from '../../shell/page-shell';

// /n/find-fund-account: look up the fund companies that hold an account for an ID number and name.
export default function FindFundAccountPage() {
  return (
    <PageShell title={t('account.find.title')}>
      <FindAccountForm />
    </PageShell>
  );
}
