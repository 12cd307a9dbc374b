import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { useAccountStore } from '@/features/account/store';
import { UnavailableScreen } from '@/features/cash/unavailable-screen';
import { t } from '@/locales/cash';
import { PageShell } from '../../shell/page-shell';

// /n/xjb-unavailable-amount-detail: each amount of the cash product not yet available, with its expected date.
export default function XjbUnavailableAmountPage() {
  usePageCode(PAGE_CODES.xjbUnavailableAmount);
  const status = useAccountStore((s) => s.status);
  const openTrade = useAccountStore((s) => s.openTrade);
  return (
    <PageShell title={t('cash.title.unavailable')}>
      <UnavailableScreen access={{ status, openTrade }} />
    </PageShell>
  );
}
