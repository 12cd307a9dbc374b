// The sell page (issue 12 §4): sellable, locked and unconfirmed apart; all / half / any shares; the fee estimated lot
// by lot, first in first out, with the shared rules at the latest NAV (locked lots never taken); where the money goes
// and when; the password and the order.
import { fireEvent, render, screen } from '@testing-library/react';
import { SellScreen, type SellAccess } from '@/features/trade/sell-screen';
import { REQUEST_ID_PATTERN } from '@/components/purchase/request-id';
import { setLocale } from '@/locales/i18n';
import {
  button,
  decryptPassword,
  fail,
  fakeServer,
  holding,
  isDisabledButton,
  ok,
  placed,
  resetServer,
  settle,
  spyNavigation,
  typeOnKeypad,
  typePassword,
  until,
  type FakeServer,
} from './trade-helpers';
import { elderOn, elderOneColumnClasses, elderReset, present } from './elder-helpers';

const READY: SellAccess = { status: 'loggedIn', openTrade: true, card: { bankCode: 'CMB', cardTail: '2565' } };
const HOLDING = 'GET /djapi/holding/fund/519671';
const RATES = 'GET /djapi/fund/detail/519671';
const SELL = 'POST /djapi/order/sell';

/** The fund's redemption table: < 7 days 1.5 %, 7–365 days 0.5 %, from a year 0. */
const RATE_ROWS = [
  { name: '小于7天', value: '1.50', unit: '%', lower_bound: 0, upper_bound: 7 },
  { name: '大于等于7天，小于365天', value: '0.50', unit: '%', lower_bound: 7, upper_bound: 365 },
  { name: '大于等于365天', value: '0.00', unit: '%', lower_bound: 365, upper_bound: null },
];

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const lots = () => screen.getAllByTestId('sell-lot').map((el) => el.textContent);

async function renderSell(access: SellAccess = READY) {
  render(<SellScreen code='519671' access={access} />);
  await until(() => expect(screen.getByTestId('sell-screen')).toBeInTheDocument());
}

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
  server.on(HOLDING, holding());
  server.on(RATES, {
    fd_code: '519671',
    fund_rates: {
      discount: '0.1',
      declare_discount: '0.1',
      subscribe_rate_table: [],
      declare_rate_table: [],
      withdraw_rate_table: RATE_ROWS,
      other_rate_table: [],
    },
  });
});

afterEach(() => {
  nav.restore();
  resetServer();
});

it('shows sellable, locked and unconfirmed apart, the locked lot with its date, the card and the arrival date', async () => {
  await renderSell();
  expect(text('sell-available')).toBe('可卖份额700.00份');
  expect(text('sell-locked')).toBe('锁定份额300.00份');
  expect(text('sell-unconfirmed')).toBe('待确认买入500.00元');
  expect(text('sell-locked-lots')).toBe('300.00 份锁定中，2026-04-06 起可卖');
  expect(text('sell-card')).toContain('招商银行（尾号2565）');
  expect(text('sell-arrival')).toBe('预计 2026-03-13 到账');
  expect(text('sell-timeline')).toContain('确认份额2026-03-11');
  expect(isDisabledButton(button('sell-submit'))).toBe(true);
});

it('estimates the fee lot by lot, oldest first, by each lot’s holding days at the confirmation date', async () => {
  await renderSell();
  fireEvent.click(button('sell-volume'));
  typeOnKeypad('600');
  // L1 (2025-12-01, 500 shares, 100 days): 825.00 × 0.5 % = 4.125 → 4.13; L2 (2026-03-05, 100 of 200, 6 days):
  // 165.00 × 1.5 % = 2.475 → 2.48. Total 6.61, proceeds 990.00 − 6.61.
  expect(lots()).toEqual([
    '2025-12-01 确认 · 持有 100 天500.00 份 · 费率 0.50% · 手续费 4.13元',
    '2026-03-05 确认 · 持有 6 天100.00 份 · 费率 1.50% · 手续费 2.48元',
  ]);
  expect(text('sell-fee')).toBe('6.61元');
  expect(text('sell-proceeds')).toBe('983.39元');
  expect(screen.getByText('按最新净值 1.6500（2026-03-09）估算，以确认净值为准')).toBeInTheDocument();
});

it('all and half of the sellable shares; the locked lot is never taken', async () => {
  await renderSell();
  fireEvent.click(button('sell-all'));
  expect(text('sell-volume-value')).toBe('700.00');
  expect(lots()).toHaveLength(2);
  expect(lots().join()).not.toContain('2026-03-06');
  expect(text('sell-fee')).toBe('9.08元');
  expect(text('sell-proceeds')).toBe('1,145.92元');
  fireEvent.click(button('sell-half'));
  expect(text('sell-volume-value')).toBe('350.00');
  expect(lots()).toEqual(['2025-12-01 确认 · 持有 100 天350.00 份 · 费率 0.50% · 手续费 2.89元']);
  expect(text('sell-proceeds')).toBe('574.61元');
});

