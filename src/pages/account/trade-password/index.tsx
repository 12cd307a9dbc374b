import { useEffect } from 'react';
import { TradePasswordScreen } from '@/features/account/components/account-screens';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /ccount/trade-password?redirect={url}&buyUrl={url}: set the trade password.
export default function TradePasswordPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.fundSecurity), []);
  return (
    <PageShell title={t('account.tp.title')}>
      <TradePasswordScreen redirect={params.redirect} buyUrl={params.buyUrl} referer={params.referer} />
    </PageShell>
  );
}
