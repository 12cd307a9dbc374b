import { Text, View } from '@tarojs/components';
import { PASSCODE_DEFAULT_LENGTH } from '@/lib/constants';
import './passcode-cells.scss';

export interface PasscodeCellsProps {
  /** What has been typed so far (longer input is cut to `length`). */
  value: string;
  /** Number of cells; docs/PRODUCT.md §9 "passcode input default": 6. */
  length?: number;
  /** Dots instead of the characters (a password); the default. */
  masked?: boolean;
  /** Read by screen readers: what to type. */
  label?: string;
}

/**
 * The passcode input's cells (docs/PRODUCT.md §2.4, §9): one box per character, the typed ones filled — a dot when
 * masked. The keypad or input that fills it is the owner's (the trade-password keypad of the account flows).
 */
export function PasscodeCells({ value, length = PASSCODE_DEFAULT_LENGTH, masked = true, label }: PasscodeCellsProps) {
  const typed = value.slice(0, length);
  return (
    <View className='dj-passcode' aria-label={label} data-testid='passcode-cells' data-filled={typed.length}>
      {Array.from({ length }, (_, i) => (
        <View className={`dj-passcode__cell${i === typed.length ? ' dj-passcode__cell--next' : ''}`} key={i}>
          {i < typed.length ? masked ? <View className='dj-passcode__dot' /> : <Text className='dj-passcode__char'>{typed[i]}</Text> : null}
        </View>
      ))}
    </View>
  );
}
