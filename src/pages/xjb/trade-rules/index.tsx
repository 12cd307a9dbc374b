import { Text, View } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { PageShell } from '../../shell/page-shell';

// /n/xjb/trade-rules: static cash-management rules (the figures follow docs/PRODUCT.md §10.7–§10.8).
const RULES = ['r1', 'r2', 'r3', 'r4'] as const;

export default function XjbTradeRulesPage() {
  return (
    <PageShell title={t('shell.xjb.tradeRules.title')}>
      <View className='shell-card'>
        <Text className='shell-title'>{t('shell.xjb.tradeRules.title')}</Text>
        {RULES.map((rule, i) => (
          <Text key={rule} className='shell-text'>
            {`${i + 1}. ${t(`shell.xjb.tradeRules.${rule}`)}`}
          </Text>
        ))}
      </View>
    </PageShell>
  );
}
