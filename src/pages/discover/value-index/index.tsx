import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { IndexValuation } from '@/features/discover/index-valuation';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /djmodule/value-center/{indexCode}: one index's valuation, PE/PB history and K-line with indicators.
export default function ValueIndexPage() {
  usePageCode(PAGE_CODES.indexValuation);
  const { params } = usePageUrl();
  const indexCode = (params.indexCode ?? '').toUpperCase();
  return (
    <PageShell title={t('discover.valuation.title')}>
      <IndexValuation indexCode={indexCode} />
    </PageShell>
  );
}
