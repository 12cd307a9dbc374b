// The plans (issue 14) against a fake server: the total list (states, gains by sign, pause reasons, empty), one plan
// (runs with ratio and reason, orders, failed and skipped runs, pause / resume / change / stop with a confirmation and
// the trade password, stopped is final), the intro (plain words, the live backtest teaser, the way in) and my money's
// running plans.
import { fireEvent, render, screen } from '@testing-library/react';
import { DetailScreen } from '@/features/aip/detail-screen';
import { IntroScreen } from '@/features/aip/intro-screen';
import { PlansScreen } from '@/features/aip/plans-screen';
import { AssetsScreen } from '@/features/trade/assets-screen';
import { setLocale } from '@/locales/i18n';
import { backtest, plan, planDetail, run, typeTradePassword } from './aip-helpers';
import {
  button,
  clickAndSettle,
  decryptPassword,
  fail,
  fakeServer,
  ok,
  resetServer,
  settle,
  spyNavigation,
  summary,
  until,
  type FakeServer,
} from './trade-helpers';

jest.setTimeout(20_000);

const LIST = 'GET /djapi/aip/list';
const DETAIL = 'GET /djapi/aip/9001';

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
});

afterEach(() => {
  nav.restore();
  resetServer();
  setLocale('zh-CN');
});

describe('the total list', () => {
  it('lists running, paused and stopped plans with their figures, gains coloured by sign and pause reasons', async () => {
    server.on(LIST, {
      items: [
        plan({ plan_id: 'S', status: 'stopped', status_desc: '已终止', next_date: null, gain: '-5.00', runs_count: 4 }),
        plan({
          plan_id: 'P',
          status: 'paused',
          status_desc: '已暂停',
          pause_reason: '连续 3 次扣款失败，计划已暂停',
          gain: '-12.34',
          fd_name: '易方达中证500',
        }),
        plan({ plan_id: 'R', smart: true }),
      ],
      running: 500,
    });
    render(<PlansScreen />);
    await until(() => expect(screen.getAllByTestId('aip-plan')).toHaveLength(3));
    const cards = screen.getAllByTestId('aip-plan');
    // Running first, then paused, then stopped.
    expect(cards[0]?.textContent).toContain('进行中');
    expect(cards[0]?.textContent).toContain('每月28日定投 500.00元');
    expect(cards[0]?.textContent).toContain('智能定投');
    expect(cards[0]?.textContent).toContain('下次扣款 2026-12-28 · 已投 2 期');
    expect(cards[0]?.textContent).toContain('1,000.00');
    expect(cards[0]?.querySelector('[data-testid="aip-plan-gain"] .amount-text')?.className).toContain('sign-tone--rise');
    expect(cards[1]?.textContent).toContain('暂停原因：连续 3 次扣款失败，计划已暂停');
    expect(cards[1]?.querySelector('[data-testid="aip-plan-gain"] .amount-text')?.className).toContain('sign-tone--fall');
    expect(cards[2]?.textContent).toContain('已终止');
    expect(text('aip-plans-summary')).toContain('进行中 1 个，共 3 个计划');
    fireEvent.click(cards[0] as HTMLElement);
    await settle();
    expect(nav.urls()[0]).toContain(`/autoinvesment/detail/R?prelink=${encodeURIComponent('/autoinvesment/total-list')}`);
  });

  it('empty: a way to the intro', async () => {
    server.on(LIST, { items: [], running: 0 });
    render(<PlansScreen />);
    await until(() => expect(screen.getByTestId('aip-plans-empty')).toBeInTheDocument());
    fireEvent.click(button('aip-plans-intro'));
    await settle();
    expect(nav.urls()).toEqual(['/autoinvesment/intro']);
  });

  it('logged out: a login prompt; an error: the server’s message and a retry that works', async () => {
    server.on(LIST, () => fail(300001, '请重新登录', null, 401));
    const { unmount } = render(<PlansScreen />);
    await until(() => expect(screen.getByTestId('aip-gate-login')).toBeInTheDocument());
    unmount();
    let calls = 0;
    server.on(LIST, () => {
      calls += 1;
      return calls === 1 ? fail(500001, '服务繁忙', null, 500) : ok({ items: [], running: 0 });
    });
    render(<PlansScreen />);
    await until(() => expect(screen.getByText('服务繁忙')).toBeInTheDocument());
  });
});

