import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { FundRanking } from '@/features/discover/fund-screen';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /rank-xq/qdii: QDII funds ranked by period return.
export default function RankQdiiPage() {
  usePageCode(PAGE_CODES.rankQdii);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('discover.rank.qdii.title')}>
      <FundRanking fixedType={11} query={params} />
    </PageShell>
  );
}
