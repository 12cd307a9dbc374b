// The buy page (issue 12 §3) against a fake server at the http layer: the gates, the live fee preview computed with
// the shared rules (struck-through standard fee, fixed-fee bracket), the amount's checks as typed, the risk warning
// before the password and after a 410003, refusals, the password (RSA-encrypted), and the idempotency key.
import { fireEvent, render, screen } from '@testing-library/react';
import { BuyScreen, type BuyAccess } from '@/features/trade/buy-screen';
import { REQUEST_ID_PATTERN } from '@/components/purchase/request-id';
import { setLocale } from '@/locales/i18n';
import { elderOn, elderOneColumnClasses, elderReset, present } from './elder-helpers';
import {
  button,
  clickAndSettle,
  decryptPassword,
  deleteOnKeypad,
  fail,
  fakeServer,
  isDisabledButton,
  ok,
  placed,
  quote,
  resetServer,
  settle,
  spyNavigation,
  typeOnKeypad,
  typePassword,
  until,
  type FakeServer,
} from './trade-helpers';

const READY: BuyAccess = { status: 'loggedIn', openTrade: true, assessed: true };
const QUOTE = 'GET /djapi/order/buy/quote';
const BUY = 'POST /djapi/order/buy';

let server: FakeServer;
let nav: ReturnType<typeof spyNavigation>;

function renderBuy(access: BuyAccess = READY, ensureAssessed = jest.fn(() => Promise.resolve(true))) {
  const utils = render(<BuyScreen code='519671' access={access} ensureAssessed={ensureAssessed} />);
  return { ...utils, ensureAssessed };
}

async function ready(): Promise<void> {
  await until(() => expect(screen.getByTestId('buy-screen')).toBeInTheDocument());
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  nav = spyNavigation();
  server.on(QUOTE, quote());
});

afterEach(() => {
  nav.restore();
  resetServer();
  setLocale('zh-CN');
});

describe('gates, in order', () => {
  it('anonymous: a login prompt that comes back to this buy page', async () => {
    renderBuy({ status: 'anonymous', openTrade: null, assessed: false });
    expect(screen.getByText('登录后即可买入基金')).toBeInTheDocument();
    fireEvent.click(button('trade-gate-login-action'));
    await settle();
    expect(nav.urls().join()).toContain(encodeURIComponent('/n/trade/buy/519671'));
    expect(server.forms(QUOTE)).toHaveLength(0);
  });

  it('no trade account: account opening, back here afterwards', async () => {
    renderBuy({ status: 'loggedIn', openTrade: false, assessed: false });
    fireEvent.click(button('trade-gate-open-action'));
    await settle();
    expect(nav.urls()).toEqual([`/ccount?redirect=${encodeURIComponent('/n/trade/buy/519671')}`]);
  });

  it('no valid assessment: the assessment modal opens at once; once assessed the form loads', async () => {
    const { ensureAssessed } = renderBuy({ status: 'loggedIn', openTrade: true, assessed: false });
    await ready();
    expect(ensureAssessed).toHaveBeenCalledTimes(1);
    expect(server.forms(QUOTE)).toHaveLength(1);
  });

  it('declining the assessment leaves a way back to it', async () => {
    const ensureAssessed = jest.fn(() => Promise.resolve(false));
    renderBuy({ status: 'loggedIn', openTrade: true, assessed: false }, ensureAssessed);
    await settle();
    expect(screen.getByText('买入前请先完成风险测评')).toBeInTheDocument();
    fireEvent.click(button('trade-gate-assess-action'));
    expect(ensureAssessed).toHaveBeenCalledTimes(2);
  });

  it('the quote answering 410002 (assessment expired meanwhile) leads to the assessment page', async () => {
    server.on(QUOTE, () => fail(410002, '请先完成风险测评'));
    renderBuy();
    await until(() => expect(screen.getByTestId('trade-gate-assess')).toBeInTheDocument());
    fireEvent.click(button('trade-gate-assess-action'));
    await settle();
    expect(nav.urls()).toEqual([`/n/risk-assessment?redirect=${encodeURIComponent('/n/trade/buy/519671')}`]);
  });
});

