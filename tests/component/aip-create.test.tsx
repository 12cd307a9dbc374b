// The create page (issue 14) against a fake server at the http layer: the purchase's gates, the form on the quote
// (minimum, first run date re-asked with the schedule, smart mode only for a fund tracking an index, 现金宝 with its
// balance), the backtest of the chosen settings, suitability, the trade password (RSA-encrypted), the result.
import { fireEvent, render, screen } from '@testing-library/react';
import { CreateScreen, type AipAccess } from '@/features/aip/create-screen';
import { REQUEST_ID_PATTERN } from '@/components/purchase/request-id';
import { setLocale } from '@/locales/i18n';
import { elderOn, elderOneColumnClasses, elderReset, present } from './elder-helpers';
import { aipQuote, backtest, plan, typeAmount, typeTradePassword } from './aip-helpers';
import {
  button,
  clickAndSettle,
  decryptPassword,
  fail,
  fakeServer,
  isDisabledButton,
  ok,
  quote,
  resetServer,
  settle,
  spyNavigation,
  until,
  type FakeServer,
} from './trade-helpers';

const READY: AipAccess = { status: 'loggedIn', openTrade: true, assessed: true };
const QUOTE = 'GET /djapi/aip/quote';
const BUY_QUOTE = 'GET /djapi/order/buy/quote';
const BACKTEST = 'GET /djapi/aip/backtest';
const CREATE = 'POST /djapi/aip/create';

jest.setTimeout(20_000);

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;

function renderCreate(access: AipAccess = READY, ensureAssessed = jest.fn(() => Promise.resolve(true))) {
  const utils = render(
    <CreateScreen code='519671' access={access} ensureAssessed={ensureAssessed} initial={{ cycle: 'monthly', day: 28 }} />,
  );
  return { ...utils, ensureAssessed };
}

async function ready(): Promise<void> {
  await until(() => expect(screen.getByTestId('aip-create')).toBeInTheDocument());
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
  server.on(QUOTE, (_req, _form, query) =>
    ok(aipQuote({ first_date: query.get('cycle') === 'weekly' ? '2026-12-04' : `2026-12-${query.get('cycle_day') ?? '28'}` })),
  );
  server.on(BUY_QUOTE, quote({ cash: { fd_code: '009015', available: '2345.67' } }));
  server.on(BACKTEST, backtest());
  server.on(CREATE, { plan_id: '9001', first_date: '2026-12-28', plan: plan() });
});

afterEach(() => {
  nav.restore();
  resetServer();
  setLocale('zh-CN');
});

describe('gates, in order', () => {
  it('anonymous: a login prompt that comes back to this create page, no quote asked', async () => {
    renderCreate({ status: 'anonymous', openTrade: null, assessed: false });
    expect(screen.getByText('登录后即可设置定投')).toBeInTheDocument();
    fireEvent.click(button('aip-gate-login-action'));
    await settle();
    expect(nav.urls().join()).toContain(encodeURIComponent('/n/aip/create/519671'));
    expect(server.forms(QUOTE)).toHaveLength(0);
  });

  it('no trade account: account opening, back here afterwards', async () => {
    renderCreate({ status: 'loggedIn', openTrade: false, assessed: false });
    fireEvent.click(button('aip-gate-open-action'));
    await settle();
    expect(nav.urls()).toEqual([`/ccount?redirect=${encodeURIComponent('/n/aip/create/519671')}`]);
  });

  it('no valid assessment: the assessment opens at once; declining leaves a way back to it', async () => {
    const ensureAssessed = jest.fn(() => Promise.resolve(false));
    renderCreate({ status: 'loggedIn', openTrade: true, assessed: false }, ensureAssessed);
    await settle();
    expect(ensureAssessed).toHaveBeenCalledTimes(1);
    expect(screen.getByText('定投前请先完成风险测评')).toBeInTheDocument();
    fireEvent.click(button('aip-gate-assess-action'));
    expect(ensureAssessed).toHaveBeenCalledTimes(2);
  });

  it('a quote failure shows the server’s message with a retry', async () => {
    server.on(QUOTE, () => fail(410005, '该基金暂停申购'));
    renderCreate();
    await until(() => expect(screen.getByText('该基金暂停申购')).toBeInTheDocument());
  });

  it('an invalid fund code says so', () => {
    render(<CreateScreen code='12' access={READY} ensureAssessed={jest.fn()} />);
    expect(screen.getByText('基金代码有误：12')).toBeInTheDocument();
  });
});

