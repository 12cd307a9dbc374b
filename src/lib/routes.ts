// The route table: every public URL of docs/PRODUCT.md §2 ↔ the Taro page that renders it.
// Pure TypeScript (no Taro): the build config, app.config.ts, the pages and the tests all read this one table.

/** Query parameters as the pages see them: already decoded, last value wins. */
export type Query = Record<string, string>;
export type RouteParams = Record<string, string>;

export interface SpecRoute {
  /** Stable name used in code (`specUrl('fundDetail', { fundcode })`). */
  readonly name: RouteName;
  /** The public path, `{param}` for a path segment, exactly as docs/PRODUCT.md §2.1 spells it. */
  readonly pattern: string;
  /** Taro page path (no leading slash) that renders the route; shared by weapp and H5. */
  readonly page: string;
}

const ROUTE_LIST = [
  // Home: /index is the canonical path; / and the /_app shell render the same page.
  { name: 'home', pattern: '/index', page: 'pages/index/index' },
  { name: 'root', pattern: '/', page: 'pages/index/index' },
  { name: 'appShell', pattern: '/_app', page: 'pages/index/index' },
  { name: 'fundAssets', pattern: '/n/fund-assets', page: 'pages/assets/fund-assets/index' },
  { name: 'fundDetail', pattern: '/funding/{fundcode}', page: 'pages/fund/detail/index' },
  { name: 'xjb', pattern: '/xjb', page: 'pages/xjb/home/index' },
  { name: 'advisorLatest', pattern: '/n/departure/latest/{advisorPortfolioCode}', page: 'pages/fund/advisor-latest/index' },
  { name: 'advisorPortfolio', pattern: '/ic/{advisorCode}', page: 'pages/fund/advisor-portfolio/index' },
  { name: 'assetProof', pattern: '/ccount/get-prove-assets', page: 'pages/assets/prove-assets/index' },
  { name: 'fundFilter', pattern: '/rn/fund/filter', page: 'pages/discover/fund-filter/index' },
  { name: 'rankIndex', pattern: '/rank-xq/index', page: 'pages/discover/rank-index/index' },
  { name: 'rankQdii', pattern: '/rank-xq/qdii', page: 'pages/discover/rank-qdii/index' },
  { name: 'rankAutoInvest', pattern: '/rank-xq/auto-invest', page: 'pages/discover/rank-auto-invest/index' },
  { name: 'indexMass', pattern: '/index-mass', page: 'pages/discover/index-mass/index' },
  { name: 'personalIncomeInfo', pattern: '/n/personal-income-info', page: 'pages/pension/personal-income-info/index' },
  { name: 'autoInvestDetail', pattern: '/autoinvesment/detail/{planId}', page: 'pages/autoinvest/detail/index' },
  { name: 'autoInvestIntro', pattern: '/autoinvesment/intro', page: 'pages/autoinvest/intro/index' },
  { name: 'autoInvestTotalList', pattern: '/autoinvesment/total-list', page: 'pages/autoinvest/total-list/index' },
  { name: 'xjbUnavailableAmount', pattern: '/n/xjb-unavailable-amount-detail', page: 'pages/xjb/unavailable-amount/index' },
  { name: 'commonQuestions', pattern: '/transform-common-question', page: 'pages/help/common-question/index' },
  { name: 'pensionActivity', pattern: '/n/activity/pension', page: 'pages/pension/activity/index' },
  { name: 'findFundAccount', pattern: '/n/find-fund-account', page: 'pages/account/find-fund-account/index' },
  { name: 'lumpSumActivity', pattern: '/n/activity/LSD-product/main', page: 'pages/activity/lump-sum/index' },
  { name: 'competition', pattern: '/n/activity/competition/{id}', page: 'pages/activity/competition/index' },
  { name: 'xjbTradeRules', pattern: '/n/xjb/trade-rules', page: 'pages/xjb/trade-rules/index' },
  { name: 'xjbWithdrawalRules', pattern: '/n/xjb/withdrawal-rules', page: 'pages/xjb/withdrawal-rules/index' },
  { name: 'mobileLogin', pattern: '/n/mobile-login', page: 'pages/account/mobile-login/index' },
  { name: 'regCoupon', pattern: '/n/activity/reg-coupon/{id}', page: 'pages/activity/reg-coupon/index' },
  { name: 'myMoney', pattern: '/my-money', page: 'pages/my-money/index' },
  { name: 'openAccount', pattern: '/ccount', page: 'pages/account/open/index' },
  { name: 'certification', pattern: '/ccount/certification', page: 'pages/account/certification/index' },
  { name: 'tradePassword', pattern: '/ccount/trade-password', page: 'pages/account/trade-password/index' },
  { name: 'download', pattern: '/download', page: 'pages/help/download/index' },
  { name: 'valueCenter', pattern: '/djmodule/value-center', page: 'pages/discover/value-center/index' },
  // Not in docs/PRODUCT.md §2: one index of the valuation table (valuation, PE/PB history, K-line with indicators).
  { name: 'valueCenterIndex', pattern: '/djmodule/value-center/{indexCode}', page: 'pages/discover/value-index/index' },
  { name: 'login', pattern: '/account/login', page: 'pages/login/index' },
  { name: 'logoutLanding', pattern: '/account/remove_cookies/dont/do/it', page: 'pages/account/remove-cookies/index' },
  { name: 'customerService', pattern: '/service/customservice', page: 'pages/help/customer-service/index' },
  { name: 'demo', pattern: '/n/demo', page: 'pages/demo/index' },
  // Risk assessment (not a spec URL): start + questionnaire, and the result.
  { name: 'riskAssessment', pattern: '/n/risk-assessment', page: 'pages/account/risk-assessment/index' },
  { name: 'riskResult', pattern: '/n/risk-assessment/result', page: 'pages/account/risk-result/index' },
  // The messaging-app OAuth loading page (docs/PRODUCT.md §2); the global header names this path.
  { name: 'oauthRedirect', pattern: '/thirdAppSupport/redirect', page: 'pages/account/oauth-redirect/index' },
  // The watchlist ("optional" in the analytics codes): not a docs/PRODUCT.md §2 route, ours. A tab page, so its page
  // sits in the mini program's main package (pages/watchlist, not the pages/fund subpackage).
  { name: 'watchlist', pattern: '/n/optional', page: 'pages/watchlist/index' },
  // Trading (issue 12; ours, not SPEC §2 URLs): buy, sell, an order's result, the orders and one order, one holding,
  // the income calendar. Trading pages sit in the trade subpackage, holdings beside fund assets in assets.
  { name: 'buy', pattern: '/n/trade/buy/{fundcode}', page: 'pages/trade/buy/index' },
  { name: 'sell', pattern: '/n/trade/sell/{fundcode}', page: 'pages/trade/sell/index' },
  { name: 'tradeResult', pattern: '/n/trade/result/{orderId}', page: 'pages/trade/result/index' },
  { name: 'orders', pattern: '/n/orders', page: 'pages/trade/orders/index' },
  { name: 'orderDetail', pattern: '/n/orders/{orderId}', page: 'pages/trade/order-detail/index' },
  { name: 'holding', pattern: '/n/holding/{fundcode}', page: 'pages/assets/holding/index' },
  { name: 'incomeCalendar', pattern: '/n/income-calendar', page: 'pages/assets/income-calendar/index' },
  // Auto-invest (issue 14; ours, not a SPEC §2 URL): create a plan for a fund, beside the spec's autoinvest pages.
  { name: 'autoInvestCreate', pattern: '/n/aip/create/{fundcode}', page: 'pages/autoinvest/create/index' },
  // Account settings (issue 17; ours): the card, the trade password (change, reset), the phone, logout; `?action=` opens a flow.
  { name: 'accountSettings', pattern: '/n/account/settings', page: 'pages/account/settings/index' },
  // Agreements and policies (issue 17; ours): the list with the investor's acceptances, and one agreement in full.
  { name: 'agreements', pattern: '/n/agreements', page: 'pages/legal/agreements/index' },
  { name: 'agreement', pattern: '/n/agreements/{agreementId}', page: 'pages/legal/agreement/index' },
  // Asset proof verification (issue 25; ours): the public page a proof's URL and QR code open.
  { name: 'assetProofVerify', pattern: '/n/asset-proof/verify/{serial}', page: 'pages/assets/proof-verify/index' },
  { name: 'notFound', pattern: '/404', page: 'pages/misc/not-found/index' },
] as const;

