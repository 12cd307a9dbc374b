import { Text, View } from '@tarojs/components';
import { APP_STORE_URL } from '@/components/header/header-rules';
import { t } from '@/locales/i18n';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell } from '../../shell/page-shell';

// /download: the app download page, also the Android button's target.
export default function DownloadPage() {
  return (
    <PageShell title={t('shell.download.pageTitle')}>
      <View className='shell-card'>
        <Text className='shell-title'>{t('shell.download.pageTitle')}</Text>
        <Text className='shell-text'>{t('shell.download.pageIntro')}</Text>
        <View className='shell-button' onClick={() => void navigateToSpecUrl(APP_STORE_URL)}>
          <Text>{t('shell.download.appStore')}</Text>
        </View>
        <Text className='shell-text'>{t('shell.download.androidApk')}</Text>
      </View>
    </PageShell>
  );
}
