import { useEffect } from 'react';
import { Text, View } from '@tarojs/components';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/i18n';
import { specUrl } from '@/lib/routes';
import { clearIdentityCookies } from '@/platform/cookies';
import { navigateToSpecUrl } from '@/platform/navigation';
import { sessionStore } from '@/platform/storage';
import { resetStores } from '@/platform/store-registry';
import { PageShell } from '../../shell/page-shell';

// /account/remove_cookies/dont/do/it — the logout landing: forget every identity cookie, the session storage of
// this visit and every store's user data (resetStores), then start again at home.
export default function RemoveCookiesPage() {
  useEffect(() => {
    clearIdentityCookies();
    sessionStore.clear();
    resetStores();
    useAccountStore.setState({ status: 'anonymous' });
    void navigateToSpecUrl(specUrl('home'), { relaunch: true });
  }, []);
  return (
    <PageShell title={t('shell.logout.message')}>
      <View className='shell-card'>
        <Text className='shell-text'>{t('shell.logout.message')}</Text>
      </View>
    </PageShell>
  );
}
