import { useEffect, useRef, type ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS, TRADE_PASSWORD_LENGTH } from '@/lib/constants';
import { sanitizeTradePassword } from '@/lib/validators';
import { PasscodeCells } from '@/components/passcode-cells/passcode-cells';
import { usePhysicalKeypad } from '@/platform/keypad-keys';
import '../account.scss';

// A trade password typed on the number keypad: the prompt, six dots, the entry's error and the keypad itself. The
// sixth digit shows as a dot before `onComplete` gets the six (TRADE_PASSWORD_COMPLETE_DELAY_MS); until then, and
// while `busy`, keys do nothing. The digits are the owner's state: it decides when the dots empty again.
// Used by account opening's first password (trade-password-setup.tsx) and the settings flows (settings-parts.tsx).

export interface PasswordKeypadProps {
  /** The block's classes; `block` names its prompt and error (`<block>__prompt`, `<block>__error`). */
  className: string;
  block: string;
  /** What to type now (the dots' label too). */
  prompt: string;
  /** The digits typed so far. */
  value: string;
  onChange(value: string): void;
  /** Six digits typed (called once the sixth dot has shown). */
  onComplete(password: string): void;
  error?: string | null;
  /** While the server answers: keys do nothing. */
  busy?: boolean;
  /** Drawn between the error and the keypad (the password rules). */
  children?: ReactNode;
}

export function PasswordKeypad({ className, block, prompt, value, onChange, onComplete, error, busy, children }: PasswordKeypadProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const press = (key: string) => {
    if (busy || timer.current) return;
    const next = sanitizeTradePassword(value + key);
    onChange(next);
    if (next.length === TRADE_PASSWORD_LENGTH && value.length < TRADE_PASSWORD_LENGTH) {
      timer.current = setTimeout(() => {
        timer.current = null;
        onComplete(next);
      }, TRADE_PASSWORD_COMPLETE_DELAY_MS);
    }
  };
  const deleteDigit = () => !busy && !timer.current && onChange(value.slice(0, -1));
  // On a desktop (H5): the keyboard's digits and Backspace type on the keypad.
  usePhysicalKeypad(true, { onKey: press, onDelete: deleteDigit });
  return (
    <View className={className}>
      <Text className={`account-card__title ${block}__prompt`}>{prompt}</Text>
      <PasscodeCells value={value} length={TRADE_PASSWORD_LENGTH} label={prompt} />
      {error ? <Text className={`account-error ${block}__error`}>{error}</Text> : null}
      {children}
      <NumberKeyboard overlay={false} visible onChange={press} onDelete={deleteDigit} onClose={() => undefined} />
    </View>
  );
}