describe('the form', () => {
  it('shows the fund, its risk, the card and its limits, the timeline and the disclosure', async () => {
    renderBuy();
    await ready();
    expect(text('trade-fund')).toContain('银河沪深300价值指数');
    expect(text('trade-fund')).toContain('519671');
    expect(text('trade-fund')).toContain('R3 中风险');
    expect(text('buy-card')).toContain('招商银行（尾号2565）');
    expect(text('buy-card')).toContain('单笔限额 50,000.00 元，单日限额 200,000.00 元');
    expect(text('buy-timeline')).toContain('2026-03-10');
    expect(text('buy-timeline')).toContain('确认份额2026-03-11');
    expect(text('buy-timeline')).toContain('查看收益2026-03-12');
    expect(screen.getByText(/交易日 15:00 前买入，按当日（2026-03-10）净值成交/)).toBeInTheDocument();
    expect(screen.getByText('基金有风险，投资需谨慎')).toBeInTheDocument();
    expect(screen.getByText('过往业绩不代表未来表现')).toBeInTheDocument();
    // Before any amount: the first bracket's rate, discounted, the standard one struck through.
    expect(text('buy-fee')).toBe('买入费率0.12%1.20%');
    expect(isDisabledButton(button('buy-submit'))).toBe(true);
  });

  it('previews the fee as each key is typed: discounted fee, the undiscounted one struck through (Danjuan 317.00 → 0.38)', async () => {
    renderBuy();
    await ready();
    typeOnKeypad('3');
    expect(text('buy-amount-value')).toBe('3');
    expect(text('buy-amount-problem')).toBe('最低买入金额为 10.00 元');
    typeOnKeypad('17');
    expect(text('buy-amount-value')).toBe('317');
    expect(screen.queryByTestId('buy-amount-problem')).toBeNull();
    expect(text('buy-fee-value')).toBe('0.38元');
    expect(text('buy-fee-standard')).toBe('3.76元');
    expect(screen.getByTestId('buy-fee-standard')).toHaveClass('trade-struck');
    expect(text('buy-fee-rate')).toBe('费率 0.12%1.20%');
    expect(isDisabledButton(button('buy-submit'))).toBe(false);
    // Nothing asked the server while typing: the preview is the shared rules on the quote's table.
    expect(server.forms(QUOTE)).toHaveLength(1);
  });

  it('a fixed-fee bracket shows the fixed fee, not a rate', async () => {
    server.on(
      QUOTE,
      quote({
        card: {
          bank_code: 'CMB',
          bank_name: '招商银行',
          card_tail: '2565',
          per_payment_limit: '10000000.00',
          daily_limit: '10000000.00',
          daily_left: '10000000.00',
        },
      }),
    );
    renderBuy();
    await ready();
    typeOnKeypad('5000000');
    expect(text('buy-fee-value')).toBe('1,000.00元');
    expect(screen.queryByTestId('buy-fee-standard')).toBeNull();
    expect(text('buy-fee-fixed')).toBe('固定费用 1,000.00元/笔');
    // One yuan less is in the 0.8 % bracket: 0.08 % after the discount.
    deleteOnKeypad(7);
    typeOnKeypad('4999999');
    expect(text('buy-fee-value')).toBe('3,996.80元');
    expect(text('buy-fee-standard')).toBe('39,682.53元');
    expect(text('buy-fee-rate')).toBe('费率 0.08%0.80%');
  });

  it('refuses a third decimal and a second point as typed', async () => {
    renderBuy();
    await ready();
    typeOnKeypad('12.345');
    expect(text('buy-amount-value')).toBe('12.34');
    typeOnKeypad('.');
    expect(text('buy-amount-value')).toBe('12.34');
    expect(text('buy-fee-value')).toBe('0.01元');
  });

  it("checks the fund's daily cap, then the card's per-payment and per-day limits", async () => {
    server.on(
      QUOTE,
      quote({
        daily_limit: '100000.00',
        daily_limit_left: '60000.00',
        card: {
          bank_code: 'CMB',
          bank_name: '招商银行',
          card_tail: '2565',
          per_payment_limit: '50000.00',
          daily_limit: '200000.00',
          daily_left: '30000.00',
        },
      }),
    );
    renderBuy();
    await ready();
    expect(text('buy-fund-limit')).toBe('该基金单日累计买入上限 100,000.00 元，今日还可买入 60,000.00 元');
    typeOnKeypad('70000');
    expect(text('buy-amount-problem')).toBe('超过该基金单日买入上限 100,000.00 元，今日还可买入 60,000.00 元');
    fireEvent.click(button('buy-chip-50000'));
    expect(text('buy-amount-problem')).toBe('超过招商银行单日支付限额 200,000.00 元，今日剩余 30,000.00 元');
    expect(isDisabledButton(button('buy-submit'))).toBe(true);
    fireEvent.click(button('buy-chip-10000'));
    expect(screen.queryByTestId('buy-amount-problem')).toBeNull();
  });

  it("over the card's per-payment limit names the bank and the limit", async () => {
    renderBuy();
    await ready();
    typeOnKeypad('60000');
    expect(text('buy-amount-problem')).toBe('超过招商银行单笔支付限额 50,000.00 元');
  });

  it('speaks English in en-US', async () => {
    setLocale('en-US');
    renderBuy();
    await ready();
    typeOnKeypad('5');
    expect(text('buy-amount-problem')).toBe('The minimum purchase is ¥10.00');
    expect(screen.getByText('Funds carry risk; invest with care')).toBeInTheDocument();
    expect(screen.getByText('Past performance does not predict future results')).toBeInTheDocument();
  });
});

