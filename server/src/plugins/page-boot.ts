import type { RouteName } from '../../../src/lib/routes';
import { DEFAULT_MPAAS_APPKEY } from '../constants';

// The GET calls a page makes on its first render, exactly as the app's http client writes their URLs (path, then
// the query in the order the caller gives it). page-html.ts inlines their answers in the page's HTML so the first
// render has its data. A URL that no longer matches what the page asks just goes to the network again: the
// browser tests `tests/e2e/home.test.ts` and `fund.test.ts` check that those pages' first loads ask none of these.

/**
 * Every page's shell asks who is logged in first (src/features/account/store.ts), and the operator's brand
 * (src/platform/brand.ts: the name in the header and title, the demo mark).
 */
const EVERY_PAGE: readonly string[] = ['/djapi/account', '/djapi/platform/brand'];

/** Remote config of a key for the default app, as src/platform/mpaas.ts asks it on a first visit (no cache yet). */
export const mpaasKey = (key: string): string => `/mpaas/config/content?appkey=${DEFAULT_MPAAS_APPKEY}&key=${key}`;

/** Home's five funds of the one-year ranking (src/features/home/api.ts getRankedFunds). */
export const HOME_RANKED_URL = '/djapi/v3/filter/fund?order_by=1y&page=1&size=5';
/** The valuation table (home's summary, and the valuation page). */
export const VALUATION_URL = '/djapi/index_eva/dj';
/** Index picking: the categories, then the funds of the first category's first index (`bootFollowUpsFor`). */
export const INDEX_CATEGORIES_URL = '/djapi/index-mass/categories';
export const indexFundsUrl = (indexCode: string): string => `/djapi/index-mass/${encodeURIComponent(indexCode)}/funds`;

const HOME: readonly string[] = [
  // src/features/home/api.ts: five funds of the one-year ranking, the valuation summary, banners and marquee.
  HOME_RANKED_URL,
  VALUATION_URL,
  mpaasKey('home_banners'),
  mpaasKey('home_marquee'),
];

/** src/features/fund/api.ts, as the fund page asks on its first render (the chart's year once its chunk is in). */
function fundDetail(params: Record<string, string>): readonly string[] {
  const code = params.fundcode ?? '';
  // A code that is not six digits gets the page that says so, which asks nothing.
  if (!/^\d{6}$/.test(code)) return [];
  return [
    `/djapi/fund/${code}`,
    `/djapi/fund/detail/${code}`,
    `/djapi/fundx/base/fund/achievement/${code}`,
    `/djapi/fund/order/v2/trade_date?fd_code=${code}`,
    `/djapi/fundx/base/fund/record/manager/list?fund_code=${code}&post_status=1`,
    `/djapi/fund/growth/${code}?day=1y`,
  ];
}

// The other pages a shared link opens (issue 17), as src/features/discover/api.ts asks on their first render with no
// query in the link: the ranking's first page of 20 by one-year return (a link with its own filters or order asks
// other URLs, which go to the network), the valuation table, the index categories and the first index's funds.
export const rankingUrl = (type?: number): string =>
  `/djapi/v3/filter/fund?${type === undefined ? '' : `type=${type}&`}order_by=1y&page=1&size=20`;

/** The auto-invest ranking's first page (src/features/discover/auto-invest-ranking.tsx): one year, every type. */
export const AUTO_INVEST_RANKING_URL = '/djapi/fund/rank/auto-invest?period=1y&page=1&size=20';

const PAGE_CALLS: Partial<Record<RouteName, (params: Record<string, string>) => readonly string[]>> = {
  home: () => HOME,
  root: () => HOME,
  appShell: () => HOME,
  fundDetail,
  fundFilter: () => [rankingUrl()],
  rankIndex: () => [rankingUrl(5)],
  rankQdii: () => [rankingUrl(11)],
  rankAutoInvest: () => [AUTO_INVEST_RANKING_URL],
  valueCenter: () => [VALUATION_URL],
  indexMass: () => [INDEX_CATEGORIES_URL],
};

/** The first category's first index of an index-picking categories answer: the one the page opens with. */
function firstIndexCode(answer: unknown): string | null {
  const data = (answer as { result_code?: unknown; data?: { categories?: { indices?: { index_code?: unknown }[] }[] } } | undefined)?.data;
  const code = Array.isArray(data?.categories) ? data.categories[0]?.indices?.[0]?.index_code : undefined;
  return typeof code === 'string' && code !== '' ? code : null;
}

/**
 * Calls the page makes once a first answer is in (page-html.ts asks them after the first batch): index picking
 * shows the funds of whichever index its categories answer puts first (src/features/discover/index-mass.tsx).
 */
export function bootFollowUpsFor(route: RouteName, answers: Record<string, unknown>): readonly string[] {
  if (route !== 'indexMass') return [];
  const code = firstIndexCode(answers[INDEX_CATEGORIES_URL]);
  return code ? [indexFundsUrl(code)] : [];
}

export function bootRequestsFor(route: RouteName, params: Record<string, string>): readonly string[] {
  return [...EVERY_PAGE, ...(PAGE_CALLS[route]?.(params) ?? [])];
}
