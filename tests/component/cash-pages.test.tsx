// The cash product's other pages (issue 13 §5–6): the unavailable amount itemised (kind, amount, fund, expected date,
// 估算), and the rule pages whose every figure comes from src/lib/cash-rules.ts (the constants the server applies)
// and whose example dates come from GET /djapi/xjb/rules.
import { fireEvent, render, screen } from '@testing-library/react';
import * as rules from '@/lib/cash-rules';
import { formatFen } from '@/lib/format';
import { TradeRulesScreen, WithdrawalRulesScreen } from '@/features/cash/rules-screens';
import { UnavailableScreen } from '@/features/cash/unavailable-screen';
import type { CashRules, CashUnavailable } from '@/lib/api-types/cash';
import { setLocale } from '@/locales/i18n';
import { button, fail, fakeServer, ok, resetServer, settle, spyNavigation, until, type FakeServer } from './trade-helpers';

const UNAVAILABLE = 'GET /djapi/xjb/unavailable';
const RULES = 'GET /djapi/xjb/rules';

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string, root: ParentNode = document) => root.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';

const LIVE: CashRules = {
  fd_code: '000009',
  fd_name: '易方达天天理财货币A',
  cutoff: '15:00',
  min_amount: '0.01',
  quick_daily_limit: '10000.00',
  confirm_trading_days: 1,
  normal_arrival_trading_days: 1,
  now: '2026-03-06T16:10:00+08:00',
  deposit_trade_date: '2026-03-09',
  deposit_confirm_date: '2026-03-10',
  deposit_income_date: '2026-03-11',
  normal_trade_date: '2026-03-09',
  normal_arrival_date: '2026-03-10',
};

const ITEMS: CashUnavailable = {
  total: '7512.34',
  items: [
    {
      kind: 'deposit',
      order_id: 'D1',
      amount: '2000.00',
      expected_date: '2026-03-10',
      fd_code: '000009',
      fd_name: '易方达天天理财货币A',
      estimated: false,
    },
    {
      kind: 'sale',
      order_id: 'S1',
      amount: '4512.34',
      expected_date: '2026-03-11',
      fd_code: '519671',
      fd_name: '银河沪深300价值指数',
      estimated: true,
    },
    {
      kind: 'purchase',
      order_id: 'B1',
      amount: '1000.00',
      expected_date: '2026-03-10',
      fd_code: '009004',
      fd_name: '易方达稳健债券',
      estimated: false,
    },
  ],
};

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
  server.on(UNAVAILABLE, ITEMS);
  server.on(RULES, LIVE);
});

afterEach(() => {
  nav.restore();
  resetServer();
  setLocale('zh-CN');
});

describe('/n/xjb-unavailable-amount-detail', () => {
  it('each amount with its kind, fund, expected date, and 估算 while it is an estimate', async () => {
    render(<UnavailableScreen access={{ status: 'loggedIn', openTrade: true }} />);
    await until(() => expect(screen.getByTestId('cash-unavailable-screen')).toBeInTheDocument());
    expect(text('cash-unavailable-total')).toBe('7,512.34');
    const rows = screen.getAllByTestId('cash-unavailable-item');
    expect(rows.map((row) => text('cash-unavailable-kind', row))).toEqual(['转入待确认', '卖出至现金宝在途', '买入冻结']);
    expect(rows.map((row) => text('cash-unavailable-amount', row))).toEqual(['2,000.00', '4,512.34', '1,000.00']);
    expect(rows.map((row) => text('cash-unavailable-date', row))).toEqual([
      '预计 2026-03-10 确认后可用',
      '预计 2026-03-11 转入现金宝',
      '预计 2026-03-10 确认后扣除',
    ]);
    expect(rows.map((row) => text('cash-unavailable-estimated', row))).toEqual(['', '估算', '']);
    expect(rows[1]?.textContent).toContain('银河沪深300价值指数 519671');
    fireEvent.click(rows[1] as HTMLElement);
    await settle();
    expect(nav.urls()).toEqual(['/n/orders/S1']);
  });

  it('nothing unavailable: says so', async () => {
    server.on(UNAVAILABLE, { total: '0.00', items: [] });
    render(<UnavailableScreen access={{ status: 'loggedIn', openTrade: true }} />);
    await until(() => expect(screen.getByTestId('cash-unavailable-empty')).toBeInTheDocument());
    expect(screen.getByText('暂无不可用金额')).toBeInTheDocument();
  });

  it('gates: anonymous → login back here; an error → the server message and a retry', async () => {
    const { unmount } = render(<UnavailableScreen access={{ status: 'anonymous', openTrade: null }} />);
    fireEvent.click(button('cash-gate-login-action'));
    await settle();
    expect(nav.urls().join()).toContain(encodeURIComponent('/n/xjb-unavailable-amount-detail'));
    unmount();
    let calls = 0;
    server.on(UNAVAILABLE, () => (++calls === 1 ? fail(9999, '系统繁忙', null, 500) : ok(ITEMS)));
    render(<UnavailableScreen access={{ status: 'loggedIn', openTrade: true }} />);
    await until(() => expect(text('cash-unavailable-error')).toContain('系统繁忙'));
    fireEvent.click(screen.getByText(/重试/));
    await until(() => expect(screen.getByTestId('cash-unavailable-screen')).toBeInTheDocument());
  });

  it('speaks English in en-US', async () => {
    setLocale('en-US');
    render(<UnavailableScreen access={{ status: 'loggedIn', openTrade: true }} />);
    await until(() => expect(screen.getByTestId('cash-unavailable-screen')).toBeInTheDocument());
    expect(screen.getAllByTestId('cash-unavailable-kind').map((el) => el.textContent)).toEqual([
      'Deposit awaiting confirmation',
      'Sale proceeds on their way',
      'Frozen for a purchase',
    ]);
    expect(screen.getByText('Estimate')).toBeInTheDocument();
  });
});

