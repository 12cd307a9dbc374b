import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { RequireLogin } from '@/features/account/components/require-login';
import { AssetsScreen } from '@/features/trade/assets-screen';
import { t } from '@/locales/trade';
import { PageShell } from '../../shell/page-shell';

// /n/fund-assets: the fund holdings in full, the allocation, the orders on their way.
export default function FundAssetsPage() {
  usePageCode(PAGE_CODES.fundAssets);
  return (
    <PageShell title={t('trade.title.fundAssets')}>
      <RequireLogin>
        <AssetsScreen variant='fundAssets' />
      </RequireLogin>
    </PageShell>
  );
}
