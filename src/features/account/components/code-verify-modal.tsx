import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Popup } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css';
import { CODE_LENGTH } from '@/lib/constants';
import { t } from '@/locales/account';
import { maskPhone } from '../login-flow';
import type { TimerFunctions } from '../use-resend-timer';
import { SmsCodeField } from './sms-code-field';

export interface CodeVerifyModalProps {
  visible: boolean;
  phone: string;
  /** Verifies the code (logs in); resolves true when done. */
  onVerify(code: string): Promise<boolean>;
  onOtherAccount(): void;
  onClose(): void;
  sendCode?: (phone: string, voice: boolean) => Promise<boolean>;
  timers?: TimerFunctions;
}

/** docs/PRODUCT.md §4 one-tap login step 2: the modal sends a code by itself; Verify needs 4 characters. */
export function CodeVerifyModal({ visible, phone, onVerify, onOtherAccount, onClose, sendCode, timers }: CodeVerifyModalProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    try {
      await onVerify(code);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible={visible} position='center' round closeable title={t('account.login.codeModalTitle')} onClose={onClose}>
      {visible ? (
        <View className='account-modal account-code-modal'>
          <Text className='account-modal__hint'>{t('account.login.codeSentTo', { phone: maskPhone(phone) })}</Text>
          <SmsCodeField phone={phone} value={code} onChange={setCode} autoSend sendCode={sendCode} timers={timers} />
          <Button
            className='account-code-modal__verify'
            type='primary'
            block
            loading={busy}
            disabled={code.trim().length !== CODE_LENGTH || busy}
            onClick={() => void verify()}
          >
            {t('account.login.verify')}
          </Button>
          <Text className='account-link account-other-account' onClick={onOtherAccount}>
            {t('account.login.otherAccount')}
          </Text>
        </View>
      ) : null}
    </Popup>
  );
}
