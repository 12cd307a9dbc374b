import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { RequireLogin } from '@/features/account/components/require-login';
import { DetailScreen } from '@/features/aip/detail-screen';
import { t } from '@/locales/aip';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /autoinvesment/detail/{planId}?prelink=…: one plan, its runs, pause / resume / change / stop; `prelink` is where
// the back link goes (our own paths only; the total list by default).
export default function AutoInvestDetailPage() {
  usePageCode(PAGE_CODES.aipDetail);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('aip.title.detail')}>
      <RequireLogin>
        <DetailScreen planId={params.planId} prelink={params.prelink} />
      </RequireLogin>
    </PageShell>
  );
}
