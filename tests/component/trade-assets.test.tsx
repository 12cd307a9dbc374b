// My money / fund assets, one holding, the income calendar (issue 12 §8): every figure exactly as the server sends
// it (grouped, never recomputed), red for gains and green for losses, the empty state, loading, error with retry.
import { fireEvent, render, screen } from '@testing-library/react';
import { AssetsScreen } from '@/features/trade/assets-screen';
import { HoldingScreen } from '@/features/trade/holding-screen';
import { IncomeCalendarScreen } from '@/features/trade/income-calendar-screen';
import { monthCells, shiftMonth } from '@/features/trade/calendar-grid';
import { setLocale } from '@/locales/i18n';
import { elderOn, elderOneColumnClasses, elderReset, present } from './elder-helpers';
import {
  button,
  fail,
  fakeServer,
  holding,
  ok,
  resetServer,
  settle,
  spyNavigation,
  summary,
  until,
  type FakeServer,
} from './trade-helpers';
import { fakeNativeHost, opened } from './native-host';

const SUMMARY = 'GET /djapi/holding/summary';
const HOLDING = 'GET /djapi/holding/fund/519671';
const CALENDAR = 'GET /djapi/holding/income/calendar';

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string, root: ParentNode = document) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
const tone = (testId: string) => document.querySelector(`[data-testid="${testId}"] .amount-text`)?.className ?? '';

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
});

afterEach(() => {
  nav.restore();
  resetServer();
});