describe('the form', () => {
  it('shows the fund, its index, the first run date for the schedule, the payment choices and the backtest', async () => {
    renderCreate();
    await ready();
    expect(text('aip-create')).toContain('银河沪深300价值指数');
    expect(text('aip-create')).toContain('跟踪沪深300');
    expect(text('aip-schedule-day-value')).toBe('28日');
    expect(text('aip-summary-cycle')).toContain('每月28日');
    expect(text('aip-first-date-value')).toBe('2026-12-28');
    expect(server.forms(QUOTE)[0]?.get('cycle')).toBe('monthly');
    expect(server.forms(QUOTE)[0]?.get('cycle_day')).toBe('28');
    await until(() => expect(text('aip-pay')).toContain('招商银行（尾号2565）'));
    expect(text('aip-xjb-available')).toBe('可用 2,345.67 元');
    await until(() => expect(text('aip-backtest-invested')).toBe('36,000.00'));
    expect(text('aip-backtest')).toContain('+10.77%');
    expect(text('aip-backtest')).toContain('+6.81%');
    // Normal vs smart side by side (the backtest's `other`).
    expect(text('aip-backtest-smart')).toContain('+14.88%');
    expect(text('aip-backtest-normal')).toContain('+10.77%');
    // The backtest chart is an image named by what it shows (issue 26).
    expect(screen.getByTestId('aip-backtest-chart').getAttribute('role')).toBe('img');
    expect(screen.getByTestId('aip-backtest-chart').getAttribute('aria-label')).toMatch(
      /^累计投入与市值走势（\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}）：累计投入36,000.00元，期末市值[\d,.]+元，总收益率\+10\.77%$/,
    );
    expect(isDisabledButton(button('aip-submit'))).toBe(true);
  });

  it('a new cycle asks the quote again and shows its first run date', async () => {
    renderCreate();
    await ready();
    fireEvent.click(button('aip-schedule-weekly'));
    await until(() => expect(text('aip-first-date-value')).toBe('2026-12-04'));
    const last = server.forms(QUOTE).at(-1);
    expect(last?.get('cycle')).toBe('weekly');
    expect(last?.get('cycle_day')).toBe('1');
    expect(text('aip-summary-cycle')).toContain('每周周一');
    fireEvent.click(button('aip-schedule-daily'));
    await until(() => expect(server.forms(QUOTE).at(-1)?.get('cycle')).toBe('daily'));
    expect(server.forms(QUOTE).at(-1)?.has('cycle_day')).toBe(false);
  });

  it('a first run moved off the chosen day (a weekend) says why', async () => {
    server.on(QUOTE, aipQuote({ first_date: '2026-12-28' }));
    render(<CreateScreen code='519671' access={READY} ensureAssessed={jest.fn()} initial={{ cycle: 'monthly', day: 26 }} />);
    await ready();
    expect(text('aip-first-date-value')).toBe('2026-12-28');
    expect(text('aip-first-date-shifted')).toBe('扣款日非交易日，顺延至下一交易日');
  });

  it('checks the amount against the minimum', async () => {
    renderCreate();
    await ready();
    fireEvent.click(button('aip-amount'));
    typeAmount('5');
    expect(text('aip-amount-problem')).toBe('每期定投金额最低 10.00 元');
    typeAmount('00');
    expect(screen.queryByTestId('aip-amount-problem')).toBeNull();
    expect(isDisabledButton(button('aip-submit'))).toBe(false);
  });

  it('smart mode names the index it follows and how the ratio works', async () => {
    renderCreate();
    await ready();
    expect(text('aip-smart-index')).toContain('跟踪沪深300');
    fireEvent.click(button('aip-mode-smart'));
    await until(() => expect(server.forms(BACKTEST).at(-1)?.get('smart')).toBe('1'));
  });

  it('a fund that tracks no index: normal mode only', async () => {
    server.on(QUOTE, aipQuote({ smart_available: false, index_code: null, index_name: null }));
    renderCreate();
    await ready();
    expect(screen.queryByTestId('aip-mode-smart')).toBeNull();
    expect(text('aip-smart-unavailable')).toBe('该基金未跟踪指数，仅支持普通定投');
  });

  it('a refusal in the quote blocks the plan', async () => {
    server.on(QUOTE, aipQuote({ refusal: '该基金暂停申购' }));
    renderCreate();
    await ready();
    expect(text('aip-refusal')).toBe('该基金暂停申购');
    fireEvent.click(button('aip-chip-500'));
    expect(isDisabledButton(button('aip-submit'))).toBe(true);
  });
});

