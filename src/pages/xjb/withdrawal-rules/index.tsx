import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { PageShell } from '../../shell/page-shell';

// /n/xjb/withdrawal-rules: static cash-management rules (the figures follow docs/PRODUCT.md §10.7–§10.8).
const RULES = ['r1', 'r2', 'r3'] as const;

export default function XjbWithdrawalRulesPage() {
  return (
    <PageShell title={t('shell.xjb.withdrawalRules.title')}>
      <View className='shell-card'>
        <Text className='shell-title'>{t('shell.xjb.withdrawalRules.title')}</Text>
        {RULES.map((rule, i) => (
          <Text key={rule} className='shell-text'>
            {`${i + 1}. ${t(`shell.xjb.withdrawalRules.${rule}`)}`}
          </Text>
        ))}
      </View>
    </PageShell>
  );
}