describe('placing the order', () => {
  it('password dialog names the fund and the amount; the order goes with an encrypted password and a request id', async () => {
    server.on(BUY, () => ok(placed()));
    renderBuy();
    await ready();
    typeOnKeypad('317');
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    expect(screen.getByText('317.00元')).toBeInTheDocument();
    await typePassword('135790');
    await until(() => expect(nav.urls()).toEqual(['/n/trade/result/397121338216634368']));
    const [form] = server.forms(BUY);
    expect(form?.get('fd_code')).toBe('519671');
    expect(form?.get('amount')).toBe('317.00');
    expect(form?.get('pay_method')).toBe('bankcard');
    expect(form?.get('risk_confirm')).toBeNull();
    expect(form?.get('request_id')).toMatch(REQUEST_ID_PATTERN);
    expect(form?.get('trade_password')).not.toContain('135790');
    expect(decryptPassword(form?.get('trade_password') ?? '')).toBe('135790');
  });

  it('a wrong password keeps the dialog with the tries left; the next try goes through', async () => {
    let tries = 0;
    server.on(BUY, () => (++tries === 1 ? fail(400051, '交易密码错误，还可尝试 4 次') : ok(placed())));
    renderBuy();
    await ready();
    typeOnKeypad('1000');
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('111111');
    await until(() => expect(screen.getByText('交易密码错误，还可尝试 4 次')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(nav.urls()).toHaveLength(1));
    const forms = server.forms(BUY);
    expect(forms).toHaveLength(2);
    expect(decryptPassword(forms[1]?.get('trade_password') ?? '')).toBe('135790');
  });

  it('suitability warn: the risk warning first, explicitly accepted, then the password; risk_confirm=1', async () => {
    server.on(
      QUOTE,
      quote({
        risk_level: 5,
        investor_level: 3,
        suitability: 'warn',
        risk_warning: '该基金风险等级R5高于您的风险承受能力C3，可能损失全部本金',
      }),
    );
    server.on(BUY, () => ok(placed()));
    renderBuy();
    await ready();
    expect(text('buy-suitability-warn')).toBe('该基金风险等级 R5 高于您的风险承受能力 C3，购买前需确认风险提示');
    typeOnKeypad('1000');
    fireEvent.click(button('buy-submit'));
    await settle();
    expect(text('risk-warning-text')).toBe('该基金风险等级R5高于您的风险承受能力C3，可能损失全部本金');
    expect(screen.queryByText('收款方：银河沪深300价值指数')).toBeNull();
    await clickAndSettle(screen.getByText('我已知晓风险，确认购买'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(server.forms(BUY)).toHaveLength(1));
    expect(server.forms(BUY)[0]?.get('risk_confirm')).toBe('1');
  });

  it('declining the warning places nothing', async () => {
    server.on(QUOTE, quote({ risk_level: 5, investor_level: 3, suitability: 'warn', risk_warning: '风险提示' }));
    renderBuy();
    await ready();
    typeOnKeypad('1000');
    fireEvent.click(button('buy-submit'));
    await settle();
    await clickAndSettle(screen.getByText('再想想'));
    await settle();
    expect(server.forms(BUY)).toHaveLength(0);
    expect(screen.queryByText('收款方：银河沪深300价值指数')).toBeNull();
  });

  it('410003 after the password: the warning from data.risk_warning, then the same order resent with risk_confirm=1 and the same request id', async () => {
    server.on(BUY, (_req, form) =>
      form.get('risk_confirm') === '1'
        ? ok(placed())
        : fail(410003, '请确认风险提示', { risk_warning: '该基金风险等级R4高于您的风险承受能力C2' }),
    );
    renderBuy();
    await ready();
    typeOnKeypad('1000');
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(text('risk-warning-text')).toBe('该基金风险等级R4高于您的风险承受能力C2'));
    await clickAndSettle(screen.getByText('我已知晓风险，确认购买'));
    await until(() => expect(nav.urls()).toEqual(['/n/trade/result/397121338216634368']));
    const [first, second] = server.forms(BUY);
    expect(second?.get('risk_confirm')).toBe('1');
    expect(second?.get('request_id')).toBe(first?.get('request_id'));
    expect(second?.get('amount')).toBe('1000.00');
  });

  it('a lost answer: the retry sends the same request id; a final refusal then a new intent gets a new one', async () => {
    let calls = 0;
    server.on(BUY, () => {
      calls += 1;
      if (calls === 1) throw new Error('socket hang up');
      if (calls === 2) return fail(410010, '支付失败：银行卡余额不足');
      return ok(placed());
    });
    renderBuy();
    await ready();
    typeOnKeypad('1000');
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(screen.getByTestId('buy-notice')).toBeInTheDocument());
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(text('buy-notice')).toBe('支付失败：银行卡余额不足'));
    fireEvent.click(button('buy-submit'));
    await until(() => expect(screen.getByText('收款方：银河沪深300价值指数')).toBeInTheDocument());
    await typePassword('135790');
    await until(() => expect(nav.urls()).toHaveLength(1));
    const ids = server.forms(BUY).map((f) => f.get('request_id'));
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
  });

  it('the fund refuses purchases: the reason, the button disabled', async () => {
    server.on(QUOTE, quote({ refusal: '该基金暂停申购' }));
    renderBuy();
    await ready();
    expect(text('buy-refusal')).toBe('该基金暂停申购');
    typeOnKeypad('1000');
    expect(isDisabledButton(button('buy-submit'))).toBe(true);
    expect(text('buy-submit')).toBe('暂不可买入');
    fireEvent.click(button('buy-submit'));
    await settle();
    expect(screen.queryByText('收款方：银河沪深300价值指数')).toBeNull();
  });

  it('suitability refuse (C1 and above R1): no way round', async () => {
    server.on(QUOTE, quote({ risk_level: 2, investor_level: 1, suitability: 'refuse', risk_warning: null }));
    renderBuy();
    await ready();
    expect(text('buy-suitability-refuse')).toBe('该基金风险等级 R2 超出您的风险承受能力 C1，不可购买');
    typeOnKeypad('1000');
    expect(isDisabledButton(button('buy-submit'))).toBe(true);
  });

  it('subscription in the building period: 认购 wording and the founding date', async () => {
    server.on(QUOTE, quote({ mode: 'subscribe', confirm_date: '2026-04-01', query_date: '2026-04-02' }));
    renderBuy();
    await ready();
    expect(text('trade-fund')).toContain('认购期');
    expect(text('buy-submit')).toBe('确认认购');
    expect(screen.getByText('认购期内按 1.00 元/份认购，基金成立日 2026-04-01 确认份额')).toBeInTheDocument();
  });
});

