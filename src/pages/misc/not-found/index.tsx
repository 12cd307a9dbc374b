import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { splitUrl, specUrl } from '@/lib/routes';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell, isHomeButtonHidden, usePageUrl } from '../../shell/page-shell';

// Unknown URLs and routes not built yet. H5 keeps the address; weapp passes it as ?path=.
export default function NotFoundPage() {
  const { url, params } = usePageUrl();
  const shownPath = params.path ?? splitUrl(url).path;
  return (
    <PageShell fullWidth title={t('shell.notFound.title')}>
      <View className='shell-card' data-testid='not-found'>
        <Text className='shell-title'>{t('shell.notFound.message')}</Text>
        <Text className='shell-text'>{t('shell.notFound.path', { path: shownPath })}</Text>
        {isHomeButtonHidden(params) ? null : (
          <View className='shell-button' onClick={() => void navigateToSpecUrl(specUrl('root'), { relaunch: true })}>
            <Text>{t('shell.notFound.backHome')}</Text>
          </View>
        )}
      </View>
    </PageShell>
  );
}
