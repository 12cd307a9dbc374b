import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { useAccountStore } from '@/features/account/store';
import { CashScreen, type CashView } from '@/features/cash/cash-screen';
import { t } from '@/locales/cash';
import { PageShell, usePageUrl } from '../../shell/page-shell';

const VIEWS: readonly CashView[] = ['deposit', 'withdraw'];

// /xjb: the cash-management product (login and account gates, then the balance, income, yield, deposit and
// withdrawal); `?action=deposit|withdraw` opens that form at once.
export default function XjbPage() {
  usePageCode(PAGE_CODES.xjb);
  const { params } = usePageUrl();
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  const action = VIEWS.find((view) => view === params.action);
  return (
    <PageShell title={t('cash.title.home')}>
      <CashScreen access={{ status, openTrade }} initialView={action} />
    </PageShell>
  );
}
