// Typed calls of the fund discovery pages (shapes: server/src/routes/fund.ts, docs/DATA.md; response types:
// @/lib/api-types/fund and watchlist). Numbers arrive as decimal strings, as in the public Danjuan API; money is
// never turned into a float here.
import type { Achievement, FundDetail, FundSummary, GrowthData, ManagerItem, SearchItem, TradeDates } from '@/lib/api-types/fund';
import type { AipYieldList } from '@/lib/api-types/auto-invest';
import type { HoldingSummary } from '@/lib/api-types/trading';
import type { FundQuote, WatchItem, WatchlistAdded, WatchlistRemoved } from '@/lib/api-types/watchlist';
import { SEARCH_SOURCE, WATCHLIST_PID, WATCHLIST_SIZE } from '@/lib/constants';
import { ApiError, get, post } from '@/platform/http';

/** Danjuan fund type codes: 1 stock, 2 bond, 3 hybrid, 4 money market, 5 index, 6 FOF, 11 QDII. */
export const MONEY_MARKET_TYPE = 4;
export const QDII_TYPE = 11;

export const GROWTH_PERIODS = ['ty', '1m', '3m', '6m', '1y', '3y', '5y', 'all'] as const;
export type GrowthPeriod = (typeof GROWTH_PERIODS)[number];

// Request options: detail calls show their own error box, so no catalogue toast on failure.
const quiet = { silent: true } as const;

/** An answer without the shape a page needs is a failed call (error box with retry), never a crash. */
export class MalformedAnswerError extends Error {
  constructor(what: string) {
    super(`malformed answer: ${what}`);
    this.name = 'MalformedAnswerError';
  }
}

function checked<T>(what: string, ok: (data: T) => boolean): (data: T) => T {
  return (data) => {
    if (!data || typeof data !== 'object' || !ok(data)) throw new MalformedAnswerError(what);
    return data;
  };
}

const isArray = Array.isArray;

export const getFundSummary = (code: string) =>
  get<FundSummary>(`/djapi/fund/${code}`, undefined, quiet).then(
    checked(
      'fund',
      (d) => typeof d.fd_code === 'string' && typeof d.fd_name === 'string' && !!d.fund_derived && typeof d.sale_status === 'string',
    ),
  );
export const getFundDetail = (code: string) =>
  get<FundDetail>(`/djapi/fund/detail/${code}`, undefined, quiet).then(
    checked(
      'fund detail',
      (d) =>
        !!d.fund_rates &&
        isArray(d.fund_rates.declare_rate_table) &&
        isArray(d.fund_rates.subscribe_rate_table) &&
        isArray(d.fund_rates.withdraw_rate_table) &&
        isArray(d.fund_rates.other_rate_table) &&
        !!d.fund_position &&
        isArray(d.fund_position.chart_list) &&
        isArray(d.fund_position.stock_list) &&
        !!d.fund_date_conf,
    ),
  );
export const getFundGrowth = (code: string, day: GrowthPeriod) =>
  get<GrowthData>(`/djapi/fund/growth/${code}`, { day }, quiet).then(
    checked('growth', (d) => isArray(d.fund_nav_growth) && isArray(d.growth_lines)),
  );
export const getAchievement = (code: string) =>
  get<Achievement>(`/djapi/fundx/base/fund/achievement/${code}`, undefined, quiet).then(
    checked('achievement', (d) => isArray(d.stage_performance_list)),
  );
/** Danjuan's auto-invest yield list: a monthly 100 CNY plan over 1, 2 and 3 years, normal and smart. */
export const getAutoInvestYields = (code: string) =>
  get<AipYieldList>('/djapi/fundx/autoinvest/quote/yield/list', { fd_code: code }, quiet).then(
    checked('auto-invest yields', (d) => Array.isArray(d.recent_yields)),
  );
export const getTradeDates = (code: string) =>
  get<TradeDates>('/djapi/fund/order/v2/trade_date', { fd_code: code }, quiet).then(
    checked('trade dates', (d) => typeof d.trade_date === 'string'),
  );
export const getManagers = (code: string) =>
  get<{ items: ManagerItem[] }>('/djapi/fundx/base/fund/record/manager/list', { fund_code: code, post_status: 1 }, quiet).then(
    checked('managers', (d) => isArray(d.items)),
  );

/** Results per page of the search (the server's default). */
export const SEARCH_PAGE_SIZE = 20;

