import { FUND_SAMPLE_CODES } from '@/lib/fund-samples';
import { ROUTES, specUrl, type RouteName } from '@/lib/routes';

type Values = Record<string, string>;

/** Sample path params and query for the routes that need them, so every shortcut opens something real. */
const SAMPLES: Partial<Record<RouteName, { params?: Values; query?: Values }>> = {
  fundDetail: { params: { fundcode: FUND_SAMPLE_CODES.stock } },
  valueCenterIndex: { params: { indexCode: 'SH000300' } },
  advisorLatest: { params: { advisorPortfolioCode: 'TIA06001' } },
  advisorPortfolio: { params: { advisorCode: 'XSTG' } },
  autoInvestDetail: { params: { planId: '1' }, query: { prelink: '/autoinvesment/total-list' } },
  // The demo's own activities (server/src/services/activities.ts defaultActivities) and a well-formed serial.
  competition: { params: { id: 'season-1' } },
  regCoupon: { params: { id: 'newcomer' } },
  assetProofVerify: { params: { serial: 'AP202503051111111153' } },
  certification: { query: { pageId: '6', redirect: '/my-money', buyUrl: `/funding/${FUND_SAMPLE_CODES.stock}` } },
  tradePassword: { query: { redirect: '/my-money', buyUrl: `/funding/${FUND_SAMPLE_CODES.stock}` } },
  login: { query: { redirect: '/n/demo', buyUrl: `/funding/${FUND_SAMPLE_CODES.stock}` } },
  customerService: { query: { snb_account_type: '2', params: 'entryPage:demo' } },
  oauthRedirect: { query: { redirect: '/index' } },
  buy: { params: { fundcode: FUND_SAMPLE_CODES.stock } },
  sell: { params: { fundcode: FUND_SAMPLE_CODES.stock } },
  holding: { params: { fundcode: FUND_SAMPLE_CODES.stock } },
  tradeResult: { params: { orderId: '1' } },
  orderDetail: { params: { orderId: '1' } },
  autoInvestCreate: { params: { fundcode: FUND_SAMPLE_CODES.stock } },
  agreement: { params: { agreementId: 'service' } },
};

export interface DemoLink {
  name: RouteName;
  url: string;
}

/** One shortcut per route of the route table (docs/PRODUCT.md §2), with sample params filled in. */
export function demoShortcutLinks(): DemoLink[] {
  return ROUTES.map((route) => {
    const sample = SAMPLES[route.name] ?? {};
    return { name: route.name, url: specUrl(route.name, sample.params, sample.query) };
  });
}
