// Shared by the trading component tests: a server at the http layer (routes answered by handlers, every request
// recorded), the answers of the trading contract (src/lib/api-types/trading.ts), the RSA key the trade password is
// encrypted to, and fingers on NutUI's number keypads.
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { act, fireEvent } from '@testing-library/react';
import Taro from '@tarojs/taro';
import type { BuyQuote, FundHolding, HoldingSummary, OrderDetail, OrderListItem } from '@/lib/api-types/trading';
import { setToastPresenter } from '@/platform/feedback';
import { setSecureLayer, setTransport } from '@/platform/http';
import type { TransportRequest, TransportResponse } from '@/platform/http-transport';
import { envelopeResponse, stubTransport, type StubTransport } from '../unit/platform-test-transport';

// ---- the server -----------------------------------------------------------------------------------

const KEYS = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** The trade password as the server reads it (PKCS#1 v1.5 checked by hand: Node refuses to unpad it). */
export function decryptPassword(encrypted: string): string {
  const block = privateDecrypt({ key: KEYS.privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(encrypted, 'base64'));
  if (block[0] !== 0 || block[1] !== 2) throw new Error('not PKCS#1 v1.5 type 2');
  return block.subarray(block.indexOf(0, 2) + 1).toString('utf8');
}

export type Handler = (
  req: TransportRequest,
  form: URLSearchParams,
  query: URLSearchParams,
) => TransportResponse | Promise<TransportResponse>;

export interface FakeServer {
  transport: StubTransport;
  /** `GET /djapi/holding/summary` → handler (method and path; path params as written). */
  on(route: string, handler: Handler | object): void;
  /** The form of every request to `route`, in order. */
  forms(route: string): URLSearchParams[];
  toasts: string[];
}

export function ok(data: unknown): TransportResponse {
  return envelopeResponse({ result_code: 0, data, message: '', error_description: '' });
}

export function fail(code: number, message: string, data: unknown = null, status = 400): TransportResponse {
  return envelopeResponse({ result_code: code, data, message, error_description: message }, status);
}

/** Installs a fake server behind the http client (the way the other component tests stub the transport). */
export function fakeServer(): FakeServer {
  const transport = stubTransport();
  const routes = new Map<string, Handler>();
  const toasts: string[] = [];
  routes.set('GET /djapi/security/public-key', () => ok({ public_key: KEYS.publicKey }));
  transport.respond((req) => {
    const url = new URL(req.url, 'http://localhost');
    const key = `${req.method} ${url.pathname}`;
    const handler = routes.get(key);
    if (!handler) return fail(404001, `no route ${key}`, null, 404);
    return handler(req, new URLSearchParams(req.body ?? ''), url.searchParams);
  });
  setTransport(transport);
  setSecureLayer(null);
  setToastPresenter((text) => toasts.push(text));
  return {
    transport,
    toasts,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? (handler as Handler) : () => ok(handler));
    },
    forms(route) {
      const [method, path] = route.split(' ');
      return transport.requests
        .filter((r) => r.method === method && new URL(r.url, 'http://localhost').pathname === path)
        .map((r) => (method === 'GET' ? new URL(r.url, 'http://localhost').searchParams : new URLSearchParams(r.body ?? '')));
    },
  };
}

export function resetServer(): void {
  setTransport(null);
  setToastPresenter(null);
}

/** Spies on Taro's page navigation (H5 navigateToSpecUrl goes through it); returns the URLs asked for. */
export function spyNavigation(): { urls: () => string[]; restore: () => void } {
  const calls: string[] = [];
  const spies = (['navigateTo', 'redirectTo', 'reLaunch', 'switchTab'] as const).map((name) =>
    jest.spyOn(Taro, name).mockImplementation(((options: { url: string }) => {
      calls.push(options.url);
      return Promise.resolve({ errMsg: `${name}:ok` });
    }) as never),
  );
  return { urls: () => [...calls], restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

// ---- fingers ------------------------------------------------------------------------------------------------

function tap(key: Element): void {
  const touch = { clientX: 10, clientY: 10 };
  fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
}

/** Types on the trading keypad (the amount or shares field), key by key: '1000.5'. */
export function typeOnKeypad(text: string): void {
  for (const char of text) {
    const key = [...document.querySelectorAll('.trade-keypad .key')].find((el) => el.textContent === char);
    if (!key) throw new Error(`no keypad key ${char}`);
    act(() => tap(key));
  }
}

export function deleteOnKeypad(times = 1): void {
  for (let i = 0; i < times; i += 1) {
    const key = document.querySelector('.trade-keypad .key.delete');
    if (!key) throw new Error('no delete key');
    act(() => tap(key));
  }
}

/** Types the six digits into the trade-password dialog's keypad (the one that is not ours). */
export async function typePassword(password: string): Promise<void> {
  for (const char of password) {
    const key = [...document.querySelectorAll('.nut-numberkeyboard:not(.trade-keypad) .key')].find((el) => el.textContent === char);
    if (!key) throw new Error(`no password key ${char}`);
    act(() => tap(key));
  }
  await settle(80);
}

/** Lets timers and answers run (the password dialog completes 30 ms after the sixth digit). */
export async function settle(ms = 20): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Waits until `check` passes (answers go through a few promise hops and an RSA encryption). */
export async function until(check: () => void, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await settle(20);
    }
  }
}

