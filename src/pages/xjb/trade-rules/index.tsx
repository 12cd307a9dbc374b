import { TradeRulesScreen } from '@/features/cash/rules-screens';
import { t } from '@/locales/cash';
import { PageShell } from '../../shell/page-shell';

// /n/xjb/trade-rules: the cash product's trade rules, stated from src/lib/cash-rules.ts with the live dates of a
// deposit placed now (GET /djapi/xjb/rules).
export default function XjbTradeRulesPage() {
  return (
    <PageShell title={t('cash.title.tradeRules')}>
      <TradeRulesScreen />
    </PageShell>
  );
}