describe('paying from 现金宝', () => {
  const xjb = () => screen.getByTestId('aip-pay-xjb');

  it('an empty 现金宝 (0.00) is shown with its balance as unavailable and cannot be chosen; the card pays', async () => {
    server.on(BUY_QUOTE, quote({ cash: { fd_code: '009015', available: '0.00' } }));
    renderCreate();
    await ready();
    await until(() => expect(xjb()).toBeInTheDocument());
    expect(text('aip-xjb-available')).toBe('余额不足，可用 0.00 元');
    expect(xjb()).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button('aip-chip-500'));
    fireEvent.click(xjb());
    expect(xjb()).toHaveAttribute('aria-checked', 'false');
    expect(button('aip-pay-card')).toHaveAttribute('aria-checked', 'true');
    await clickAndSettle(button('aip-submit'));
    await typeTradePassword('258036');
    await until(() => expect(screen.getByTestId('aip-created')).toBeInTheDocument());
    expect(server.forms(CREATE)[0]?.get('pay_method')).toBe('bankcard');
  });

  it('a balance short of the amount of a run is unavailable; one that covers it can be chosen', async () => {
    renderCreate(); // 2,345.67 available
    await ready();
    await until(() => expect(xjb()).toBeInTheDocument());
    fireEvent.click(button('aip-chip-500'));
    expect(text('aip-xjb-available')).toBe('可用 2,345.67 元');
    fireEvent.click(xjb());
    expect(xjb()).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(button('aip-amount'));
    typeAmount('0'); // 5,000.00 a run
    expect(text('aip-xjb-available')).toBe('余额不足，可用 2,345.67 元');
    expect(xjb()).toHaveAttribute('aria-disabled', 'true');
    expect(xjb()).toHaveAttribute('aria-checked', 'false');
    expect(button('aip-pay-card')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(button('aip-chip-500'));
    expect(xjb()).toHaveAttribute('aria-checked', 'true'); // the choice comes back once the balance covers the run
  });

  it('in English too', async () => {
    setLocale('en-US');
    server.on(BUY_QUOTE, quote({ cash: { fd_code: '009015', available: '0.00' } }));
    renderCreate();
    await ready();
    await until(() => expect(xjb()).toBeInTheDocument());
    expect(text('aip-xjb-available')).toBe('Not enough: ¥0.00 available');
  });
});

