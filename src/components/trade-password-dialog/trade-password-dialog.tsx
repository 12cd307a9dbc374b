import { useEffect, useRef, useState } from 'react';
import { View } from '@tarojs/components';
import { Loading, NumberKeyboard, ShortPassword } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/shortpassword/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/loading/style/css';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS, TRADE_PASSWORD_LENGTH } from '@/lib/constants';
import { formatAmount, type AmountValue } from '@/lib/format';
import { sanitizeTradePassword } from '@/lib/validators';
import { t } from '@/locales/i18n';
import { usePageLeave } from '../use-page-leave/use-page-leave';
import { setKeypadLabels } from '@/platform/a11y-host';
import { usePhysicalKeypad } from '@/platform/keypad-keys';
import './trade-password-dialog.scss';

/** A line of the order's summary above the password dots (the fee, an arrival date). */
export interface PasswordDetail {
  label: string;
  value: string;
  testId?: string;
}

export interface TradePasswordDialogProps {
  visible: boolean;
  /** Defaults to the catalogue's "enter your trade password" prompt. */
  title?: string;
  /** Who receives the money (fund name, cash product, ...). */
  payee?: string;
  /** The order amount, as `formatAmount` takes it: yuan as a decimal string, or `{ fen }`. */
  amount?: AmountValue;
  /** The fee and the arrival date, in large type in elder mode (issue 26): read before the password is typed. */
  details?: PasswordDetail[];
  /** Shown under the dots, e.g. "wrong password, 4 tries left"; a new error clears the dots for a retry. */
  error?: string;
  /** True while the caller verifies the password: input is ignored and a spinner shows. */
  loading?: boolean;
  /** Fires TRADE_PASSWORD_COMPLETE_DELAY_MS after the sixth digit, so the last dot is drawn first. */
  onComplete: (password: string) => void;
  /** The user dismissed the dialog: cancel button, close icon, overlay, or leaving the page. */
  onCancel: () => void;
}

export function TradePasswordDialog(props: TradePasswordDialogProps) {
  const { visible, title, payee, amount, details, error, loading = false, onComplete, onCancel } = props;
  const [password, setPassword] = useState('');
  const [keyboardOpen, setKeyboardOpen] = useState(false);
  const completeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  const cancelPendingCompletion = (): void => {
    if (completeTimer.current !== null) clearTimeout(completeTimer.current);
    completeTimer.current = null;
  };

  // Each opening starts empty with the keypad up.
  useEffect(() => {
    setPassword('');
    setKeyboardOpen(visible);
    if (!visible) cancelPendingCompletion();
  }, [visible]);

  // A new error, or verification ending with the dialog still open, means the password was
  // rejected: clear the dots for another try.
  const wasLoading = useRef(loading);
  useEffect(() => {
    if (error) setPassword('');
  }, [error]);
  useEffect(() => {
    if (wasLoading.current && !loading) setPassword('');
    wasLoading.current = loading;
  }, [loading]);

  useEffect(() => cancelPendingCompletion, []);

  const dismiss = (): void => {
    cancelPendingCompletion();
    onCancel();
  };
  usePageLeave(visible, dismiss);

  const pressKey = (key: string): void => {
    if (loading || completeTimer.current !== null) return;
    // Digits only, at most six: anything else a key could produce is stripped.
    const next = sanitizeTradePassword(password + key);
    setPassword(next);
    if (next.length === TRADE_PASSWORD_LENGTH && password.length < TRADE_PASSWORD_LENGTH) {
      completeTimer.current = setTimeout(() => {
        completeTimer.current = null;
        onCompleteRef.current(next);
      }, TRADE_PASSWORD_COMPLETE_DELAY_MS);
    }
  };

  const deleteDigit = (): void => {
    if (loading || completeTimer.current !== null) return;
    setPassword(password.slice(0, -1));
  };

  setKeypadLabels({
    delete: t('components.keypad.delete'),
    close: t('components.keypad.close'),
    decimal: t('components.keypad.decimal'),
  });
  // On a desktop (H5): the keyboard's digits and Backspace type on the keypad while the dialog is up.
  usePhysicalKeypad(visible, { onKey: pressKey, onDelete: deleteDigit });
  const order = (
    <View className='trade-password-dialog__order'>
      {/* For a screen reader: how many digits are typed, never which (the dots say nothing to it). */}
      <View className='trade-password-dialog__progress' aria-live='polite' data-testid='password-progress'>
        {t('components.tradePassword.progress', { n: password.length, total: TRADE_PASSWORD_LENGTH })}
      </View>
      {payee ? <View className='trade-password-dialog__payee'>{t('components.tradePassword.payee', { name: payee })}</View> : null}
      {amount !== undefined ? (
        <View className='trade-password-dialog__amount' data-testid='password-amount'>
          {t('components.tradePassword.amount', { amount: formatAmount(amount) })}
        </View>
      ) : null}
      {details?.map((detail) => (
        <View key={detail.label} className='trade-password-dialog__detail' data-testid={detail.testId}>
          {`${detail.label} ${detail.value}`}
        </View>
      ))}
    </View>
  );

  const message = loading ? (
    <View className='trade-password-dialog__verifying'>
      <Loading>{t('components.tradePassword.verifying')}</Loading>
    </View>
  ) : (
    error
  );

  return (
    <View className='trade-password-dialog'>
      <ShortPassword
        visible={visible}
        title={title || t('components.tradePassword.title')}
        description={order}
        value={password}
        length={TRADE_PASSWORD_LENGTH}
        error={message}
        // NutUI's tips slot (a "forgot password" link by default) holds our cancel button.
        tips={<View className='trade-password-dialog__cancel'>{t('components.tradePassword.cancel')}</View>}
        onTips={dismiss}
        onClose={dismiss}
        onFocus={() => setKeyboardOpen(true)}
      />
      <NumberKeyboard
        // No invisible overlay of its own: it would swallow the first tap on Cancel while the keypad is up.
        overlay={false}
        visible={visible && keyboardOpen}
        onChange={pressKey}
        onDelete={deleteDigit}
        onClose={() => setKeyboardOpen(false)}
      />
    </View>
  );
}