export type RouteName = (typeof ROUTE_LIST)[number]['name'];

export const ROUTES: readonly SpecRoute[] = ROUTE_LIST;

/**
 * Routes whose page a later issue builds. Until then their URLs show the 404 page (H5) or open it (weapp);
 * building one means creating its page file and deleting its name here.
 */
export const UNBUILT_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([]);

/**
 * The mini program's tab bar in its order, 首页 / 自选 / 我的 (weapp `switchTab` targets; they take no query). WeChat
 * requires tab pages in the main package, so none may sit under a subpackage's `pages/<domain>/` folder.
 */
export const TAB_PAGES: readonly string[] = ['pages/index/index', 'pages/watchlist/index', 'pages/my-money/index'];
/** Pages of the weapp main package (tab pages and login); every other page goes to a subpackage by domain. */
export const MAIN_PACKAGE_PAGES: readonly string[] = [...TAB_PAGES, 'pages/login/index'];

const HOME_PAGE = 'pages/index/index';
const NOT_FOUND_PAGE = 'pages/misc/not-found/index';

export function getRoute(name: RouteName): SpecRoute {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

export function isBuilt(route: SpecRoute): boolean {
  return !UNBUILT_ROUTES.has(route.name);
}

// ---------------------------------------------------------------------------------------------------------
// Query strings (weapp has no URLSearchParams, so this is hand-rolled)

function decodePart(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A malformed escape (`%E4%B8`) stays as typed rather than crashing the page.
    return spaced;
  }
}

