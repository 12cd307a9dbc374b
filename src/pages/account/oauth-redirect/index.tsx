import { useEffect } from 'react';
import { Text, View } from '@tarojs/components';
import { completeWechatOauth } from '@/features/account/account-actions';
import { holdForToast } from '@/features/account/login-flow';
import { exchangeWechatOauthCode } from '@/features/account/api';
import { reloadAccount } from '@/features/account/store';
import { t } from '@/locales/account';
import { safeRedirectTarget, specUrl } from '@/lib/routes';
import { showToast } from '@/platform/feedback';
import { activityReturn } from '@/platform/activity-return';
import { navigateToSpecUrl } from '@/platform/navigation';
import { PAGE_CODES } from '@/platform/page-codes';
import { usePageCode } from '@/platform/use-page-code';
import { PageShell, usePageUrl } from '../../shell/page-shell';

// /thirdAppSupport/redirect?redirect=…&code=…&state=…: the messaging-app OAuth loading page. Posts WeChat's
// code; a bound WeChat user is logged in and continues to redirect, a new one logs in by SMS (which binds).
// The product's "mini middle page" (docs/PRODUCT.md §2.6 `mini_middle`, §12): the page in between WeChat and ours.
export default function OauthRedirectPage() {
  const { params } = usePageUrl();
  usePageCode(PAGE_CODES.miniMiddle);
  useEffect(() => {
    const target = safeRedirectTarget(params.redirect);
    void (async () => {
      const outcome = await completeWechatOauth(params.code, params.state, exchangeWechatOauthCode);
      if (outcome === 'loggedIn') {
        showToast(t('account.toast.loginSuccess'), { type: 'success' });
        await Promise.all([reloadAccount(), holdForToast()]);
        await navigateToSpecUrl(activityReturn(target), { relaunch: true });
        return;
      }
      if (outcome === 'failed') showToast(t('account.login.wechatFailed'));
      await navigateToSpecUrl(specUrl('login', {}, { redirect: target, buyUrl: params.buyUrl, oauth: 'done' }), { replace: true });
    })();
  }, [params]);
  return (
    <PageShell title={t('shell.oauth.loading')}>
      <View className='shell-card'>
        <Text className='shell-text'>{t('shell.oauth.loading')}</Text>
      </View>
    </PageShell>
  );
}
