import { useEffect, useState } from 'react';
import { Button, Text, View } from '@tarojs/components';
import { LOGIN_AGREEMENTS, formatAcceptedAgreements } from '@/lib/agreements';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { miniProgramLoginCode } from '@/platform/login';
import { weappLogin, weappPhoneLogin } from '../api';
import { errorText, holdForToast } from '../login-flow';
import { reloadAccount } from '../store';
import { AgreementCheck } from './agreement-check';

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
 * Like every login form, the button needs the agreement box ticked (用户服务协议, 隐私政策; the server records them with
 * context login): until then it is not WeChat's phone button at all (no open-type, so no phone sheet) and a tap on it
 * says, as the SMS form does, that the box must be ticked first.
 */
export function WechatLoginOptions({ onLoggedIn }: WechatLoginOptionsProps) {
  const [state, setState] = useState<'checking' | 'ready' | 'unavailable'>('checking');
  const [thirdpartyToken, setThirdpartyToken] = useState<string | undefined>(undefined);
  const [agreed, setAgreed] = useState(false);
  const [agreementHint, setAgreementHint] = useState(false);
  const remindAgreement = () => {
    setAgreementHint(true);
    showToast(t('account.login.agreeFirst'));
  };

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
    if (!agreed) {
      remindAgreement();
      return;
    }
    if (!detail.code) return; // the user declined
    try {
      await weappPhoneLogin(detail.code, thirdpartyToken, formatAcceptedAgreements(LOGIN_AGREEMENTS));
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
        <>
          <AgreementCheck checked={agreed} onChange={setAgreed} showHint={agreementHint} />
          <Button
            className={`account-wechat-login__phone${agreed ? '' : ' account-wechat-login__phone--blocked'}`}
            openType={agreed ? 'getPhoneNumber' : undefined}
            onClick={agreed ? undefined : remindAgreement}
            onGetPhoneNumber={(event) => void onPhoneNumber(event.detail as PhoneNumberDetail)}
          >
            {t('account.login.wechatPhone')}
          </Button>
        </>
      )}
    </View>
  );
}