export function parseQuery(search: string): Query {
  const query: Query = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return query;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodePart(eq < 0 ? pair : pair.slice(0, eq));
    if (!key) continue;
    query[key] = eq < 0 ? '' : decodePart(pair.slice(eq + 1));
  }
  return query;
}

export function stringifyQuery(query: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Splits `path?query#hash` (absolute URLs keep only their path); the hash is dropped. */
export function splitUrl(url: string): { path: string; query: Query } {
  let rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  const rawPath = q >= 0 ? rest.slice(0, q) : rest;
  const path = normalisePath(rawPath);
  return { path, query: parseQuery(q >= 0 ? rest.slice(q + 1) : '') };
}

function normalisePath(path: string): string {
  let p = path.startsWith('/') ? path : `/${path}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

// ---------------------------------------------------------------------------------------------------------
// Spec URL → route

export interface SpecMatch {
  route: SpecRoute;
  params: RouteParams;
  query: Query;
}

interface CompiledRoute {
  route: SpecRoute;
  segments: readonly string[];
  /** Static routes win over parametrised ones when both could match. */
  paramCount: number;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

const COMPILED: readonly CompiledRoute[] = ROUTES.map((route) => {
  const segments = segmentsOf(route.pattern);
  return { route, segments, paramCount: segments.filter((s) => s.startsWith('{')).length };
}).sort((a, b) => a.paramCount - b.paramCount);

function matchSegments(segments: readonly string[], actual: readonly string[]): RouteParams | null {
  if (segments.length !== actual.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < segments.length; i += 1) {
    const want = segments[i] ?? '';
    const got = actual[i] ?? '';
    if (want.startsWith('{')) {
      params[want.slice(1, -1)] = decodePart(got);
    } else if (want.toLowerCase() !== got.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * The spec route a URL names, with its path params and decoded query; null for unknown paths.
 * Path params are not validated here (a bad fund code must reach the fund page, which explains it).
 */
export function matchSpecUrl(url: string): SpecMatch | null {
  const { path, query } = splitUrl(url);
  const actual = segmentsOf(path);
  for (const compiled of COMPILED) {
    const params = matchSegments(compiled.segments, actual);
    if (params) return { route: compiled.route, params, query };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Route → spec URL

type QueryInput = Readonly<Record<string, string | number | boolean | null | undefined>>;

function fillPattern(
  route: SpecRoute,
  params: QueryInput,
): { path: string; rest: Record<string, string | number | boolean | null | undefined> } {
  const rest: Record<string, string | number | boolean | null | undefined> = { ...params };
  const path = route.pattern.replace(/\{(\w+)\}/g, (_whole, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Route ${route.name} needs the path parameter "${key}"`);
    }
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  return { path, rest };
}

