import { Text, View } from '@tarojs/components';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/i18n';
import { TRACK_EVENTS, trackEvent } from '@/platform/analytics';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PageShell } from '../../shell/page-shell';

// /transform-common-question: static questions and answers from the catalogue, and the way on to customer service.
const QUESTIONS = ['1', '2', '3', '4'] as const;

export default function CommonQuestionPage() {
  return (
    <PageShell title={t('shell.faq.title')}>
      <Text className='shell-title'>{t('shell.faq.title')}</Text>
      {QUESTIONS.map((n) => (
        <View key={n} className='shell-card'>
          <Text className='shell-text'>
            <Text style={{ fontWeight: 600 }}>{t(`shell.faq.q${n}`)}</Text>
          </Text>
          <Text className='shell-text'>{t(`shell.faq.a${n}`)}</Text>
        </View>
      ))}
      <View
        className='shell-card'
        onClick={() => {
          trackEvent(TRACK_EVENTS.customerServiceClick, { module: 'faq', extras: { from: specUrl('commonQuestions') } });
          void navigateToSpecUrl(specUrl('customerService'));
        }}
      >
        <Text className='shell-link'>{t('shell.faq.more')}</Text>
      </View>
    </PageShell>
  );
}
