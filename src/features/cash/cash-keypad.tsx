import { Text, View } from '@tarojs/components';
import { NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { deleteKey, typeKey } from '@/lib/amount-keys';
import './cash.scss';

export interface CashKeypadProps {
  /** The text as typed ('1000.5'). */
  value: string;
  onChange: (next: string) => void;
  placeholder: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  keypadTitle: string;
  doneText: string;
  testId: string;
}

/**
 * The amount field typed on NutUI's number keypad with a decimal point, as the buy page's (no system keyboard:
 * the same on a phone, in the mini program and with a mouse). The keypad refuses a second point, a third decimal
 * and absurdly long numbers.
 */
export function CashKeypad({ value, onChange, placeholder, open, onOpen, onClose, keypadTitle, doneText, testId }: CashKeypadProps) {
  return (
    <View className={`cash-field${open ? ' cash-field--open' : ''}`}>
      <View className='cash-field__box' data-testid={testId} role='textbox' aria-label={placeholder} onClick={onOpen}>
        <Text className='cash-field__prefix'>¥</Text>
        {value ? (
          <Text className='cash-field__value' data-testid={`${testId}-value`}>
            {value}
          </Text>
        ) : (
          <Text className='cash-field__placeholder'>{placeholder}</Text>
        )}
        {open ? <View className='cash-field__caret' /> : null}
      </View>
      <NumberKeyboard
        className='cash-keypad'
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