/** The public URL of a route: `specUrl('fundDetail', { fundcode: '000001' }, { channel: 'x' })` → `/funding/000001?channel=x`. */
export function specUrl(name: RouteName, params: QueryInput = {}, query: QueryInput = {}): string {
  const { path, rest } = fillPattern(getRoute(name), params);
  return path + stringifyQuery({ ...rest, ...query });
}

/**
 * The public URL for a Taro page and its query (e.g. a weapp page being shared): path params are taken
 * from `params`, everything else stays in the query. Null when no route uses that page.
 */
export function pageToSpecUrl(pagePath: string, params: QueryInput = {}): string | null {
  const page = pagePath.replace(/^\//, '').split('?')[0];
  const route = ROUTES.find((r) => r.page === page);
  if (!route) return null;
  try {
    return specUrl(route.name, params);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Spec URL → Taro page (the mini program navigates by page path, params in the query)

export interface PageTarget {
  /** `/pages/fund/detail/index?fundcode=000001&channel=x`, ready for Taro.navigateTo. */
  url: string;
  page: string;
  query: Query;
  /** False when the URL is unknown or its page is not built yet: the target is the 404 page. */
  found: boolean;
}

export function specUrlToPage(url: string): PageTarget {
  const match = matchSpecUrl(url);
  if (!match || !isBuilt(match.route)) {
    const query = { path: splitUrl(url).path };
    return { url: `/${NOT_FOUND_PAGE}${stringifyQuery(query)}`, page: NOT_FOUND_PAGE, query, found: false };
  }
  const query = { ...match.query, ...match.params };
  return { url: `/${match.route.page}${stringifyQuery(query)}`, page: match.route.page, query, found: true };
}

// ---------------------------------------------------------------------------------------------------------
// Build-time tables: app.config.ts (pages, subpackages) and config/index.ts (H5 customRoutes)

export interface PackageLayout {
  pages: string[];
  subPackages: { root: string; pages: string[] }[];
}

/** Every built page, main package first (home first), then one subpackage per domain; the 404 page last. */
export function packageLayout(): PackageLayout {
  const builtPages: string[] = [];
  for (const route of ROUTES) {
    if (isBuilt(route) && !builtPages.includes(route.page)) builtPages.push(route.page);
  }
  const pages = MAIN_PACKAGE_PAGES.filter((p) => builtPages.includes(p));
  const byRoot = new Map<string, string[]>();
  for (const page of builtPages) {
    if (pages.includes(page)) continue;
    const parts = page.split('/');
    const root = parts.slice(0, 2).join('/');
    const list = byRoot.get(root) ?? [];
    list.push(parts.slice(2).join('/'));
    byRoot.set(root, list);
  }
  // The H5 router tries routes in this order and the 404 page catches everything: it must come last.
  const notFoundRoot = NOT_FOUND_PAGE.split('/').slice(0, 2).join('/');
  const roots = [...byRoot.keys()].sort((a, b) => Number(a === notFoundRoot) - Number(b === notFoundRoot));
  return { pages, subPackages: roots.map((root) => ({ root, pages: byRoot.get(root) ?? [] })) };
}

/**
 * Taro H5 `router.customRoutes`: each built page answers at its spec paths (path-to-regexp syntax,
 * `{fundcode}` → `:fundcode`, which Taro hands to the page as a router param); the 404 page answers
 * every other path, so unknown and unbuilt URLs keep their address and show "404".
 */
export function h5CustomRoutes(): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const route of ROUTES) {
    if (!isBuilt(route) || route.page === NOT_FOUND_PAGE) continue;
    const aliases = (table[`/${route.page}`] ??= []);
    aliases.push(route.pattern.replace(/\{(\w+)\}/g, ':$1'));
  }
  table[`/${NOT_FOUND_PAGE}`] = ['/404', '/(.*)'];
  return table;
}

/**
 * A `redirect` query value made safe: only our own spec paths are followed, anything else (other sites,
 * `//host`, unknown paths) goes home, so a shared link cannot bounce a user to a foreign site.
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return '/index';
  return matchSpecUrl(redirect) ? redirect : '/index';
}

export const HOME_PAGE_PATH = HOME_PAGE;
export const NOT_FOUND_PAGE_PATH = NOT_FOUND_PAGE;
