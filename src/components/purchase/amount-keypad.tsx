// The amount field of a purchase flow, typed on NutUI's number keypad.
import { Text, View } from '@tarojs/components';
import { NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { deleteKey, typeKey } from '@/lib/amount-keys';
import { t } from '@/locales/i18n';
import { setKeypadLabels } from '@/platform/a11y-host';
import { usePhysicalKeypad } from '@/platform/keypad-keys';
import { roleProps } from '@/components/a11y/role-props';
import './purchase.scss';

export interface AmountKeypadProps {
  /** The text as typed ('1000.5'): the form keeps it and checks it (fen through `parseAmountInput`). */
  value: string;
  onChange: (next: string) => void;
  placeholder: string;
  /** '¥' before an amount (default); '' before shares. */
  prefix?: string;
  /** After the number once one is typed ('份'). */
  suffix?: string;
  /** The keypad is up (a form opens it at first, closes it on submit). */
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Over the keys ('输入买入金额'). */
  keypadTitle: string;
  /** The keypad's confirm key ('完成'). */
  doneText: string;
  /** On the field (role textbox); the typed text is `${testId}-value`. */
  testId: string;
  /** A class of the keypad's own (e.g. 'trade-keypad'): tests and styles find a form's keypad by it. */
  keypadClassName?: string;
}

/**
 * A big number field typed on NutUI's number keypad with a decimal point (no system keyboard: the same on a phone,
 * in the mini program and with a mouse). The keypad refuses a second point, a third decimal and absurdly long
 * numbers (`typeKey`, src/lib/amount-keys.ts). On a desktop (H5) the keyboard's digits, '.', Backspace and Enter
 * (完成) type on it while it is up (platform/keypad-keys).
 */
export function AmountKeypad(props: AmountKeypadProps) {
  const { value, onChange, placeholder, prefix = '¥', suffix, open, onOpen, onClose, keypadTitle, doneText, testId } = props;
  // The keypad's keys get names (platform/a11y-host): delete, hiding it, the decimal point (the digits say themselves).
  setKeypadLabels({
    delete: t('components.keypad.delete'),
    close: doneText ?? t('components.keypad.close'),
    decimal: t('components.keypad.decimal'),
  });
  usePhysicalKeypad(
    open,
    { onKey: (key) => onChange(typeKey(value, key)), onDelete: () => onChange(deleteKey(value)), onEnter: onClose },
    { decimal: true },
  );
  return (
    <View className={`purchase-keypad-field${open ? ' purchase-keypad-field--open' : ''}`}>
      <View className='purchase-keypad-field__box' data-testid={testId} {...roleProps('textbox')} aria-label={placeholder} onClick={onOpen}>
        {prefix ? <Text className='purchase-keypad-field__prefix'>{prefix}</Text> : null}
        {value ? (
          <Text className='purchase-keypad-field__value' data-testid={`${testId}-value`}>
            {value}
          </Text>
        ) : (
          <Text className='purchase-keypad-field__placeholder'>{placeholder}</Text>
        )}
        {open ? <View className='purchase-keypad-field__caret' /> : null}
        {suffix && value ? <Text className='purchase-keypad-field__suffix'>{suffix}</Text> : null}
      </View>
      <NumberKeyboard
        className={props.keypadClassName ? `purchase-keypad ${props.keypadClassName}` : 'purchase-keypad'}
        visible={open}
        title={keypadTitle}
        rightActions={doneText}
        custom={['.']}
        onChange={(key) => onChange(typeKey(value, key))}
        onDelete={() => onChange(deleteKey(value))}
        onClose={onClose}
        onConfirm={onClose}
      />
    </View>
  );
}
