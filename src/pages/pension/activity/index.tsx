import { useAccountStore } from '@/features/account/store';
import { PensionScreen } from '@/features/pension/pension-screen';
import { t } from '@/locales/pension';
import { PageShell } from '../../shell/page-shell';

// /n/activity/pension: the personal pension zone (issue 24). No global header, as every /n/activity/* page.
export default function PensionActivityPage() {
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  return (
    <PageShell title={t('pension.title')}>
      <PensionScreen access={{ status, openTrade }} />
    </PageShell>
  );
}