/** A click whose handler goes on asynchronously (NutUI's dialog buttons await their onConfirm). */
export async function clickAndSettle(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

export function button(testId: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!el) throw new Error(`no [data-testid="${testId}"]`);
  return el;
}

export function isDisabledButton(el: Element): boolean {
  return el.className.includes('nut-button-disabled') || el.hasAttribute('disabled');
}

// ---- the contract's answers -------------------------------------------------------------------------------

export function quote(overrides: Partial<BuyQuote> = {}): BuyQuote {
  return {
    rounding_mode: 'half_up',
    fd_code: '519671',
    fd_name: '银河沪深300价值指数',
    risk_level: 3,
    investor_level: 4,
    suitability: 'match',
    risk_warning: null,
    mode: 'purchase',
    refusal: null,
    min_amount: '10.00',
    daily_limit: null,
    daily_limit_left: null,
    fee: null,
    standard_fee: null,
    real_rate: null,
    standard_rate: null,
    discount: '0.1',
    trade_date: '2026-03-10',
    confirm_date: '2026-03-11',
    query_date: '2026-03-12',
    fee_table: [
      { lower: '0.00', upper: '1000000.00', rate: '1.20', fixed: null },
      { lower: '1000000.00', upper: '5000000.00', rate: '0.80', fixed: null },
      { lower: '5000000.00', upper: null, rate: null, fixed: '1000.00' },
    ],
    card: {
      bank_code: 'CMB',
      bank_name: '招商银行',
      card_tail: '2565',
      per_payment_limit: '50000.00',
      daily_limit: '200000.00',
      daily_left: '200000.00',
    },
    cash: null,
    ...overrides,
  };
}

export function placed(overrides: Record<string, unknown> = {}) {
  return {
    order_id: '397121338216634368',
    action: '022',
    action_desc: '买入',
    status: 'paid',
    status_desc: '交易进行中',
    fd_code: '519671',
    fd_name: '银河沪深300价值指数',
    amount: '317.00',
    volume: null,
    fee: '0.38',
    real_rate: '0.12',
    trade_date: '2026-03-10',
    confirm_date: '2026-03-11',
    query_date: '2026-03-12',
    arrival_date: null,
    steps: [],
    if_undo: 'y',
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    order_id: '397121338216634368',
    order_type_name: '申购',
    fd_code: '519671',
    fd_name: '银河沪深300价值指数',
    action: '022',
    action_desc: '买入',
    status: 'paid',
    status_desc: '交易进行中',
    state_msg: '交易系统受理成功，等待基金公司确认',
    amount: '317.00',
    volume: '0.00',
    confirm_amount: null,
    confirm_volume: null,
    confirm_nav: null,
    fee: '0.38',
    real_rate: '0.12',
    trade_date: '2026-03-10',
    confirm_date: '2026-03-11',
    query_date: '2026-03-12',
    arrival_date: null,
    refund_amount: null,
    fail_reason: null,
    if_undo: 'y',
    undo_tip: '撤单后资金预计在3月10日19点前退回到银行卡，你确定撤单吗？',
    bankcard_no: '6214********2565',
    bank_name: '招商银行',
    pay_method: 'bankcard',
    sell_to: null,
    created_at: Date.UTC(2026, 2, 10, 5, 31), // 13:31 in Shanghai
    confirm_infos: [],
    steps: [
      { title: '支付成功，将按03-10日净值确认份额', time: '2026-03-10 13:31', done: true },
      { title: '基金公司确认份额，开始计算收益', time: '2026-03-11', done: false },
      { title: '查看收益', time: '2026-03-12 18:00前', done: false },
    ],
    lots: [],
    risk_warning: null,
    ...overrides,
  };
}

