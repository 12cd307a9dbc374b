// /n/activity/pension, the personal pension zone (issue 24), against a fake server at the http layer: a visitor sees
// what it is, the log-in gate and the tax estimate with the rates to try (20 % → 2,400.00, net 2,040.00); an investor
// without a pension account sees the opening card; an opened one sees the account, the year's room, the declared
// rate's saving, the Y classes and the statement; a contribution sends the amount, a request id and the password
// RSA-encrypted, and shows the server's refusal (the cap) as it is.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { PensionScreen, type PensionAccess } from '@/features/pension/pension-screen';
import type { PensionFunds, PensionStatement, PensionSummary } from '@/lib/api-types/pension';
import { setLocale } from '@/locales/i18n';
import { inputNamed, typeInto } from './login-helpers';
import { decryptPassword, fail, fakeServer, resetServer, typePassword, until, type FakeServer } from './trade-helpers';

const SUMMARY = 'GET /djapi/pension/summary';
const FUNDS = 'GET /djapi/pension/funds';
const STATEMENT = 'GET /djapi/pension/statement';
const CONTRIBUTE = 'POST /djapi/pension/contribute';

function summary(overrides: Partial<PensionSummary> = {}): PensionSummary {
  return {
    opened: true,
    account: { bank_code: 'CMB', account_tail: '4321', platform_account: 'YL000000012342', opened_on: '2026-03-02', status: 'open' },
    balance: '3000.00',
    in_transit: '1000.00',
    holdings_value: '500.00',
    total: '4500.00',
    year: 2026,
    cap: '12000.00',
    year_contributed: '4500.00',
    year_room: '7500.00',
    holdings: [
      {
        fund_code: '009052',
        fund_name: '远川多元配置混合(FOF)Y',
        volume: '480.77',
        nav: '1.0400',
        nav_date: '2026-03-06',
        market_value: '500.00',
        cost: '500.00',
        dividend_method: 'reinvest',
      },
    ],
    tax_rate: 10,
    tax_saving: { year: '450.00', full: '1200.00', year_net: '315.00', full_net: '840.00' },
    retirement_date: '2055-07-01',
    ...overrides,
  };
}

const FUND_LIST: PensionFunds = {
  cap: '12000.00',
  items: [
    {
      code: '009052',
      name: '远川多元配置混合(FOF)Y',
      type_desc: 'FOF',
      risk_level: 3,
      a_class: '009006',
      manage_fee: '0.40',
      custody_fee: '0.075',
      sales_service_fee: '0.0000',
      nav: '1.0400',
      nav_date: '2026-03-06',
      nav_grl1y: '5.12',
      nav_grbase: '4.00',
      lock_days: 0,
      min_purchase: '0.01',
    },
  ],
};

const STATEMENT_2026: PensionStatement = {
  year: 2026,
  name: '*三',
  id_no: '110***22',
  platform_account: 'YL000000012342',
  contributions: [
    { date: '2026-01-05', amount: '4000.00' },
    { date: '2026-03-02', amount: '500.00' },
  ],
  total: '4500.00',
  withdrawals: [],
  withdrawn_tax: '0.00',
};

let server: FakeServer;

jest.setTimeout(15_000);

beforeEach(() => {
  setLocale('zh-CN');
  server = fakeServer();
  server.on(FUNDS, FUND_LIST);
  server.on(STATEMENT, STATEMENT_2026);
});

afterEach(() => resetServer());

const renderZone = (access: PensionAccess) => render(<PensionScreen access={access} />);
const body = () => document.body.textContent ?? '';

it('a visitor: what it is, the log-in gate, the eligible funds and the estimate with rates to try', async () => {
  renderZone({ status: 'anonymous', openTrade: null });
  await until(() => expect(screen.getByText('远川多元配置混合(FOF)Y 009052')).toBeInTheDocument());
  expect(body()).toContain('登录后查看您的个人养老金');
  expect(body()).toContain('什么是个人养老金');
  expect(body()).toContain('管理费 0.40% · 托管费 0.075% · 免销售服务费');
  // 20 % by default: 12,000 × 20 % = 2,400.00, net of the 3 % at withdrawal 2,040.00.
  expect(body()).toContain('缴满 12,000 元可节税 2,400.00 元');
  expect(body()).toContain('净节税 2,040.00 元');
  await act(async () => {
    fireEvent.click(screen.getByText('45%'));
  });
  expect(body()).toContain('缴满 12,000 元可节税 5,400.00 元');
  expect(server.forms(SUMMARY)).toHaveLength(0);
});

