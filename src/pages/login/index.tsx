import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { PageShell, usePageUrl } from '../shell/page-shell';

// /account/login?redirect=…&buyUrl=…: the route exists now; the accounts issue builds the SMS login form.
export default function LoginPage() {
  const { params } = usePageUrl();
  return (
    <PageShell title={t('shell.login.title')}>
      <View className='shell-card'>
        <Text className='shell-title'>{t('shell.login.title')}</Text>
        <Text className='shell-text'>{t('shell.login.placeholder')}</Text>
        {params.redirect ? <Text className='shell-text'>{t('shell.login.redirectNote', { url: params.redirect })}</Text> : null}
      </View>
    </PageShell>
  );
}
