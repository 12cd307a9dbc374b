// 投顾 pages (issue 23) against a fake server: the advisor with its demo licence and portfolios; a portfolio's facts
// for a visitor (no strategy, a login prompt); the questionnaire before the strategy, then holdings and departures;
// the latest departure followed with the trade password (one plan order) and a failed leg said so.
import { fireEvent, render, screen } from '@testing-library/react';
import { OpenAccountScreen, TradePasswordScreen } from '@/features/account/components/account-screens';
import { useAccountStore } from '@/features/account/store';
import { AdvisorScreen } from '@/features/advisory/advisor-screen';
import { LatestDepartureScreen } from '@/features/advisory/departure-screen';
import type { DepartureDetail, PlanSummary } from '@/lib/api-types/advisory';
import { setLocale } from '@/locales/i18n';
import * as analytics from '@/platform/analytics';
import { typeTradePassword } from './aip-helpers';
import { decryptPassword, fail, fakeServer, ok, resetServer, settle, spyNavigation, until, type FakeServer } from './trade-helpers';

jest.setTimeout(20_000);

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
});

afterEach(() => {
  nav.restore();
  resetServer();
});

const plan: PlanSummary = {
  plan_code: 'TIA06002',
  plan_name: '稳健平衡组合',
  type: 2,
  found_date: '2024-04-01',
  manager_name: '雪石投顾',
  advisor_code: 'XSTG',
  risk_level: 3,
  fee_rate: '0.0040',
  benchmark: '沪深300指数收益率×40%+中债综合指数收益率×60%',
  intro: '1-3年的钱',
  min_amount_per_portion: '100.00',
  max_amount_per_portion: '10000.00',
  total_portions: 100,
  invest_money_type: '稳健',
  last_trade_date_fmt: '2025-03-03',
  plan_derived: { unit_nav: '1.0523', end_date: '2025-03-03', nav_grtd: '0.12' },
  yield: '5.23',
  benchmark_yield: '-1.10',
};

const departure: DepartureDetail = {
  trading_id: '220250303',
  plan_code: 'TIA06002',
  trade_date: '2025-03-03',
  remark: '沪深300估值百分位15%（低估），买入5份',
  status: 'success',
  trading_elements: [
    { action: '024', fd_code: '009003', fd_name: '添利货币A', portion: 5, portions_before: 30 },
    { action: '022', fd_code: '001179', fd_name: '中证800指数A', portion: 5, portions_before: 10 },
  ],
  window_opens: '2025-03-03',
  window_closes: null,
  follow_status: 'open',
  follow_order_id: null,
  is_latest: true,
};

function portfolioServer() {
  server.on('GET /djapi/plan/TIA06002', plan);
  server.on('GET /djapi/plan/nav/indicator', { plan_code: 'TIA06002', max_drawdown: '8.12', volatility: '11.30', sharpe: '0.42' });
  server.on('GET /djapi/plan/nav/history/TIA06002', {
    items: [
      { date: '2025-03-03', value: '1.0523', percentage: '5.23', benchmark_percentage: '-1.10' },
      { date: '2025-02-28', value: '1.0400', percentage: '4.00', benchmark_percentage: '-1.00' },
    ],
    total_items: 2,
    total_pages: 1,
  });
}

describe('the advisor', () => {
  it('shows the advisor with its demo licence line and portfolios, each opening its page', async () => {
    server.on('GET /djapi/ic/XSTG', {
      advisor_code: 'XSTG',
      name: '雪石投顾',
      full_name: '雪石基金投资顾问（演示）有限公司',
      licence: '演示机构：不构成真实投资建议',
      intro: '以指数估值为锚',
      plans: [{ plan_code: 'TIA06002', plan_name: '稳健平衡组合', risk_level: 3, fee_rate: '0.0040' }],
    });
    render(<AdvisorScreen code='XSTG' access={{ status: 'anonymous' }} />);
    await until(() => expect(screen.getByText('雪石投顾')).toBeTruthy());
    expect(screen.getByText('演示机构：不构成真实投资建议')).toBeTruthy();
    const row = screen.getByText('稳健平衡组合');
    expect(row.parentElement?.textContent).toContain('风险等级 R3 · 投顾费 0.40%/年');
    fireEvent.click(row);
    await settle();
    expect(nav.urls().join()).toContain('/ic/TIA06002');
  });
});

