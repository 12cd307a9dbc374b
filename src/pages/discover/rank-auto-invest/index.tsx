import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { AutoInvestRanking } from '@/features/discover/auto-invest-ranking';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell } from '../../shell/page-shell';

// /rank-xq/auto-invest: funds ranked by a simulated monthly plan's return.
export default function RankAutoInvestPage() {
  usePageCode(PAGE_CODES.rankAutoInvest);
  return (
    <PageShell title={t('discover.rank.autoInvest.title')}>
      <AutoInvestRanking />
    </PageShell>
  );
}
