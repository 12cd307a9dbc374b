// The cash product inside trading (issue 13 §3, §4, §9): the buy page pays with 现金宝 (its available balance, no bank
// limit, refused as typed above what is available, pay_method=xjb); the sell page sends the proceeds into 现金宝
// (arrival on sell_to_cash_date, to=xjb) unless the fund sold is the cash fund; the result and order pages say how the
// money moved; my money shows the cash product as its own line, opening /xjb.
import { fireEvent, render, screen } from '@testing-library/react';
import { AssetsScreen } from '@/features/trade/assets-screen';
import { BuyScreen } from '@/features/trade/buy-screen';
import { OrderDetailScreen, TradeResultScreen } from '@/features/trade/order-screens';
import { SellScreen } from '@/features/trade/sell-screen';
import { setLocale } from '@/locales/i18n';
import {
  button,
  fakeServer,
  holding,
  isDisabledButton,
  ok,
  orderDetail,
  placed,
  quote,
  resetServer,
  settle,
  spyNavigation,
  summary,
  typeOnKeypad,
  typePassword,
  until,
  type FakeServer,
} from './trade-helpers';

const QUOTE = 'GET /djapi/order/buy/quote';
const BUY = 'POST /djapi/order/buy';
const HOLDING = 'GET /djapi/holding/fund/519671';
const RATES = 'GET /djapi/fund/detail/519671';
const SELL = 'POST /djapi/order/sell';
const CASH = { fd_code: '000009', available: '5000.00' };

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;
const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

jest.setTimeout(15_000);

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

describe('buy: pay with 现金宝', () => {
  function renderBuy() {
    render(
      <BuyScreen
        code='519671'
        access={{ status: 'loggedIn', openTrade: true, assessed: true }}
        ensureAssessed={() => Promise.resolve(true)}
      />,
    );
  }

  it('offers the card (with its limits) or 现金宝 (its available balance, no bank limit); the card by default', async () => {
    server.on(QUOTE, quote({ cash: CASH }));
    renderBuy();
    await until(() => expect(screen.getByTestId('buy-screen')).toBeInTheDocument());
    expect(screen.getByTestId('buy-pay-card')).toHaveAttribute('aria-checked', 'true');
    expect(text('buy-pay-card')).toContain('单笔限额 50,000.00 元，单日限额 200,000.00 元');
    expect(text('buy-pay-xjb')).toBe('现金宝可用 5,000.00 元不受银行卡限额限制，下单即扣款，撤单退回现金宝');
  });

  it('paying with 现金宝: above its available balance is refused as typed, bank limits do not apply; pay_method=xjb', async () => {
    server.on(QUOTE, quote({ cash: CASH }));
    server.on(BUY, () => ok(placed({ pay_method: 'xjb' })));
    renderBuy();
    await until(() => expect(screen.getByTestId('buy-screen')).toBeInTheDocument());
    fireEvent.click(button('buy-pay-xjb'));
    expect(screen.getByTestId('buy-pay-xjb')).toHaveAttribute('aria-checked', 'true');
    typeOnKeypad('5000.01');
    expect(text('buy-amount-problem')).toBe('超过现金宝可用金额 5,000.00 元');
    expect(isDisabledButton(button('buy-submit'))).toBe(true);
    // Back to the card: the card's limits, not the cash balance, decide.
    fireEvent.click(button('buy-pay-card'));
    expect(screen.queryByTestId('buy-amount-problem')).toBeNull();
    fireEvent.click(button('buy-pay-xjb'));
    fireEvent.click(button('buy-chip-5000'));
    expect(screen.queryByTestId('buy-amount-problem')).toBeNull();
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(nav.urls()).toEqual(['/n/trade/result/397121338216634368']));
    const [form] = server.forms(BUY);
    expect(form?.get('pay_method')).toBe('xjb');
    expect(form?.get('amount')).toBe('5000.00');
  });

  it('no 现金宝 choice before account opening (cash null) nor when the fund bought is the cash fund', async () => {
    server.on(QUOTE, quote({ cash: null }));
    const { unmount } = render(
      <BuyScreen
        code='519671'
        access={{ status: 'loggedIn', openTrade: true, assessed: true }}
        ensureAssessed={() => Promise.resolve(true)}
      />,
    );
    await until(() => expect(screen.getByTestId('buy-screen')).toBeInTheDocument());
    expect(screen.queryByTestId('buy-pay-xjb')).toBeNull();
    unmount();
    server.on(QUOTE, quote({ fd_code: '000009', fd_name: '易方达天天理财货币A', cash: CASH }));
    render(
      <BuyScreen
        code='000009'
        access={{ status: 'loggedIn', openTrade: true, assessed: true }}
        ensureAssessed={() => Promise.resolve(true)}
      />,
    );
    await until(() => expect(screen.getByTestId('buy-screen')).toBeInTheDocument());
    expect(screen.queryByTestId('buy-pay-xjb')).toBeNull();
  });

  it('an answer without the `cash` field (a server before the cash product) is the card only, not a crash', async () => {
    const older: Partial<ReturnType<typeof quote>> = quote();
    delete older.cash;
    server.on(QUOTE, older);
    renderBuy();
    await until(() => expect(screen.getByTestId('buy-screen')).toBeInTheDocument());
    expect(screen.queryByTestId('buy-pay-xjb')).toBeNull();
    expect(text('buy-pay-card')).toContain('招商银行（尾号2565）');
  });
});

