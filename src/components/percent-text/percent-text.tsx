import { Text } from '@tarojs/components';
import { formatPercent } from '@/lib/format';
import { signToneClass, signToneOfText } from '../amount-text/sign-tone';

export interface PercentTextProps {
  /** Percent as the API sends it ('1.23' means 1.23 %), or a ratio with `ratio`. */
  value: string | number | null | undefined;
  /** Prefix '+' to positive values. */
  sign?: boolean;
  /** The value is a ratio (0.0123 → 1.23 %). */
  ratio?: boolean;
  /** Colour by sign, red up and green down; default true. */
  colored?: boolean;
  className?: string;
}

/** A percentage with two decimals (`formatPercent`), coloured by its sign (mainland convention). */
export function PercentText({ value, sign = false, ratio = false, colored = true, className }: PercentTextProps) {
  const text = formatPercent(value, { sign, ratio });
  const classes = ['percent-text', colored ? signToneClass(signToneOfText(text)) : '', className ?? ''];
  return <Text className={classes.filter(Boolean).join(' ')}>{text}</Text>;
}
