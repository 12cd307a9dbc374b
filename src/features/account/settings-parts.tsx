import { useEffect, useRef, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { Button, Input, NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { CODE_LENGTH, TRADE_PASSWORD_COMPLETE_DELAY_MS, TRADE_PASSWORD_LENGTH } from '@/lib/constants';
import { sanitizeCode, sanitizeTradePassword } from '@/lib/validators';
import { t } from '@/locales/account';
import { errorText } from './login-flow';
import { sendCodeLabel, useResendTimer, type TimerFunctions } from './use-resend-timer';
import './account.scss';
import './settings.scss';

// The two inputs every settings flow is made of: six password dots over the number keypad, and a code field whose
// button sends the step's code (to a phone the server knows, so no voice offer and no number to type).

export interface PasswordPadProps {
  /** What to type now (the dots' label too). */
  prompt: string;
  error?: string | null;
  /** While the server answers: keys do nothing. */
  busy?: boolean;
  /** Six digits typed; the pad clears itself for the next entry. */
  onComplete(password: string): void;
  /** Changes whenever the pad should start empty again (the step). */
  resetKey?: string;
}

export function PasswordPad({ prompt, error, busy, onComplete, resetKey }: PasswordPadProps) {
  const [value, setValue] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    setValue('');
  }, [resetKey]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const press = (key: string) => {
    if (busy || timer.current) return;
    const next = sanitizeTradePassword(value + key);
    setValue(next);
    if (next.length === TRADE_PASSWORD_LENGTH && value.length < TRADE_PASSWORD_LENGTH) {
      // The sixth dot shows before the step moves on.
      timer.current = setTimeout(() => {
        timer.current = null;
        setValue('');
        onComplete(next);
      }, TRADE_PASSWORD_COMPLETE_DELAY_MS);
    }
  };
  return (
    <View className='settings-pad'>
      <Text className='account-card__title settings-pad__prompt'>{prompt}</Text>
      <View className='account-dots' aria-label={prompt}>
        {Array.from({ length: TRADE_PASSWORD_LENGTH }, (_, i) => (
          <View className='account-dots__cell' key={i}>
            {i < value.length ? <View className='account-dots__dot' /> : null}
          </View>
        ))}
      </View>
      {error ? <Text className='account-error settings-pad__error'>{error}</Text> : null}
      <NumberKeyboard
        overlay={false}
        visible
        onChange={press}
        onDelete={() => !busy && !timer.current && setValue(value.slice(0, -1))}
        onClose={() => undefined}
      />
    </View>
  );
}

export interface SettingsCodeFieldProps {
  value: string;
  onChange(code: string): void;
  /** Sends the code; resolves when it went out, throws the server's refusal. */
  send(): Promise<unknown>;
  /** The send's refusal (e.g. "another account's phone") goes here. */
  onError(message: string): void;
  disabled?: boolean;
  timers?: TimerFunctions;
}

export function SettingsCodeField({ value, onChange, send, onError, disabled, timers }: SettingsCodeFieldProps) {
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const timer = useResendTimer({ timers });
  const tap = async () => {
    if (sending || timer.counting) return;
    setSending(true);
    try {
      await send();
      setSentOnce(true);
      timer.start();
    } catch (error) {
      onError(errorText(error));
    } finally {
      setSending(false);
    }
  };
  const label = sendCodeLabel(sending, timer, sentOnce);
  return (
    <View className='account-code-field'>
      <Input
        className='account-input account-code-field__input'
        type='number'
        name='code'
        maxLength={CODE_LENGTH}
        placeholder={t('account.login.codePlaceholder')}
        value={value}
        onChange={(text) => onChange(sanitizeCode(text))}
      />
      <Button
        className='account-code-field__send settings-code-send'
        size='small'
        fill='outline'
        type='primary'
        disabled={disabled || timer.counting || sending}
        aria-busy={sending}
        onClick={() => void tap()}
      >
        {label}
      </Button>
    </View>
  );
}

/** A flow's heading row: its title and the way back to the settings list. */
export function FlowHeader({ title, onBack }: { title: string; onBack(): void }) {
  return (
    <View className='settings-flow__head'>
      <Text className='settings-flow__title'>{title}</Text>
      <View className='account-link settings-flow__back' role='button' onClick={onBack}>
        {t('account.settings.backToList')}
      </View>
    </View>
  );
}
