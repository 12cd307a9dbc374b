import { t } from '@/locales/i18n';

// A chart's text alternative (issue 26, WCAG 1.1.1): what a sighted reader takes from the line — its dates, where it
// ends, its lowest and highest, and for a price its change over the period. The canvas carries it as its accessible
// name (ChartCanvas's `label`); the fund page's growth chart has its own (features/fund/fund-chart.tsx).

export interface AltPoint {
  /** 'YYYY-MM-DD' */
  date: string;
  value: number;
}

/** The change from the first value to the last as a signed percent ('+12.34%'); null without a base. */
export function changeText(first: number, last: number): string | null {
  if (!Number.isFinite(first) || !Number.isFinite(last) || first === 0) return null;
  const percent = ((last - first) / Math.abs(first)) * 100;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
}

/**
 * '{name} (from to to): latest end, low min, high max', with the period's change when `withChange` (a price, an index);
 * just `name` when there are no points.
 */
export function seriesAltText(name: string, points: readonly AltPoint[], format: (v: number) => string, withChange = false): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return name;
  const values = points.map((p) => p.value);
  const params = {
    name,
    from: first.date,
    to: last.date,
    end: format(last.value),
    min: format(Math.min(...values)),
    max: format(Math.max(...values)),
  };
  const change = withChange ? changeText(first.value, last.value) : null;
  return change === null ? t('components.chart.alt', params) : t('components.chart.altChange', { ...params, change });
}
