// Chart colours. Mainland convention: a rise is red, a fall is green (same values as sign-tone.scss).
export const CHART_RISE = '#e5362e';
export const CHART_FALL = '#1a9b50';
/** The fund's own line, and the benchmark's (Danjuan's growth_lines colours). */
export const CHART_FUND_LINE = '#FFA100';
export const CHART_BENCHMARK_LINE = '#797C86';
export const CHART_AXIS_TEXT = '#999999';
export const CHART_GRID = '#EEEEEE';

/** Red for a value above zero, green below, grey at zero. */
export function toneColor(value: number): string {
  if (value > 0) return CHART_RISE;
  if (value < 0) return CHART_FALL;
  return CHART_AXIS_TEXT;
}
