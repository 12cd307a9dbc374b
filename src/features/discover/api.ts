// Typed calls of the discovery pages: screening, rankings, index fund picking, index valuation and K-line.
// Shapes are the server's (server/src/routes/{fund,discover,index-valuation}.ts): numbers as decimal strings.
import { get } from '@/platform/http';

/** Danjuan filter type codes: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII. */
export const FUND_TYPES = [1, 2, 3, 4, 5, 6, 11] as const;
export type FundType = (typeof FUND_TYPES)[number];

/** Period keys of the performance sort (base = since founding). */
export const PERIODS = ['1w', '1m', '3m', '6m', 'ty', '1y', '2y', '3y', '5y', 'base'] as const;
export type Period = (typeof PERIODS)[number];

/** A list field of an answer: an array, or empty when the server sent something else (never a crash). */
function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Page fields made safe: the list an array, counts numbers. */
function paged<P extends Paged<unknown>>(data: P): P {
  return { ...data, items: listOf(data?.items), total_items: Number(data?.total_items) || 0, total_pages: Number(data?.total_pages) || 0 };
}

export interface Paged<T> {
  items: T[];
  current_page: number;
  size: number;
  total_items: number;
  total_pages: number;
}

export interface FilterItem {
  fd_code: string;
  fd_name: string;
  /** Return over the sorted period, percent. */
  yield: string | null;
  sf_type: string;
  type_desc: string;
  unit_nav: string | null;
  end_date: string | null;
  sale_status: string;
  /** CNY, decimal string. */
  total_asset?: string;
  found_date?: string;
}

export interface FilterQuery {
  type?: FundType;
  order_by: Period;
  /** 亿元 (100 million CNY), inclusive. */
  size_min?: number;
  size_max?: number;
  found_years_min?: number;
  found_years_max?: number;
}

export async function getFilteredFunds(query: FilterQuery, page: number, size: number): Promise<Paged<FilterItem> & { order_by: string }> {
  return paged(await get<Paged<FilterItem> & { order_by: string }>('/djapi/v3/filter/fund', { ...query, page, size }));
}

export const AUTO_INVEST_PERIODS = ['1y', '2y', '3y', '5y'] as const;
export type AutoInvestPeriod = (typeof AUTO_INVEST_PERIODS)[number];

export interface AutoInvestItem {
  fd_code: string;
  fd_name: string;
  sf_type: string;
  type_desc: string;
  auto_invest_return: string;
  invested_amount: string;
  final_value: string;
  final_shares: string;
  lump_sum_return: string | null;
  unit_nav: string | null;
  nav_date: string | null;
  sale_status: string;
}

export interface AutoInvestPage extends Paged<AutoInvestItem> {
  period: AutoInvestPeriod;
  start_date: string;
  end_date: string;
  months: number;
  first_buy_date: string | null;
  monthly_amount: string;
}

export async function getAutoInvestRanking(period: AutoInvestPeriod, type: FundType | undefined, page: number, size: number): Promise<AutoInvestPage> {
  return paged(await get<AutoInvestPage>('/djapi/fund/rank/auto-invest', { period, type, page, size }));
}

export interface IndexSummary {
  index_code: string;
  name: string;
  description: string;
  region: string;
  fund_count: number;
  close: string | null;
  date: string | null;
  percent_1y: string | null;
  pe_percentile: string | null;
}

export interface IndexCategory {
  /** broad | sector | strategy | overseas | bond */
  key: string;
  indices: IndexSummary[];
}

export async function getIndexCategories(): Promise<{ categories: IndexCategory[] }> {
  const data = await get<{ categories?: IndexCategory[] }>('/djapi/index-mass/categories');
  return { categories: listOf<IndexCategory>(data?.categories).map((c) => ({ ...c, indices: listOf<IndexSummary>(c.indices) })) };
}

export interface TrackingFund {
  fd_code: string;
  fd_name: string;
  share_class: string | null;
  found_date: string;
  total_asset: string;
  manage_fee: string;
  custody_fee: string;
  sales_service_fee: string;
  annual_fee: string;
  declare_rate: string;
  declare_rate_discounted: string;
  tracking_error: string | null;
  tracking_days: number;
  unit_nav: string | null;
  nav_date: string | null;
  nav_grl1y: string | null;
  sale_status: string;
}

export interface IndexFunds {
  index_code: string;
  name: string;
  description: string;
  category: string;
  percent_1y: string | null;
  pe_percentile: string | null;
  tracking_from: string;
  funds: TrackingFund[];
}

export async function getIndexFunds(indexCode: string): Promise<IndexFunds> {
  const data = await get<IndexFunds>(`/djapi/index-mass/${encodeURIComponent(indexCode)}/funds`);
  return { ...data, funds: listOf<TrackingFund>(data?.funds) };
}

export interface ValuationItem {
  index_code: string;
  name: string;
  pe: string;
  pe_percentile: string;
  pb: string;
  pb_percentile: string;
  roe: string;
  /** Dividend yield (Danjuan's spelling). */
  yeild: string;
  eva_type: 'low' | 'mid' | 'high';
  date: string;
  category: string;
  region: string;
}

export async function getValuationTable(): Promise<{ items: ValuationItem[]; low_percentile: string; high_percentile: string }> {
  const data = await get<{ items: ValuationItem[]; low_percentile: string; high_percentile: string }>('/djapi/index_eva/dj');
  return { ...data, items: listOf<ValuationItem>(data?.items) };
}

export interface IndexDetail {
  index_code: string;
  name: string;
  description: string;
  has_valuation: boolean;
  valuation: ValuationItem | null;
  funds: { fd_code: string; fd_name: string; tracking_error: string | null; total_asset: string; nav_grl1y: string | null }[];
}

export async function getIndexDetail(indexCode: string): Promise<IndexDetail> {
  const data = await get<IndexDetail>(`/djapi/index_eva/detail/${encodeURIComponent(indexCode)}`);
  return { ...data, index_code: data?.index_code ?? indexCode, name: data?.name ?? indexCode, valuation: data?.valuation ?? null, funds: listOf(data?.funds) };
}

export const HISTORY_DAYS = ['1y', '3y', '5y', '10y', 'all'] as const;
export type HistoryDay = (typeof HISTORY_DAYS)[number];

export interface ValuationHistory {
  points: { date: string; value: number }[];
  lines: { line_name: string; line_value: string; line_color: string }[];
}

export async function getValuationHistory(indexCode: string, metric: 'pe' | 'pb', day: HistoryDay): Promise<ValuationHistory> {
  const data = await get<Record<string, unknown>>(`/djapi/index_eva/${metric}_history/${encodeURIComponent(indexCode)}`, { day });
  const growths = listOf<Record<string, string>>(data?.[`index_eva_${metric}_growths`]);
  return {
    points: growths.map((g) => ({ date: String(g.date), value: Number(g[metric]) })),
    lines: listOf<ValuationHistory['lines'][number]>(data?.horizontal_lines),
  };
}

export const KLINE_PERIODS = ['day', 'week', 'month'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

export interface KlineItem {
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  percent: string | null;
}

export async function getKline(indexCode: string, period: KlinePeriod, count: number): Promise<{ symbol: string; name: string; period: string; items: KlineItem[] }> {
  const data = await get<{ symbol: string; name: string; period: string; items: KlineItem[] }>(`/djapi/index/kline/${encodeURIComponent(indexCode)}`, { period, count });
  return { ...data, items: listOf<KlineItem>(data?.items) };
}
