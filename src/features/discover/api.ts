// Typed calls of the discovery pages: screening, rankings, index fund picking, index valuation and K-line.
// Shapes are the server's (server/src/routes/{fund,discover,index-valuation}.ts): numbers as decimal strings; the
// response types live in @/lib/api-types (one set per endpoint, shared with home and later features).
import type {
  AutoInvestPage,
  AutoInvestPeriod,
  IndexCategories,
  IndexCategory,
  IndexFunds,
  IndexSummary,
  TrackingFund,
} from '@/lib/api-types/discover';
import type { FilterPage } from '@/lib/api-types/fund';
import type {
  HorizontalLine,
  IndexDetail,
  Kline,
  KlineItem,
  ValuationHistoryAnswer,
  ValuationItem,
  ValuationTable,
} from '@/lib/api-types/index-valuation';
import type { Paged } from '@/lib/api-types/paged';
import { get } from '@/platform/http';

/** Danjuan filter type codes: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII. */
export const FUND_TYPES = [1, 2, 3, 4, 5, 6, 11] as const;
export type FundType = (typeof FUND_TYPES)[number];

/** Period keys of the performance sort (base = since founding). */
export const PERIODS = ['1w', '1m', '3m', '6m', 'ty', '1y', '2y', '3y', '5y', 'base'] as const;
export type Period = (typeof PERIODS)[number];

/** The money-market type code: its funds are ranked by the 7-day annualised yield (order_by '7d'). */
export const MONEY_MARKET = 4 as const satisfies FundType;
/** Order keys of the ranking: a period, or '7d' (七日年化, money-market funds). */
export type FilterOrder = Period | '7d';

/** A list field of an answer: an array, or empty when the server sent something else (never a crash). */
function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Page fields made safe: the list an array, counts numbers. */
function paged<P extends Paged<unknown>>(data: P): P {
  return { ...data, items: listOf(data?.items), total_items: Number(data?.total_items) || 0, total_pages: Number(data?.total_pages) || 0 };
}

export interface FilterQuery {
  type?: FundType;
  order_by: FilterOrder;
  /** 亿元 (100 million CNY), inclusive. */
  size_min?: number;
  size_max?: number;
  found_years_min?: number;
  found_years_max?: number;
}

export async function getFilteredFunds(query: FilterQuery, page: number, size: number): Promise<FilterPage> {
  return paged(await get<FilterPage>('/djapi/v3/filter/fund', { ...query, page, size }));
}

export const AUTO_INVEST_PERIODS = ['1y', '2y', '3y', '5y'] as const satisfies readonly AutoInvestPeriod[];

export async function getAutoInvestRanking(
  period: AutoInvestPeriod,
  type: FundType | undefined,
  page: number,
  size: number,
): Promise<AutoInvestPage> {
  return paged(await get<AutoInvestPage>('/djapi/fund/rank/auto-invest', { period, type, page, size }));
}

export async function getIndexCategories(): Promise<IndexCategories> {
  const data = await get<Partial<IndexCategories>>('/djapi/index-mass/categories');
  return { categories: listOf<IndexCategory>(data?.categories).map((c) => ({ ...c, indices: listOf<IndexSummary>(c.indices) })) };
}

export async function getIndexFunds(indexCode: string): Promise<IndexFunds> {
  const data = await get<IndexFunds>(`/djapi/index-mass/${encodeURIComponent(indexCode)}/funds`);
  return { ...data, funds: listOf<TrackingFund>(data?.funds) };
}

export async function getValuationTable(): Promise<ValuationTable> {
  const data = await get<ValuationTable>('/djapi/index_eva/dj');
  return { ...data, items: listOf<ValuationItem>(data?.items) };
}

export async function getIndexDetail(indexCode: string): Promise<IndexDetail> {
  const data = await get<IndexDetail>(`/djapi/index_eva/detail/${encodeURIComponent(indexCode)}`);
  return {
    ...data,
    index_code: data?.index_code ?? indexCode,
    name: data?.name ?? indexCode,
    valuation: data?.valuation ?? null,
    funds: listOf(data?.funds),
  };
}

export const HISTORY_DAYS = ['1y', '3y', '5y', '10y', 'all'] as const;
export type HistoryDay = (typeof HISTORY_DAYS)[number];

/** The history chart's data (from `ValuationHistoryAnswer`): the metric's points as numbers, the horizontal lines. */
export interface ValuationHistory {
  points: { date: string; value: number }[];
  lines: HorizontalLine[];
}

export async function getValuationHistory(indexCode: string, metric: 'pe' | 'pb', day: HistoryDay): Promise<ValuationHistory> {
  const data = await get<ValuationHistoryAnswer>(`/djapi/index_eva/${metric}_history/${encodeURIComponent(indexCode)}`, { day });
  const growths = listOf<Partial<Record<'date' | 'pe' | 'pb', string>>>(data?.[`index_eva_${metric}_growths`]);
  return {
    points: growths.map((g) => ({ date: String(g.date), value: Number(g[metric]) })),
    lines: listOf<HorizontalLine>(data?.horizontal_lines),
  };
}

export const KLINE_PERIODS = ['day', 'week', 'month'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

export async function getKline(indexCode: string, period: KlinePeriod, count: number): Promise<Kline> {
  const data = await get<Kline>(`/djapi/index/kline/${encodeURIComponent(indexCode)}`, { period, count });
  return { ...data, items: listOf<KlineItem>(data?.items) };
}
