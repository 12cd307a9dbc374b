import { useAccountStore } from '@/features/account/store';
import { AssetProofScreen } from '@/features/activity/asset-proof-screen';
import { t } from '@/locales/activity';
import { PageShell } from '../../shell/page-shell';

// /ccount/get-prove-assets: the asset proof (资产证明), a PDF of the holdings at the end of a chosen date.
export default function ProveAssetsPage() {
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade === true);
  return (
    <PageShell title={t('activity.title.assetProof')}>
      <AssetProofScreen access={{ status, openTrade }} />
    </PageShell>
  );
}
