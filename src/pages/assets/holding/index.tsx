import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { RequireLogin } from '@/features/account/components/require-login';
import { HoldingScreen } from '@/features/trade/holding-screen';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/holding/{fundcode}: one holding with its lots and dividend option.
export default function HoldingPage() {
  usePageCode(PAGE_CODES.holding);
  const { params } = usePageUrl();
  return (
    <PageShell title={t('trade.title.holding')}>
      <RequireLogin>
        <HoldingScreen code={params.fundcode} />
      </RequireLogin>
    </PageShell>
  );
}
