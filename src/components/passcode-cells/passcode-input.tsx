import { useState } from 'react';
import { View } from '@tarojs/components';
import { Input } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/input/style/css';
import { PASSCODE_DEFAULT_LENGTH } from '@/lib/constants';
import { PasscodeCells } from './passcode-cells';
import './passcode-cells.scss';

export interface PasscodeInputProps {
  /** The form field's name (the browser tests fill `input[name=…]`). */
  name: string;
  value: string;
  /** Told every change, already cleaned by `sanitize` when given. */
  onChange(value: string): void;
  /** Cleans what was typed or pasted (digits only, cut to the length); the owner's rule. */
  sanitize?: (text: string) => string;
  /** Number of cells; the passcode input's default 6 (docs/PRODUCT.md §9), the SMS code's 4. */
  length?: number;
  /** The field's accessible name (the cells are only its picture). */
  label: string;
  className?: string;
}

/**
 * The passcode input typed with the phone's own keyboard (the SMS code boxes): one real text field, invisible, laid over
 * the passcode cells that show what it holds. Being one field, the phone's one-time-code suggestion, pasting and
 * deleting work as in any field; the trade password draws the same cells above its keypad (password-keypad.tsx).
 */
export function PasscodeInput({
  name,
  value,
  onChange,
  sanitize,
  length = PASSCODE_DEFAULT_LENGTH,
  label,
  className = '',
}: PasscodeInputProps) {
  // Where the typing goes shows on the next cell while the field has the focus (a class: the mini program's styles
  // know no :focus-within).
  const [focused, setFocused] = useState(false);
  return (
    <View
      className={`dj-passcode-input${focused ? ' dj-passcode-input--focused' : ''} ${className}`}
      data-testid={`passcode-input-${name}`}
    >
      <View aria-hidden='true'>
        <PasscodeCells value={value} length={length} masked={false} />
      </View>
      <Input
        className='dj-passcode-input__field'
        type='number'
        name={name}
        maxLength={length}
        placeholder={label}
        aria-label={label}
        value={value}
        onChange={(text) => onChange(sanitize ? sanitize(text) : text.slice(0, length))}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
    </View>
  );
}