describe('the keypad and the quick amounts (issue 28)', () => {
  it('at 390 px, while the keypad is up, the chips are scrolled above it; closed, the page takes no keypad room', async () => {
    // The keypad covered the quick-amount chips: the page now scrolls them into view with the keypad's height as
    // their bottom margin (trade.scss), and reserves that room below its last line while the keypad is up.
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const scrolled: Array<{ target: string | null; options: unknown }> = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element, options?: unknown) {
      scrolled.push({ target: this.getAttribute('data-testid'), options });
    } as typeof Element.prototype.scrollIntoView;
    try {
      renderBuy();
      await ready();
      expect(scrolled).toEqual([{ target: 'buy-chips', options: { block: 'nearest' } }]);
      expect(screen.getByTestId('buy-screen').className).toContain('trade-page--keypad');
      const chips = screen.getByTestId('buy-chips');
      expect(chips.querySelectorAll('[data-testid^="buy-chip-"]').length).toBeGreaterThan(0);
      // The chips come right after the amount field, inside the block scrolled above the keypad.
      expect(screen.getByTestId('buy-amount').compareDocumentPosition(chips) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('elder mode (关怀版): plain words (issue 26)', () => {
  afterEach(elderReset);

  it('says 按当天的价格买入 and 份额到账 instead of 净值 and 确认份额', async () => {
    elderOn();
    renderBuy();
    await ready();
    expect(text('buy-timeline')).toContain('按当天的价格买入');
    expect(text('buy-timeline')).toContain('份额到账');
    expect(text('buy-timeline')).not.toContain('确认份额');
    expect(text('buy-screen')).toContain('交易日下午3点前买入');
  });

  it('in English too', async () => {
    elderOn();
    setLocale('en-US');
    renderBuy();
    await ready();
    expect(text('buy-timeline')).toContain("Bought at that day's price");
    expect(text('buy-timeline')).toContain('Shares are yours');
  });

  it('keeps the usual words when the mode is off', async () => {
    renderBuy();
    await ready();
    expect(text('buy-timeline')).toContain('按当日净值买入');
    expect(text('buy-timeline')).toContain('确认份额');
    expect(text('buy-timeline')).not.toContain('份额到账');
  });

  it("one column: the rows of figures here are ones elder mode's stylesheet stacks", async () => {
    elderOn();
    renderBuy();
    await ready();
    for (const name of ['trade-chips']) {
      present(name);
      expect(elderOneColumnClasses()).toContain(name);
    }
  });
});
