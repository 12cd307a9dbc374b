import { FindAccountForm } from '@/features/account/components/find-account-form';
import { RequireLogin } from '@/features/account/components/require-login';
import { t } from '@/locales/account';
import { PageShell } from '../../shell/page-shell';

// /n/find-fund-account: look up the fund companies that hold an account for an ID number and name. The lookup
// is the user's own (the server answers logged-in users only), so an anonymous visitor is asked to log in first
// rather than filling the form to be told so.
export default function FindFundAccountPage() {
  return (
    <PageShell title={t('account.find.title')}>
      <RequireLogin>
        <FindAccountForm />
      </RequireLogin>
    </PageShell>
  );
}
