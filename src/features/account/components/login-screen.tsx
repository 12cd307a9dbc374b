import { useEffect, useState } from 'react';
import { Image, Text, View } from '@tarojs/components';
import { brandMark, brandName } from '@/lib/brand';
import { safeRedirectTarget } from '@/lib/routes';
import { t } from '@/locales/account';
import { getLocale } from '@/locales/i18n';
import { useBrand } from '@/platform/brand';
import { showToast } from '@/platform/feedback';
import { leaveForEnvironmentLogin, loginMethod, nativeLogin } from '@/platform/login';
import { activityReturn } from '@/platform/activity-return';
import { navigateToSpecUrl } from '@/platform/navigation';
import { reloadAccount, useAccountStore } from '../store';
import { LoginPanel } from './login-panel';
import { WechatLoginOptions } from './wechat-login';
import '../account.scss';

export interface LoginScreenProps {
  redirect?: string;
  buyUrl?: string;
  /** /account/login offers the phone that last logged in here first; /n/mobile-login (false) is the form only. */
  oneTap?: boolean;
  /** Skip the hand-over to WeChat OAuth (set when OAuth already ran and found no bound account). */
  smsOnly?: boolean;
}

/**
 * The login page body, wherever it runs (docs/PRODUCT.md §4): WeChat browser → OAuth; mini program web-view → the mini
 * program's page; native app → the app's login through the bridge (SMS if that fails); otherwise the SMS
 * screens. After login the visitor returns to `redirect` (only our own paths; anything else goes home).
 */
export function LoginScreen({ redirect, buyUrl, oneTap = true, smsOnly = false }: LoginScreenProps) {
  const target = safeRedirectTarget(redirect);
  const [phase, setPhase] = useState<'starting' | 'sms'>(() => (smsOnly || loginMethod() === 'sms' ? 'sms' : 'starting'));

  // A new identity: start a fresh page stack at the target (pages below still show the anonymous state).
  // Started from an activity (backToActivityPage): back to it.
  const done = () => void navigateToSpecUrl(activityReturn(target), { relaunch: true });

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
      <LoginBrand />
      <WechatLoginOptions onLoggedIn={done} />
      <LoginPanel oneTap={oneTap} formTitle={oneTap ? t('account.login.title') : t('account.login.mobileTitle')} onLoggedIn={done} />
    </View>
  );
}

/** Whose login this is: the operator's logo (or its mark) and name from the brand config, and what the account gives. */
function LoginBrand() {
  const brand = useBrand();
  const locale = getLocale();
  return (
    <View className='account-login__brand'>
      {brand.logo ? (
        <Image className='account-login__logo' src={brand.logo} mode='aspectFit' aria-hidden />
      ) : (
        <Text className='account-login__logo account-login__logo--mark' aria-hidden>
          {brandMark(brand, locale)}
        </Text>
      )}
      <View className='account-login__name' role='heading' aria-level={1}>
        <Text>{brandName(brand, locale)}</Text>
      </View>
      <Text className='account-login__tagline'>{t('account.login.tagline')}</Text>
    </View>
  );
}
