import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { RequireLogin } from '@/features/account/components/require-login';
import { PlansScreen } from '@/features/aip/plans-screen';
import { t } from '@/locales/aip';
import { PageShell } from '../../shell/page-shell';

// /autoinvesment/total-list: every plan (running, paused, stopped).
export default function AutoInvestTotalListPage() {
  usePageCode(PAGE_CODES.aipList);
  return (
    <PageShell title={t('aip.title.list')}>
      <RequireLogin>
        <PlansScreen />
      </RequireLogin>
    </PageShell>
  );
}
