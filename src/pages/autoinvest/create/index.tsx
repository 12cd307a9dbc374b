import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { usePurchaseAccess, useRiskGate } from '@/features/account/use-risk-gate';
import { CreateScreen } from '@/features/aip/create-screen';
import type { AipCycle } from '@/lib/api-types/auto-invest';
import { t } from '@/locales/aip';
import { PageShell, usePageUrl } from '../../shell/page-shell';

const CYCLES: readonly string[] = ['daily', 'weekly', 'biweekly', 'monthly'];

// /n/aip/create/{fundcode}: the purchase's gates (login, account, risk assessment), then the plan; `?cycle=&day=`
// preset the schedule. A plan is a trade entry for analytics (the buy page's code).
export default function AutoInvestCreatePage() {
  usePageCode(PAGE_CODES.tradeEntry);
  const { params } = usePageUrl();
  const access = usePurchaseAccess();
  const riskGate = useRiskGate();
  const cycle = params.cycle && CYCLES.includes(params.cycle) ? (params.cycle as AipCycle) : undefined;
  const day = params.day && /^\d{1,2}$/.test(params.day) ? Number(params.day) : undefined;
  return (
    <PageShell title={t('aip.title.create')}>
      <CreateScreen code={params.fundcode} access={access} ensureAssessed={riskGate.ensureAssessed} initial={{ cycle, day }} />
      {riskGate.modal}
    </PageShell>
  );
}
