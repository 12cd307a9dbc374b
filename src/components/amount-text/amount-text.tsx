import { Text } from '@tarojs/components';
import { formatAmount, type AmountValue } from '@/lib/format';
import { signToneClass, signToneOfText } from './sign-tone';

export interface AmountTextProps {
  /** Yuan as a decimal string (or bigint / number), or `{ fen }` for an integer fen amount. */
  value: AmountValue | null | undefined;
  /** Prefix '+' to positive values (changes, income). */
  sign?: boolean;
  /** Scale above 10 million into 万 / 亿 (docs/PRODUCT.md §5); default true. */
  unit?: boolean;
  /** Colour by sign, red up and green down; default true. Pass false for balances. */
  colored?: boolean;
  className?: string;
}

/** A money amount formatted by `formatAmount`, coloured by its sign (mainland convention). */
export function AmountText({ value, sign = false, unit = true, colored = true, className }: AmountTextProps) {
  const text = formatAmount(value, { sign, unit });
  const classes = ['amount-text', colored ? signToneClass(signToneOfText(text)) : '', className ?? ''];
  return <Text className={classes.filter(Boolean).join(' ')}>{text}</Text>;
}