it('more than the sellable shares (locked ones included) is refused as typed', async () => {
  await renderSell();
  fireEvent.click(button('sell-volume'));
  typeOnKeypad('800');
  expect(text('sell-volume-problem')).toBe('超过可卖份额 700.00 份');
  expect(screen.queryByTestId('sell-estimate')).toBeNull();
  expect(isDisabledButton(button('sell-submit'))).toBe(true);
});

it("without the fund's table each lot's rate for today stands in", async () => {
  server.on(RATES, () => fail(500001, 'down', null, 500));
  await renderSell();
  fireEvent.click(button('sell-all'));
  expect(lots()).toEqual([
    '2025-12-01 确认 · 持有 100 天500.00 份 · 费率 0.50% · 手续费 4.13元',
    '2026-03-05 确认 · 持有 6 天200.00 份 · 费率 1.50% · 手续费 4.95元',
  ]);
});

it('sells with the password (encrypted) and a request id, then shows the result', async () => {
  server.on(SELL, () => ok(placed({ action: '024', amount: null, volume: '350.00', arrival_date: '2026-03-13' })));
  await renderSell();
  fireEvent.click(button('sell-half'));
  fireEvent.click(button('sell-submit'));
  await until(() => expect(screen.getByText('请输入交易密码，卖出 350.00 份')).toBeInTheDocument());
  expect(screen.getByText('收款方：招商银行（尾号2565）')).toBeInTheDocument();
  // Before the password (large in elder mode, issue 26): the fee and when the money arrives.
  expect(screen.getByTestId('password-fee').textContent).toMatch(/^预估手续费 \d+\.\d{2}元$/);
  expect(screen.getByTestId('password-arrival').textContent).toBe('资金到账 2026-03-13');
  await typePassword('135790');
  await until(() => expect(nav.urls()).toEqual(['/n/trade/result/397121338216634368']));
  const [form] = server.forms(SELL);
  expect(form?.get('fd_code')).toBe('519671');
  expect(form?.get('volume')).toBe('350.00');
  expect(form?.get('request_id')).toMatch(REQUEST_ID_PATTERN);
  expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('135790');
});

it('the server refusing (not enough shares) shows its message', async () => {
  server.on(SELL, () => fail(410012, '可卖份额不足'));
  await renderSell();
  fireEvent.click(button('sell-all'));
  fireEvent.click(button('sell-submit'));
  await until(() => expect(screen.getByText('请输入交易密码，卖出 700.00 份')).toBeInTheDocument());
  await typePassword('135790');
  await until(() => expect(text('sell-notice')).toBe('可卖份额不足'));
  expect(server.toasts).toContain('可卖份额不足');
});

it('anonymous: the login prompt', async () => {
  render(<SellScreen code='519671' access={{ status: 'anonymous', openTrade: null, card: null }} />);
  await settle();
  expect(screen.getByText('登录后即可卖出基金')).toBeInTheDocument();
  expect(server.forms(HOLDING)).toHaveLength(0);
});

it('nothing held: the server’s reason, no retry', async () => {
  server.on(HOLDING, () => fail(410016, '您未持有该基金'));
  render(<SellScreen code='519671' access={READY} />);
  await until(() => expect(screen.getByText('您未持有该基金')).toBeInTheDocument());
  expect(screen.queryByText('点击重试')).toBeNull();
});

describe('elder mode (关怀版): plain words (issue 26)', () => {
  afterEach(elderReset);

  it('the estimate is at 最近的每份价格 and the timeline says 算出卖得的钱, not 净值 or 确认份额', async () => {
    elderOn();
    await renderSell();
    fireEvent.click(button('sell-all'));
    expect(text('sell-screen')).toContain('按最近的每份价格');
    expect(text('sell-screen')).not.toContain('以确认净值为准');
    expect(text('sell-timeline')).toContain('算出卖得的钱');
    expect(text('sell-timeline')).not.toContain('确认份额');
  });

  it('keeps the usual words when the mode is off', async () => {
    await renderSell();
    fireEvent.click(button('sell-all'));
    expect(text('sell-screen')).toContain('以确认净值为准');
    expect(text('sell-timeline')).toContain('确认份额');
  });

  it("one column: the rows of figures here are ones elder mode's stylesheet stacks", async () => {
    elderOn();
    await renderSell();
    fireEvent.click(button('sell-all'));
    for (const name of ['trade-stats']) {
      present(name);
      expect(elderOneColumnClasses()).toContain(name);
    }
  });
});
