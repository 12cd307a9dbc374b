import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { PasscodeInput } from '@/components/passcode-cells/passcode-input';
import { CODE_LENGTH } from '@/lib/constants';
import { sanitizeCode } from '@/lib/validators';
import { t } from '@/locales/account';
import { PasswordKeypad } from './components/password-keypad';
import { showToast } from '@/platform/feedback';
import { roleProps } from '@/components/a11y/role-props';
import { errorText } from './login-flow';
import { reloadAccount } from './store';
import { sendCodeLabel, useResendTimer, type TimerFunctions } from './use-resend-timer';
import './account.scss';
import './settings.scss';

// What every settings flow is made of: six password dots over the number keypad, a code field whose button sends the
// step's code (to a phone the server knows, so no voice offer and no number to type), a form step's error line and
// button, and the flow's server calls (busy meanwhile, a refusal shown as the error) ending in the toast and reload.

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
  useEffect(() => {
    setValue('');
  }, [resetKey]);
  return (
    <PasswordKeypad
      className='settings-pad'
      block='settings-pad'
      prompt={prompt}
      value={value}
      onChange={setValue}
      onComplete={(password) => {
        setValue('');
        onComplete(password);
      }}
      error={error}
      busy={busy}
    />
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
      <View className='account-link settings-flow__back' {...roleProps('button')} onClick={onBack}>
        {t('account.settings.backToList')}
      </View>
    </View>
  );
}

/** A flow's error line and busy state, and `run` for its server calls. */
export function useFlowCall() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Runs `call` busy, the error cleared first; a refusal becomes the error, after `onRefused` (a step back, …). */
  const run = async (call: () => Promise<void>, onRefused?: (err: unknown) => void): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      onRefused?.(err);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** The end of a flow whose change was saved: the success toast, the account read again, back to the list. */
export async function finishFlow(text: string, onDone: () => void): Promise<void> {
  showToast(text, { type: 'success' });
  await reloadAccount();
  onDone();
}

export interface FlowSubmitProps {
  error: string | null;
  busy: boolean;
  /** Besides while busy. */
  disabled: boolean;
  children: ReactNode;
  onSubmit(): void;
}

/** A form step's error line and its button. */
export function FlowSubmit({ error, busy, disabled, children, onSubmit }: FlowSubmitProps) {
  return (
    <>
      {error ? <Text className='account-error settings-flow__error'>{error}</Text> : null}
      <Button className='settings-flow__next' type='primary' block loading={busy} disabled={busy || disabled} onClick={onSubmit}>
        {children}
      </Button>
    </>
  );
}