describe('one plan', () => {
  it('shows the totals, the next run, each run with its order, and failed and skipped runs with their notes', async () => {
    server.on(
      DETAIL,
      planDetail({
        failures: 1,
        runs: [
          run({ order_id: 'O1', order_status: 'confirmed', order_status_desc: '交易成功' }),
          run({
            date: '2026-11-28',
            status: 'failed',
            note: '扣款失败，本期未投入',
            order_id: null,
            order_status: null,
            order_status_desc: null,
          }),
          run({ date: '2026-12-01', status: 'skipped', note: '基金当前不可买入，本期跳过', order_id: null, order_status: null }),
        ],
      }),
    );
    render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByTestId('aip-detail-head')).toBeInTheDocument());
    expect(text('aip-detail-invested')).toBe('1,000.00');
    expect(text('aip-detail-value')).toBe('1,032.10');
    expect(text('aip-detail-gain')).toContain('+32.10');
    expect(text('aip-detail-next')).toContain('2026-12-28');
    expect(text('aip-detail-cycle')).toContain('每月28日');
    expect(text('aip-detail-failures')).toContain('已连续扣款失败 1 次');
    const runs = screen.getAllByTestId('aip-run');
    expect(runs).toHaveLength(3);
    expect(runs[0]?.textContent).toContain('交易成功');
    expect(text('aip-run-failed')).toBe('扣款失败，本期未投入');
    expect(text('aip-run-skipped')).toBe('基金当前不可买入，本期跳过');
    fireEvent.click(button('aip-run-order'));
    await settle();
    expect(nav.urls()).toEqual(['/n/orders/O1']);
    fireEvent.click(button('aip-back'));
    await settle();
    expect(nav.urls()[1]).toBe('/autoinvesment/total-list');
  });

  it('smart mode: each run’s ratio and why, and what the next run would invest', async () => {
    const reason = {
      method: 'valuation' as const,
      index_code: 'SH000300',
      index_name: '沪深300',
      value: '23.45',
      ratio: '150',
      text: '沪深300 估值百分位 23.45%，低估，按 150% 投入',
    };
    server.on(
      DETAIL,
      planDetail({ smart: true, runs: [run({ ratio: '150', amount: '750.00', reason })], next_reason: { ...reason, ratio: '180' } }),
    );
    render(<DetailScreen planId='9001' prelink='/my-money' />);
    await until(() => expect(screen.getByTestId('aip-run-reason')).toBeInTheDocument());
    expect(text('aip-run-reason')).toContain('比例 150%');
    expect(text('aip-run-reason')).toContain('沪深300 估值百分位 23.45%，低估，按 150% 投入');
    expect(text('aip-next-reason')).toContain('180%');
    fireEvent.click(button('aip-back'));
    await settle();
    expect(nav.urls()).toEqual(['/my-money']);
  });

  it('a foreign prelink goes back to the total list', async () => {
    server.on(DETAIL, planDetail());
    render(<DetailScreen planId='9001' prelink='https://evil.example/x' />);
    await until(() => expect(screen.getByTestId('aip-detail-head')).toBeInTheDocument());
    fireEvent.click(button('aip-back'));
    await settle();
    expect(nav.urls()).toEqual(['/autoinvesment/total-list']);
  });

  it('pause: a confirmation, then the trade password (encrypted), then the plan as it is now', async () => {
    let state: 'running' | 'paused' = 'running';
    server.on(DETAIL, () =>
      ok(
        planDetail({
          status: state,
          status_desc: state === 'paused' ? '已暂停' : '进行中',
          pause_reason: state === 'paused' ? '您已暂停该计划' : null,
        }),
      ),
    );
    server.on('POST /djapi/aip/9001/pause', () => {
      state = 'paused';
      return ok(plan({ status: 'paused' }));
    });
    render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByTestId('aip-pause')).toBeInTheDocument());
    await clickAndSettle(button('aip-pause'));
    expect(text('aip-confirm-text')).toContain('暂停后不再扣款');
    await clickAndSettle(screen.getByText('确认'));
    await typeTradePassword('258036');
    await until(() => expect(screen.getByTestId('aip-resume')).toBeInTheDocument());
    expect(decryptPassword(server.forms('POST /djapi/aip/9001/pause')[0]?.get('trade_password') ?? '')).toBe('258036');
    expect(text('aip-pause-reason')).toContain('您已暂停该计划');
    expect(server.toasts).toContain('已暂停');
  });

  it('stop: a refusal the app does not know shows the server’s message', async () => {
    server.on(DETAIL, planDetail());
    server.on('POST /djapi/aip/9001/stop', () => fail(410022, '定投计划已终止，不能再修改'));
    render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByTestId('aip-stop')).toBeInTheDocument());
    await clickAndSettle(button('aip-stop'));
    expect(text('aip-confirm-text')).toContain('无法恢复');
    await clickAndSettle(screen.getByText('确认'));
    await typeTradePassword('258036');
    await until(() => expect(text('aip-detail-notice')).toBe('定投计划已终止，不能再修改'));
  });

  it('change: the new amount and schedule, confirmed, sent with the password', async () => {
    server.on(DETAIL, planDetail());
    server.on('POST /djapi/aip/9001/update', plan({ amount: '800.00' }));
    render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByTestId('aip-edit')).toBeInTheDocument());
    fireEvent.click(button('aip-edit'));
    fireEvent.click(button('aip-edit-schedule-weekly'));
    await clickAndSettle(button('aip-edit-save'));
    expect(text('aip-confirm-text')).toContain('每周周一');
    await clickAndSettle(screen.getByText('确认'));
    await typeTradePassword('258036');
    await until(() => expect(server.forms('POST /djapi/aip/9001/update')).toHaveLength(1));
    const form = server.forms('POST /djapi/aip/9001/update')[0];
    expect(form?.get('amount')).toBe('500.00');
    expect(form?.get('cycle')).toBe('weekly');
    expect(form?.get('cycle_day')).toBe('1');
  });

  it('stopped: final, no actions', async () => {
    server.on(DETAIL, planDetail({ status: 'stopped', status_desc: '已终止', next_date: null }));
    render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByTestId('aip-stopped-note')).toBeInTheDocument());
    expect(screen.queryByTestId('aip-pause')).toBeNull();
    expect(screen.queryByTestId('aip-resume')).toBeNull();
    expect(screen.queryByTestId('aip-stop')).toBeNull();
    expect(text('aip-detail-next')).toContain('无');
  });

  it('logged out: a login prompt; an unknown plan: the server’s message', async () => {
    server.on(DETAIL, () => fail(300001, '请重新登录', null, 401));
    const { unmount } = render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByTestId('aip-gate-login')).toBeInTheDocument());
    unmount();
    server.on(DETAIL, () => fail(410021, '定投计划不存在', null, 404));
    render(<DetailScreen planId='9001' />);
    await until(() => expect(screen.getByText('定投计划不存在')).toBeInTheDocument());
  });
});