describe('the password step', () => {
  it('asks for the trade password, sends the plan encrypted with a request id, and shows the plan and its first run', async () => {
    renderCreate();
    await ready();
    fireEvent.click(button('aip-chip-500'));
    await until(() => expect(screen.getByTestId('aip-pay-xjb')).toBeInTheDocument());
    fireEvent.click(button('aip-pay-xjb'));
    fireEvent.click(button('aip-mode-smart'));
    await clickAndSettle(button('aip-submit'));
    await typeTradePassword('258036');
    await until(() => expect(screen.getByTestId('aip-created')).toBeInTheDocument());
    const form = server.forms(CREATE)[0];
    expect(form?.get('fd_code')).toBe('519671');
    expect(form?.get('amount')).toBe('500.00');
    expect(form?.get('cycle')).toBe('monthly');
    expect(form?.get('cycle_day')).toBe('28');
    expect(form?.get('pay_method')).toBe('xjb');
    expect(form?.get('smart')).toBe('1');
    expect(form?.get('risk_confirm')).toBe('0');
    expect(form?.get('request_id')).toMatch(REQUEST_ID_PATTERN);
    expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('258036');
    expect(text('aip-created-id')).toContain('9001');
    expect(text('aip-created-first-date')).toContain('2026-12-28');
    fireEvent.click(button('aip-created-detail'));
    await settle();
    expect(nav.urls().join()).toContain('/autoinvesment/detail/9001');
  });

  it('suitability warn: the risk warning first, then the password, sent with risk_confirm=1', async () => {
    server.on(QUOTE, aipQuote({ suitability: 'warn', risk_level: 4, investor_level: 3, risk_warning: '该基金风险较高' }));
    renderCreate();
    await ready();
    expect(text('aip-suitability-warn')).toContain('R4');
    fireEvent.click(button('aip-chip-100'));
    await clickAndSettle(button('aip-submit'));
    expect(text('risk-warning-text')).toBe('该基金风险较高');
    await clickAndSettle(screen.getByText('我已知晓风险，确认定投'));
    await typeTradePassword('258036');
    await until(() => expect(server.forms(CREATE)).toHaveLength(1));
    expect(server.forms(CREATE)[0]?.get('risk_confirm')).toBe('1');
  });

  it('a refusal after the password is shown as the server says it, and a retry is a new request id', async () => {
    server.on(CREATE, () => fail(410020, '定投周期不正确'));
    renderCreate();
    await ready();
    fireEvent.click(button('aip-chip-100'));
    await clickAndSettle(button('aip-submit'));
    await typeTradePassword('258036');
    await until(() => expect(text('aip-notice')).toBe('定投周期不正确'));
    expect(server.toasts).toContain('定投周期不正确');
    await clickAndSettle(button('aip-submit'));
    await typeTradePassword('258036');
    await until(() => expect(server.forms(CREATE)).toHaveLength(2));
    const [first, second] = server.forms(CREATE);
    expect(first?.get('request_id')).not.toBe(second?.get('request_id'));
  });

  it('in English', async () => {
    setLocale('en-US');
    renderCreate();
    await ready();
    expect(text('aip-summary-cycle')).toContain('Monthly on day 28');
    expect(screen.getByText('First run')).toBeInTheDocument();
  });
});

describe('elder mode (关怀版): plain words (issue 26)', () => {
  afterEach(elderReset);

  it('the backtest says 平均每年的收益率 and 最后值多少钱, the rule 扣钱那天…, not XIRR or 净值', async () => {
    elderOn();
    renderCreate();
    await ready();
    await until(() => expect(text('aip-backtest-invested')).toBe('36,000.00'));
    expect(text('aip-backtest')).toContain('平均每年的收益率');
    expect(text('aip-backtest')).toContain('最后值多少钱');
    expect(text('aip-backtest')).not.toContain('XIRR');
    expect(text('aip-create')).toContain('扣钱那天如果不是交易日');
  });

  it('keeps the usual words when the mode is off', async () => {
    renderCreate();
    await ready();
    await until(() => expect(text('aip-backtest-invested')).toBe('36,000.00'));
    expect(text('aip-backtest')).toContain('年化收益率（XIRR）');
    expect(text('aip-create')).toContain('扣款日遇非交易日顺延至下一交易日');
  });

  it("one column: the rows of figures here are ones elder mode's stylesheet stacks", async () => {
    elderOn();
    renderCreate();
    await ready();
    await until(() => expect(text('aip-backtest-invested')).toBe('36,000.00'));
    for (const name of ['aip-figures', 'aip-chips']) {
      present(name);
      expect(elderOneColumnClasses()).toContain(name);
    }
  });
});
