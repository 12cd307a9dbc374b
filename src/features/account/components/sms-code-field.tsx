import { useEffect, useRef, useState } from 'react';
import { View } from '@tarojs/components';
import { Button, Dialog } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/dialog/style/css';
import { PasscodeInput } from '@/components/passcode-cells/passcode-input';
import { CODE_LENGTH } from '@/lib/constants';
import { sanitizeCode } from '@/lib/validators';
import { t } from '@/locales/account';
import { sendCode as defaultSendCode } from '../login-flow';
import { sendCodeLabel, useResendTimer, type TimerFunctions } from '../use-resend-timer';

export interface SmsCodeFieldProps {
  /** The phone the code goes to (read when sending). */
  phone: string;
  value: string;
  onChange(code: string): void;
  /** Send a code as soon as the field appears (the code-verification modal). */
  autoSend?: boolean;
  /** Injectable for tests: the send with the docs/PRODUCT.md §8 retry rule, and the timers of the countdown. */
  sendCode?: (phone: string, voice: boolean) => Promise<boolean>;
  timers?: TimerFunctions;
}

/**
 * A code input with its send / "resend (n)" button (docs/PRODUCT.md §4 resend timer) and the voice-verification
 * offer one second after the countdown: confirm re-sends by voice, cancel dismisses.
 */
export function SmsCodeField({ phone, value, onChange, autoSend, sendCode = defaultSendCode, timers }: SmsCodeFieldProps) {
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const [voiceOffer, setVoiceOffer] = useState(false);
  const timer = useResendTimer({ timers, onVoicePrompt: () => setVoiceOffer(true) });
  const phoneRef = useRef(phone);
  phoneRef.current = phone;

  const send = async (voice: boolean): Promise<void> => {
    if (sending) return;
    setSending(true);
    try {
      const sent = await sendCode(phoneRef.current, voice);
      if (sent) {
        setSentOnce(true);
        timer.start();
      }
    } finally {
      setSending(false);
    }
  };

  const autoSent = useRef(false);
  useEffect(() => {
    if (autoSend && !autoSent.current) {
      autoSent.current = true;
      void send(false);
    }
    // once, when the field first appears
  }, [autoSend]);

  // The tap shows at once that the code is on its way (the first send also registers the secure-API device).
  const label = sendCodeLabel(sending, timer, sentOnce);

  return (
    <View className='account-code-field'>
      <PasscodeInput
        className='account-code-field__input'
        name='code'
        length={CODE_LENGTH}
        label={t('account.login.codePlaceholder')}
        value={value}
        sanitize={sanitizeCode}
        onChange={onChange}
      />
      <Button
        className='account-code-field__send'
        size='small'
        fill='outline'
        type='primary'
        disabled={timer.counting || sending}
        aria-busy={sending}
        onClick={() => void send(false)}
      >
        {label}
      </Button>
      <Dialog
        className='account-voice-dialog'
        visible={voiceOffer}
        title={t('account.login.voiceTitle')}
        content={t('account.login.voicePrompt')}
        confirmText={t('account.login.voiceConfirm')}
        cancelText={t('account.login.cancel')}
        onConfirm={() => {
          setVoiceOffer(false);
          void send(true);
        }}
        onCancel={() => setVoiceOffer(false)}
        onClose={() => setVoiceOffer(false)}
      />
    </View>
  );
}
