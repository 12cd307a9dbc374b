import { formatPercent } from '@/lib/format';
import type { ValuationItem } from '@/lib/api-types/index-valuation';

// The valuation table's columns, cells and order (valuation-table.tsx) as plain rules: the server draws the table's
// first screen from them too (server/src/plugins/first-paint/value-center.ts), so both show the same cells.

export type ValuationColumn = 'name' | 'pe' | 'pe_percentile' | 'pb' | 'pb_percentile' | 'roe' | 'yeild';

/** The table's columns, left to right, with the message key of each header. */
export const VALUATION_COLUMNS: readonly { key: ValuationColumn; label: string }[] = [
  { key: 'name', label: 'discover.valuation.index' },
  { key: 'pe', label: 'discover.valuation.pe' },
  { key: 'pe_percentile', label: 'discover.valuation.pePercentile' },
  { key: 'pb', label: 'discover.valuation.pb' },
  { key: 'pb_percentile', label: 'discover.valuation.pbPercentile' },
  { key: 'roe', label: 'discover.valuation.roe' },
  { key: 'yeild', label: 'discover.valuation.yield' },
];

/** What a cell shows: percentiles and ratios as percentages, multiples with two decimals. */
export function valuationCell(item: ValuationItem, key: ValuationColumn): string {
  switch (key) {
    case 'name':
      return item.name;
    case 'pe_percentile':
    case 'pb_percentile':
      return formatPercent(item[key], { ratio: true });
    case 'roe':
    case 'yeild':
      return formatPercent(item[key], { ratio: true });
    default:
      return item[key];
  }
}

/** The server's order: PE percentile, lowest first — the sort the table opens with, and says so. */
export const DEFAULT_VALUATION_SORT = { key: 'pe_percentile', desc: false } as const satisfies { key: ValuationColumn; desc: boolean };

/** Items sorted by a column (numbers numerically, names by locale); null = the server's order (low first). */
export function sortValuation(items: readonly ValuationItem[], sort: { key: ValuationColumn; desc: boolean } | null): ValuationItem[] {
  if (!sort) return [...items];
  const sign = sort.desc ? -1 : 1;
  return [...items].sort((a, b) => {
    const diff = sort.key === 'name' ? a.name.localeCompare(b.name, 'zh-CN') : Number(a[sort.key]) - Number(b[sort.key]);
    return sign * diff || a.index_code.localeCompare(b.index_code);
  });
}

/** Counts of the low / normal / high valuations (the table's summary line, and home's valuation card). */
export function valuationCounts(items: readonly Pick<ValuationItem, 'eva_type'>[]): { low: number; mid: number; high: number } {
  const counts = { low: 0, mid: 0, high: 0 };
  for (const item of items) {
    if (item.eva_type === 'low') counts.low += 1;
    else if (item.eva_type === 'high') counts.high += 1;
    else counts.mid += 1;
  }
  return counts;
}