describe('my money', () => {
  it('shows the totals, each holding and the allocation exactly as sent; red up, green down', async () => {
    server.on(SUMMARY, summary());
    render(<AssetsScreen variant='myMoney' />);
    expect(screen.getByTestId('assets-loading')).toBeInTheDocument();
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    expect(text('assets-total')).toBe('10,317.38');
    expect(text('assets-daily-gain')).toBe('昨日收益（03-09）-23.45');
    expect(tone('assets-daily-gain')).toContain('sign-tone--fall');
    expect(text('assets-hold-gain')).toBe('持有收益+317.38');
    expect(tone('assets-hold-gain')).toContain('sign-tone--rise');
    expect(text('assets-total-gain')).toBe('累计收益+1,234.56');
    expect(text('assets-in-transit')).toBe('在途资金 1,000.00 元');

    const rows = screen.getAllByTestId('holding-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(text('holding-market-value', first)).toBe('8,317.38');
    expect(first.textContent).toContain('+317.38');
    expect(first.textContent).toContain('+3.97%');
    expect(first.textContent).toContain('-23.45');
    expect(first.textContent).toContain('持有 5,040.84份 · 成本 8,000.00元');
    expect(text('holding-buying', first)).toBe('买入确认中 1,000.00 元');
    expect(rows[1]?.querySelector('[data-testid="holding-buying"]')).toBeNull();

    expect(screen.getAllByTestId('allocation-row').map((r) => r.textContent)).toEqual(['指数型80.62%8,317.38', '货币型19.38%2,000.00']);
    expect(text('assets-in-progress')).toContain('1000.00元');

    fireEvent.click(first);
    fireEvent.click(button('assets-link-calendar'));
    fireEvent.click(button('assets-link-orders'));
    fireEvent.click(button('assets-link-fund-assets'));
    await settle();
    expect(nav.urls()).toEqual(['/n/holding/519671', '/n/income-calendar', '/n/orders', '/n/fund-assets']);
  });

  it('an advisory account: its own line with the account’s figures as sent, opening the portfolio (issue 23)', async () => {
    server.on(
      SUMMARY,
      summary({
        advisory: [
          {
            plan_code: 'TIA06002',
            plan_name: '稳健平衡组合',
            total_assets: '10012.34',
            total_gain: '-12.66',
            pending_amount: '500.00',
            fee_accrued: '0.77',
          },
        ],
      }),
    );
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets-advisory')).toBeInTheDocument());
    const line = screen.getByTestId('assets-advisory');
    expect(line.textContent).toContain('投顾账户 · 稳健平衡组合');
    expect(text('assets-advisory-total')).toBe('10,012.34');
    expect(text('assets-advisory-gain')).toBe('累计收益-12.66');
    expect(tone('assets-advisory-gain')).toContain('sign-tone--fall');
    expect(text('assets-advisory-fee')).toBe('已计提投顾费0.77');
    expect(line.textContent).toContain('买入确认中 500.00 元');
    // The total is the summary's (its funds are ordinary holdings, counted once).
    expect(text('assets-total')).toBe('10,317.38');
    fireEvent.click(line);
    await settle();
    expect(nav.urls()).toEqual(['/ic/TIA06002']);
  });

  it('no advisory account: no advisory line', async () => {
    server.on(SUMMARY, summary({ advisory: [] }));
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    expect(screen.queryByTestId('assets-advisory')).toBeNull();
  });

  it('nothing yet: zeros and the way to the funds', async () => {
    server.on(
      SUMMARY,
      summary({
        total_assets: '0.00',
        daily_gain: '0.00',
        daily_gain_date: null,
        hold_gain: '0.00',
        total_gain: '0.00',
        in_transit_amount: '0.00',
        items: [],
        allocation: [],
        orders_in_progress: [],
      }),
    );
    render(<AssetsScreen variant='fundAssets' />);
    await until(() => expect(screen.getByTestId('assets-empty')).toBeInTheDocument());
    expect(text('assets-total')).toBe('0.00');
    expect(text('assets-daily-gain')).toBe('昨日收益0.00');
    expect(screen.queryByTestId('assets-allocation')).toBeNull();
    expect(screen.queryByTestId('assets-link-fund-assets')).toBeNull();
    fireEvent.click(button('assets-browse'));
    await settle();
    expect(nav.urls()).toEqual(['/index']);
  });

  it('inside the native app: the way to the funds opens its fund home, the orders its trade home (docs/BRIDGE.md)', async () => {
    server.on(
      SUMMARY,
      summary({ total_assets: '0.00', hold_gain: '0.00', in_transit_amount: '0.00', items: [], allocation: [], orders_in_progress: [] }),
    );
    render(<AssetsScreen variant='fundAssets' />);
    await until(() => expect(screen.getByTestId('assets-empty')).toBeInTheDocument());
    const host = fakeNativeHost();
    host.enter();
    try {
      fireEvent.click(button('assets-browse'));
      fireEvent.click(button('assets-link-orders'));
      await settle();
      expect(host.posted).toEqual([opened('fundHome'), opened('tradeHome')]);
      expect(nav.urls()).toEqual([]);
    } finally {
      host.leave();
    }
    // Back in a browser: our pages.
    fireEvent.click(button('assets-browse'));
    fireEvent.click(button('assets-link-orders'));
    await settle();
    expect(nav.urls()).toEqual(['/index', '/n/orders']);
    expect(host.posted).toHaveLength(2);
  });

  it('an error: the reason and a retry that loads', async () => {
    let calls = 0;
    server.on(SUMMARY, () => (++calls === 1 ? fail(500001, '服务繁忙，请稍后再试', null, 500) : ok(summary())));
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets-error')).toBeInTheDocument());
    expect(screen.getByText('服务繁忙，请稍后再试')).toBeInTheDocument();
    fireEvent.click(screen.getByText('点击重试'));
    await until(() => expect(text('assets-total')).toBe('10,317.38'));
  });

  it('no account yet: the way to open one', async () => {
    server.on(SUMMARY, () => fail(410001, '请先开户'));
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('trade-gate-open')).toBeInTheDocument());
  });

  it('English', async () => {
    setLocale('en-US');
    server.on(SUMMARY, summary());
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    expect(text('assets-daily-gain')).toBe('Income on 03-09-23.45');
    expect(text('assets-in-transit')).toBe('¥1,000.00 in transit');
  });
});

