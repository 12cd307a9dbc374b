// Auto-invest in the built mini program (plain-Node harness): the intro, the create page, the total list and one
// plan render a logged-in investor's data from wx.request (answers of the contract, src/lib/api-types/auto-invest.ts),
// and the pages sit in their subpackage. Build first: `npm run build:weapp` (or WEAPP_DIR=dist/weapp-<you>).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AipBacktest, AipPlan, AipPlanDetail, AipQuote } from '../../src/lib/api-types/auto-invest';
import { specUrl, specUrlToPage } from '../../src/lib/routes';
import { t } from '../../src/locales/aip';
import { bootWeapp, type WeappHarness } from './harness';
import { packageRootOf, readAppJson, waitForBuild } from './weapp-build';
import type { WxRequest, WxResponse } from './wx-stub';

const CODE = '519671';

const QUOTE: AipQuote = {
  fd_code: CODE,
  fd_name: '银河沪深300价值指数',
  min_amount: '10.00',
  smart_available: true,
  index_code: 'SH000300',
  index_name: '沪深300',
  first_date: '2026-12-28',
  refusal: null,
  risk_level: 3,
  investor_level: 4,
  suitability: 'match',
  risk_warning: null,
};

const BACKTEST: AipBacktest = {
  fd_code: CODE,
  start: '2023-11-01',
  end: '2026-11-25',
  runs: 36,
  invested: '36000.00',
  value: '39876.54',
  total_return: '10.77',
  xirr: '6.81',
  fees: '43.20',
  points: [
    { date: '2023-11-01', invested: '1000.00', value: '1000.00' },
    { date: '2026-11-25', invested: '36000.00', value: '39876.54' },
  ],
  other: { smart: true, invested: '41000.00', value: '47100.00', total_return: '14.88', xirr: '8.90' },
};

const PLAN: AipPlan = {
  plan_id: '9001',
  fd_code: CODE,
  fd_name: '银河沪深300价值指数',
  amount: '500.00',
  cycle: 'monthly',
  cycle_day: 28,
  cycle_desc: '每月28日',
  pay_method: 'bankcard',
  smart: false,
  status: 'paused',
  status_desc: '已暂停',
  pause_reason: '连续 3 次扣款失败，计划已暂停',
  next_date: '2026-12-28',
  failures: 3,
  runs_count: 4,
  total_invested: '1000.00',
  current_value: '1032.10',
  gain: '32.10',
  created_at: Date.UTC(2026, 9, 1),
};

const DETAIL: AipPlanDetail = {
  ...PLAN,
  runs: [
    {
      date: '2026-10-28',
      amount: '500.00',
      ratio: '100',
      reason: null,
      status: 'placed',
      note: null,
      order_id: 'O1',
      order_status: 'confirmed',
      order_status_desc: '交易成功',
    },
    {
      date: '2026-11-30',
      amount: '500.00',
      ratio: '100',
      reason: null,
      status: 'failed',
      note: '扣款失败，本期未投入',
      order_id: null,
      order_status: null,
      order_status_desc: null,
    },
  ],
  next_reason: null,
  index_code: 'SH000300',
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
  if (path === '/djapi/aip/quote') return ok(QUOTE);
  if (path === '/djapi/aip/backtest') return ok(BACKTEST);
  if (path === '/djapi/aip/list') return ok({ items: [PLAN], running: 0 });
  if (path === '/djapi/aip/9001') return ok(DETAIL);
  if (path === '/djapi/index-mass/SH000300/funds') {
    return ok({ index_code: 'SH000300', name: '沪深300', funds: [{ fd_code: CODE, fd_name: QUOTE.fd_name }] });
  }
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

function lacks(text: string, needles: readonly string[], what: string) {
  for (const needle of needles) assert.ok(text.includes(needle), `${what} lacks "${needle}":\n${text.slice(0, 900)}`);
}

describe('auto-invest pages in the mini program', () => {
  test('the auto-invest pages sit in their subpackage', () => {
    const app = readAppJson();
    for (const url of [
      specUrl('autoInvestIntro'),
      specUrl('autoInvestCreate', { fundcode: CODE }),
      specUrl('autoInvestTotalList'),
      specUrl('autoInvestDetail', { planId: '9001' }),
    ]) {
      assert.equal(packageRootOf(app, specUrlToPage(url).page), 'pages/autoinvest', url);
    }
  });

  test('the intro: plain words, the backtest teaser and the funds to start with', async () => {
    const page = await open(specUrlToPage(specUrl('autoInvestIntro')).url, '36,000.00');
    lacks(page.text(), [t('aip.intro.average.title'), t('aip.intro.smart.title'), '+10.77%', '+14.88%', QUOTE.fd_name], 'intro');
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the create page: the first run date, smart mode’s index, the backtest', async () => {
    const page = await open(specUrlToPage(specUrl('autoInvestCreate', { fundcode: CODE })).url, QUOTE.fd_name);
    for (let i = 0; i < 20 && !page.text().includes('36,000.00'); i += 1) await h.settle(200);
    lacks(page.text(), [QUOTE.first_date, t('aip.mode.smart'), t('aip.create.tracks', { index: '沪深300' }), '36,000.00'], 'create');
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the total list and one plan: the pause reason, the runs', async () => {
    const list = await open(specUrlToPage(specUrl('autoInvestTotalList')).url, PLAN.fd_name);
    lacks(list.text(), [t('aip.plan.pausedBecause', { reason: PLAN.pause_reason as string }), '1,032.10'], 'list');
    await h.closePage(list);
    const detail = await open(
      specUrlToPage(specUrl('autoInvestDetail', { planId: '9001' }, { prelink: '/autoinvesment/total-list' })).url,
      '交易成功',
    );
    lacks(detail.text(), ['扣款失败，本期未投入', t('aip.action.resume'), '2026-10-28'], 'detail');
    assert.deepEqual(h.problems(), []);
    await h.closePage(detail);
  });
});
