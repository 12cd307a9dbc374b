// The fund page as an investor reads it, at 390 px in Chromium against the real server and market (issue 17):
// only the periods a fund has lived, an ended fund without purchase timeline or fees and dated to its last NAV,
// 免费 for a fee not charged, a money-market fund's 7-day yield and income per 10,000 shares, the NAV history
// paged with 更多, the profile with company and custodian, and the suitability notice for a C2 investor on an
// R5 fund (none for a visitor). The funds are found by asking the market, not hard-coded, where it can say.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import type { FundDetail, FundSummary } from '../../src/lib/api-types/fund';
import fundMessages from '../../src/locales/messages/fund';
import { addCalendarDays } from '../../server/src/domain/calendar';
import { fixed } from '../server/exact';
import { businessToday, phoneSuite, seedLoggedInUser, seedRiskAssessment } from './harness';

const zh: Record<string, string> = fundMessages['zh-CN'];
const say = (key: string, params: Record<string, string> = {}) =>
  (zh[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

describe('fund page: periods, ended funds, fees, money funds, records, suitability (390 px)', () => {
  let token = '';
  let freshToken = '';
  const suite = phoneSuite({
    defaultTimeoutMs: 30_000,
    prepareDatabase: async (db) => {
      const user = await seedLoggedInUser(db, '13700001717');
      token = user.token;
      freshToken = (await seedLoggedInUser(db, '13700001719')).token;
      await seedRiskAssessment(db, '13700001717', { level: 2, score: 30 });
    },
  });

  async function api<T>(path: string): Promise<T> {
    const res = await fetch(`${suite.server.url}${path}`);
    const body = (await res.json()) as { result_code: number; data: T };
    assert.equal(body.result_code, 0, path);
    return body.data;
  }

  async function openFund(code: string): Promise<void> {
    await suite.page.goto(`${suite.server.url}/funding/${code}`);
    await suite.page.getByTestId('fund-detail').waitFor();
  }

  const shownPeriods = async () =>
    suite.page.getByTestId('stage-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-period')));

  it('a fund founded within the last year shows no 近2年 / 近3年 / 近5年, in the table or the chart', async () => {
    const list = await api<{ items: { fd_code: string; found_date?: string }[] }>(
      '/djapi/v3/filter/fund?order_by=base&page=1&size=50&found_years_max=1',
    );
    const young = list.items.find((f) => f.found_date && f.found_date < addCalendarDays(businessToday(), -200));
    assert.ok(young, 'the market has a fund between 200 days and a year old');
    await openFund(young.fd_code);
    await suite.page.getByTestId('stage-row').first().waitFor();
    const periods = await shownPeriods();
    for (const p of ['2y', '3y', '5y']) assert.ok(!periods.includes(p), `${young.fd_code} (founded ${young.found_date}) shows ${p}`);
    assert.ok(periods.includes('base'));
    const tabs = await suite.page.getByTestId('fund-chart').getByRole('tab').allInnerTexts();
    assert.ok(!tabs.includes('近3年') && !tabs.includes('近5年'), tabs.join(' '));
    assert.ok(tabs.includes('成立来'));
  });

  it('a liquidated fund: no 15:00 前买入, no timeline, no fees; it says its returns stop at its last NAV date', async () => {
    const code = FUND_SAMPLE_CODES.closed;
    const summary = await api<FundSummary>(`/djapi/fund/${code}`);
    assert.equal(summary.sale_status, 'closed');
    const last = summary.fund_derived.end_date as string;
    await openFund(code);
    const body = await suite.page.getByTestId('fund-detail').innerText();
    assert.ok(!body.includes('15:00'), 'no cut-off time');
    assert.equal(await suite.page.getByTestId('section-dates').count(), 0);
    assert.equal(await suite.page.getByTestId('section-fees').count(), 0);
    assert.ok(body.includes(say('fund.state.returnsEnd', { date: last })), body);
    assert.equal(await suite.page.getByTestId('nav-date').innerText(), say('fund.header.lastNavDate', { date: last }));
    await suite.page.getByTestId('stage-row').first().waitFor();
    assert.deepEqual(await shownPeriods(), ['base']);
    // Gone for good, not "not buyable for now": the button says so and is disabled; nothing offers to watch it.
    const buy = suite.page.getByTestId('buy-button');
    assert.equal((await buy.innerText()).trim(), zh['fund.action.closed']);
    assert.ok(await buy.evaluate((el) => el.hasAttribute('disabled') || el.classList.contains('nut-button-disabled')), 'disabled');
    assert.equal(await suite.page.getByTestId('watch-button').count(), 0, 'no 加自选 for a liquidated fund');
    // Its one chart period is a tab of the usual size (an eighth of the row), not a full-width pill.
    const tabs = suite.page.getByTestId('fund-chart').getByRole('tab');
    assert.deepEqual(await tabs.allInnerTexts(), [zh['fund.chart.period.all']]);
    const tab = await tabs.first().boundingBox();
    const row = await suite.page.getByTestId('fund-chart').getByRole('tablist').last().boundingBox();
    assert.ok(tab && row && tab.width <= row.width / 8 + 1, `the tab is ${tab?.width}px of ${row?.width}px`);
    // A delisted fund says it ended trading.
    await openFund(FUND_SAMPLE_CODES.delisted);
    assert.equal((await suite.page.getByTestId('buy-button').innerText()).trim(), zh['fund.action.delisted']);
    assert.equal(await suite.page.getByTestId('watch-button').count(), 0);
  });

  it('a fund without a purchase fee reads 免费 and 不限金额, never "0万 及以上 0.00%"', async () => {
    // Which fund charges no purchase fee is the market's: ask the samples' detail answers.
    let free: string | null = null;
    for (const code of Object.values(FUND_SAMPLE_CODES)) {
      const s = await api<FundSummary>(`/djapi/fund/${code}`);
      if (!s.can_buy || s.sale_status === 'building') continue;
      const d = await api<FundDetail>(`/djapi/fund/detail/${code}`);
      if (d.fund_rates.declare_rate_table.length > 0 && d.fund_rates.declare_rate_table.every((r) => /^0+(\.0+)?$/.test(r.value))) {
        free = code;
        break;
      }
    }
    assert.ok(free, 'a purchasable sample fund charges no purchase fee');
    await openFund(free);
    const fees = suite.page.getByTestId('purchase-fees');
    await fees.waitFor();
    const text = await fees.innerText();
    assert.ok(text.includes(zh['fund.fees.free'] as string), text);
    assert.ok(!text.includes('0万') && !text.includes('0.00%'), text);
  });

  it('a money-market fund shows 七日年化 and 万份收益, in its header and its chart tabs', async () => {
    const code = FUND_SAMPLE_CODES.moneyMarket;
    const s = await api<FundSummary>(`/djapi/fund/${code}`);
    await openFund(code);
    const yieldText = await suite.page.getByTestId('yield-7d').innerText();
    assert.ok(yieldText.includes(zh['fund.header.yield7d'] as string));
    assert.ok(yieldText.includes(`${fixed(String(s.fund_derived.yield_7d), 2)}%`), yieldText);
    assert.equal(await suite.page.getByTestId('income-per-10k').innerText(), fixed(String(s.fund_derived.income_per_10k), 4));
    assert.equal(await suite.page.getByTestId('unit-nav').count(), 0, 'no NAV 1.0000 in the header');
    const tabs = suite.page.getByTestId('money-metric-tabs');
    assert.equal(await tabs.innerText().then((t) => t.replace(/\s+/g, '')), '七日年化万份收益');
    await suite.page.getByTestId('chart-summary').waitFor();
    assert.match(await suite.page.getByTestId('chart-summary').innerText(), /七日年化 \d+\.\d{2}%/);
    await tabs.getByRole('tab', { name: '万份收益' }).click();
    await suite.page
      .getByTestId('chart-summary')
      .filter({ hasText: /万份收益 \d+\.\d{4}/ })
      .waitFor();
  });

  it('the NAV history pages: ten days, 更多 loads ten more, with accumulated NAV', async () => {
    const code = FUND_SAMPLE_CODES.stock;
    const history = await api<{ items: { date: string; nav: string; value: string }[]; total_items: number }>(
      `/djapi/fund/nav/history/${code}?page=1&size=20`,
    );
    await openFund(code);
    assert.equal(await suite.page.getByTestId('nav-history-row').count(), 0, 'asked only on a tap');
    await suite.page.getByTestId('nav-history-open').click();
    await suite.page.getByTestId('nav-history-row').nth(9).waitFor();
    assert.equal(await suite.page.getByTestId('nav-history-row').count(), 10);
    const first = history.items[0]!;
    const firstRow = await suite.page.getByTestId('nav-history-row').first().innerText();
    assert.ok(
      firstRow.includes(first.date) && firstRow.includes(fixed(first.nav, 4)) && firstRow.includes(fixed(first.value, 4)),
      firstRow,
    );
    await suite.page.getByTestId('nav-history-more').click();
    await suite.page.getByTestId('nav-history-row').nth(19).waitFor();
    assert.ok((await suite.page.getByTestId('nav-history-row').nth(19).innerText()).includes(history.items[19]!.date));
    // The profile names the company and the custodian.
    const s = await api<FundSummary>(`/djapi/fund/${code}`);
    assert.ok((await suite.page.getByTestId('profile-custodian').innerText()).includes(s.trup_name as string));
    assert.ok((await suite.page.getByTestId('profile-company').innerText()).length > 4);
  });

  it('dividends: a record table or 暂无分红', async () => {
    await openFund(FUND_SAMPLE_CODES.bond);
    await suite.page.getByTestId('dividends-open').click();
    await suite.page.locator('[data-testid=dividends], [data-testid=dividends-empty]').first().waitFor();
    const d = await api<{ total_items: number }>(`/djapi/fund/dividend/${FUND_SAMPLE_CODES.bond}?page=1&size=10`);
    if (d.total_items === 0) assert.equal(await suite.page.getByTestId('dividends-empty').innerText(), zh['fund.records.noDividend']);
    else assert.equal(await suite.page.getByTestId('dividend-row').count(), Math.min(10, d.total_items));
  });

  it('a C2 investor sees the risk notice on an R5 fund before the buy button; a visitor does not', async () => {
    const list = await api<{ items: { fd_code: string }[] }>('/djapi/v3/filter/fund?type=11&order_by=1y&page=1&size=20');
    let r5: string | null = null;
    for (const f of list.items) {
      const s = await api<FundSummary>(`/djapi/fund/${f.fd_code}`);
      if (s.risk_level === '5' && s.can_buy) {
        r5 = f.fd_code;
        break;
      }
    }
    assert.ok(r5, 'a purchasable R5 fund (QDII)');
    await openFund(r5);
    await suite.page.getByTestId('stage-row').first().waitFor();
    assert.equal(await suite.page.getByTestId('risk-notice').count(), 0, 'a visitor gets no notice');
    await suite.context.addCookies([{ name: 'xq_a_token', value: token, url: suite.server.url }]);
    await openFund(r5);
    const notice = suite.page.getByTestId('risk-notice');
    await notice.waitFor();
    assert.ok((await notice.innerText()).includes('该基金风险等级（R5 高风险）高于您的风险承受能力（C2 谨慎型）'));
    const noticeBox = await notice.boundingBox();
    const buyBox = await suite.page.getByTestId('buy-button').boundingBox();
    assert.ok(noticeBox && buyBox && noticeBox.y < buyBox.y, 'the notice is read before the buy button');
    await suite.context.clearCookies();
  });

  it('the bottom bar: 加自选, 定投 and 买入 on one line', async () => {
    await openFund(FUND_SAMPLE_CODES.stock);
    const tops = await suite.page
      .getByTestId('fund-actions')
      .locator('.nut-button')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    assert.ok(tops.length >= 3, `buttons: ${tops.length}`);
    assert.equal(new Set(tops).size, 1, `tops ${tops.join(', ')}`);
    assert.deepEqual(suite.errors, []);
  });

  it('the same row pattern elsewhere: 清空 / 对比 on index picking, 上一题 / 提交 on the risk questionnaire', async () => {
    const rowTops = (selector: string) =>
      suite.page.locator(selector).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    await suite.page.goto(`${suite.server.url}/index-mass`);
    // The app's bar (`#app`), not the one the server's first paint draws above it until the app takes over.
    await suite.page.locator('#app .index-mass__bar .nut-button').nth(1).waitFor();
    const mass = await rowTops('#app .index-mass__bar .nut-button');
    assert.equal(mass.length, 2);
    assert.equal(new Set(mass).size, 1, `清空/对比 tops ${mass.join(', ')}`);
    // A user without an assessment answers up to the last question, where 上一题 and 提交 share the row.
    await suite.context.addCookies([{ name: 'xq_a_token', value: freshToken, url: suite.server.url }]);
    await suite.page.goto(`${suite.server.url}/n/risk-assessment`);
    await suite.page
      .locator('.nut-button')
      .filter({ hasText: /开始|测评/ })
      .first()
      .click();
    for (let i = 0; i < 30 && (await suite.page.locator('.account-risk__submit').count()) === 0; i += 1) {
      await suite.page.locator('.account-risk__option').first().click();
      await suite.page.waitForTimeout(100);
    }
    const nav = await rowTops('.account-risk__nav .nut-button');
    assert.equal(nav.length, 2);
    assert.equal(new Set(nav).size, 1, `上一题/提交 tops ${nav.join(', ')}`);
    await suite.context.clearCookies();
  });
});