describe('one holding', () => {
  it('its figures, its lots oldest first with lock and today’s rate, buy and sell', async () => {
    server.on(HOLDING, holding());
    render(<HoldingScreen code='519671' />);
    await until(() => expect(screen.getByTestId('holding')).toBeInTheDocument());
    expect(text('holding-market-value')).toBe('1,650.00');
    expect(text('holding-hold-gain')).toBe('持有收益+50.00+3.13%');
    expect(text('holding-daily-gain')).toBe('昨日收益-12.30');
    expect(text('holding-volume')).toBe('持有份额1,000.00份');
    expect(text('holding-usable')).toBe('可卖份额700.00份');
    expect(text('holding-locked')).toBe('锁定份额300.00份');
    expect(text('holding-cost')).toBe('持仓成本1,600.00元');
    expect(text('holding-nav')).toBe('最新净值1.6500（2026-03-09）');
    expect(screen.getAllByTestId('holding-lot').map((l) => l.textContent)).toEqual([
      '2025-12-01 确认500.00份已持有 98 天 · 今日卖出费率 0.50%可卖',
      '2026-03-05 确认200.00份已持有 4 天 · 今日卖出费率 1.50%可卖',
      '2026-03-06 确认300.00份已持有 3 天 · 今日卖出费率 1.50%锁定中，2026-04-06 起可卖',
    ]);
    fireEvent.click(button('holding-buy'));
    fireEvent.click(button('holding-sell'));
    await settle();
    expect(nav.urls()).toEqual(['/n/trade/buy/519671', '/n/trade/sell/519671']);
  });

  it('says the fee is in 持有收益, where each lot came from, until when the 7-day penalty applies, and links its trades and income', async () => {
    // Issue 28: a new purchase's fee read as a day's loss; lots did not say 定投; "已持有 0 天" said nothing of the penalty.
    server.on(
      HOLDING,
      holding({
        hold_gain: '-81.90',
        hold_gain_rate: '-0.74',
        hold_fee: '81.88',
        daily_gain: '0.00',
        lots: [
          {
            lot_id: 'L1',
            confirm_date: '2027-06-29',
            volume: '8000.00',
            locked_until: null,
            holding_days: 0,
            redeem_rate: '1.50',
            cost: '10000.00',
            source: 'buy',
            plan_id: null,
            penalty_free_date: '2027-07-06',
          },
          {
            lot_id: 'L2',
            confirm_date: '2027-06-29',
            volume: '800.00',
            locked_until: null,
            holding_days: 0,
            redeem_rate: '1.50',
            cost: '1000.00',
            source: 'plan',
            plan_id: '7',
            penalty_free_date: '2027-07-06',
          },
        ],
      }),
    );
    render(<HoldingScreen code='519671' />);
    await until(() => expect(screen.getByTestId('holding')).toBeInTheDocument());
    expect(text('holding-hold-gain')).toBe('持有收益-81.90-0.74%含申购费 81.88');
    expect(text('holding-daily-gain')).toBe('昨日收益0.00');
    expect(screen.getAllByTestId('holding-lot-source').map((l) => l.textContent)).toEqual(['买入', '定投']);
    expect(screen.getAllByTestId('holding-lot-penalty').map((l) => l.textContent)).toEqual([
      '持有不满7天卖出收 1.50% 赎回费；2027-07-06 起确认的卖出不再收取',
      '持有不满7天卖出收 1.50% 赎回费；2027-07-06 起确认的卖出不再收取',
    ]);
    fireEvent.click(button('holding-link-orders'));
    fireEvent.click(button('holding-link-income'));
    await settle();
    expect(nav.urls()).toEqual(['/n/orders?fd_code=519671', '/n/income-calendar?fd_code=519671']);
  });

  it('switches dividends to reinvestment and back to cash', async () => {
    server.on(HOLDING, holding());
    server.on('POST /djapi/holding/dividend-method', (_req, form) =>
      ok(holding({ dividend_method: form.get('method') as 'cash' | 'reinvest' })),
    );
    render(<HoldingScreen code='519671' />);
    await until(() => expect(screen.getByTestId('dividend-cash')).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(button('dividend-reinvest'));
    await until(() => expect(screen.getByTestId('dividend-reinvest')).toHaveAttribute('aria-pressed', 'true'));
    expect(server.toasts).toContain('分红方式已修改');
    fireEvent.click(button('dividend-cash'));
    await until(() => expect(screen.getByTestId('dividend-cash')).toHaveAttribute('aria-pressed', 'true'));
    expect(server.forms('POST /djapi/holding/dividend-method').map((f) => Object.fromEntries(f))).toEqual([
      { fd_code: '519671', method: 'reinvest' },
      { fd_code: '519671', method: 'cash' },
    ]);
  });
});

describe('income calendar', () => {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: shiftMonth('2026-03', i - 11), income: i % 2 === 0 ? '10.00' : '-5.00' }));
  const answer = (month: string) => ({
    month,
    month_income: month === '2026-03' ? '12.34' : '-3.21',
    days:
      month === '2026-03'
        ? [
            { date: '2026-03-02', income: '20.00' },
            { date: '2026-03-03', income: '-7.66' },
          ]
        : [{ date: `${month}-05`, income: '-3.21' }],
    months,
  });

  it('the month grid from Monday, each day red or green, the month total, the last 12 months', async () => {
    server.on(CALENDAR, (_req, _form, query) => ok(answer(query.get('month') ?? '')));
    render(<IncomeCalendarScreen currentMonth='2026-03' />);
    await until(() => expect(screen.getByTestId('income-calendar')).toBeInTheDocument());
    expect(server.forms(CALENDAR)[0]?.get('month')).toBe('2026-03');
    expect(text('calendar-month')).toBe('2026年3月');
    expect(text('calendar-month-income')).toBe('本月收益（元）+12.34');
    const day2 = document.querySelector('[data-date="2026-03-02"]')!;
    expect(day2.textContent).toBe('2+20.00');
    expect(day2.querySelector('.amount-text')?.className).toContain('sign-tone--rise');
    const day3 = document.querySelector('[data-date="2026-03-03"]')!;
    expect(day3.textContent).toBe('3-7.66');
    expect(day3.querySelector('.amount-text')?.className).toContain('sign-tone--fall');
    expect(document.querySelector('[data-date="2026-03-04"]')?.textContent).toBe('4');
    expect(screen.getAllByTestId('calendar-day')).toHaveLength(31);
    expect(screen.getAllByTestId('calendar-month-row')).toHaveLength(12);
    expect(screen.getByTestId('calendar-next')).toHaveAttribute('aria-disabled', 'true');
  });

  it('switches months back and forth within the last 12', async () => {
    server.on(CALENDAR, (_req, _form, query) => ok(answer(query.get('month') ?? '')));
    render(<IncomeCalendarScreen currentMonth='2026-03' />);
    await until(() => expect(screen.getByTestId('income-calendar')).toBeInTheDocument());
    fireEvent.click(button('calendar-prev'));
    await until(() => expect(text('calendar-month-income')).toBe('本月收益（元）-3.21'));
    expect(text('calendar-month')).toBe('2026年2月');
    expect(document.querySelector('[data-date="2026-02-05"]')?.textContent).toBe('5-3.21');
    expect(screen.getAllByTestId('calendar-day')).toHaveLength(28);
    fireEvent.click(screen.getAllByTestId('calendar-month-row')[11]!); // the oldest: 2025-04
    await until(() => expect(text('calendar-month')).toBe('2025年4月'));
    expect(screen.getByTestId('calendar-prev')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button('calendar-prev'));
    await settle();
    expect(text('calendar-month')).toBe('2025年4月');
  });

  it('the grid starts on Monday with blanks before the 1st', () => {
    // 2026-03-01 is a Sunday: six blanks, then the 1st.
    const cells = monthCells('2026-03');
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(cells.length % 7).toBe(0);
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
  });

  it('an error with retry', async () => {
    let calls = 0;
    server.on(CALENDAR, (_req, _form, query) =>
      ++calls === 1 ? fail(500001, '服务繁忙，请稍后再试', null, 500) : ok(answer(query.get('month') ?? '')),
    );
    render(<IncomeCalendarScreen currentMonth='2026-03' />);
    await until(() => expect(screen.getByText('服务繁忙，请稍后再试')).toBeInTheDocument());
    fireEvent.click(screen.getByText('点击重试'));
    await until(() => expect(screen.getByTestId('income-calendar')).toBeInTheDocument());
  });
});

