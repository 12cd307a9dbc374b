import { useEffect } from 'react';
import { LoginScreen } from '@/features/account/components/login-screen';
import { t } from '@/locales/account';
import { PAGE_CODES, trackPage } from '@/platform/analytics';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /n/mobile-login: the phone-and-code form on the page itself (no sheet), back to redirect after login.
export default function MobileLoginPage() {
  const { params } = usePageUrl();
  useEffect(() => trackPage(PAGE_CODES.loginForm), []);
  return (
    <PageShell title={t('account.login.mobileTitle')}>
      <LoginScreen redirect={params.redirect} buyUrl={params.buyUrl} oneTap={false} smsOnly />
    </PageShell>
  );
}