describe('a portfolio', () => {
  it('shows a visitor its facts, yields red up / green down, and a login prompt instead of the strategy', async () => {
    portfolioServer();
    render(<AdvisorScreen code='TIA06002' access={{ status: 'anonymous' }} />);
    await until(() => expect(screen.getByText('稳健平衡组合')).toBeTruthy());
    expect(screen.getByText('+5.23%').className).toContain('adv-up');
    expect(screen.getByText('-1.10%').className).toContain('adv-down');
    expect(screen.getByText('8.12%')).toBeTruthy();
    expect(screen.getByText('登录后查看组合持仓与调仓记录')).toBeTruthy();
    // The NAV chart's text alternative (issue 26): its dates and the return since the first day (1.0523 / 1.0400 − 1).
    expect(document.querySelector('canvas')?.getAttribute('aria-label')).toBe(
      '稳健平衡组合（2025-02-28至2025-03-03）：最新+1.18%，最低0.00%，最高+1.18%',
    );
    expect(screen.queryByTestId('advisory-positions')).toBeNull();
    expect(server.forms('GET /djapi/plan/position/detail')).toHaveLength(0);
  });

  it('asks the advisory questionnaire before the strategy, then shows holdings, departures and the sign-up (to account opening when none)', async () => {
    portfolioServer();
    let answered = false;
    server.on('GET /djapi/ic/kyc', () =>
      ok({
        questions: [
          { id: 'horizon', text: '这笔钱多久不用？', options: [{ id: 'gt5', text: '5年以上' }] },
          { id: 'drawdown', text: '您能承受的最大亏损是？', options: [{ id: '20', text: '20%以内' }] },
        ],
        answered,
        tolerance: answered ? 4 : null,
      }),
    );
    server.on('POST /djapi/ic/kyc', () => {
      answered = true;
      return ok({ tolerance: 4 });
    });
    server.on('GET /djapi/plan/position/detail', {
      plan_code: 'TIA06002',
      total_portions: 100,
      items: [{ fd_code: '001179', fd_name: '中证800指数A', role: 'signal', portion: 10, percent: '10.00' }],
    });
    server.on('GET /djapi/plan/TIA06002/trade_history', { items: [departure], total_items: 1, total_pages: 1 });
    server.on('GET /djapi/holding/plan/TIA06002', () => fail(430003, '请先签署该组合的投顾服务协议'));
    render(<AdvisorScreen code='TIA06002' access={{ status: 'loggedIn' }} />);
    await until(() => expect(screen.getByTestId('advisory-kyc')).toBeTruthy());
    expect(screen.queryByTestId('advisory-positions')).toBeNull();
    fireEvent.click(screen.getByText('提交问卷'));
    await settle();
    expect(server.forms('POST /djapi/ic/kyc')).toHaveLength(0);
    fireEvent.click(screen.getByText('5年以上'));
    fireEvent.click(screen.getByText('20%以内'));
    fireEvent.click(screen.getByText('提交问卷'));
    await until(() => expect(screen.getByTestId('advisory-positions')).toBeTruthy());
    expect(JSON.parse(server.forms('POST /djapi/ic/kyc')[0]?.get('answers') ?? '{}')).toEqual({ horizon: 'gt5', drawdown: '20' });
    expect(screen.getByTestId('advisory-positions').textContent).toContain('10份 · 10.00%');
    expect(screen.getByTestId('advisory-departures').textContent).toContain('中证800指数A 买入 5 份');
    expect(screen.getByTestId('advisory-sign')).toBeTruthy();
    // Signing without an open account: to account opening, which returns here (referer COMBINATION_PAGE).
    server.on('POST /djapi/ic/sign', () => fail(410001, '请先开户'));
    fireEvent.click(screen.getByTestId('advisory-agree'));
    fireEvent.click(screen.getByText('签约'));
    await typeTradePassword('135790');
    await until(() => expect(nav.urls().join()).toContain('referer=COMBINATION_PAGE'));
    expect(server.forms('POST /djapi/ic/sign')[0]?.get('agreements')).toBe('advisory_service,advisory_risk_disclosure');
  });
});

