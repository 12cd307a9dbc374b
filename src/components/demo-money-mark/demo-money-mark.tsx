import { View, Text } from '@tarojs/components';
import { matchSpecUrl, type RouteName } from '@/lib/routes';
import { t } from '@/locales/i18n';
import { useBrand } from '@/platform/brand';
import './demo-money-mark.scss';

/** Pages that show the investor's money, shares or orders, or move money (issue 17: the demo marks them). */
const MONEY_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'myMoney',
  'fundAssets',
  'holding',
  'incomeCalendar',
  'buy',
  'sell',
  'tradeResult',
  'orders',
  'orderDetail',
  'xjb',
  'xjbUnavailableAmount',
  'autoInvestCreate',
  'autoInvestDetail',
  'autoInvestTotalList',
  'certification',
  'tradePassword',
]);

export function showsMoney(url: string): boolean {
  const match = matchSpecUrl(url);
  return match !== null && MONEY_ROUTES.has(match.route.name);
}

/**
 * "演示环境 · 资金为模拟" at the top of every page with money on it, when the operator's brand says this install is a
 * demonstration (GET /djapi/platform/brand `demo`: on by default, off in production — docs/DEPLOY.md "Brand").
 */
export function DemoMoneyMark({ url }: { url: string }) {
  const brand = useBrand();
  if (!brand.demo || !showsMoney(url)) return null;
  return (
    <View className='demo-money-mark' role='note' aria-label={t('shell.demoMoney.label')} data-testid='demo-money-mark'>
      <Text className='demo-money-mark__text'>{t('shell.demoMoney.text')}</Text>
    </View>
  );
}