describe('the rule pages state the constants the code applies', () => {
  const LIMIT = formatFen(rules.QUICK_WITHDRAW_DAILY_LIMIT_FEN);
  const MIN = formatFen(rules.CASH_MIN_AMOUNT_FEN);

  it('trade rules: the live example dates, the cut-off, confirmation days, minimum, weekend, paying and selling with 现金宝', async () => {
    render(<TradeRulesScreen />);
    await until(() => expect(screen.getByTestId('cash-rules-live-text')).toBeInTheDocument());
    expect(text('cash-rules-live-text')).toBe('现在转入：交易日 2026-03-09，2026-03-10 确认份额，2026-03-11 起计算收益');
    const all = text('cash-trade-rules');
    expect(all).toContain(`交易日 ${rules.CASH_CUTOFF} 前转入按当日交易，${rules.CASH_CUTOFF} 后或非交易日转入顺延至下一交易日`);
    expect(all).toContain(`份额在交易日后第 ${rules.CASH_CONFIRM_TRADING_DAYS} 个交易日确认`);
    expect(all).toContain(`单笔最低转入 ${MIN} 元`);
    expect(all).toContain('周五确认的份额自下周一起计算收益');
    expect(all).toContain('用现金宝买基金：下单时立即从可用金额扣款，不受银行卡限额限制；撤单后资金退回现金宝');
    expect(all).toContain('卖出至现金宝：卖出基金的资金在该笔卖出的确认日转入现金宝');
  });

  it('withdrawal rules: the quick quota per natural day resetting at 00:00, the normal way T+n unlimited, the live dates', async () => {
    render(<WithdrawalRulesScreen />);
    await until(() => expect(screen.getByTestId('cash-rules-live-text')).toBeInTheDocument());
    expect(text('cash-rules-live-text')).toBe(
      `现在普通取现：交易日 2026-03-09，预计 2026-03-10 到账；快速取现实时到账，每日限额 ${LIMIT} 元`,
    );
    const all = text('cash-withdrawal-rules');
    expect(all).toContain(`快速取现：实时到账，每人每个自然日累计不超过 ${LIMIT} 元`);
    expect(all).toContain('每天 00:00（北京时间）恢复');
    expect(all).toContain(
      `普通取现：金额不限，交易日 ${rules.CASH_CUTOFF} 前申请的于第 ${rules.NORMAL_WITHDRAW_TRADING_DAYS} 个交易日（T+${rules.NORMAL_WITHDRAW_TRADING_DAYS}）到账`,
    );
    expect(all).toContain(`单笔最低转出 ${MIN} 元`);
  });

  it('the figures follow the constants, not the text: other constants, other figures', async () => {
    const spied = jest.replaceProperty(rules, 'QUICK_WITHDRAW_DAILY_LIMIT_FEN', 2_000_000 as never);
    const cutoff = jest.replaceProperty(rules, 'CASH_CUTOFF', '14:30' as never);
    try {
      const { unmount } = render(<WithdrawalRulesScreen />);
      expect(text('cash-withdrawal-rules')).toContain('每人每个自然日累计不超过 20,000.00 元');
      expect(text('cash-withdrawal-rules')).toContain('交易日 14:30 前申请');
      unmount();
      render(<TradeRulesScreen />);
      expect(text('cash-trade-rules')).toContain('交易日 14:30 前转入');
    } finally {
      spied.restore();
      cutoff.restore();
    }
  });

  it('the rules show at once; the example dates failing to load leave the rules and offer a retry', async () => {
    let calls = 0;
    server.on(RULES, () => (++calls === 1 ? fail(9999, '系统繁忙', null, 500) : ok(LIVE)));
    render(<TradeRulesScreen />);
    expect(screen.getAllByTestId('cash-rule').length).toBeGreaterThan(5);
    await until(() => expect(screen.getByTestId('cash-rules-live-retry')).toBeInTheDocument());
    fireEvent.click(button('cash-rules-live-retry'));
    await until(() => expect(screen.getByTestId('cash-rules-live-text')).toBeInTheDocument());
  });

  it('English rule texts carry the same figures', async () => {
    setLocale('en-US');
    render(<WithdrawalRulesScreen />);
    expect(text('cash-withdrawal-rules')).toContain(`up to ¥${LIMIT} per person per calendar day`);
    await until(() => expect(screen.getByTestId('cash-rules-live-text')).toBeInTheDocument());
    expect(text('cash-rules-live-text')).toBe(
      `A normal withdrawal now: trade date 2026-03-09, expected on 2026-03-10; an instant withdrawal arrives at once, up to ¥${LIMIT} a day`,
    );
  });
});
