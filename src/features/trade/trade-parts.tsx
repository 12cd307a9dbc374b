// Small pieces the trading screens share: shares and risk levels in words, the fund line. (The purchase flow's
// frame — timeline, steps, rows, disclosure, action bar — is components/purchase/purchase-parts.tsx.)
import { Text, View } from '@tarojs/components';
import { t } from '@/locales/trade';
import './trade.scss';

/** '197.89份' / '197.89 shares'. */
export function sharesText(shares: string): string {
  return t('trade.unit.shares', { shares });
}

export function riskLevelText(level: number): string {
  return t('trade.risk.level', { level, name: t(`trade.risk.${level}`) });
}

export function FundLine({ name, code, tags = [] }: { name: string; code: string; tags?: readonly string[] }) {
  return (
    <View className='trade-fund' data-testid='trade-fund'>
      <Text className='trade-fund__name'>{name}</Text>
      <View className='trade-fund__meta'>
        <Text className='trade-fund__code'>{code}</Text>
        {tags.map((tag) => (
          <Text key={tag} className='trade-tag'>
            {tag}
          </Text>
        ))}
      </View>
    </View>
  );
}
