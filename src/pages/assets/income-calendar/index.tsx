import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { useState } from 'react';
import { RequireLogin } from '@/features/account/components/require-login';
import { IncomeCalendarScreen } from '@/features/trade/income-calendar-screen';
import { shanghaiMonth } from '@/features/trade/trade-time';
import { t } from '@/locales/trade';
import { demoClock } from '@/platform/boot-data';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/income-calendar: each day's and month's income; it opens on this business month (the demo clock's, if moved).
export default function IncomeCalendarPage() {
  usePageCode(PAGE_CODES.incomeCalendar);
  const [month] = useState(() => demoClock()?.now.slice(0, 7) ?? shanghaiMonth());
  // ?fd_code=: one holding's daily income (from the holding page).
  const { params } = usePageUrl();
  const fundCode = params.fd_code && /^\d{6}$/.test(params.fd_code) ? params.fd_code : undefined;
  return (
    <PageShell title={t('trade.title.incomeCalendar')}>
      <RequireLogin>
        <IncomeCalendarScreen currentMonth={month} fundCode={fundCode} />
      </RequireLogin>
    </PageShell>
  );
}
