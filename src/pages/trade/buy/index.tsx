import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { usePurchaseAccess, useRiskGate } from '@/features/account/use-risk-gate';
import { BuyScreen } from '@/features/trade/buy-screen';
import { t } from '@/locales/trade';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/trade/buy/{fundcode}: login, account and risk assessment gates, then the purchase (the assessment is the
// account feature's order modal, handed to the trade feature from here).
export default function BuyPage() {
  usePageCode(PAGE_CODES.tradeEntry);
  const { params } = usePageUrl();
  const access = usePurchaseAccess();
  const riskGate = useRiskGate();
  return (
    <PageShell title={t('trade.title.buy')}>
      <BuyScreen code={params.fundcode} access={access} ensureAssessed={riskGate.ensureAssessed} />
      {riskGate.modal}
    </PageShell>
  );
}
