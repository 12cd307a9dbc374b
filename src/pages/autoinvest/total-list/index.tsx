import { RequireLogin } from '@/features/account/components/require-login';
import { PlansScreen } from '@/features/aip/plans-screen';
import { t } from '@/locales/aip';
import { PageShell } from '../../shell/page-shell';

// /autoinvesment/total-list: every plan (running, paused, stopped).
export default function AutoInvestTotalListPage() {
  return (
    <PageShell title={t('aip.title.list')}>
      <RequireLogin>
        <PlansScreen />
      </RequireLogin>
    </PageShell>
  );
}
