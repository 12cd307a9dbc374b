import { t } from '@/locales/discover';
import { PAGE_CODES } from '@/platform/page-codes';
import { IndexMass } from '@/features/discover/index-mass';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell } from '../../shell/page-shell';

// /index-mass: indices by category, the funds tracking each, and a comparison of 2–3 of them.
export default function IndexMassPage() {
  usePageCode(PAGE_CODES.indexMass);
  return (
    <PageShell title={t('discover.indexMass.title')}>
      <IndexMass />
    </PageShell>
  );
}