describe('sell: into 现金宝', () => {
  beforeEach(() => {
    server.on(RATES, { fd_code: '519671', fund_rates: { withdraw_rate_table: [] } });
  });

  async function renderSell() {
    render(<SellScreen code='519671' access={{ status: 'loggedIn', openTrade: true, card: { bankCode: 'CMB', cardTail: '2565' } }} />);
    await until(() => expect(screen.getByTestId('sell-screen')).toBeInTheDocument());
  }

  it('the card (arrival date) or 现金宝 (its own date); to=xjb goes with the order', async () => {
    server.on(HOLDING, holding({ sell_to_cash_date: '2026-03-11' }));
    server.on(SELL, () => ok(placed({ action: '024', sell_to: 'xjb' })));
    await renderSell();
    expect(screen.getByTestId('sell-to-card')).toHaveAttribute('aria-checked', 'true');
    expect(text('sell-arrival')).toBe('预计 2026-03-13 到账');
    expect(text('sell-timeline')).toContain('资金到账2026-03-13');
    fireEvent.click(button('sell-to-xjb'));
    expect(text('sell-xjb-arrival')).toBe('预计 2026-03-11 转入现金宝，比到银行卡更快');
    expect(text('sell-arrival')).toBe('预计 2026-03-11 转入现金宝');
    expect(text('sell-timeline')).toContain('转入现金宝2026-03-11');
    fireEvent.click(button('sell-all'));
    fireEvent.click(button('sell-submit'));
    await until(() => expect(screen.getByText('收款方：现金宝')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(nav.urls()).toHaveLength(1));
    expect(server.forms(SELL)[0]?.get('to')).toBe('xjb');
  });

  it('to the card, no `to` is sent (the default); the cash fund itself has no choice', async () => {
    server.on(HOLDING, holding({ sell_to_cash_date: '2026-03-11' }));
    server.on(SELL, () => ok(placed({ action: '024' })));
    await renderSell();
    fireEvent.click(button('sell-all'));
    fireEvent.click(button('sell-submit'));
    await until(() => expect(screen.getByText('收款方：招商银行（尾号2565）')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(nav.urls()).toHaveLength(1));
    expect(server.forms(SELL)[0]?.get('to')).toBeNull();
  });

  it('selling the cash fund (sell_to_cash_date null): no destination choice', async () => {
    server.on(HOLDING, holding({ sell_to_cash_date: null }));
    await renderSell();
    expect(screen.queryByTestId('sell-to-xjb')).toBeNull();
    expect(text('sell-card')).toContain('招商银行（尾号2565）');
  });
});

describe('how the money moved, on the result and the order', () => {
  it('a purchase paid with 现金宝 and a sale into it say so', async () => {
    const ID = '397121338216634368';
    server.on(`GET /djapi/fund/order/${ID}`, orderDetail({ pay_method: 'xjb' }));
    const { unmount } = render(<TradeResultScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('trade-result')).toBeInTheDocument());
    expect(text('result-money-route')).toBe('支付方式现金宝');
    unmount();
    server.on(`GET /djapi/fund/order/${ID}`, orderDetail({ action: '024', action_desc: '卖出', volume: '100.00', sell_to: 'xjb' }));
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-card')).toBe('到账银行卡现金宝');
  });

  it('a card payment still names the card', async () => {
    const ID = '397121338216634368';
    server.on(`GET /djapi/fund/order/${ID}`, orderDetail());
    render(<OrderDetailScreen orderId={ID} />);
    await until(() => expect(screen.getByTestId('order-detail')).toBeInTheDocument());
    expect(text('order-card')).toBe('支付方式招商银行 6214********2565');
  });
});

describe('my money: the cash product as its own line', () => {
  it('total, latest and cumulative income; opens /xjb', async () => {
    server.on(
      'GET /djapi/holding/summary',
      summary({ cash: { fd_code: '000009', total: '20012.34', available: '18000.00', yesterday_income: '1.23', total_income: '12.34' } }),
    );
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets')).toBeInTheDocument());
    expect(text('assets-cash')).toBe('现金宝查看 ›总金额20,012.34最新收益+1.23累计收益+12.34');
    fireEvent.click(button('assets-cash'));
    await settle();
    expect(nav.urls()).toEqual(['/xjb']);
  });

  it('only cash, no funds: not the empty state', async () => {
    server.on(
      'GET /djapi/holding/summary',
      summary({
        total_assets: '100.00',
        items: [],
        allocation: [],
        orders_in_progress: [],
        in_transit_amount: '0.00',
        cash: { fd_code: '000009', total: '100.00', available: '100.00', yesterday_income: '0.00', total_income: '0.00' },
      }),
    );
    render(<AssetsScreen variant='myMoney' />);
    await until(() => expect(screen.getByTestId('assets-cash')).toBeInTheDocument());
    expect(screen.queryByTestId('assets-empty')).toBeNull();
  });
});
