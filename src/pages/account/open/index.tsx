import { useEffect } from 'react';
import { OpenAccountScreen } from '@/features/account/components/account-screens';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /ccount: open an account.
export default function OpenAccountPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.openAccount), []);
  return (
    <PageShell title={t('account.open.title')}>
      <OpenAccountScreen redirect={params.redirect} buyUrl={params.buyUrl} referer={params.referer} />
    </PageShell>
  );
}