it('an investor without a pension account: the opening card with its steps', async () => {
  server.on(
    SUMMARY,
    summary({ opened: false, account: null, year_contributed: '0.00', year_room: '12000.00', holdings: [], total: '0.00' }),
  );
  renderZone({ status: 'loggedIn', openTrade: true });
  await until(() => expect(screen.getByText('开通个人养老金')).toBeInTheDocument());
  expect(body()).toContain('您尚未开通个人养老金资金账户');
  expect(body()).toContain('掌上12333');
  expect(body()).not.toContain('我的个人养老金');
});

it('no fund account yet: sent to open one first', async () => {
  server.on(SUMMARY, summary({ opened: false, account: null }));
  renderZone({ status: 'loggedIn', openTrade: false });
  await until(() => expect(screen.getByText('您还没有基金账户，请先开户，完成后回到本页')).toBeInTheDocument());
  expect(screen.queryByText('开通个人养老金')).toBeNull();
});

it('an opened account: the totals, the year’s room, the declared rate, holdings and the statement', async () => {
  server.on(SUMMARY, summary());
  renderZone({ status: 'loggedIn', openTrade: true });
  await until(() => expect(screen.getByText('我的个人养老金')).toBeInTheDocument());
  expect(body()).toContain('2026年已缴存 4500.00 元');
  expect(body()).toContain('4500.00');
  expect(body()).toContain('还可缴存 7500.00 元');
  expect(body()).toContain('按您申报的收入，边际税率 10%');
  expect(body()).toContain('今年已缴存可节税 450.00 元');
  expect(body()).toContain('缴满 12,000 元可节税 1,200.00 元');
  expect(body()).toContain('480.77 份 · 市值 500.00 元');
  expect(body()).toContain('红利再投资');
  expect(body()).toContain('尾号 4321');
  await until(() => expect(body()).toContain('合计 4500.00 元'));
  expect(body()).toContain('您将于 2055-07-01 达到');
});

it('a contribution: amount, request id and the encrypted password; the cap refusal shown as the server says it', async () => {
  server.on(SUMMARY, summary());
  server.on(CONTRIBUTE, () => fail(440005, '个人养老金每年缴存上限 12,000.00 元，2026 年还可缴存 7500.00 元'));
  renderZone({ status: 'loggedIn', openTrade: true });
  await until(() => expect(screen.getByText('从银行卡缴存')).toBeInTheDocument());
  typeInto(inputNamed('amount', document.querySelector('.pen-contribute') as Element), '8000');
  await act(async () => {
    fireEvent.click(screen.getByText('从银行卡缴存'));
  });
  await until(() => expect(document.querySelectorAll('.nut-numberkeyboard .key').length).toBeGreaterThan(0));
  await typePassword('135790');
  await until(() => expect(server.forms(CONTRIBUTE)).toHaveLength(1));
  const form = server.forms(CONTRIBUTE)[0] as URLSearchParams;
  expect(form.get('amount')).toBe('8000.00');
  expect(form.get('request_id')).toMatch(/^pension-in-[0-9a-z]+-[0-9a-f]{24}$/);
  expect(decryptPassword(form.get('trade_password') ?? '')).toBe('135790');
  await until(() => expect(body()).toContain('2026 年还可缴存 7500.00 元'));
});

it('a withdrawal at the basic-pension age: a woman declares her category (female_50), sent with the condition', async () => {
  const WITHDRAW = 'POST /djapi/pension/withdraw';
  server.on(SUMMARY, summary());
  server.on(WITHDRAW, () => fail(440006, '尚未达到领取基本养老金的年龄：您将于 2030-07-01 达到'));
  renderZone({ status: 'loggedIn', openTrade: true });
  await until(() => expect(screen.getByText('退休年龄类别')).toBeInTheDocument());
  await act(async () => {
    fireEvent.click(screen.getByText('女职工（原50周岁，渐进延至55周岁）'));
  });
  const card = document.querySelector('.pen-withdraw') as Element;
  typeInto(inputNamed('amount', card), '100');
  await act(async () => {
    fireEvent.click(screen.getByText('申请领取'));
  });
  await until(() => expect(document.querySelectorAll('.nut-numberkeyboard .key').length).toBeGreaterThan(0));
  await typePassword('135790');
  await until(() => expect(server.forms(WITHDRAW)).toHaveLength(1));
  const form = server.forms(WITHDRAW)[0] as URLSearchParams;
  expect(form.get('condition')).toBe('retirement');
  expect(form.get('category')).toBe('female_50');
  expect(form.get('amount')).toBe('100.00');
  await until(() => expect(body()).toContain('您将于 2030-07-01 达到'));
  // Another condition: no category is asked or sent.
  await act(async () => {
    fireEvent.click(screen.getByText('出国（境）定居'));
  });
  expect(screen.queryByText('退休年龄类别')).toBeNull();
});
