import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { maskPhone } from '../login-flow';
import { AgreementCheck, AgreementGate } from './agreement-check';

export interface OneTapLoginProps {
  /** The known phone (full); shown masked. */
  phone: string;
  /** Sends a code to the known phone (the code-verification modal does it). */
  onLogin(): void;
  onOtherAccount(): void;
  /** Forgets the known phone on this device (someone else's, or the owner's after logging out). */
  onForget(): void;
}

/**
 * docs/PRODUCT.md §4 one-tap login step 1, laid out on the login page: the known masked phone, the agreement checkbox,
 * and a button named for what it does — it sends a code to that phone — disabled until the box is ticked (a tap on it
 * says so). The phone can be forgotten here: after a logout it is still offered.
 */
export function OneTapLogin({ phone, onLogin, onOtherAccount, onForget }: OneTapLoginProps) {
  const [agreed, setAgreed] = useState(false);
  const [agreementHint, setAgreementHint] = useState(false);
  const remindAgreement = () => {
    setAgreementHint(true);
    showToast(t('account.login.agreeFirst'));
  };
  return (
    <View className='account-form account-one-tap'>
      <View className='account-login__heading' role='heading' aria-level={2}>
        <Text>{t('account.login.oneTapTitle')}</Text>
      </View>
      <Text className='account-one-tap__phone'>{maskPhone(phone)}</Text>
      <AgreementCheck checked={agreed} onChange={setAgreed} showHint={agreementHint} />
      <AgreementGate blocked={!agreed} onBlockedTap={remindAgreement}>
        <Button className='account-one-tap__login' type='primary' block disabled={!agreed} onClick={onLogin}>
          {t('account.login.sendCodeTo', { phone: maskPhone(phone) })}
        </Button>
      </AgreementGate>
      <Text className='account-link account-other-account' onClick={onOtherAccount}>
        {t('account.login.otherAccount')}
      </Text>
      <Text className='account-link account-forget-phone' onClick={onForget}>
        {t('account.login.forgetPhone')}
      </Text>
    </View>
  );
}