describe('the latest departure', () => {
  it('follows an open departure with the trade password and says which leg failed', async () => {
    server.on('GET /djapi/plan/TIA06002/departure/latest', departure);
    server.on('POST /djapi/order/plan/buy', {
      order_id: '800000001',
      order: {
        order_id: '800000001',
        plan_code: 'TIA06002',
        plan_name: '稳健平衡组合',
        ttype: 'ic',
        action: '036',
        trading_id: '220250303',
        status: 'sub_success',
        amount: '500.00',
        total_fee: '0.60',
        sub_order_list: [
          {
            action_text: '成分基金转出信息',
            action: '024',
            orders: [
              {
                order_id: null,
                fd_code: '009003',
                fd_name: '添利货币A',
                action: '024',
                portion: 5,
                amount: null,
                volume: '0.00',
                fee: null,
                confirm_amount: null,
                confirm_volume: null,
                status: 'failed',
                fail_reason: 'noHolding',
              },
            ],
          },
        ],
      },
    });
    render(<LatestDepartureScreen code='TIA06002' access={{ status: 'loggedIn' }} />);
    await until(() => expect(screen.getByTestId('follow-status').textContent).toBe('可跟车'));
    expect(screen.getByTestId('departure').textContent).toContain('添利货币A卖出 5 份');
    fireEvent.click(screen.getByText('一键跟车'));
    await typeTradePassword('135790');
    await until(() => expect(server.forms('POST /djapi/order/plan/buy')).toHaveLength(1));
    const form = server.forms('POST /djapi/order/plan/buy')[0];
    expect(form?.get('trading_id')).toBe('220250303');
    expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('135790');
    await until(() => expect(server.toasts.join()).toContain('添利货币A：未成交（noHolding）'));
  });

  it('upgrades: introduce → (questionnaire answered) → confirm with the trade password → what moved; each step’s page code once', async () => {
    portfolioServer();
    const pages = jest.spyOn(analytics, 'trackPage');
    server.on('GET /djapi/ic/kyc', { questions: [], answered: true, tolerance: 4 });
    server.on('GET /djapi/holding/plan/TIA06002', {
      plan_code: 'TIA06002',
      plan_name: '稳健平衡组合',
      amount_per_portion: '100.00',
      auto_follow: false,
      total_assets: '0.00',
      total_gain: '0.00',
      pending_amount: '0.00',
      fee_rate: '0.0040',
      fee_accrued: '0.00',
      items: [],
    });
    server.on('POST /djapi/ic/upgrade', {
      order_id: '800000009',
      order: {
        order_id: '800000009',
        plan_code: 'TIA06002',
        plan_name: '稳健平衡组合',
        ttype: 'ic',
        action: '267',
        trading_id: null,
        status: 'success',
        amount: '0.00',
        total_fee: '0.00',
        sub_order_list: [
          {
            action_text: '成分基金升级信息',
            action: '267',
            orders: [
              {
                order_id: null,
                fd_code: '001179',
                fd_name: '中证800指数A',
                action: '267',
                portion: 9,
                amount: '980.00',
                volume: '950.21',
                fee: null,
                confirm_amount: null,
                confirm_volume: null,
                status: 'success',
                fail_reason: null,
              },
            ],
          },
        ],
      },
    });
    render(<AdvisorScreen code='TIA06002' access={{ status: 'loggedIn' }} upgrade />);
    await until(() => expect(screen.getByTestId('advisory-upgrade-introduce').textContent).toContain('不赎回、不收手续费'));
    fireEvent.click(screen.getByTestId('advisory-upgrade-start'));
    await until(() => expect(screen.getByTestId('advisory-upgrade-confirm')).toBeTruthy());
    fireEvent.click(screen.getByTestId('advisory-upgrade-submit'));
    await typeTradePassword('135790');
    await until(() => expect(server.forms('POST /djapi/ic/upgrade')).toHaveLength(1));
    const form = server.forms('POST /djapi/ic/upgrade')[0];
    expect(form?.get('plan_code')).toBe('TIA06002');
    expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('135790');
    await until(() => expect(screen.getByTestId('advisory-upgrade-moved').textContent).toBe('中证800指数A：950.21 份，折合 9 份组合'));
    const codes = pages.mock.calls.map((c) => c[0]).filter((c) => String(c).startsWith('upgrade_'));
    expect(codes).toEqual(['upgrade_introduce', 'upgrade_kyc', 'upgrade_confirm', 'upgrade_result']);
    fireEvent.click(screen.getByTestId('advisory-upgrade-account'));
    await settle();
    expect(nav.urls()).toEqual(['/ic/TIA06002']);
    pages.mockRestore();
  });

  it('account opening started from the upgrade carries referer=HIGH_LEVEL_PAGE through every step and returns to the upgrade', async () => {
    portfolioServer();
    server.on('GET /djapi/ic/kyc', { questions: [], answered: true, tolerance: 4 });
    server.on('GET /djapi/holding/plan/TIA06002', () => fail(430003, '请先签约'));
    server.on('POST /djapi/ic/sign', () => fail(410001, '请先开户'));
    window.history.pushState({}, '', '/ic/TIA06002?upgrade=1');
    const { unmount } = render(<AdvisorScreen code='TIA06002' access={{ status: 'loggedIn' }} upgrade />);
    fireEvent.click(await screen.findByTestId('advisory-upgrade-start'));
    await until(() => expect(screen.getByTestId('advisory-sign')).toBeTruthy());
    fireEvent.click(screen.getByTestId('advisory-agree'));
    fireEvent.click(screen.getByText('签约'));
    await typeTradePassword('135790');
    await until(() => expect(nav.urls()).toHaveLength(1));
    const opening = new URL(nav.urls()[0] as string, 'https://h5.example');
    expect(opening.pathname).toBe('/ccount');
    expect(opening.searchParams.get('referer')).toBe('HIGH_LEVEL_PAGE');
    expect(opening.searchParams.get('redirect')).toBe('/ic/TIA06002?upgrade=1');
    unmount();
    const redirect = opening.searchParams.get('redirect') as string;

    // The opening page reads the referer: it says where it returns, and hands both on to the real-name step.
    useAccountStore.setState({ status: 'loggedIn', certified: false, hasTradePassword: false });
    const open = render(<OpenAccountScreen redirect={redirect} referer='HIGH_LEVEL_PAGE' />);
    expect(screen.getByTestId('account-open-return').textContent).toBe('开户完成后将回到升级投顾，继续升级');
    fireEvent.click(screen.getByText('立即开户'));
    await settle();
    const certification = new URL(nav.urls()[1] as string, 'https://h5.example');
    expect(certification.pathname).toBe('/ccount/certification');
    expect(certification.searchParams.get('redirect')).toBe(redirect);
    expect(certification.searchParams.get('referer')).toBe('HIGH_LEVEL_PAGE');
    open.unmount();

    // The last step (the trade password set) goes back to the upgrade it was started from.
    useAccountStore.setState({ status: 'loggedIn', certified: true, hasTradePassword: true });
    render(<TradePasswordScreen redirect={redirect} referer='HIGH_LEVEL_PAGE' />);
    fireEvent.click(await screen.findByText('完成'));
    await settle();
    expect(nav.urls()[2]).toBe('/ic/TIA06002?upgrade=1');
    // A referer the flow does not know is not carried on, and says nothing.
    render(<OpenAccountScreen redirect='/ic/TIA06002' referer='ELSEWHERE' />);
    expect(screen.queryByTestId('account-open-return')).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('shows one departure of the history (?trading_id=, page code departure_detail)', async () => {
    const pages = jest.spyOn(analytics, 'trackPage');
    server.on('GET /djapi/plan/TIA06002/departure/220250303', { ...departure, is_latest: false, follow_status: 'closed' });
    render(<LatestDepartureScreen code='TIA06002' access={{ status: 'loggedIn' }} tradingId='220250303' />);
    await until(() => expect(screen.getByTestId('departure').textContent).toContain('中证800指数A买入 5 份'));
    expect(pages.mock.calls.map((c) => c[0])).toEqual(['departure_detail']);
    pages.mockRestore();
  });

  it('asks for the questionnaire when the server refuses the strategy (430001)', async () => {
    server.on('GET /djapi/plan/TIA06002/departure/latest', () => fail(430001, '请先完成投顾问卷'));
    render(<LatestDepartureScreen code='TIA06002' access={{ status: 'loggedIn' }} />);
    await until(() => expect(screen.getByText('投顾问卷')).toBeTruthy());
    fireEvent.click(screen.getByText('投顾问卷'));
    await settle();
    expect(nav.urls().join()).toContain('/ic/TIA06002');
  });
});
