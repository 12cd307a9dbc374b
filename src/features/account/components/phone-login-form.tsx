import { useState } from 'react';
import { View } from '@tarojs/components';
import { Button, Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { PHONE_LENGTH } from '@/lib/constants';
import { trimInput } from '@/lib/validators';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import type { TimerFunctions } from '../use-resend-timer';
import { AgreementCheck, AgreementGate } from './agreement-check';
import { SmsCodeField } from './sms-code-field';

export interface PhoneLoginFormProps {
  /** Logs in; resolves true when done. */
  onLogin(phone: string, code: string): Promise<boolean>;
  initialPhone?: string;
  sendCode?: (phone: string, voice: boolean) => Promise<boolean>;
  timers?: TimerFunctions;
}

/** docs/PRODUCT.md §5: the Login button stays disabled unless the phone has 11 characters, a code is filled and the box is ticked. */
export function canSubmitPhoneLogin(phone: string, code: string, agreed: boolean): boolean {
  return trimInput(phone).length === PHONE_LENGTH && trimInput(code) !== '' && agreed;
}

/** The full phone-and-code form (docs/PRODUCT.md §2 "Full phone-and-code popup form"); inputs are trimmed. */
export function PhoneLoginForm({ onLogin, initialPhone = '', sendCode, timers }: PhoneLoginFormProps) {
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [agreementHint, setAgreementHint] = useState(false);
  const remindAgreement = () => {
    setAgreementHint(true);
    showToast(t('account.login.agreeFirst'));
  };
  const submit = async () => {
    setBusy(true);
    try {
      await onLogin(trimInput(phone), trimInput(code));
    } finally {
      setBusy(false);
    }
  };
  return (
    <View className='account-form account-phone-form'>
      <Input
        className='account-input account-phone-form__phone'
        type='tel'
        name='telephone'
        maxLength={PHONE_LENGTH + 2}
        placeholder={t('account.login.phonePlaceholder')}
        value={phone}
        onChange={setPhone}
      />
      <SmsCodeField phone={trimInput(phone)} value={code} onChange={setCode} sendCode={sendCode} timers={timers} />
      <AgreementCheck checked={agreed} onChange={setAgreed} showHint={agreementHint} />
      <AgreementGate blocked={!agreed && !busy} onBlockedTap={remindAgreement}>
        <Button
          className='account-phone-form__login'
          type='primary'
          block
          loading={busy}
          disabled={!canSubmitPhoneLogin(phone, code, agreed) || busy}
          onClick={() => void submit()}
        >
          {t('account.login.submit')}
        </Button>
      </AgreementGate>
    </View>
  );
}
