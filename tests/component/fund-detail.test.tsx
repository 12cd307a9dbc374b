// The fund page as an investor reads it (FundDetailScreen over a fake server): only periods the fund has lived,
// ended funds without a purchase timeline or fees and dated to their last NAV, 免费 for a fee not charged, a
// money-market fund's yield and income, the NAV history paged with 更多, and the suitability notice.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FundDetailScreen } from '@/features/fund/fund-detail-screen';
import type { FundAccount } from '@/features/fund/fund-actions';
import type { Achievement, FundDetail, FundSummary, GrowthData, NavHistoryItem, TradeDates } from '@/lib/api-types/fund';
import { setLocale } from '@/locales/i18n';
import { elderOn, elderOneColumnClasses, elderReset, present } from './elder-helpers';
import { clickAndSettle, fakeServer, ok, resetServer, settle, spyNavigation, until, type FakeServer } from './trade-helpers';
import { fakeNativeHost, opened } from './native-host';

// The chart library draws on a canvas jsdom does not have: the chart itself is the browser tests' business.
jest.mock('@/features/fund/growth-chart', () => ({ GrowthChart: () => null }));
// The machine running the suite may be busy: the page renders slower than the 5 s default allows.
jest.setTimeout(60_000);

const CODE = '009005';
const ANONYMOUS: FundAccount = { loggedIn: false, openTrade: null };
let server: FakeServer;

function summary(over: Partial<FundSummary> = {}, derived: Partial<FundSummary['fund_derived']> = {}): FundSummary {
  return {
    fd_code: CODE,
    fd_name: '远川成长股票A',
    fd_full_name: '远川成长股票型证券投资基金A',
    type: 1,
    type_desc: '股票型',
    found_date: '2018-03-01',
    totshare: '31.19亿',
    keeper_name: '远川基金',
    trup_name: '招商银行',
    manager_name: '张三',
    risk_level: '5',
    sale_status: 'on_sale',
    status_reason: '',
    can_buy: true,
    can_sell: true,
    subscribe_start: null,
    subscribe_end: null,
    lock_days: 0,
    daily_purchase_limit: null,
    min_purchase: '10.00',
    tracked_index_name: null,
    performance_bench_mark: '沪深300指数收益率×80%+中债综合指数收益率×20%',
    fund_derived: {
      fd_code: CODE,
      end_date: '2026-11-25',
      unit_nav: '1.3635',
      unit_acc_nav: '1.5635',
      nav_grtd: '0.52',
      nav_grl1y: '12.30',
      nav_grbase: '36.35',
      income_per_10k: null,
      yield_7d: null,
      ...derived,
    } as FundSummary['fund_derived'],
    ...over,
  };
}

const rate = (value: string, lower = 0, upper: number | null = null, unit = '%') => ({
  name: '',
  value,
  unit,
  lower_bound: lower,
  upper_bound: upper,
});

function detail(purchase = [rate('1.5000', 0, 100_000_000), rate('1000.00', 100_000_000, null, '元')]): FundDetail {
  return {
    fd_code: CODE,
    fund_company: '远川基金管理有限公司',
    fund_position: {
      stock_percent: 0,
      bond_percent: 0,
      cash_percent: 0,
      other_percent: 0,
      source_mark: '',
      enddate: null,
      chart_list: [],
      stock_list: [],
    },
    fund_rates: {
      discount: '0.1',
      declare_discount: '0.1000',
      subscribe_rate_table: [],
      declare_rate_table: purchase,
      withdraw_rate_table: [rate('1.5000', 0, 7), rate('0.0000', 7, null)],
      other_rate_table: [{ ...rate('1.20', 0, null, '%/年'), name: '基金管理费' }],
    },
    fund_date_conf: { buy_confirm_date: 1, buy_query_date: 2, sale_query_date: 4 },
  };
}

const STAGES = ['近1周', '近1月', '近3月', '近6月', '今年以来', '近1年', '近2年', '近3年', '近5年', '成立以来'];
const achievement = (): Achievement => ({
  fund_code: CODE,
  stage_performance_list: STAGES.map((p) => ({
    period_time: p,
    self_nav: '5.0000',
    self_max_draw_down: '1%',
    standard_index_nav: '1.0000',
    self_nav_rank: '10/100',
  })),
});

const tradeDates: TradeDates = {
  order_date: '2026-11-26',
  trade_date: '2026-11-26',
  cut_off_time: '15:00',
  buy_confirm_date: '2026-11-27',
  buy_query_date: '2026-11-30',
  sale_confirm_date: '2026-11-27',
  sale_query_date: '2026-12-01',
  if_can_buy: true,
};

function growth(money = false): GrowthData {
  return {
    fd_code: CODE,
    day: '1y',
    fund_nav_growth: [
      {
        date: '2026-11-24',
        nav: '1.0000',
        gr_nav: '0.1',
        value: '0.001',
        than_value: null,
        ...(money ? { yield_7d: '1.8500', income_per_10k: '0.5012' } : {}),
      },
      {
        date: '2026-11-25',
        nav: '1.0000',
        gr_nav: '0.2',
        value: '0.002',
        than_value: null,
        ...(money ? { yield_7d: '1.8700', income_per_10k: '0.5123' } : {}),
      },
    ],
    growth_lines: [{ line_name: '本基金', line_key: 'value', line_color: '#FFA100' }],
    performance_remark: '',
  };
}

