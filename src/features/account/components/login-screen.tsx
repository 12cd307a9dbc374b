import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { safeRedirectTarget } from '@/lib/routes';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { leaveForEnvironmentLogin, loginMethod, nativeLogin } from '@/platform/login';
import { navigateToSpecUrl } from '@/platform/navigation';
import { reloadAccount, useAccountStore } from '../store';
import { LoginPanel } from './login-panel';
import { WechatLoginOptions } from './wechat-login';
import '../account.scss';

export interface LoginScreenProps {
  redirect?: string;
  buyUrl?: string;
  /** 'popups' on /account/login, 'inline' on /n/mobile-login. */
  layout?: 'popups' | 'inline';
  /** Skip the hand-over to WeChat OAuth (set when OAuth already ran and found no bound account). */
  smsOnly?: boolean;
}

/**
 * The login page body, wherever it runs (docs/PRODUCT.md §4): WeChat browser → OAuth; mini program web-view → the mini
 * program's page; native app → the app's login through the bridge (SMS if that fails); otherwise the SMS
 * screens. After login the visitor returns to `redirect` (only our own paths; anything else goes home).
 */
export function LoginScreen({ redirect, buyUrl, layout = 'popups', smsOnly = false }: LoginScreenProps) {
  const target = safeRedirectTarget(redirect);
  const [phase, setPhase] = useState<'starting' | 'sms'>(() => (smsOnly || loginMethod() === 'sms' ? 'sms' : 'starting'));

  // A new identity: start a fresh page stack at the target (pages below still show the anonymous state).
  const done = () => void navigateToSpecUrl(target, { relaunch: true });

  useEffect(() => {
    if (phase !== 'starting') return;
    let live = true;
    if (loginMethod() === 'native') {
      void nativeLogin().then(async (ok) => {
        if (!live) return;
        if (ok) {
          await reloadAccount();
          if (useAccountStore.getState().status === 'loggedIn') {
            done();
            return;
          }
        }
        showToast(t('account.login.nativeFailed'));
        setPhase('sms');
      });
    } else if (leaveForEnvironmentLogin({ redirect: target, buyUrl }) === 'stay') {
      setPhase('sms');
    }
    return () => {
      live = false;
    };
    // once per page
  }, []);

  if (phase === 'starting') {
    return (
      <View className='account-card' role='status'>
        <Text className='account-muted'>{t('account.login.redirecting')}</Text>
      </View>
    );
  }
  return (
    <View className='account-login'>
      <View className='account-login__brand'>
        <Text className='account-login__title'>{layout === 'inline' ? t('account.login.mobileTitle') : t('account.login.title')}</Text>
      </View>
      <WechatLoginOptions onLoggedIn={done} />
      <LoginPanel layout={layout} onLoggedIn={done} />
    </View>
  );
}