/**
 * docs/PRODUCT.md §7: `GET /djapi/v2/search?key&xq_access_token&source=index&page&size`; matching is the server's
 * (code, name, pinyin). One page of results and how many match in all (`total_items`).
 */
export async function searchFunds(key: string, page = 1, accessToken?: string): Promise<{ items: SearchItem[]; total: number }> {
  const data = await get<{ items: SearchItem[]; total_items?: number }>(
    '/djapi/v2/search',
    { key, xq_access_token: accessToken, source: SEARCH_SOURCE, page, size: SEARCH_PAGE_SIZE },
    quiet,
  );
  const items = isArray(data?.items) ? data.items.filter((i) => i && typeof i.sname === 'string' && typeof i.scode === 'string') : [];
  const total = Number(data?.total_items);
  return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
}

/** Codes per `GET /djapi/fund/quotes` call (the server's limit). */
const QUOTE_CHUNK = 200;

/** The watchlist's figures of these funds (latest NAV, day's change, returns, 7-day yield), asked in chunks. */
export async function getFundQuotes(codes: readonly string[]): Promise<Map<string, FundQuote>> {
  const unique = [...new Set(codes.filter((c) => /^\d{6}$/.test(c)))];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += QUOTE_CHUNK) chunks.push(unique.slice(i, i + QUOTE_CHUNK));
  const answers = await Promise.all(
    chunks.map((chunk) => get<{ items: FundQuote[] }>('/djapi/fund/quotes', { fd_codes: chunk.join(',') }, quiet)),
  );
  const out = new Map<string, FundQuote>();
  for (const answer of answers)
    for (const q of isArray(answer?.items) ? answer.items : []) if (q && typeof q.fd_code === 'string') out.set(q.fd_code, q);
  return out;
}

/** Xueqiu fund symbols: 'F' + the six-digit code. */
export const fundSymbol = (code: string) => `F${code}`;

/** docs/PRODUCT.md §7 / §9: the logged-in user's watchlist (all portfolios, pid -17). */
export async function getWatchlist(): Promise<WatchItem[]> {
  const data = await get<{ items: WatchItem[] }>(
    '/xqstock/v5/stock/portfolio/stock/watchlist.json',
    { size: WATCHLIST_SIZE, pid: WATCHLIST_PID },
    quiet,
  );
  return checked<{ items: WatchItem[] }>('watchlist', (d) => isArray(d.items))(data).items;
}

export const addToWatchlist = (symbols: string[]) =>
  post<WatchlistAdded>('/xqstock/v5/stock/portfolio/stock/add.json', { symbols: symbols.join(',') }, quiet);
export const removeFromWatchlist = (symbols: string[]) =>
  post<WatchlistRemoved>('/xqstock/v5/stock/portfolio/stock/cancel.json', { symbols: symbols.join(',') }, quiet);

/** 404001: the server knows no fund with that code. */
export const FUND_NOT_FOUND_CODE = 404001;

/** Whether a failed summary call means "no such fund" (not a network problem: no retry, a clear page). */
export function isFundNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.resultCode === FUND_NOT_FOUND_CODE;
}

/** Everything of the detail page but the chart. */
export interface FundDetailData {
  summary: FundSummary;
  /** Secondary parts: null when their call failed (the section offers a retry). */
  detail: FundDetail | null;
  achievement: Achievement | null;
  tradeDates: TradeDates | null;
  managers: ManagerItem[] | null;
}

const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/** The detail page's calls in parallel; rejects with the summary's error (the page cannot draw without it). */
export async function getFundDetailPage(code: string): Promise<FundDetailData> {
  const [summary, detail, achievement, tradeDates, managers] = await Promise.all([
    getFundSummary(code).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    orNull(getFundDetail(code)),
    orNull(getAchievement(code)),
    orNull(getTradeDates(code)),
    orNull(getManagers(code).then((d) => d.items)),
  ]);
  if ('error' in summary) throw summary.error;
  return { summary: summary.value, detail, achievement, tradeDates, managers };
}

/**
 * Whether the logged-in investor holds shares of the fund (the fund page then offers 卖出); false when not. Read from
 * the holdings list, so the page never asks for one holding before it knows the investor holds the fund (issue 28).
 */
export async function heldVolume(code: string): Promise<boolean> {
  try {
    const summary = await get<HoldingSummary>('/djapi/holding/summary', undefined, quiet);
    return !!summary && Array.isArray(summary.items) && summary.items.some((i) => i.fd_code === code && /[1-9]/.test(i.volume));
  } catch {
    return false;
  }
}
