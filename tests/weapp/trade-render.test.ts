// Trading in the built mini program (plain-Node harness): the buy page and my money render a logged-in investor's
// data from wx.request (answers of the trading contract, src/lib/api-types/trading.ts), and the buy page's fee
// preview — the shared rules (src/lib/fees.ts) running in the mini program's ES5 build — answers a tapped amount.
// Build first: `npm run build:weapp` (or WEAPP_DIR=dist/weapp-<you>).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BuyQuote, HoldingSummary } from '../../src/lib/api-types/trading';
import { specUrl, specUrlToPage } from '../../src/lib/routes';
import { t } from '../../src/locales/trade';
import { bootWeapp, type WeappHarness } from './harness';
import { packageRootOf, readAppJson, waitForBuild } from './weapp-build';
import type { WxRequest, WxResponse } from './wx-stub';

const CODE = '519671';

const QUOTE: BuyQuote = {
  fd_code: CODE,
  fd_name: '银河沪深300价值指数',
  risk_level: 3,
  investor_level: 4,
  suitability: 'match',
  risk_warning: null,
  mode: 'purchase',
  refusal: null,
  min_amount: '10.00',
  daily_limit: null,
  daily_limit_left: null,
  fee: null,
  standard_fee: null,
  real_rate: null,
  standard_rate: null,
  discount: '0.1',
  trade_date: '2026-03-10',
  confirm_date: '2026-03-11',
  query_date: '2026-03-12',
  fee_table: [
    { lower: '0.00', upper: '1000000.00', rate: '1.20', fixed: null },
    { lower: '1000000.00', upper: null, rate: null, fixed: '1000.00' },
  ],
  rounding_mode: 'half_up',
  cash: null,
  card: {
    bank_code: 'CMB',
    bank_name: '招商银行',
    card_tail: '2565',
    per_payment_limit: '50000.00',
    daily_limit: '200000.00',
    daily_left: '200000.00',
  },
};

const SUMMARY: HoldingSummary = {
  total_assets: '10317.38',
  daily_gain: '-23.45',
  daily_gain_date: '2026-03-09',
  hold_gain: '317.38',
  total_gain: '1234.56',
  in_transit_amount: '0.00',
  items: [
    {
      fd_code: CODE,
      fd_name: '银河沪深300价值指数',
      type: 5,
      type_desc: '指数型',
      market_value: '10317.38',
      volume: '6253.05',
      usable_volume: '6253.05',
      nav: '1.6500',
      nav_date: '2026-03-09',
      cost: '10000.00',
      daily_gain: '-23.45',
      hold_gain: '317.38',
      hold_gain_rate: '3.17',
      total_gain: '1234.56',
      market_percent: '100.00',
      buying_amount: '0.00',
      selling_amount: '0.00',
      dividend_method: 'cash',
    },
  ],
  allocation: [{ type: 5, type_desc: '指数型', market_value: '10317.38', percent: '100.00' }],
  orders_in_progress: [],
  cash: null,
};

function pathOf(request: WxRequest): string {
  return request.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
}

function answer(request: WxRequest): WxResponse {
  const path = pathOf(request);
  const ok = (data: unknown): WxResponse => ({ statusCode: 200, data: { result_code: 0, data, message: '', error_description: '' } });
  if (path === '/djapi/account') {
    return ok({
      user: {
        id: 1,
        mask_telephone: '138****5678',
        open_trade: true,
        certified: true,
        real_name_masked: '*三',
        has_trade_password: true,
        bank_card: { bank_code: 'CMB', card_tail: '2565' },
        risk_level: 'C4',
        risk_valid_until: '2027-11-22',
        risk_expired: false,
      },
    });
  }
  if (path === '/djapi/order/buy/quote') return ok(QUOTE);
  if (path === '/djapi/holding/summary') return ok(SUMMARY);
  return { statusCode: 404, data: { result_code: 404001, data: null, message: 'not here', error_description: 'not here' } };
}

let h: WeappHarness;

before(async () => {
  await waitForBuild();
  h = await bootWeapp({ request: answer });
});

after(() => h?.dispose());

