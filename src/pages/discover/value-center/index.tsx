import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { ValuationTable } from '@/features/discover/valuation-table';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell } from '../../shell/page-shell';

// /djmodule/value-center: the index valuation table (analytics: valuation table).
export default function ValueCenterPage() {
  usePageCode(PAGE_CODES.valuationTable);
  return (
    <PageShell title={t('discover.valuation.title')}>
      <ValuationTable />
    </PageShell>
  );
}
