import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { FundRanking } from '@/features/discover/fund-screen';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /rn/fund/filter: screening by type, period return, size and founding age.
export default function FundFilterPage() {
  usePageCode(PAGE_CODES.fundFilter);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('discover.filter.title')}>
      <FundRanking screens defaultPeriod='1y' query={params} />
    </PageShell>
  );
}
