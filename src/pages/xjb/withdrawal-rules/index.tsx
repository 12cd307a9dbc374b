import { WithdrawalRulesScreen } from '@/features/cash/rules-screens';
import { t } from '@/locales/cash';
import { PageShell } from '../../shell/page-shell';

// /n/xjb/withdrawal-rules: 快速取现 and 普通取现, stated from src/lib/cash-rules.ts with the live dates of a
// withdrawal placed now (GET /djapi/xjb/rules).
export default function XjbWithdrawalRulesPage() {
  return (
    <PageShell title={t('cash.title.withdrawalRules')}>
      <WithdrawalRulesScreen />
    </PageShell>
  );
}