async function open(url: string, shows: string) {
  const page = await h.openPage(url);
  assert.ok(page, `${url} did not open`);
  for (let i = 0; i < 20 && !page.text().includes(shows); i += 1) await h.settle(200);
  assert.ok(page.text().includes(shows), `${url} never showed "${shows}":\n${page.text().slice(0, 800)}`);
  return page;
}

describe('trading pages in the mini program', () => {
  test('the trade pages sit in their subpackages, my money in the main package', () => {
    const app = readAppJson();
    assert.equal(packageRootOf(app, specUrlToPage(specUrl('buy', { fundcode: CODE })).page), 'pages/trade');
    assert.equal(packageRootOf(app, specUrlToPage(specUrl('holding', { fundcode: CODE })).page), 'pages/assets');
    assert.equal(packageRootOf(app, specUrlToPage(specUrl('myMoney')).page), null);
  });

  test('the buy page: the fund, the card with its limits, the dates, the disclosure; a tapped amount gets its fee', async () => {
    const page = await open(specUrlToPage(specUrl('buy', { fundcode: CODE })).url, QUOTE.fd_name);
    const text = page.text();
    for (const needle of [
      CODE,
      t('trade.pay.card', { bank: '招商银行', tail: '2565' }),
      t('trade.pay.limits', { perPayment: '50,000.00', daily: '200,000.00' }),
      '2026-03-11',
      t('trade.disclosure.risk'),
      t('trade.disclosure.past'),
      t('trade.fee.buyRate'),
    ]) {
      assert.ok(text.includes(needle), `buy page lacks "${needle}":\n${text.slice(0, 800)}`);
    }
    // The 1,000 chip: 1000 × 0.12 % / 1.0012 = 1.1986… → 1.20 (standard 1.2 % → 11.86).
    await page.tap(t('trade.unit.yuan', { amount: '1,000' }));
    await h.settle(100);
    const after = page.text();
    assert.ok(after.includes(t('trade.fee.estimate')), after.slice(0, 800));
    assert.ok(after.includes('1.20元') && after.includes('11.86元'), `fee preview missing:\n${after.slice(0, 900)}`);
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test("the amount keypad's keys are buttons with names for WeChat's screen reader (issue 26)", async () => {
    const page = await open(specUrlToPage(specUrl('buy', { fundcode: CODE })).url, QUOTE.fd_name);
    const classes = (node: { cl?: string }) => String(node.cl ?? '').split(' ');
    const keys = () => page.findAll((node) => classes(node).includes('key'));
    for (let i = 0; i < 20 && keys().length < 12; i += 1) await h.settle(200);
    const named = keys().map(({ node }) => [page.attribute(node, 'aria-role'), page.attribute(node, 'aria-label')]);
    // NutUI's amount keypad: 1–9, the decimal point, 0, delete (the buy page opens it at first).
    assert.deepEqual(named, [
      ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => ['button', digit]),
      ['button', t('components.keypad.decimal')],
      ['button', '0'],
      ['button', t('components.keypad.delete')],
    ]);
    const confirm = page.find((node) => classes(node).includes('nut-numberkeyboard-header-close'));
    assert.ok(confirm, "the keypad's 完成");
    assert.equal(page.attribute(confirm.node, 'aria-role'), 'button');
    // A view the app marks itself (roleProps) carries its role to WeChat too: the amount field.
    const field = page.find((node) => classes(node).includes('purchase-keypad-field__box'));
    assert.ok(field, 'the amount field');
    assert.equal(page.attribute(field.node, 'aria-role'), 'textbox');
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('my money: the totals and the holding as the server sent them', async () => {
    const page = await open(specUrlToPage(specUrl('myMoney')).url, '10,317.38');
    const text = page.text();
    for (const needle of [
      '-23.45',
      '+317.38',
      '+1,234.56',
      SUMMARY.items[0]!.fd_name,
      '+3.17%',
      t('trade.assets.incomeCalendar'),
      t('trade.assets.allocation'),
    ]) {
      assert.ok(text.includes(needle), `my money lacks "${needle}":\n${text.slice(0, 800)}`);
    }
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });
});
