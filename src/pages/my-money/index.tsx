import { useEffect, useState } from 'react';
import { unbindAndLogout, unbindSourceFor } from '@/features/account/account-actions';
import { MyMoneyOverview } from '@/features/account/components/my-money-overview';
import { RequireLogin } from '@/features/account/components/require-login';
import { useAccountStore } from '@/features/account/store';
import { AssetsScreen } from '@/features/trade/assets-screen';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { pageEnvironment } from '@/platform/navigation';
import { exitAccount, PageShell } from '../shell/page-shell';

// /my-money: the assets (when the account can trade), then the signed-in identity and the account entries.
export default function MyMoneyPage() {
  const [source] = useState(() => unbindSourceFor(pageEnvironment(null)));
  const openTrade = useAccountStore((s) => s.openTrade);
  useEffect(() => trackPage(PAGE_CODES.myMoney), []);
  return (
    <PageShell title={t('account.my.title')} className={openTrade ? 'trade-column' : undefined}>
      <RequireLogin>
        {openTrade ? <AssetsScreen variant='myMoney' /> : null}
        <MyMoneyOverview
          onLogout={() => void exitAccount()}
          onUnbind={source === null ? undefined : () => void unbindAndLogout(source, exitAccount)}
          unbindLabel={t('account.my.unbind')}
        />
      </RequireLogin>
    </PageShell>
  );
}
