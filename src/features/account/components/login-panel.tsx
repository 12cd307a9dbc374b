import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { forgetPhone, loginWithCode, maskPhone, prepareSecureChannel, rememberedPhone, sendCode as defaultSendCode } from '../login-flow';
import type { TimerFunctions } from '../use-resend-timer';
import { CodeVerifyModal } from './code-verify-modal';
import { OneTapLogin } from './one-tap-login';
import { PhoneLoginForm } from './phone-login-form';

type Stage = 'oneTap' | 'code' | 'form';

export interface LoginPanelProps {
  /** Called after a successful login (the account store is fresh by then). */
  onLoggedIn(): void;
  /** Offer the phone that last logged in here first (the login page); false: the phone-and-code form only. */
  oneTap?: boolean;
  /** The form's heading (default 登录). */
  formTitle?: string;
  /** Injectable for tests. */
  knownPhone?: string | null;
  login?: (phone: string, code: string) => Promise<boolean>;
  sendCode?: (phone: string, voice: boolean) => Promise<boolean>;
  timers?: TimerFunctions;
}

/**
 * The login screens of docs/PRODUCT.md §2/§4, laid out on the page (no sheet over an empty page): one-tap login with
 * the known phone → the code-verification modal over it → "Log in to another account" → the phone-and-code form in
 * its place. Without a known phone, the form straight away.
 */
export function LoginPanel(props: LoginPanelProps) {
  const { onLoggedIn, oneTap = true, formTitle, sendCode = defaultSendCode, timers } = props;
  const realSending = props.sendCode === undefined;
  useEffect(() => {
    if (realSending) void prepareSecureChannel();
  }, [realSending]);
  const login = props.login ?? ((phone: string, code: string) => loginWithCode(phone, code));
  const [knownPhone, setKnownPhone] = useState(() => (props.knownPhone !== undefined ? props.knownPhone : rememberedPhone()));
  const [stage, setStage] = useState<Stage>(oneTap && knownPhone ? 'oneTap' : 'form');
  // "Forget this number": gone from this device; the full form takes over.
  const forgetKnownPhone = () => {
    if (!knownPhone) return;
    forgetPhone();
    showToast(t('account.login.phoneForgotten', { phone: maskPhone(knownPhone) }));
    setKnownPhone(null);
    setStage('form');
  };

  const attempt = async (phone: string, code: string): Promise<boolean> => {
    const ok = await login(phone, code);
    if (ok) onLoggedIn();
    return ok;
  };

  const showForm = stage === 'form' || !knownPhone;
  return (
    <View className='account-card account-login__card'>
      {showForm ? (
        <>
          <View className='account-login__heading' role='heading' aria-level={2}>
            <Text>{formTitle ?? t('account.login.title')}</Text>
          </View>
          <PhoneLoginForm onLogin={attempt} sendCode={sendCode} timers={timers} />
        </>
      ) : (
        <OneTapLogin
          phone={knownPhone}
          onLogin={() => setStage('code')}
          onOtherAccount={() => setStage('form')}
          onForget={forgetKnownPhone}
        />
      )}
      {/* Kept mounted while a phone is known, so it closes as a popup does; NutUI also reports onClose when visible
          turns false: only a close while it is open goes back to the one-tap step. */}
      {knownPhone ? (
        <CodeVerifyModal
          visible={stage === 'code'}
          phone={knownPhone}
          onVerify={(code) => attempt(knownPhone, code)}
          onOtherAccount={() => setStage('form')}
          onClose={() => setStage((current) => (current === 'code' ? 'oneTap' : current))}
          sendCode={sendCode}
          timers={timers}
        />
      ) : null}
    </View>
  );
}
