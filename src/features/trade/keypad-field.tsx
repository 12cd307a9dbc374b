import { Text, View } from '@tarojs/components';
import { NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { deleteKey, typeKey } from '@/lib/amount-keys';

export interface KeypadFieldProps {
  /** The text as typed ('1000.5'). */
  value: string;
  onChange: (next: string) => void;
  placeholder: string;
  /** '¥' before an amount; none before shares. */
  prefix?: string;
  /** After the number ('份'). */
  suffix?: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  keypadTitle: string;
  doneText: string;
  testId: string;
}

/**
 * A big number field typed on NutUI's number keypad with a decimal point (no system keyboard: the same on a
 * phone, in the mini program and with a mouse through the touch emulator). The keypad refuses a second point,
 * a third decimal and absurdly long numbers (trade-figures `typeKey`).
 */
export function KeypadField(props: KeypadFieldProps) {
  const { value, onChange, placeholder, prefix, suffix, open, onOpen, onClose, keypadTitle, doneText, testId } = props;
  return (
    <View className={`trade-keypad-field${open ? ' trade-keypad-field--open' : ''}`}>
      <View className='trade-keypad-field__box' data-testid={testId} role='textbox' aria-label={placeholder} onClick={onOpen}>
        {prefix ? <Text className='trade-keypad-field__prefix'>{prefix}</Text> : null}
        {value ? (
          <Text className='trade-keypad-field__value' data-testid={`${testId}-value`}>
            {value}
          </Text>
        ) : (
          <Text className='trade-keypad-field__placeholder'>{placeholder}</Text>
        )}
        {open ? <View className='trade-keypad-field__caret' /> : null}
        {suffix && value ? <Text className='trade-keypad-field__suffix'>{suffix}</Text> : null}
      </View>
      <NumberKeyboard
        className='trade-keypad'
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
