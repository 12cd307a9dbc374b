import { AgreementListScreen } from '@/features/legal/agreement-screens';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/legal';
import { PageShell } from '../../shell/page-shell';

// /n/agreements: every agreement with its version, and (logged in) what the investor accepted and when.
export default function AgreementsPage() {
  const loggedIn = useAccountStore((s) => s.status === 'loggedIn');
  return (
    <PageShell title={t('legal.list.title')}>
      <AgreementListScreen loggedIn={loggedIn} />
    </PageShell>
  );
}