function navDays(page: number, size: number, total: number): NavHistoryItem[] {
  const items: NavHistoryItem[] = [];
  for (let i = (page - 1) * size; i < Math.min(total, page * size); i += 1) {
    const day = String(28 - i).padStart(2, '0');
    items.push({
      date: `2026-10-${day}`,
      nav: '1.2000',
      percentage: '0.10',
      value: '1.4000',
      income_per_10k: '0.5000',
      yield_7d: '1.9000',
    });
  }
  return items;
}

function serve(s: FundSummary, d: FundDetail = detail()) {
  server.on(`GET /djapi/fund/${CODE}`, s);
  server.on(`GET /djapi/fund/detail/${CODE}`, d);
  server.on(`GET /djapi/fundx/base/fund/achievement/${CODE}`, achievement());
  server.on('GET /djapi/fund/order/v2/trade_date', tradeDates);
  server.on('GET /djapi/fundx/base/fund/record/manager/list', { items: [] });
  server.on(`GET /djapi/fund/growth/${CODE}`, growth(s.type === 4));
  server.on(`GET /djapi/fund/nav/history/${CODE}`, (_req, _form, query) => {
    const page = Number(query.get('page'));
    const size = Number(query.get('size'));
    return ok({
      fd_code: CODE,
      items: navDays(page, size, 25),
      current_page: page,
      size,
      total_items: 25,
      total_pages: Math.ceil(25 / size),
    });
  });
}

async function open(account: FundAccount = ANONYMOUS) {
  render(<FundDetailScreen code={CODE} account={account} />);
  await until(() => expect(screen.getByTestId('fund-detail')).toBeTruthy(), 30_000);
  await settle();
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const requested = (path: string) => server.transport.requests.filter((r) => new URL(r.url, 'http://x').pathname === path).length;

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
});
afterEach(() => resetServer());