describe('the intro', () => {
  const funds = {
    index_code: 'SH000300',
    name: '沪深300',
    description: '',
    category: '',
    percent_1y: null,
    pe_percentile: null,
    tracking_from: '',
    funds: [
      { fd_code: '519671', fd_name: '银河沪深300价值指数' },
      { fd_code: '110020', fd_name: '易方达沪深300ETF联接' },
    ],
  };

  it('explains auto-invest, backtests a 沪深300 fund (normal vs smart) and leads to the create page', async () => {
    server.on('GET /djapi/index-mass/SH000300/funds', funds);
    server.on('GET /djapi/aip/backtest', backtest());
    render(<IntroScreen />);
    expect(text('aip-intro-explain')).toContain('摊低成本');
    expect(text('aip-intro-explain')).toContain('智能定投');
    await until(() => expect(text('aip-teaser-invested')).toBe('36,000.00'));
    expect(server.forms('GET /djapi/aip/backtest')[0]?.get('fd_code')).toBe('519671');
    expect(text('aip-teaser')).toContain('银河沪深300价值指数');
    expect(text('aip-teaser-normal')).toContain('+10.77%');
    expect(text('aip-teaser-smart')).toContain('+14.88%');
    expect(screen.getByTestId('aip-backtest-chart')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('aip-intro-fund')[1] as HTMLElement);
    await settle();
    expect(nav.urls()).toEqual(['/n/aip/create/110020']);
  });

  it('from a fund page: that fund’s backtest and its create page', async () => {
    server.on('GET /djapi/index-mass/SH000300/funds', funds);
    server.on('GET /djapi/aip/backtest', backtest({ other: null }));
    render(<IntroScreen fundCode='009004' />);
    await until(() => expect(screen.getByTestId('aip-teaser-invested')).toBeInTheDocument());
    expect(server.forms('GET /djapi/aip/backtest')[0]?.get('fd_code')).toBe('009004');
    expect(screen.queryByTestId('aip-teaser-compare')).toBeNull();
    fireEvent.click(button('aip-intro-start'));
    await settle();
    expect(nav.urls()).toEqual(['/n/aip/create/009004']);
  });

  it('a failing backtest shows its error with a retry', async () => {
    server.on('GET /djapi/index-mass/SH000300/funds', funds);
    server.on('GET /djapi/aip/backtest', () => fail(500001, '回测暂不可用', null, 500));
    render(<IntroScreen />);
    await until(() => expect(screen.getByText('回测暂不可用')).toBeInTheDocument());
  });
});

describe('my money', () => {
  it('shows the running plans and their next runs, with the way to all plans', async () => {
    server.on('GET /djapi/holding/summary', summary());
    server.on(LIST, { items: [plan(), plan({ plan_id: 'P', status: 'paused' })], running: 500 });
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets-aip')).toBeInTheDocument());
    expect(screen.getAllByTestId('assets-aip-plan')).toHaveLength(1);
    expect(text('assets-aip-plan')).toContain('2026-12-28 扣款 500.00元');
    fireEvent.click(button('assets-aip-all'));
    await settle();
    expect(nav.urls()).toEqual(['/autoinvesment/total-list']);
  });

  it('no plans: nothing about auto-invest', async () => {
    server.on('GET /djapi/holding/summary', summary());
    server.on(LIST, { items: [], running: 0 });
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    await settle(50);
    expect(screen.queryByTestId('assets-aip')).toBeNull();
  });
});
