import { useEffect } from 'react';
import { LoginScreen } from '@/features/account/components/login-screen';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../shell/page-shell';

// /account/login?redirect={path+query}&buyUrl={url}: login wherever the page runs, then back to redirect.
export default function LoginPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.loginOption), []);
  return (
    <PageShell title={t('account.login.title')}>
      <LoginScreen redirect={params.redirect} buyUrl={params.buyUrl} smsOnly={params.oauth === 'done'} />
    </PageShell>
  );
}
