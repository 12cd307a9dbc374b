import { useAccountStore } from '@/features/account/store';
import { LUMP_SUM_VIEWS, LumpSumScreen } from '@/features/activity/lump-sum-screen';
import { t } from '@/locales/activity';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/activity/LSD-product/main: the lump-sum product (`?id=` one activity, else the running one; `?view=landing|
// brochure|book|promotion`). No global header: an activity page (docs/PRODUCT.md §2.2).
export default function LumpSumPage() {
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade === true);
  const view = LUMP_SUM_VIEWS.find((v) => v === params.view) ?? 'landing';
  return (
    <PageShell title={view === 'promotion' ? t('activity.title.promotion') : t('activity.title.lumpSum')}>
      <LumpSumScreen id={params.id || undefined} view={view} access={{ status, openTrade }} />
    </PageShell>
  );
}
