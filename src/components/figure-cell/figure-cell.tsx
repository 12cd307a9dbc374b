// Figures under their labels — a balance, a value, a gain, a rate — side by side in a card: the assets page's lines
// and holdings, a holding's gains, a 定投 plan, 现金宝's income, a competition entry. Each feature dresses them in its
// own classes (`look`), so one piece of markup serves them all.
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import type { AmountValue } from '@/lib/format';
import { AmountText } from '../amount-text/amount-text';
import { PercentText } from '../percent-text/percent-text';

/** A feature's classes: the row (FigureRow), a cell, its label, its value, and `plain` added to a value shown uncoloured (`text`). */
export interface FigureLook {
  row?: string;
  cell: string;
  label: string;
  value: string;
  plain?: string;
}

export interface Figure {
  label: string;
  /** One of: the figure as text, uncoloured (a balance as `formatAmount` writes it, a rank); … */
  text?: string;
  /** … an amount with its sign, red up and green down (a gain, income); … */
  gain?: AmountValue | null;
  /** … a percentage with its sign, coloured alike. */
  percent?: string | null;
  /** On the cell. */
  testId?: string;
  /** On the value of `text`. */
  valueTestId?: string;
  /** More under the figure (its rate, a note). */
  extra?: ReactNode;
}

/** A label and, under it, one figure (and its `extra`). */
export function FigureCell({ look, figure }: { look: FigureLook; figure: Figure }) {
  const { label, text, gain, percent, testId, valueTestId, extra } = figure;
  return (
    <View className={look.cell} data-testid={testId}>
      <Text className={look.label}>{label}</Text>
      {text !== undefined ? (
        <Text className={look.plain ? `${look.value} ${look.plain}` : look.value} data-testid={valueTestId}>
          {text}
        </Text>
      ) : null}
      {gain !== undefined ? <AmountText value={gain} sign className={look.value} /> : null}
      {percent !== undefined ? <PercentText value={percent} sign className={look.value} /> : null}
      {extra}
    </View>
  );
}

/** Figures side by side, in their order (labels are their keys, so they differ). */
export function FigureRow({ look, figures, testId }: { look: FigureLook; figures: readonly Figure[]; testId?: string }) {
  return (
    <View className={look.row} data-testid={testId}>
      {figures.map((figure) => (
        <FigureCell key={figure.label} look={look} figure={figure} />
      ))}
    </View>
  );
}
