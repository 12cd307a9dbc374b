import {
  ROUTES,
  TAB_PAGES,
  UNBUILT_ROUTES,
  getRoute,
  h5CustomRoutes,
  matchSpecUrl,
  packageLayout,
  pageToSpecUrl,
  parseQuery,
  safeRedirectTarget,
  specUrl,
  specUrlToPage,
} from '@/lib/routes';
import type { RouteName } from '@/lib/routes';

// docs/PRODUCT.md §2 "Web routes", written out by hand so a change to the table has to agree with the spec.
const SPEC_WEB_ROUTES: readonly [RouteName, string, Record<string, string>?][] = [
  ['home', '/index'],
  ['fundAssets', '/n/fund-assets'],
  ['fundDetail', '/funding/{fundcode}', { fundcode: '000001' }],
  ['xjb', '/xjb'],
  ['advisorLatest', '/n/departure/latest/{advisorPortfolioCode}', { advisorPortfolioCode: 'CSI1033' }],
  ['advisorPortfolio', '/ic/{advisorCode}', { advisorCode: 'IC0001' }],
  ['assetProof', '/ccount/get-prove-assets'],
  ['fundFilter', '/rn/fund/filter'],
  ['rankIndex', '/rank-xq/index'],
  ['rankQdii', '/rank-xq/qdii'],
  ['rankAutoInvest', '/rank-xq/auto-invest'],
  ['indexMass', '/index-mass'],
  ['personalIncomeInfo', '/n/personal-income-info'],
  ['autoInvestDetail', '/autoinvesment/detail/{planId}', { planId: '123' }],
  ['autoInvestIntro', '/autoinvesment/intro'],
  ['autoInvestTotalList', '/autoinvesment/total-list'],
  ['xjbUnavailableAmount', '/n/xjb-unavailable-amount-detail'],
  ['commonQuestions', '/transform-common-question'],
  ['pensionActivity', '/n/activity/pension'],
  ['findFundAccount', '/n/find-fund-account'],
  ['lumpSumActivity', '/n/activity/LSD-product/main'],
  ['competition', '/n/activity/competition/{id}', { id: '42' }],
  ['xjbTradeRules', '/n/xjb/trade-rules'],
  ['xjbWithdrawalRules', '/n/xjb/withdrawal-rules'],
  ['mobileLogin', '/n/mobile-login'],
  ['regCoupon', '/n/activity/reg-coupon/{id}', { id: '7' }],
  ['myMoney', '/my-money'],
  ['openAccount', '/ccount'],
  ['certification', '/ccount/certification'],
  ['tradePassword', '/ccount/trade-password'],
  ['download', '/download'],
  ['valueCenter', '/djmodule/value-center'],
  ['login', '/account/login'],
  ['logoutLanding', '/account/remove_cookies/dont/do/it'],
  ['customerService', '/service/customservice'],
  ['demo', '/n/demo'],
];

function fill(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (_w, k: string) => params[k]);
}

