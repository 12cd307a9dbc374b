import { useAccountStore } from '@/features/account/store';
import { COMPETITION_TABS, CompetitionScreen } from '@/features/activity/competition-screen';
import { t } from '@/locales/activity';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/activity/competition/{id}: the simulated-portfolio contest (`?tab=index|position|rank`, `?view=ranking` for the
// full ranking). No global header (docs/PRODUCT.md §2.2).
export default function CompetitionPage() {
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  const tab = COMPETITION_TABS.find((x) => x === params.tab) ?? 'index';
  return (
    <PageShell title={t('activity.title.competition')}>
      <CompetitionScreen id={params.id ?? ''} tab={tab} fullRanking={params.view === 'ranking'} access={{ status }} />
    </PageShell>
  );
}
