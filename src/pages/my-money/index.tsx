import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { LanguageSwitch } from '@/components/language-switch/language-switch';
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
      {/* The mini program has no web header with its menu: its language switch sits on this "my" tab (H5: the menu). */}
      {process.env.TARO_ENV === 'weapp' ? (
        <View className='my-money__language' style={{ margin: '12px 0', padding: '0 16px', background: '#fff' }}>
          <LanguageSwitch />
        </View>
      ) : null}
    </PageShell>
  );
}
