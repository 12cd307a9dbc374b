// /xjb, the cash-management product 现金宝 (issue 13 §1) against a fake server at the http layer: the gates, loading,
// error with retry, the empty state, every figure as the server sends it (red income), the yield chart's periods,
// the income list page by page, the orders on their way; 转入 with the card's limits and the dates; 转出 with
// 快速取现 / 普通取现, the quota refusal shown with the switch to the normal way, the password RSA-encrypted and
// one request id per intent.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CashScreen, type CashAccess } from '@/features/cash/cash-screen';
import { REQUEST_ID_PATTERN } from '@/components/purchase/request-id';
import type { CashIncomeRow, CashOrderAnswer, CashSummary, CashYields } from '@/lib/api-types/cash';
import { setLocale } from '@/locales/i18n';
import { elderOn, elderOneColumnClasses, elderReset, present } from './elder-helpers';
import {
  button,
  decryptPassword,
  fail,
  fakeServer,
  isDisabledButton,
  listItem,
  ok,
  resetServer,
  settle,
  spyNavigation,
  until,
  type FakeServer,
} from './trade-helpers';
import { fakeNativeHost, opened } from './native-host';

const SUMMARY = 'GET /djapi/xjb/summary';
const YIELDS = 'GET /djapi/xjb/yields';
const INCOME = 'GET /djapi/xjb/income';
const DEPOSIT = 'POST /djapi/xjb/deposit';
const WITHDRAW = 'POST /djapi/xjb/withdraw';
const READY: CashAccess = { status: 'loggedIn', openTrade: true };

function cashSummary(overrides: Partial<CashSummary> = {}): CashSummary {
  return {
    fd_code: '000009',
    fd_name: '易方达天天理财货币A',
    total: '20012.34',
    available: '18000.00',
    unavailable: '2012.34',
    yesterday_income: '1.23',
    yesterday_income_date: '2026-03-06',
    total_income: '12.34',
    seven_day_yield: '2.345',
    per_10k_income: '0.6712',
    yield_date: '2026-03-06',
    quick_quota_left: '10000.00',
    quick_daily_limit: '10000.00',
    deposit_trade_date: '2026-03-09',
    deposit_confirm_date: '2026-03-10',
    deposit_income_date: '2026-03-11',
    normal_arrival_date: '2026-03-10',
    card: {
      bank_code: 'CMB',
      bank_name: '招商银行',
      card_tail: '2565',
      per_payment_limit: '50000.00',
      daily_limit: '200000.00',
      daily_left: '150000.00',
    },
    in_progress: [],
    ...overrides,
  };
}

function yields(days: number): CashYields {
  const items = Array.from({ length: days }, (_, i) => ({
    date: `2026-${i < 28 ? '02' : '03'}-${String((i % 28) + 1).padStart(2, '0')}`,
    seven_day_yield: '2.345',
    per_10k_income: '0.6712',
  }));
  return { fd_code: '000009', days, items };
}

function incomeRow(date: string, income = '0.40'): CashIncomeRow {
  return { date, income, shares: '6000.00', income_per_10k: '0.6712' };
}

function answer(overrides: Partial<CashOrderAnswer> = {}): CashOrderAnswer {
  return {
    order_id: 'X1',
    kind: 'deposit',
    action_desc: '转入',
    status_desc: '转入成功，等待确认',
    amount: '20000.00',
    trade_date: '2026-03-09',
    confirm_date: '2026-03-10',
    arrival_date: '2026-03-11',
    quick_quota_left: '10000.00',
    steps: [
      { title: '转入成功', time: '2026-03-09 10:00', done: true },
      { title: '确认份额', time: '2026-03-10', done: false },
    ],
    ...overrides,
  };
}

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string, root: ParentNode = document) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';

function tap(key: Element): void {
  const touch = { clientX: 10, clientY: 10 };
  fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
}

/** Types on the cash amount keypad, key by key. */
function typeAmount(value: string): void {
  for (const char of value) {
    const key = [...document.querySelectorAll('.cash-keypad .key')].find((el) => el.textContent === char);
    if (!key) throw new Error(`no keypad key ${char}`);
    act(() => tap(key));
  }
}

/** Types the six digits into the trade-password dialog's keypad (the one that is not the amount's). */
async function typePassword(password: string): Promise<void> {
  for (const char of password) {
    const key = [...document.querySelectorAll('.nut-numberkeyboard:not(.cash-keypad) .key')].find((el) => el.textContent === char);
    if (!key) throw new Error(`no password key ${char}`);
    act(() => tap(key));
  }
  await settle(80);
}

