import { useEffect } from 'react';
import { LoginScreen } from '@/features/account/components/login-screen';
import { t } from '@/locales/account';
import { loginPageCode } from '@/features/account/login-page-code';
import { trackPage } from '@/platform/analytics';
import { pageEnvironment } from '@/platform/navigation';
import { sessionStore, SESSION_KEYS } from '@/platform/storage';
import { PageShell, usePageUrl } from '../shell/page-shell';

// /account/login?redirect={path+query}&buyUrl={url}: login wherever the page runs, then back to redirect.
export default function LoginPage() {
  const { params } = usePageUrl();
  // Inside the stock-community app the login is that app's own account (docs/PRODUCT.md §1): its code is xq_login.
  useEffect(() => {
    trackPage(loginPageCode(pageEnvironment(params.channel ?? sessionStore.get(SESSION_KEYS.channel))));
  }, [params.channel]);
  return (
    <PageShell title={t('account.login.title')}>
      <LoginScreen redirect={params.redirect} buyUrl={params.buyUrl} smsOnly={params.oauth === 'done'} />
    </PageShell>
  );
}