describe('elder mode (关怀版): plain words (issue 26)', () => {
  afterEach(elderReset);

  it('my money says 我的钱一共, 正在买入或卖出的钱 and 到现在一共的收益, the same figures', async () => {
    elderOn();
    server.on(SUMMARY, summary());
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    expect(text('assets')).toContain('我的钱一共（元）');
    expect(text('assets-total')).toBe('10,317.38');
    expect(text('assets-daily-gain')).toBe('03-09 那天的收益-23.45');
    expect(text('assets-hold-gain')).toBe('手上基金的收益+317.38');
    expect(text('assets-total-gain')).toBe('到现在一共的收益+1,234.56');
    expect(text('assets-in-transit')).toBe('正在买入或卖出的钱 1,000.00 元');
  });

  it('in English too', async () => {
    elderOn();
    setLocale('en-US');
    server.on(SUMMARY, summary());
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    expect(text('assets')).toContain('All my money (yuan)');
    expect(text('assets-in-transit')).toBe('Money being bought or sold: ¥1,000.00');
  });

  it("one column: the rows of figures here are ones elder mode's stylesheet stacks", async () => {
    elderOn();
    server.on(SUMMARY, summary());
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    for (const name of ['trade-summary__gains', 'trade-holding__grid']) {
      present(name);
      expect(elderOneColumnClasses()).toContain(name);
    }
  });
});
