import { Text, View } from '@tarojs/components';
import { appStoreUrl } from '@/components/header/header-rules';
import { brandName } from '@/lib/brand';
import { getLocale, t } from '@/locales/i18n';
import { useBrand } from '@/platform/brand';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell } from '../../shell/page-shell';

// /download: the app download page, also the Android button's target.
export default function DownloadPage() {
  const brand = useBrand();
  const title = t('shell.download.pageTitle', { name: brandName(brand, getLocale()) });
  return (
    <PageShell title={title}>
      <View className='shell-card'>
        <Text className='shell-title'>{title}</Text>
        <Text className='shell-text'>{t('shell.download.pageIntro')}</Text>
        <View className='shell-button' onClick={() => void navigateToSpecUrl(appStoreUrl(brand.name))}>
          <Text>{t('shell.download.appStore')}</Text>
        </View>
        <Text className='shell-text'>{t('shell.download.androidApk')}</Text>
      </View>
    </PageShell>
  );
}
