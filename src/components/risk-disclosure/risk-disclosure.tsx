import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import './risk-disclosure.scss';

export interface RiskDisclosureProps {
  /** Also say that past performance does not predict the future (pages showing returns). Default true. */
  past?: boolean;
  testId?: string;
}

/** The seller's risk disclosure: 基金有风险，投资需谨慎 (and 过往业绩不代表未来表现 where returns are shown). */
export function RiskDisclosure({ past = true, testId = 'risk-disclosure' }: RiskDisclosureProps) {
  return (
    <View className='risk-disclosure' data-testid={testId}>
      <Text className='risk-disclosure__line'>{t('components.disclosure.risk')}</Text>
      {past ? <Text className='risk-disclosure__line'>{t('components.disclosure.past')}</Text> : null}
    </View>
  );
}
