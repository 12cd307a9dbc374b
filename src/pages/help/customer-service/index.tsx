import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { specUrl } from '@/lib/routes';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /service/customservice?snb_account_type=2|4&params={entryPage}: the entry to the external chat.
// The chat vendor's URL is a deployment setting (TARO_APP_CHAT_URL); it receives the same query.
function chatUrl(query: Record<string, string>): string | null {
  const base = typeof CUSTOMER_SERVICE_CHAT_URL === 'string' ? CUSTOMER_SERVICE_CHAT_URL : '';
  if (!base) return null;
  const search = Object.entries(query)
    .filter(([key]) => key === 'snb_account_type' || key === 'params')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

export default function CustomerServicePage() {
  const { params } = usePageUrl();
  const chat = chatUrl(params);
  return (
    <PageShell title={t('shell.service.pageTitle')}>
      <View className='shell-card'>
        <Text className='shell-title'>{t('shell.service.pageTitle')}</Text>
        <Text className='shell-text'>{t('shell.service.intro')}</Text>
        {chat ? (
          <View className='shell-button' onClick={() => void navigateToSpecUrl(chat)}>
            <Text>{t('shell.service.chat')}</Text>
          </View>
        ) : (
          <Text className='shell-text'>{t('shell.service.chatUnavailable')}</Text>
        )}
        <View onClick={() => void navigateToSpecUrl(specUrl('commonQuestions'))}>
          <Text className='shell-link'>{t('shell.service.faq')}</Text>
        </View>
      </View>
    </PageShell>
  );
}