function renderCash(access: CashAccess = READY, initialView?: 'deposit' | 'withdraw') {
  return render(<CashScreen access={access} initialView={initialView} />);
}

async function home(): Promise<void> {
  await until(() => expect(screen.getByTestId('cash-screen')).toBeInTheDocument());
}

// Password flows (RSA in pure JS, the dialog's timers) take a few seconds on a busy machine.
jest.setTimeout(15_000);

beforeEach(() => {
  // jsdom has no 2D canvas: the chart draws nothing (its points are checked on the data attributes).
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
  server.on(SUMMARY, cashSummary());
  server.on(YIELDS, (_req, _form, query) => ok(yields(Number(query.get('days')))));
  server.on(INCOME, {
    items: [incomeRow('2026-03-06', '1.23'), incomeRow('2026-03-05')],
    current_page: 1,
    size: 20,
    total_items: 2,
    total_pages: 1,
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  nav.restore();
  resetServer();
  setLocale('zh-CN');
});

describe('gates and states', () => {
  it('anonymous: a login prompt that comes back to /xjb; nothing asked of the server', async () => {
    renderCash({ status: 'anonymous', openTrade: null });
    expect(screen.getByText('登录后使用现金宝')).toBeInTheDocument();
    fireEvent.click(button('cash-gate-login-action'));
    await settle();
    expect(nav.urls().join()).toContain(encodeURIComponent('/xjb'));
    expect(server.forms(SUMMARY)).toHaveLength(0);
  });

  it('no trade account: account opening, back to /xjb afterwards', async () => {
    renderCash({ status: 'loggedIn', openTrade: false });
    fireEvent.click(button('cash-gate-open-action'));
    await settle();
    expect(nav.urls()).toEqual([`/ccount?redirect=${encodeURIComponent('/xjb')}`]);
  });

  it('the summary answering 300001 / 410001 shows the matching gate', async () => {
    server.on(SUMMARY, () => fail(300001, '请先登录', null, 401));
    const { unmount } = renderCash();
    await until(() => expect(screen.getByTestId('cash-gate-login')).toBeInTheDocument());
    unmount();
    server.on(SUMMARY, () => fail(410001, '请先开户'));
    renderCash();
    await until(() => expect(screen.getByTestId('cash-gate-open')).toBeInTheDocument());
  });

  it('loading, then an error with the server message and a retry that loads', async () => {
    let calls = 0;
    server.on(SUMMARY, () => (++calls === 1 ? fail(9999, '系统繁忙，请稍后再试', null, 500) : ok(cashSummary())));
    renderCash();
    expect(screen.getByTestId('cash-loading')).toBeInTheDocument();
    await until(() => expect(screen.getByTestId('cash-error')).toBeInTheDocument());
    expect(text('cash-error')).toContain('系统繁忙，请稍后再试');
    fireEvent.click(screen.getByText(/重试/));
    await home();
  });

  it('nothing yet: the empty state invites a deposit; the income list says when income starts', async () => {
    server.on(
      SUMMARY,
      cashSummary({
        total: '0.00',
        available: '0.00',
        unavailable: '0.00',
        yesterday_income: '0.00',
        yesterday_income_date: null,
        total_income: '0.00',
      }),
    );
    server.on(INCOME, { items: [], current_page: 1, size: 20, total_items: 0, total_pages: 0 });
    renderCash();
    await home();
    expect(screen.getByTestId('cash-empty')).toBeInTheDocument();
    await until(() => expect(screen.getByTestId('cash-income-empty')).toBeInTheDocument());
    // One label for the same figure (issue 28): 最新收益 here as on 我的资产, never 昨日收益 for it.
    expect(text('cash-yesterday')).toBe('最新收益（元）0.00');
    fireEvent.click(button('cash-empty-deposit'));
    await until(() => expect(screen.getByTestId('cash-deposit-form')).toBeInTheDocument());
  });
});

describe('the product', () => {
  it('every figure as sent: balance split, latest income with its date (red), cumulative income, yield and per-10k', async () => {
    renderCash();
    await home();
    expect(text('cash-total')).toBe('20,012.34');
    expect(text('cash-available')).toBe('可用金额（元）18,000.00');
    expect(text('cash-unavailable')).toBe('不可用金额（元） ›2,012.34');
    expect(text('cash-yesterday')).toBe('最新收益（03-06）+1.23');
    expect(document.querySelector('[data-testid="cash-yesterday"] .amount-text')?.className).toContain('sign-tone--rise');
    expect(text('cash-total-income')).toBe('累计收益（元）+12.34');
    expect(text('cash-seven-day-yield')).toBe('七日年化2.345%');
    expect(text('cash-per-10k')).toBe('万份收益（元）0.6712');
    expect(screen.getByText('数据日期 2026-03-06')).toBeInTheDocument();
    expect(screen.getByText('易方达天天理财货币A 000009')).toBeInTheDocument();
  });

  it('the unavailable amount opens its detail page; the rule links open the rule pages', async () => {
    renderCash();
    await home();
    fireEvent.click(button('cash-unavailable'));
    fireEvent.click(button('cash-link-trade-rules'));
    fireEvent.click(button('cash-link-withdrawal-rules'));
    await settle();
    expect(nav.urls()).toEqual(['/n/xjb-unavailable-amount-detail', '/n/xjb/trade-rules', '/n/xjb/withdrawal-rules']);
  });

  it('the chart: 30 days of the 7-day yield first, then 90 days, then the per-10k income', async () => {
    renderCash();
    await home();
    await until(() => expect(screen.getByTestId('cash-chart')).toBeInTheDocument());
    const chart = () => screen.getByTestId('cash-chart');
    expect(chart().dataset).toMatchObject({ figure: 'yield', days: '30', points: '30' });
    fireEvent.click(button('cash-period-90'));
    await until(() => expect(chart().dataset.points).toBe('90'));
    expect(server.forms(YIELDS).map((q) => q.get('days'))).toEqual(['30', '90']);
    fireEvent.click(button('cash-per-10k'));
    expect(chart().dataset).toMatchObject({ figure: 'per10k', days: '90' });
  });

  it('income by day, newest first, with shares × per-10k; more pages on demand', async () => {
    server.on(INCOME, (_req, _form, query) =>
      ok(
        query.get('page') === '1'
          ? { items: [incomeRow('2026-03-06', '1.23'), incomeRow('2026-03-05')], current_page: 1, size: 2, total_items: 3, total_pages: 2 }
          : { items: [incomeRow('2026-03-04', '0.39')], current_page: 2, size: 2, total_items: 3, total_pages: 2 },
      ),
    );
    renderCash();
    await home();
    await until(() => expect(screen.getAllByTestId('cash-income-row')).toHaveLength(2));
    const [first] = screen.getAllByTestId('cash-income-row');
    expect(first?.textContent).toBe('2026-03-06含3天收益6,000.00份 × 万份收益 0.6712+1.23');
    fireEvent.click(button('cash-income-more'));
    await until(() => expect(screen.getAllByTestId('cash-income-row')).toHaveLength(3), 10_000);
    // 2026-03-06 is a Friday: its distribution covers the weekend.
    expect(screen.getAllByTestId('cash-income-covers').map((el) => el.textContent)).toEqual(['含3天收益']);
    expect(screen.queryByTestId('cash-income-more')).toBeNull();
  });

  it('orders on their way are listed and open their detail', async () => {
    server.on(
      SUMMARY,
      cashSummary({ in_progress: [listItem({ order_id: 'D1', action_desc: '转入', name: '现金宝', value_desc: '2,000.00元' })] }),
    );
    renderCash();
    await home();
    expect(text('cash-in-progress')).toContain('转入 现金宝');
    fireEvent.click(screen.getByTestId('cash-order-row'));
    await settle();
    expect(nav.urls()).toEqual(['/n/orders/D1']);
  });

  it('speaks English in en-US', async () => {
    setLocale('en-US');
    renderCash();
    await home();
    expect(text('cash-seven-day-yield')).toBe('7-day annualised yield2.345%');
    expect(text('cash-deposit')).toBe('Deposit');
    expect(text('cash-withdraw')).toBe('Withdraw');
  });
});

describe('转入', () => {
  it('inside the native app 转入 opens its quick recharge instead of the form (docs/BRIDGE.md)', async () => {
    renderCash();
    await home();
    const host = fakeNativeHost();
    host.enter();
    try {
      fireEvent.click(button('cash-deposit'));
      await settle();
    } finally {
      host.leave();
    }
    expect(host.posted).toEqual([opened('quickRecharge')]);
    expect(screen.queryByTestId('cash-deposit-form')).toBeNull();
  });

  it('from the bound card with its limits and the dates; the password names the product; the order is encrypted and idempotent', async () => {
    server.on(DEPOSIT, () => ok(answer()));
    renderCash();
    await home();
    fireEvent.click(button('cash-deposit'));
    await until(() => expect(screen.getByTestId('cash-deposit-form')).toBeInTheDocument());
    expect(text('cash-deposit-card')).toContain('招商银行（尾号2565）');
    expect(text('cash-deposit-card')).toContain('单笔限额 50,000.00 元，单日限额 200,000.00 元');
    expect(text('cash-deposit-card')).toContain('今日剩余额度 150,000.00 元');
    expect(text('cash-deposit-timeline')).toBe('转入2026-03-09确认份额2026-03-10开始计算收益2026-03-11');
    expect(screen.getByText('交易日 15:00 前转入按当日交易，之后转入顺延至下一交易日')).toBeInTheDocument();
    expect(isDisabledButton(button('cash-deposit-submit'))).toBe(true);
    typeAmount('60000');
    expect(text('cash-amount-problem')).toBe('超过招商银行单笔支付限额 50,000.00 元');
    for (let i = 0; i < 5; i += 1) act(() => tap(document.querySelector('.cash-keypad .key.delete') as Element));
    typeAmount('20000');
    expect(screen.queryByTestId('cash-amount-problem')).toBeNull();
    fireEvent.click(button('cash-deposit-submit'));
    await until(() => expect(screen.getByText('收款方：易方达天天理财货币A')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(screen.getByTestId('cash-result')).toBeInTheDocument());
    const [form] = server.forms(DEPOSIT);
    expect(form?.get('amount')).toBe('20000.00');
    expect(form?.get('request_id')).toMatch(REQUEST_ID_PATTERN);
    expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('135790');
    expect(text('cash-result-value')).toBe('转入 20,000.00元');
    expect(text('cash-result-note')).toBe('2026-03-10 确认份额，2026-03-11 起计算收益');
    expect(text('cash-result-confirm-date')).toBe('确认份额2026-03-10');
    expect(text('cash-result-income-date')).toBe('开始计算收益2026-03-11');
    // Done: back to the product, loaded again.
    fireEvent.click(button('cash-result-done'));
    await home();
    expect(server.forms(SUMMARY).length).toBeGreaterThanOrEqual(2);
  });

  it('a lost answer keeps the request id for the retry; a refusal is shown as the server says it', async () => {
    let calls = 0;
    server.on(DEPOSIT, () => {
      calls += 1;
      if (calls === 1) throw new Error('socket hang up');
      return fail(410010, '支付失败：银行卡余额不足');
    });
    renderCash(READY, 'deposit');
    await until(() => expect(screen.getByTestId('cash-deposit-form')).toBeInTheDocument());
    typeAmount('100');
    fireEvent.click(button('cash-deposit-submit'));
    await until(() => expect(screen.getByText('收款方：易方达天天理财货币A')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(screen.getByTestId('cash-notice')).toBeInTheDocument());
    fireEvent.click(button('cash-deposit-submit'));
    await until(() => expect(screen.getByText('收款方：易方达天天理财货币A')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(text('cash-notice')).toBe('支付失败：银行卡余额不足'));
    const ids = server.forms(DEPOSIT).map((f) => f.get('request_id'));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });
});

describe('转出', () => {
  it('快速取现 by default with the quota left; 普通取现 names its arrival date; over the available amount is refused as typed', async () => {
    server.on(SUMMARY, cashSummary({ quick_quota_left: '3000.00' }));
    renderCash(READY, 'withdraw');
    await until(() => expect(screen.getByTestId('cash-withdraw-form')).toBeInTheDocument());
    expect(screen.getByTestId('cash-mode-quick')).toHaveAttribute('aria-checked', 'true');
    expect(text('cash-quick-quota')).toBe('今日剩余额度 3,000.00 元（每日 10,000.00 元）');
    expect(text('cash-normal-arrival')).toBe('预计 2026-03-10 到账');
    expect(text('cash-withdraw-available')).toBe('可转出 18,000.00 元');
    typeAmount('18000.01');
    expect(text('cash-amount-problem')).toBe('超过可转出金额 18,000.00 元');
    expect(isDisabledButton(button('cash-withdraw-submit'))).toBe(true);
    fireEvent.click(button('cash-withdraw-all'));
    expect(text('cash-amount-value')).toBe('18000.00');
    expect(isDisabledButton(button('cash-withdraw-submit'))).toBe(false);
  });

  it('the quota refusal is shown as the server says it, with the switch to 普通取现, which then goes through', async () => {
    const refusal = '快速取现每人每日限额 10,000.00 元，今日还可快速取现 0.00 元，超出部分请使用普通取现（2026-03-10 到账）';
    server.on(WITHDRAW, (_req, form) =>
      form.get('mode') === 'quick'
        ? fail(410017, refusal)
        : ok(answer({ kind: 'normal', action_desc: '普通取现', status_desc: '取现申请成功', amount: '0.01', arrival_date: '2026-03-10' })),
    );
    renderCash(READY, 'withdraw');
    await until(() => expect(screen.getByTestId('cash-withdraw-form')).toBeInTheDocument());
    typeAmount('0.01');
    fireEvent.click(button('cash-withdraw-submit'));
    await until(() => expect(screen.getByText('收款方：招商银行（尾号2565）')).toBeInTheDocument());
    expect(screen.getByText('快速取现至银行卡')).toBeInTheDocument();
    await typePassword('135790');
    await until(() => expect(text('cash-notice')).toContain(refusal));
    fireEvent.click(button('cash-switch-normal'));
    expect(screen.getByTestId('cash-mode-normal')).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByTestId('cash-notice')).toBeNull();
    fireEvent.click(button('cash-withdraw-submit'));
    await until(() => expect(screen.getByText('普通取现至银行卡')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(screen.getByTestId('cash-result')).toBeInTheDocument());
    const forms = server.forms(WITHDRAW);
    expect(forms.map((f) => [f.get('mode'), f.get('amount')])).toEqual([
      ['quick', '0.01'],
      ['normal', '0.01'],
    ]);
    // Another way is another intent: another request id.
    expect(forms[1]?.get('request_id')).not.toBe(forms[0]?.get('request_id'));
    expect(text('cash-result-arrival-date')).toBe('到账日期2026-03-10');
  });

  it('a 快速取现 that goes through shows the quota left after it', async () => {
    server.on(
      WITHDRAW,
      answer({
        kind: 'quick',
        action_desc: '快速取现',
        status_desc: '已到账',
        amount: '10000.00',
        arrival_date: '2026-03-09',
        quick_quota_left: '0.00',
      }),
    );
    renderCash(READY, 'withdraw');
    await until(() => expect(screen.getByTestId('cash-withdraw-form')).toBeInTheDocument());
    typeAmount('10000');
    fireEvent.click(button('cash-withdraw-submit'));
    await until(() => expect(screen.getByText('收款方：招商银行（尾号2565）')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(screen.getByTestId('cash-result')).toBeInTheDocument());
    expect(text('cash-result-quota-left')).toBe('今日剩余快速取现额度0.00元');
    expect(text('cash-result-note')).toBe('资金已实时转至招商银行（尾号2565），份额由基金公司按规则确认');
    expect(text('cash-result-arrival-date')).toBe('到账日期2026-03-09');
  });

  it('a wrong password keeps the dialog with the tries left', async () => {
    let tries = 0;
    server.on(WITHDRAW, () => (++tries === 1 ? fail(400051, '交易密码错误，还可尝试 4 次') : ok(answer({ kind: 'quick' }))));
    renderCash(READY, 'withdraw');
    await until(() => expect(screen.getByTestId('cash-withdraw-form')).toBeInTheDocument());
    typeAmount('100');
    fireEvent.click(button('cash-withdraw-submit'));
    await until(() => expect(screen.getByText('收款方：招商银行（尾号2565）')).toBeInTheDocument());
    await typePassword('111111');
    await until(() => expect(screen.getByText('交易密码错误，还可尝试 4 次')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(screen.getByTestId('cash-result')).toBeInTheDocument());
  });
});

describe('elder mode (关怀版): plain words (issue 26)', () => {
  afterEach(elderReset);

  it('现金宝 says 近7天年化收益率 and 每万元每天收益, the same figures; the disclosure too', async () => {
    elderOn();
    renderCash();
    await home();
    expect(text('cash-seven-day-yield')).toBe('近7天年化收益率2.345%');
    expect(text('cash-per-10k')).toBe('每万元每天收益（元）0.6712');
    expect(text('cash-disclosure')).toContain('近7天年化收益率和每万元每天收益都是过去的数据');
    expect(text('cash-screen')).not.toContain('七日年化');
  });

  it('keeps the usual words when the mode is off', async () => {
    renderCash();
    await home();
    expect(text('cash-seven-day-yield')).toBe('七日年化2.345%');
    expect(text('cash-per-10k')).toBe('万份收益（元）0.6712');
  });

  it("one column: the rows of figures here are ones elder mode's stylesheet stacks", async () => {
    elderOn();
    renderCash();
    await home();
    for (const name of ['cash-summary__split', 'cash-yield__figures']) {
      present(name);
      expect(elderOneColumnClasses()).toContain(name);
    }
  });
});
