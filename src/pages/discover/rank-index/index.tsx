import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { FundRanking } from '@/features/discover/fund-screen';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /rank-xq/index: index funds ranked by period return.
export default function RankIndexPage() {
  usePageCode(PAGE_CODES.rankIndex);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('discover.rank.index.title')}>
      <FundRanking fixedType={5} query={params} />
    </PageShell>
  );
}