describe('fund detail page', () => {
  it('a code that is no fund offers the way home: our home in a browser, the fund home inside the native app', async () => {
    const nav = spyNavigation();
    const host = fakeNativeHost();
    try {
      render(<FundDetailScreen code='12ab' account={ANONYMOUS} />);
      const home = within(screen.getByTestId('fund-missing')).getByText('返回首页');
      await clickAndSettle(home);
      expect(nav.urls()).toEqual(['/index']);
      host.enter();
      await clickAndSettle(home);
      expect(host.posted).toEqual([opened('fundHome')]);
      expect(nav.urls()).toEqual(['/index']);
    } finally {
      host.leave();
      nav.restore();
    }
  });

  it('a fund founded last year shows no 近2年/近3年/近5年, in the stage table or the chart tabs', async () => {
    serve(summary({ found_date: '2025-06-10' }));
    await open();
    const periods = screen.getAllByTestId('stage-row').map((r) => r.getAttribute('data-period'));
    expect(periods).toEqual(['1w', '1m', '3m', '6m', 'ty', '1y', 'base']);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['今年来', '近1月', '近3月', '近6月', '近1年', '成立来']);
  });

  it('an older fund keeps every period; a period the answer leaves empty is not shown', async () => {
    const s = summary({ nav_tab_list: [{ nav_tab_name: '近5年', nav_tab_value: '5y', nav_growth: null, nav_tab_extent: null }] });
    serve(s);
    await open();
    expect(screen.getAllByTestId('stage-row')).toHaveLength(10);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).not.toContain('近5年');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toContain('近3年');
  });

  it('a liquidated fund: no 15:00, no timeline, no fee tables, returns dated to its last NAV, no ranks', async () => {
    serve(summary({ sale_status: 'closed', can_buy: false, can_sell: false }, { end_date: '2026-03-31' }));
    await open();
    const page = text('fund-detail');
    expect(page).not.toContain('15:00');
    expect(screen.queryByTestId('section-dates')).toBeNull();
    expect(screen.queryByTestId('section-fees')).toBeNull();
    expect(page).toContain('净值与收益截至最后净值日 2026-03-31');
    expect(text('nav-date')).toBe('最后净值日 2026-03-31');
    expect(screen.getAllByTestId('stage-row').map((r) => r.getAttribute('data-period'))).toEqual(['base']);
    expect(text('stage-table')).not.toContain('同类排名');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['成立来']);
  });

  it('a fund in subscription states no founding date or size as fact', async () => {
    serve(summary({ sale_status: 'building', subscribe_start: '2026-11-20', subscribe_end: '2026-12-10', found_date: '2026-12-11' }));
    await open();
    expect(text('expected-found')).toContain('2026-12-11');
    expect(text('expected-found')).toContain('预计成立');
    expect(text('profile-found')).toContain('预计');
    expect(text('profile-size')).toBe('基金规模募集中，成立后公布');
    expect(text('fund-header')).not.toContain('31.19亿');
  });

  it('a fee not charged reads 免费, with no "0万 及以上"', async () => {
    serve(summary(), detail([rate('0.0000')]));
    await open();
    expect(text('purchase-fees')).toContain('不限金额');
    expect(text('purchase-fees')).toContain('免费');
    expect(text('purchase-fees')).not.toContain('0万');
    expect(text('redeem-fees')).toContain('免费');
    expect(text('fee-tables')).not.toContain('0.00%');
  });

  it('shows the accumulated NAV, the fund company and the custodian', async () => {
    serve(summary());
    await open();
    expect(text('acc-nav')).toBe('1.5635累计净值');
    expect(text('profile-company')).toContain('远川基金管理有限公司');
    expect(text('profile-custodian')).toContain('招商银行');
  });

  it('a money-market fund: 七日年化 and 万份收益 in the header and as chart tabs, not a NAV', async () => {
    serve(summary({ type: 4, type_desc: '货币型', risk_level: '1' }, { unit_nav: '1.0000', yield_7d: '1.8700', income_per_10k: '0.5123' }));
    await open();
    expect(text('yield-7d')).toBe('1.87%七日年化');
    expect(text('income-per-10k')).toBe('0.5123');
    expect(screen.queryByTestId('unit-nav')).toBeNull();
    expect(text('money-metric-tabs')).toBe('七日年化万份收益');
    await until(() => expect(text('chart-summary')).toContain('七日年化 1.87%'));
    fireEvent.click(screen.getByText('万份收益', { selector: '[role=tab]' }));
    await until(() => expect(text('chart-summary')).toContain('万份收益 0.5123'));
  });

  it('the NAV history loads on a tap, ten days a page, 更多 for the next', async () => {
    serve(summary());
    await open();
    expect(requested(`/djapi/fund/nav/history/${CODE}`)).toBe(0);
    await clickAndSettle(screen.getByTestId('nav-history-open'));
    await until(() => expect(screen.getAllByTestId('nav-history-row')).toHaveLength(10), 30_000);
    expect(screen.getAllByTestId('nav-history-row')[0]?.textContent).toBe('2026-10-281.20001.4000+0.10%');
    await clickAndSettle(screen.getByTestId('nav-history-more'));
    await until(() => expect(screen.getAllByTestId('nav-history-row')).toHaveLength(20), 30_000);
    await clickAndSettle(screen.getByTestId('nav-history-more'));
    await until(() => expect(screen.getAllByTestId('nav-history-row')).toHaveLength(25), 30_000);
    expect(screen.queryByTestId('nav-history-more')).toBeNull();
  });

  it('a C3 investor on an R5 fund reads the suitability notice; a visitor does not', async () => {
    serve(summary({ risk_level: '5' }));
    await open({ loggedIn: true, openTrade: true, riskLevel: 'C3', riskExpired: false });
    expect(text('risk-notice')).toContain('该基金风险等级（R5 高风险）高于您的风险承受能力（C3 稳健型）');
    expect(text('risk-redo')).toBe('重新测评');
  });

  it('no notice for a visitor or a matching level', async () => {
    serve(summary({ risk_level: '3' }));
    await open({ loggedIn: true, openTrade: true, riskLevel: 'C3', riskExpired: false });
    expect(screen.queryByTestId('risk-notice')).toBeNull();
  });
});

describe('elder mode (关怀版): plain words (issue 26)', () => {
  afterEach(elderReset);

  it('a money-market fund: 近7天年化收益率 and 每万元每天收益 instead of 七日年化 and 万份收益', async () => {
    elderOn();
    serve(summary({ type: 4, type_desc: '货币型', risk_level: '1' }, { unit_nav: '1.0000', yield_7d: '1.8700', income_per_10k: '0.5123' }));
    await open();
    expect(text('yield-7d')).toBe('1.87%近7天年化收益率');
    expect(text('money-metric-tabs')).toBe('近7天年化收益率每万元每天收益');
    expect(text('fund-detail')).not.toContain('七日年化');
    expect(text('fund-detail')).not.toContain('万份收益');
  });

  it('an equity fund: 每份价格 and 份额到账; off, 单位净值 and 确认份额', async () => {
    elderOn();
    serve(summary());
    await open();
    expect(text('unit-nav')).toContain('每份价格');
    expect(text('fund-detail')).toContain('2026-11-27 份额到账');
  });

  it('keeps the usual words when the mode is off', async () => {
    serve(summary());
    await open();
    expect(text('unit-nav')).toContain('单位净值');
    expect(text('fund-detail')).toContain('2026-11-27 确认份额');
    expect(text('fund-detail')).not.toContain('份额到账');
  });

  it("one column: the rows of figures here are ones elder mode's stylesheet stacks", async () => {
    elderOn();
    serve(summary());
    await open();
    for (const name of ['fund-header__figures']) {
      present(name);
      expect(elderOneColumnClasses()).toContain(name);
    }
  });
});
