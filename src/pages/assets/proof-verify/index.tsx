import { AssetProofVerifyScreen } from '@/features/activity/asset-proof-screen';
import { t } from '@/locales/activity';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/asset-proof/verify/{serial}?code=: the public check of an asset proof (ours; the URL printed on the PDF).
export default function ProofVerifyPage() {
  const { params } = usePageUrl();
  return (
    <PageShell title={t('activity.title.verify')}>
      <AssetProofVerifyScreen serial={params.serial ?? ''} code={params.code || undefined} />
    </PageShell>
  );
}
