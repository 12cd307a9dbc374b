import { AgreementListScreen } from '@/features/legal/agreement-screens';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/legal';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell } from '../../shell/page-shell';

// /n/agreements: every agreement with its version, and (logged in) what the investor accepted and when.
export default function AgreementsPage() {
  usePageCode(PAGE_CODES.agreementIndex);
  const loggedIn = useAccountStore((s) => s.status === 'loggedIn');
  return (
    <PageShell title={t('legal.list.title')}>
      <AgreementListScreen loggedIn={loggedIn} />
    </PageShell>
  );
}
