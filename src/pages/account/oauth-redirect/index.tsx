import { useEffect } from 'react';
import { Text, View } from '@tarojs/components';
import { useAccountStore } from '@/features/account/store';
import { t } from '@/locales/i18n';
import { safeRedirectTarget } from '@/lib/routes';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /thirdAppSupport/redirect?redirect=…: the messaging-app OAuth loading page. The OAuth round trip has set
// the session by the time we get here; refresh who is logged in, then continue to where the user was going.
export default function OauthRedirectPage() {
  const { params } = usePageUrl();
  useEffect(() => {
    const target = safeRedirectTarget(params.redirect);
    void useAccountStore
      .getState()
      .refresh()
      .finally(() => void navigateToSpecUrl(target, { replace: true }));
  }, [params]);
  return (
    <PageShell title={t('shell.oauth.loading')}>
      <View className='shell-card'>
        <Text className='shell-text'>{t('shell.oauth.loading')}</Text>
      </View>
    </PageShell>
  );
}
