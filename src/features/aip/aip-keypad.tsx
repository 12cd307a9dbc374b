import { Text, View } from '@tarojs/components';
import { NumberKeyboard } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/numberkeyboard/style/css';
import { deleteKey, typeKey } from '@/lib/amount-keys';
import './aip.scss';

export interface AipKeypadProps {
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
 * The amount field typed on NutUI's number keypad with a decimal point, as the buy page's (no system keyboard: the
 * same on a phone, in the mini program and with a mouse).
 */
export function AipKeypad({ value, onChange, placeholder, open, onOpen, onClose, keypadTitle, doneText, testId }: AipKeypadProps) {
  return (
    <View className={`aip-field${open ? ' aip-field--open' : ''}`}>
      <View className='aip-field__box' data-testid={testId} role='textbox' aria-label={placeholder} onClick={onOpen}>
        <Text className='aip-field__prefix'>¥</Text>
        {value ? (
          <Text className='aip-field__value' data-testid={`${testId}-value`}>
            {value}
          </Text>
        ) : (
          <Text className='aip-field__placeholder'>{placeholder}</Text>
        )}
        {open ? <View className='aip-field__caret' /> : null}
      </View>
      <NumberKeyboard
        className='aip-keypad'
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