describe('route table', () => {
  it('holds the 36 web routes of the spec plus /, /_app, the OAuth loading page and 404', () => {
    expect(SPEC_WEB_ROUTES).toHaveLength(36);
    const patterns = ROUTES.map((r) => r.pattern);
    for (const [, pattern] of SPEC_WEB_ROUTES) expect(patterns).toContain(pattern);
    expect(patterns).toEqual(expect.arrayContaining(['/', '/_app', '/thirdAppSupport/redirect', '/404']));
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(patterns).size).toBe(ROUTES.length);
  });

  const rows = SPEC_WEB_ROUTES.map(([name, pattern, params]) => ({ name, pattern, params }));
  it.each(rows)('$name: $pattern matches and rebuilds', ({ name, pattern, params }) => {
    const url = fill(pattern, params);
    const match = matchSpecUrl(url);
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params ?? {});
    expect(specUrl(name, params)).toBe(url);
  });

  it('keeps and decodes the query, and puts extra params back in it', () => {
    const match = matchSpecUrl('/funding/000001?channel=x&hideHomeBtn=1');
    expect(match).toMatchObject({ params: { fundcode: '000001' }, query: { channel: 'x', hideHomeBtn: '1' } });

    const prelink = '/autoinvesment/total-list?from=detail';
    const detail = specUrl('autoInvestDetail', { planId: '123' }, { prelink });
    expect(detail).toBe('/autoinvesment/detail/123?prelink=%2Fautoinvesment%2Ftotal-list%3Ffrom%3Ddetail');
    expect(matchSpecUrl(detail)?.query.prelink).toBe(prelink);

    const login = specUrl('login', {}, { redirect: '/funding/000001?channel=x', buyUrl: undefined });
    expect(login).toBe('/account/login?redirect=%2Ffunding%2F000001%3Fchannel%3Dx');
    expect(matchSpecUrl(login)?.query).toEqual({ redirect: '/funding/000001?channel=x' });
  });

  it('does not validate path params: a bad fund code still reaches the fund page', () => {
    expect(matchSpecUrl('/funding/12ab')?.params).toEqual({ fundcode: '12ab' });
    expect(matchSpecUrl('/funding/%E5%9F%BA%E9%87%91')?.params).toEqual({ fundcode: '基金' });
  });

  it('accepts a trailing slash, absolute URLs and a hash, and prefers static routes', () => {
    expect(matchSpecUrl('/xjb/')?.route.name).toBe('xjb');
    expect(matchSpecUrl('https://example.com/rank-xq/qdii?x=1#top')).toMatchObject({ route: { name: 'rankQdii' }, query: { x: '1' } });
    expect(matchSpecUrl('/ccount/certification?pageId=6')?.route.name).toBe('certification');
    expect(matchSpecUrl('/')?.route.name).toBe('root');
    expect(matchSpecUrl('/_app')?.route.name).toBe('appShell');
    expect(matchSpecUrl('/thirdAppSupport/redirect?redirect=%2Fmy-money')).toMatchObject({
      route: { name: 'oauthRedirect' },
      query: { redirect: '/my-money' },
    });
  });

  it('returns null for unknown paths', () => {
    for (const url of ['/nope', '/funding', '/funding/000001/extra', '/n/activity', '/pages/index/index', '/index/x']) {
      expect(matchSpecUrl(url)).toBeNull();
    }
  });

  it('refuses to build a URL without its path param', () => {
    expect(() => specUrl('fundDetail')).toThrow(/fundcode/);
  });

  it('maps pages back to spec URLs (weapp shares)', () => {
    expect(pageToSpecUrl('/pages/fund/detail/index', { fundcode: '000001', channel: 'x' })).toBe('/funding/000001?channel=x');
    expect(pageToSpecUrl('pages/index/index')).toBe('/index');
    expect(pageToSpecUrl('pages/nowhere/index')).toBeNull();
    expect(pageToSpecUrl('pages/fund/detail/index')).toBeNull();
  });

  it('maps spec URLs to weapp pages, unbuilt and unknown ones to the 404 page', () => {
    expect(specUrlToPage('/n/xjb/trade-rules?channel=x')).toEqual({
      url: '/pages/xjb/trade-rules/index?channel=x',
      page: 'pages/xjb/trade-rules/index',
      query: { channel: 'x' },
      found: true,
    });
    // Any route still unbuilt (the list empties as issues land) opens the 404 page with its path.
    for (const route of ROUTES.filter((r) => UNBUILT_ROUTES.has(r.name))) {
      const url = route.pattern.replace(/\{\w+\}/g, '7');
      expect(specUrlToPage(url)).toMatchObject({ page: 'pages/misc/not-found/index', found: false, query: { path: url } });
    }
    expect(UNBUILT_ROUTES.has('competition')).toBe(false);
    expect(specUrlToPage('/n/activity/competition/7')).toMatchObject({
      page: 'pages/activity/competition/index',
      found: true,
      query: { id: '7' },
    });
    expect(specUrlToPage('/funding/000001')).toMatchObject({ page: 'pages/fund/detail/index', found: true, query: { fundcode: '000001' } });
    expect(specUrlToPage('/nope').url).toBe('/pages/misc/not-found/index?path=%2Fnope');
  });

  it('parses queries defensively', () => {
    expect(parseQuery('?a=1&b=&c&a=2&d=%E4%B8&e=x+y')).toEqual({ a: '2', b: '', c: '', d: '%E4%B8', e: 'x y' });
  });

  it('follows only our own paths after login', () => {
    expect(safeRedirectTarget('/funding/000001?channel=x')).toBe('/funding/000001?channel=x');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/nope', '', undefined]) {
      expect(safeRedirectTarget(bad)).toBe('/index');
    }
  });
});

describe('build tables', () => {
  it('lays out every built page once: home first in the main package, the 404 page last', () => {
    const { pages, subPackages } = packageLayout();
    expect(pages[0]).toBe('pages/index/index');
    expect(pages).toContain('pages/login/index');
    const all = [...pages, ...subPackages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))];
    expect(new Set(all).size).toBe(all.length);
    expect(all[all.length - 1]).toBe('pages/misc/not-found/index');
    for (const route of ROUTES) {
      expect(all.includes(route.page)).toBe(!UNBUILT_ROUTES.has(route.name));
    }
    for (const sub of subPackages) expect(pages.some((p) => p.startsWith(`${sub.root}/`))).toBe(false);
  });

  it('puts the tab pages 首页 / 自选 / 我的 in the main package; the watchlist keeps its public URL /n/optional', () => {
    expect(TAB_PAGES).toEqual([getRoute('home').page, getRoute('watchlist').page, getRoute('myMoney').page]);
    const { pages, subPackages } = packageLayout();
    for (const tab of TAB_PAGES) {
      expect(pages).toContain(tab);
      expect(subPackages.some((sub) => tab.startsWith(`${sub.root}/`))).toBe(false);
    }
    expect(specUrlToPage('/n/optional')).toMatchObject({ url: '/pages/watchlist/index', found: true });
    expect(pageToSpecUrl('pages/watchlist/index')).toBe('/n/optional');
    expect(h5CustomRoutes()['/pages/watchlist/index']).toEqual(['/n/optional']);
  });

  it('gives H5 the spec paths as aliases, params in path-to-regexp form, and a catch-all 404', () => {
    const table = h5CustomRoutes();
    expect(table['/pages/index/index']).toEqual(['/index', '/', '/_app']);
    expect(table['/pages/login/index']).toEqual(['/account/login']);
    expect(table['/pages/misc/not-found/index']).toEqual(['/404', '/(.*)']);
    expect(table['/pages/fund/detail/index']).toEqual(['/funding/:fundcode']);
    for (const route of ROUTES.filter((r) => UNBUILT_ROUTES.has(r.name))) expect(Object.keys(table)).not.toContain(`/${route.page}`);
    expect(table['/pages/activity/competition/index']).toEqual(['/n/activity/competition/:id']);
    expect(Object.keys(table).pop()).toBe('/pages/misc/not-found/index');
  });
});
