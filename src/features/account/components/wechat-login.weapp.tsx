import { useEffect, useState } from 'react';
import { Button, Text, View } from '@tarojs/components';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { miniProgramLoginCode } from '@/platform/login';
import { weappLogin, weappPhoneLogin } from '../api';
import { errorText, holdForToast } from '../login-flow';
import { reloadAccount } from '../store';

export interface WechatLoginOptionsProps {
  onLoggedIn(): void;
}

interface PhoneNumberDetail {
  code?: string;
  errMsg?: string;
}

/**
 * Mini program login (docs/PRODUCT.md §4): wx.login → code2session on our server logs a bound user in at once;
 * otherwise WeChat's phone-number button (`open-type="getPhoneNumber"`) logs that phone in and binds it.
 * The SMS form below stays available either way.
 */
export function WechatLoginOptions({ onLoggedIn }: WechatLoginOptionsProps) {
  const [state, setState] = useState<'checking' | 'ready' | 'unavailable'>('checking');
  const [thirdpartyToken, setThirdpartyToken] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void (async () => {
      const code = await miniProgramLoginCode();
      if (!code) {
        if (live) setState('unavailable');
        return;
      }
      try {
        const result = await weappLogin(code);
        if (!live) return;
        if (result.logged_in) {
          showToast(t('account.toast.loginSuccess'), { type: 'success' });
          await Promise.all([reloadAccount(), holdForToast()]);
          onLoggedIn();
          return;
        }
        setThirdpartyToken(result.thirdparty_token);
        setState('ready');
      } catch {
        if (live) setState('unavailable');
      }
    })();
    return () => {
      live = false;
    };
    // once per page
  }, []);

  const onPhoneNumber = async (detail: PhoneNumberDetail) => {
    if (!detail.code) return; // the user declined
    try {
      await weappPhoneLogin(detail.code, thirdpartyToken);
      showToast(t('account.toast.loginSuccess'), { type: 'success' });
      await Promise.all([reloadAccount(), holdForToast()]);
      onLoggedIn();
    } catch (error) {
      showToast(errorText(error));
    }
  };

  if (state === 'unavailable') return null;
  return (
    <View className='account-wechat-login'>
      {state === 'checking' ? (
        <Text className='account-muted'>{t('account.login.wechatLoading')}</Text>
      ) : (
        <Button
          className='account-wechat-login__phone'
          openType='getPhoneNumber'
          onGetPhoneNumber={(event) => void onPhoneNumber(event.detail as PhoneNumberDetail)}
        >
          {t('account.login.wechatPhone')}
        </Button>
      )}
    </View>
  );
}