export function listItem(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    order_id: '397121338216634368',
    fd_code: '519671',
    code: '519671',
    name: '银河沪深300价值指数',
    ttype: 'fund',
    action: '022',
    action_desc: '买入',
    status: 'paid',
    status_desc: '交易进行中',
    amount: 317,
    volume: null,
    value_desc: '317.00元',
    trade_date: '2026-03-10',
    created_at: Date.UTC(2026, 2, 10, 5, 31),
    title: '银河沪深300价值指数',
    ...overrides,
  };
}

export function holding(overrides: Partial<FundHolding> = {}): FundHolding {
  return {
    rounding_mode: 'half_up',
    fd_code: '519671',
    fd_name: '银河沪深300价值指数',
    type: 5,
    type_desc: '指数型',
    market_value: '1650.00',
    volume: '1000.00',
    usable_volume: '700.00',
    nav: '1.6500',
    nav_date: '2026-03-09',
    cost: '1600.00',
    daily_gain: '-12.30',
    hold_gain: '50.00',
    hold_gain_rate: '3.13',
    total_gain: '50.00',
    market_percent: '100.00',
    buying_amount: '0.00',
    selling_amount: '0.00',
    dividend_method: 'cash',
    locked_volume: '300.00',
    unconfirmed_amount: '500.00',
    lots: [
      // Listed out of order: the page sorts them oldest first.
      {
        lot_id: 'L2',
        confirm_date: '2026-03-05',
        volume: '200.00',
        locked_until: null,
        holding_days: 4,
        redeem_rate: '1.50',
        cost: '320.00',
      },
      {
        lot_id: 'L1',
        confirm_date: '2025-12-01',
        volume: '500.00',
        locked_until: null,
        holding_days: 98,
        redeem_rate: '0.50',
        cost: '800.00',
      },
      {
        lot_id: 'L3',
        confirm_date: '2026-03-06',
        volume: '300.00',
        locked_until: '2026-04-06',
        holding_days: 3,
        redeem_rate: '1.50',
        cost: '480.00',
      },
    ],
    sell_trade_date: '2026-03-10',
    sell_confirm_date: '2026-03-11',
    sell_arrival_date: '2026-03-13',
    sell_to_cash_date: null,
    ...overrides,
  };
}

export function summary(overrides: Partial<HoldingSummary> = {}): HoldingSummary {
  return {
    total_assets: '10317.38',
    daily_gain: '-23.45',
    daily_gain_date: '2026-03-09',
    hold_gain: '317.38',
    total_gain: '1234.56',
    in_transit_amount: '1000.00',
    items: [
      {
        fd_code: '519671',
        fd_name: '银河沪深300价值指数',
        type: 5,
        type_desc: '指数型',
        market_value: '8317.38',
        volume: '5040.84',
        usable_volume: '5040.84',
        nav: '1.6500',
        nav_date: '2026-03-09',
        cost: '8000.00',
        daily_gain: '-23.45',
        hold_gain: '317.38',
        hold_gain_rate: '3.97',
        total_gain: '1234.56',
        market_percent: '80.62',
        buying_amount: '1000.00',
        selling_amount: '0.00',
        dividend_method: 'cash',
      },
      {
        fd_code: '000009',
        fd_name: '易方达天天理财货币A',
        type: 4,
        type_desc: '货币型',
        market_value: '2000.00',
        volume: '2000.00',
        usable_volume: '2000.00',
        nav: '1.0000',
        nav_date: '2026-03-09',
        cost: '2000.00',
        daily_gain: '0.00',
        hold_gain: '0.00',
        hold_gain_rate: '0.00',
        total_gain: '0.00',
        market_percent: '19.38',
        buying_amount: '0.00',
        selling_amount: '0.00',
        dividend_method: 'reinvest',
      },
    ],
    allocation: [
      { type: 5, type_desc: '指数型', market_value: '8317.38', percent: '80.62' },
      { type: 4, type_desc: '货币型', market_value: '2000.00', percent: '19.38' },
    ],
    orders_in_progress: [listItem({ order_id: 'P1', amount: 1000, value_desc: '1000.00元' })],
    cash: null,
    ...overrides,
  };
}
