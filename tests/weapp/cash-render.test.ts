// The cash product 现金宝 in the built mini program (plain-Node harness): /xjb renders a logged-in investor's balance,
// income, yield and income rows from wx.request (answers of src/lib/api-types/cash.ts), the withdrawal form offers
// 快速取现 with the quota and 普通取现 with its date, the unavailable amount is itemised, and the rule pages state the
// constants of src/lib/cash-rules.ts. The pages sit in the xjb subpackage. Build first: `npm run build:weapp` (or
// WEAPP_DIR=dist/weapp-<you>).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CashRules, CashSummary, CashUnavailable, CashYields } from '../../src/lib/api-types/cash';
import { CASH_CUTOFF, QUICK_WITHDRAW_DAILY_LIMIT_FEN } from '../../src/lib/cash-rules';
import { formatFen } from '../../src/lib/format';
import { specUrl, specUrlToPage } from '../../src/lib/routes';
import { t } from '../../src/locales/cash';
import { bootWeapp, type WeappHarness } from './harness';
import { packageRootOf, readAppJson, waitForBuild } from './weapp-build';
import type { WxRequest, WxResponse } from './wx-stub';

const SUMMARY: CashSummary = {
  fd_code: '000009',
  fd_name: '易方达天天理财货币A',
  total: '20012.34',
  available: '18000.00',
  unavailable: '2012.34',
  yesterday_income: '1.23',
  yesterday_income_date: '2026-03-06',
  total_income: '12.34',
  seven_day_yield: '2.345',
  per_10k_income: '0.6712',
  yield_date: '2026-03-06',
  quick_quota_left: '3000.00',
  quick_daily_limit: '10000.00',
  deposit_trade_date: '2026-03-09',
  deposit_confirm_date: '2026-03-10',
  deposit_income_date: '2026-03-11',
  normal_arrival_date: '2026-03-10',
  card: {
    bank_code: 'CMB',
    bank_name: '招商银行',
    card_tail: '2565',
    per_payment_limit: '50000.00',
    daily_limit: '200000.00',
    daily_left: '200000.00',
  },
  in_progress: [],
};

const YIELDS: CashYields = {
  fd_code: '000009',
  days: 30,
  items: [
    { date: '2026-03-05', seven_day_yield: '2.301', per_10k_income: '0.6301' },
    { date: '2026-03-06', seven_day_yield: '2.345', per_10k_income: '0.6712' },
  ],
};

const UNAVAILABLE: CashUnavailable = {
  total: '2012.34',
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
      amount: '12.34',
      expected_date: '2026-03-11',
      fd_code: '519671',
      fd_name: '银河沪深300价值指数',
      estimated: true,
    },
  ],
};

const RULES: CashRules = {
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
  if (path === '/djapi/xjb/summary') return ok(SUMMARY);
  if (path === '/djapi/xjb/yields') return ok(YIELDS);
  if (path === '/djapi/xjb/income') {
    return ok({
      items: [{ date: '2026-03-06', income: '1.23', shares: '18311.00', income_per_10k: '0.6712' }],
      current_page: 1,
      size: 20,
      total_items: 1,
      total_pages: 1,
    });
  }
  if (path === '/djapi/xjb/unavailable') return ok(UNAVAILABLE);
  if (path === '/djapi/xjb/rules') return ok(RULES);
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

function lacks(text: string, needles: string[]): string[] {
  return needles.filter((needle) => !text.includes(needle));
}

describe('现金宝 in the mini program', () => {
  test('the cash pages sit in the xjb subpackage', () => {
    const app = readAppJson();
    for (const name of ['xjb', 'xjbUnavailableAmount', 'xjbTradeRules', 'xjbWithdrawalRules'] as const) {
      assert.equal(packageRootOf(app, specUrlToPage(specUrl(name)).page), 'pages/xjb', name);
    }
  });

  test('/xjb: balance, latest income with its date, yield, per-10k, income rows, both actions', async () => {
    const page = await open(specUrlToPage(specUrl('xjb')).url, '20,012.34');
    const text = page.text();
    assert.deepEqual(
      lacks(text, [
        '18,000.00',
        '2,012.34',
        t('cash.summary.incomeOn', { date: '03-06' }),
        '+1.23',
        '+12.34',
        '2.345%',
        '0.6712',
        '2026-03-06',
        t('cash.income.how', { shares: '18,311.00', per10k: '0.6712' }),
        t('cash.action.deposit'),
        t('cash.action.withdraw'),
      ]),
      [],
      text.slice(0, 1200),
    );
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('/xjb?action=withdraw: 快速取现 with the quota left, 普通取现 with its arrival date', async () => {
    const page = await open(specUrlToPage(specUrl('xjb', {}, { action: 'withdraw' })).url, t('cash.withdraw.quick'));
    const text = page.text();
    assert.deepEqual(
      lacks(text, [
        t('cash.withdraw.quickQuota', { left: '3,000.00', limit: '10,000.00' }),
        t('cash.withdraw.normalArrival', { date: '2026-03-10' }),
        t('cash.withdraw.available', { available: '18,000.00' }),
      ]),
      [],
      text.slice(0, 1200),
    );
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the unavailable amount, item by item with its kind and 估算', async () => {
    const page = await open(specUrlToPage(specUrl('xjbUnavailableAmount')).url, t('cash.unavailable.kind.deposit'));
    const text = page.text();
    assert.deepEqual(
      lacks(text, [
        t('cash.unavailable.kind.sale'),
        '2,000.00',
        '12.34',
        t('cash.unavailable.estimated'),
        t('cash.unavailable.when.sale', { date: '2026-03-11' }),
      ]),
      [],
      text.slice(0, 1200),
    );
    await h.closePage(page);
  });

  test('the rule pages state the constants and the live dates', async () => {
    const limit = formatFen(QUICK_WITHDRAW_DAILY_LIMIT_FEN);
    const withdrawal = await open(specUrlToPage(specUrl('xjbWithdrawalRules')).url, t('cash.rules.withdrawal.quick', { limit }));
    for (let i = 0; i < 20 && !withdrawal.text().includes('2026-03-10'); i += 1) await h.settle(200);
    assert.ok(
      withdrawal.text().includes(t('cash.rules.withdrawal.live', { trade: '2026-03-09', arrival: '2026-03-10', limit })),
      withdrawal.text().slice(0, 800),
    );
    await h.closePage(withdrawal);
    const trade = await open(
      specUrlToPage(specUrl('xjbTradeRules')).url,
      t('cash.rules.trade.live', { trade: '2026-03-09', confirm: '2026-03-10', income: '2026-03-11' }),
    );
    assert.ok(trade.text().includes(t('cash.rules.trade.deposit', { cutoff: CASH_CUTOFF, days: 1 })), trade.text().slice(0, 800));
    assert.deepEqual(h.problems(), []);
    await h.closePage(trade);
  });
});
