// Typed calls of auto-invest 定投 (issue 14; response types: @/lib/api-types/auto-invest). Built as the trading calls
// (features/trade/api.ts): form-encoded, XSRF through the http client, silent (the screens show the server's message
// themselves), the trade password RSA-encrypted with the server's key, answers checked for the shape a screen needs.
import type {
  AipBacktest,
  AipCreateAnswer,
  AipCycle,
  AipList,
  AipPlan,
  AipPlanDetail,
  AipQuote,
  AipYieldList,
} from '@/lib/api-types/auto-invest';
import type { IndexFunds } from '@/lib/api-types/discover';
import type { BuyQuote } from '@/lib/api-types/trading';
import { checked, hasShape, type Shape } from '@/lib/answer-shape';
import { get, post } from '@/platform/http';

const SILENT = { silent: true } as const;

const PLAN_SHAPE: Shape = {
  plan_id: 'string',
  fd_code: 'string',
  fd_name: 'string',
  amount: 'string',
  cycle: 'string',
  status: 'string',
  total_invested: 'string',
  current_value: 'string',
  gain: 'string',
};

export type AipPayMethod = AipPlan['pay_method'];

/** The 沪深300 (CSI 300): the index of the intro's backtest teaser when no fund is named. */
export const TEASER_INDEX_CODE = 'SH000300';

// ---- reads ---------------------------------------------------------------------

/** What the create page needs before the password; the first run date follows `cycle` and `cycle_day`. */
export function getAipQuote(code: string, cycle?: AipCycle, cycleDay?: number | null): Promise<AipQuote> {
  return get<AipQuote>('/djapi/aip/quote', { fd_code: code, cycle, cycle_day: cycleDay ?? undefined }, SILENT).then(
    checked('aip quote', { fd_code: 'string', fd_name: 'string', min_amount: 'string', first_date: 'string', smart_available: 'boolean' }),
  );
}

export interface PayOptions {
  card: BuyQuote['card'];
  /** The cash product (现金宝) and its available balance; null when it cannot pay for this fund. */
  cash: BuyQuote['cash'];
}

/** How a run may be paid: the bound card and the cash product's balance, from the purchase quote (never fails). */
export function getPayOptions(code: string): Promise<PayOptions> {
  return get<BuyQuote>('/djapi/order/buy/quote', { fd_code: code }, SILENT).then(
    (quote) => ({
      card: quote && typeof quote === 'object' && quote.card ? quote.card : null,
      cash: quote && typeof quote === 'object' && quote.cash && quote.cash.fd_code !== code ? quote.cash : null,
    }),
    () => ({ card: null, cash: null }),
  );
}

export interface BacktestQuery {
  code: string;
  amount: string;
  cycle: AipCycle;
  cycleDay: number | null;
  /** 'YYYY-MM-DD'; the server's default (three years back) when absent. */
  start?: string;
  smart: boolean;
}

/** `GET /djapi/aip/backtest` (public): had you invested `amount` every period since `start`. */
export function getBacktest(query: BacktestQuery): Promise<AipBacktest> {
  return get<AipBacktest>(
    '/djapi/aip/backtest',
    {
      fd_code: query.code,
      amount: query.amount,
      cycle: query.cycle,
      cycle_day: query.cycleDay ?? undefined,
      start: query.start,
      smart: query.smart ? 1 : 0,
    },
    SILENT,
  ).then(checked('backtest', { invested: 'string', value: 'string', total_return: 'string', points: 'array', runs: 'number' }));
}

/** Danjuan's recent auto-invest yields of a fund (public). */
export function getYieldList(code: string): Promise<AipYieldList> {
  return get<AipYieldList>('/djapi/fundx/autoinvest/quote/yield/list', { fd_code: code }, SILENT).then(
    checked('yield list', { recent_yields: 'array' }),
  );
}

/** The funds tracking an index (the index-fund picking data), for the intro's teaser and its list of funds. */
export function getIndexFunds(indexCode: string): Promise<IndexFunds> {
  return get<IndexFunds>(`/djapi/index-mass/${encodeURIComponent(indexCode)}/funds`, undefined, SILENT).then(
    checked('index funds', { name: 'string', funds: 'array' }),
  );
}

export function getPlans(): Promise<AipList> {
  return get<AipList>('/djapi/aip/list', undefined, SILENT).then(
    checked('plans', { items: 'array' }, (d) => d.items.every((item) => hasShape(item, PLAN_SHAPE))),
  );
}

export function getPlan(planId: string): Promise<AipPlanDetail> {
  return get<AipPlanDetail>(`/djapi/aip/${encodeURIComponent(planId)}`, undefined, SILENT).then(
    checked('plan', { ...PLAN_SHAPE, runs: 'array' }),
  );
}

// ---- writes --------------------------------------------------------------------

export interface NewPlan {
  code: string;
  /** Yuan, at most 2 decimals. */
  amount: string;
  cycle: AipCycle;
  cycleDay: number | null;
  payMethod: AipPayMethod;
  smart: boolean;
  requestId: string;
  /** Already encrypted (components/purchase `encryptTradePassword`). */
  encryptedPassword: string;
  riskConfirmed: boolean;
}

export function createPlan(plan: NewPlan): Promise<AipCreateAnswer> {
  return post<AipCreateAnswer>(
    '/djapi/aip/create',
    {
      fd_code: plan.code,
      amount: plan.amount,
      cycle: plan.cycle,
      cycle_day: plan.cycleDay ?? undefined,
      pay_method: plan.payMethod,
      smart: plan.smart ? 1 : 0,
      request_id: plan.requestId,
      trade_password: plan.encryptedPassword,
      risk_confirm: plan.riskConfirmed ? 1 : 0,
    },
    SILENT,
  ).then(checked('new plan', { plan_id: 'string', first_date: 'string' }));
}

export type PlanAction = 'pause' | 'resume' | 'stop';

/** Pause, resume or stop (final); answers the plan as it is now. */
export function changePlanState(planId: string, action: PlanAction, encryptedPassword: string): Promise<AipPlan> {
  return post<AipPlan>(`/djapi/aip/${encodeURIComponent(planId)}/${action}`, { trade_password: encryptedPassword }, SILENT);
}

export interface PlanUpdate {
  amount: string;
  cycle: AipCycle;
  cycleDay: number | null;
  payMethod: AipPayMethod;
}

export function updatePlan(planId: string, update: PlanUpdate, encryptedPassword: string): Promise<AipPlan> {
  return post<AipPlan>(
    `/djapi/aip/${encodeURIComponent(planId)}/update`,
    {
      amount: update.amount,
      cycle: update.cycle,
      cycle_day: update.cycleDay ?? undefined,
      pay_method: update.payMethod,
      trade_password: encryptedPassword,
    },
    SILENT,
  );
}
