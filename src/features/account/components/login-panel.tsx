import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { t } from '@/locales/account';
import { showToast } from '@/platform/feedback';
import { forgetPhone, loginWithCode, maskPhone, prepareSecureChannel, rememberedPhone, sendCode as defaultSendCode } from '../login-flow';
import type { TimerFunctions } from '../use-resend-timer';
import { CodeVerifyModal } from './code-verify-modal';
import { OneTapSheet } from './one-tap-sheet';
import { PhoneLoginForm } from './phone-login-form';

type Stage = 'sheet' | 'code' | 'form' | 'idle';

export interface LoginPanelProps {
  /** Called after a successful login (the account store is fresh by then). */
  onLoggedIn(): void;
  /** 'popups' (the login page: one-tap sheet when a phone is known, else the form popup) or 'inline' (the form only). */
  layout?: 'popups' | 'inline';
  /** Injectable for tests. */
  knownPhone?: string | null;
  login?: (phone: string, code: string) => Promise<boolean>;
  sendCode?: (phone: string, voice: boolean) => Promise<boolean>;
  timers?: TimerFunctions;
}

/**
 * The three login screens of docs/PRODUCT.md §2/§4: one-tap bottom sheet (known phone) → code-verification modal →
 * "Log in to another account" → the full phone-and-code popup.
 */
export function LoginPanel(props: LoginPanelProps) {
  const { onLoggedIn, layout = 'popups', sendCode = defaultSendCode, timers } = props;
  const realSending = props.sendCode === undefined;
  useEffect(() => {
    if (realSending) void prepareSecureChannel();
  }, [realSending]);
  const login = props.login ?? ((phone: string, code: string) => loginWithCode(phone, code));
  const [knownPhone, setKnownPhone] = useState(() => (props.knownPhone !== undefined ? props.knownPhone : rememberedPhone()));
  const firstStage: Stage = knownPhone ? 'sheet' : 'form';
  // "Forget this number": gone from this device; the full form takes over.
  const forgetKnownPhone = () => {
    if (!knownPhone) return;
    forgetPhone();
    showToast(t('account.login.phoneForgotten', { phone: maskPhone(knownPhone) }));
    setKnownPhone(null);
    setStage('form');
  };
  const [stage, setStage] = useState<Stage>(layout === 'inline' ? 'form' : firstStage);

  // NutUI popups also report onClose when their visible prop turns false (another stage took over):
  // only the popup of the current stage may move the panel on.
  const leave = (from: Stage, to: Stage) => setStage((current) => (current === from ? to : current));

  const attempt = async (phone: string, code: string): Promise<boolean> => {
    const ok = await login(phone, code);
    if (ok) onLoggedIn();
    return ok;
  };

  const form = <PhoneLoginForm onLogin={attempt} sendCode={sendCode} timers={timers} />;
  if (layout === 'inline') return <View className='account-login-inline'>{form}</View>;

  return (
    <View className='account-login-panel'>
      {stage === 'idle' ? (
        <View className='account-card account-login-idle'>
          <Text className='account-card__title'>{t('account.login.title')}</Text>
          <Button className='account-login-idle__open' type='primary' block onClick={() => setStage(firstStage)}>
            {t('account.login.submit')}
          </Button>
        </View>
      ) : null}
      {knownPhone ? (
        <>
          <OneTapSheet
            visible={stage === 'sheet'}
            phone={knownPhone}
            onLogin={() => setStage('code')}
            onOtherAccount={() => setStage('form')}
            onForget={forgetKnownPhone}
            onClose={() => leave('sheet', 'idle')}
          />
          <CodeVerifyModal
            visible={stage === 'code'}
            phone={knownPhone}
            onVerify={(code) => attempt(knownPhone, code)}
            onOtherAccount={() => setStage('form')}
            onClose={() => leave('code', 'sheet')}
            sendCode={sendCode}
            timers={timers}
          />
        </>
      ) : null}
      <Popup
        visible={stage === 'form'}
        position='bottom'
        round
        closeable
        title={t('account.login.mobileTitle')}
        onClose={() => leave('form', 'idle')}
      >
        {stage === 'form' ? <View className='account-sheet'>{form}</View> : null}
      </Popup>
    </View>
  );
}
