// Fund discovery in Chromium against the real server: search by code, name and pinyin initials →
// detail → switch the chart period → fee table; every fund-type sample's own state; bad codes; buy when anonymous.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Big from 'big.js';
import { FUND_SAMPLES, type FundSampleKind } from '../../src/lib/fund-samples';
import fundMessages from '../../src/locales/messages/fund';
import searchMessages from '../../src/locales/messages/search';
import { nameInitials } from '../../server/src/market/initials';
import { fixed } from '../server/exact';
import { collectPageErrors, openPhone, phoneSuite } from './harness';

const zh: Record<string, string> = { ...fundMessages['zh-CN'], ...searchMessages['zh-CN'] };

/** The zh-CN text of a catalogue key with its placeholders filled, as the user reads it. */
function say(key: string, params: Record<string, string | number> = {}): string {
  const text = zh[key];
  if (text === undefined) throw new Error(`no zh-CN message ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}

const code = (kind: FundSampleKind) => FUND_SAMPLES.find((s) => s.kind === kind)!.code;

interface Summary {
  fd_name: string;
  sale_status: string;
  found_date: string;
  subscribe_start: string | null;
  subscribe_end: string | null;
  lock_days: number;
  daily_purchase_limit: string | null;
  min_purchase: string;
  type: number;
}

describe('fund search and detail', () => {
  // A cold server builds its market caches on the first calls: allow 30 s.
  const suite = phoneSuite({ defaultTimeoutMs: 30_000 });

  async function api<T>(path: string): Promise<T> {
    const res = await fetch(`${suite.server.url}${path}`);
    const body = (await res.json()) as { result_code: number; data: T };
    assert.equal(body.result_code, 0, path);
    return body.data;
  }

  async function searchFromHome(text: string): Promise<void> {
    await suite.page.goto(`${suite.server.url}/index`);
    const input = suite.page.locator('.nut-searchbar-input').first();
    await input.waitFor();
    await input.tap();
    await input.fill(text);
  }

  async function openResult(name: string): Promise<void> {
    const row = suite.page.getByTestId('search-result').filter({ hasText: name }).first();
    await row.waitFor();
    await row.tap();
  }

  /**
   * The chart canvas's painted pixels as shown (f2 draws on the next frame): in all, and in the band above the plot
   * where the tooltip box appears (the top 8 %, right of the axis labels), which is empty otherwise. Read through a
   * scratch canvas: the chart's own canvas belongs to the worker that draws it (transferControlToOffscreen) and has
   * no 2D context here. Counted in the page: the pixels themselves are millions of numbers.
   */
  async function chartPixels(): Promise<{ inked: number; tooltipBand: number }> {
    return suite.page.getByTestId('growth-canvas').evaluate(async (canvas: HTMLCanvasElement) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
      let inked = 0;
      let tooltipBand = 0;
      for (let i = 3; i < data.length; i += 4) {
        if (data[i]! === 0) continue;
        inked += 1;
        const pixel = (i - 3) / 4;
        if (pixel / width < height * 0.08 && pixel % width > width * 0.2) tooltipBand += 1;
      }
      return { inked, tooltipBand };
    });
  }

  /** Whether the chart canvas has any painted pixel. */
  async function chartInked(): Promise<boolean> {
    for (let i = 0; i < 100; i += 1) {
      if ((await chartPixels()).inked > 0) return true;
      await suite.page.waitForTimeout(200);
    }
    return false;
  }

  it('search by code → detail → switch chart period → fee table', async () => {
    const stock = code('stock');
    const summary = await api<Summary>(`/djapi/fund/${stock}`);
    await searchFromHome(stock);
    await openResult(summary.fd_name);
    await suite.page.waitForURL((url) => url.pathname === `/funding/${stock}`);
    await suite.page.getByTestId('fund-header').getByText(summary.fd_name).waitFor();
    // The home page the search started from stays in the DOM underneath: look inside the fund page.
    await suite.page
      .getByTestId('fund-detail')
      .getByTestId('risk-disclosure')
      .getByText('基金有风险，投资需谨慎')
      .waitFor({ state: 'attached' });

    // The chart opens on one year, drawn against its benchmark.
    const chartSummary = suite.page.getByTestId('chart-summary');
    await chartSummary.waitFor();
    assert.equal(await chartSummary.getAttribute('data-period'), '1y');
    await suite.page.getByTestId('growth-canvas').waitFor();
    assert.ok(await chartInked(), 'the one-year line is drawn');
    const oneYear = await chartSummary.innerText();

    await suite.page.getByRole('tab', { name: say('fund.chart.period.3m') }).tap();
    await suite.page.waitForFunction(() => document.querySelector('[data-testid="chart-summary"]')?.getAttribute('data-period') === '3m');
    const threeMonths = await chartSummary.innerText();
    assert.notEqual(threeMonths, oneYear, 'the period return changes with the period');
    const growth = await api<{ fund_nav_growth: { gr_nav: string }[] }>(`/djapi/fund/growth/${stock}?day=3m`);
    const last = new Big(growth.fund_nav_growth[growth.fund_nav_growth.length - 1]!.gr_nav).toFixed(2);
    assert.ok(threeMonths.includes(`${Number(last) > 0 ? '+' : ''}${last}%`), `3-month return ${last}% shown in "${threeMonths}"`);
    assert.ok(await chartInked());

    // Fee table: purchase brackets with the platform discount, redemption by holding days, running costs.
    const detail = await api<{
      fund_rates: {
        declare_discount: string;
        declare_rate_table: { value: string; unit: string; lower_bound: number; upper_bound: number | null }[];
      };
    }>(`/djapi/fund/detail/${stock}`);
    const fees = suite.page.getByTestId('purchase-fees');
    await fees.scrollIntoViewIfNeeded();
    const firstRow = detail.fund_rates.declare_rate_table[0]!;
    const original = `${new Big(firstRow.value).toFixed(2)}%`;
    const discounted = `${new Big(firstRow.value).times(detail.fund_rates.declare_discount).toFixed(2)}%`;
    const feeText = await fees.innerText();
    assert.ok(feeText.includes(original), `standard rate ${original} in ${feeText}`);
    assert.ok(feeText.includes(discounted), `platform rate ${discounted} in ${feeText}`);
    // The first bracket names its upper bound in 万 (bounds are fen).
    const upper = say('fund.fees.wan', { n: String(firstRow.upper_bound! / 1_000_000) });
    assert.ok(feeText.includes(say('fund.fees.amountBelow', { upper })), `first bracket "below ${upper}" in ${feeText}`);
    assert.equal(new Big(detail.fund_rates.declare_discount).lt(1), true, 'the stock sample has a platform discount');
    const redeem = await suite.page.getByTestId('redeem-fees').innerText();
    assert.ok(redeem.includes(say('fund.fees.daysBelow', { upper: 7 })), `redemption under 7 days in ${redeem}`);
    const running = await suite.page.getByTestId('operation-fees').innerText();
    assert.ok(running.includes(say('fund.fees.management')) && running.includes(say('fund.fees.custody')), running);
    // Stage performance with ranks, managers, trade dates.
    assert.match(await suite.page.getByTestId('stage-table').innerText(), /\d+\/\d+/);
    assert.ok((await suite.page.getByTestId('managers').innerText()).includes(say('fund.managers.termReturn')));
    const dates = await api<{ trade_date: string; buy_confirm_date: string }>(`/djapi/fund/order/v2/trade_date?fd_code=${stock}`);
    assert.ok(
      (await suite.page.getByTestId('trade-dates').innerText()).includes(say('fund.dates.confirm', { date: dates.buy_confirm_date })),
    );
    assert.deepEqual(suite.errors, []);
  });

  it('the chart is drawn off the page’s thread, and pressing it shows the values under the finger', async () => {
    const { page } = suite;
    await page.goto(`${suite.server.url}/funding/${code('stock')}`);
    const canvas = page.getByTestId('growth-canvas');
    await canvas.waitFor();
    assert.ok(await chartInked(), 'the chart is drawn');
    // Chromium can hand a canvas to a worker: the page itself has no 2D context on it, and never loads f2's script.
    assert.equal(
      await canvas.evaluate((c: HTMLCanvasElement) => {
        try {
          return c.getContext('2d') === null ? 'no context' : 'context';
        } catch {
          return 'transferred';
        }
      }),
      'transferred',
    );
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    assert.ok(!scripts.some((name) => /\/js\/lib-chart\.[0-9a-f]{8}\.js$/.test(name)), scripts.join('\n'));
    // A press in the middle of the chart draws the tooltip (crosshair and values); lifting the finger removes it.
    await canvas.scrollIntoViewIfNeeded();
    const before = await chartPixels();
    assert.ok(before.tooltipBand < before.inked / 100, `nothing above the plot before a press: ${JSON.stringify(before)}`);
    const box = (await canvas.boundingBox())!;
    const session = await page.context().newCDPSession(page);
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    // The tooltip box: hundreds of painted pixels in that band once the press is recognised (250 ms).
    const boxShown = (p: { tooltipBand: number }) => p.tooltipBand > before.tooltipBand + 500;
    let pressed = before;
    for (let i = 0; i < 50 && !boxShown(pressed); i += 1) {
      await page.waitForTimeout(100);
      pressed = await chartPixels();
    }
    assert.ok(boxShown(pressed), `the tooltip is drawn while pressing: ${JSON.stringify({ before, pressed })}`);
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    let released = pressed;
    for (let i = 0; i < 50 && boxShown(released); i += 1) {
      await page.waitForTimeout(100);
      released = await chartPixels();
    }
    assert.ok(!boxShown(released), `the tooltip goes when the finger lifts: ${JSON.stringify({ before, released })}`);
    assert.deepEqual(suite.errors, []);
  });

  it('a shared fund link draws its page, chart included, from the answers inlined in the HTML', async () => {
    const stock = code('stock');
    const summary = await api<Summary>(`/djapi/fund/${stock}`);
    const { context, page } = await openPhone(suite.browser);
    try {
      page.setDefaultTimeout(30_000);
      const errors = collectPageErrors(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/(djapi|mpaas|xqapi|xqstock)\//.test(url.pathname)) asked.push(url.pathname + url.search);
      });
      await page.goto(`${suite.server.url}/funding/${stock}?channel=share`);
      await page.getByTestId('fund-header').getByText(summary.fd_name).waitFor();
      await page.getByTestId('stage-table').waitFor();
      await page.getByTestId('managers').waitFor();
      await page.getByTestId('trade-dates').waitFor();
      await page.getByTestId('growth-canvas').waitFor();
      // Only analytics goes out on its own; another period is a new question for the network.
      assert.deepEqual(
        asked.filter((url) => !url.startsWith('/xqapi/upload/web')),
        [],
      );
      await page.getByRole('tab', { name: say('fund.chart.period.3m') }).tap();
      await page.waitForFunction(() => document.querySelector('[data-testid="chart-summary"]')?.getAttribute('data-period') === '3m');
      assert.ok(asked.includes(`/djapi/fund/growth/${stock}?day=3m`), asked.join(' '));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('a shared fund link shows the fund’s name before any script has run, then the app’s page in its place', async () => {
    const stock = code('stock');
    const summary = await api<Summary>(`/djapi/fund/${stock}`);
    const { context, page } = await openPhone(suite.browser);
    try {
      page.setDefaultTimeout(30_000);
      // No script at all: what the HTML draws by itself (issue 17: the largest text without waiting for ~170 KB of JS).
      await page.route('**/js/**', (route) => route.abort());
      await page.goto(`${suite.server.url}/funding/${stock}`);
      const first = page.locator('#dj-first-paint');
      // The name twice: the header's title (as the app's) and the fund's own header.
      await first.locator('.fund-header__name').getByText(summary.fd_name, { exact: true }).waitFor();
      assert.equal(await first.locator('.dj-header__title').innerText(), summary.fd_name);
      await first.getByText(stock, { exact: true }).waitFor();
      const box = (await first.locator('.fund-header__name').boundingBox())!;
      assert.ok(box.y > 40 && box.y < 140 && box.height > 15, `name drawn at the top, at the page's size: ${JSON.stringify(box)}`);
      // With the scripts, the app draws the same name where the block had it, and the block is gone.
      await page.unroute('**/js/**');
      await page.goto(`${suite.server.url}/funding/${stock}`);
      const name = page.getByTestId('fund-header').getByText(summary.fd_name, { exact: true });
      await name.waitFor();
      await first.waitFor({ state: 'detached' });
      const drawn = (await name.boundingBox())!;
      assert.ok(Math.abs(drawn.y - box.y) < 24 && Math.abs(drawn.height - box.height) < 4, JSON.stringify({ box, drawn }));
    } finally {
      await context.close();
    }
  });

  it('search by name and by pinyin initials; an unknown text says so', async () => {
    const bond = code('bond');
    const { fd_name: name } = await api<Summary>(`/djapi/fund/${bond}`);
    await searchFromHome(name.slice(0, 4));
    await openResult(name);
    await suite.page.waitForURL((url) => url.pathname === `/funding/${bond}`);

    const initials = nameInitials(name);
    await searchFromHome(initials);
    await openResult(name);
    await suite.page.waitForURL((url) => url.pathname === `/funding/${bond}`);

    await searchFromHome('zzzzqqqq');
    await suite.page.getByText(say('search.empty')).waitFor();
    assert.deepEqual(suite.errors, []);
  });

  it('every fund-type sample shows its own state and message', async () => {
    const expected = (s: Summary, kind: FundSampleKind): string[] => {
      const min = new Big(s.min_purchase).toFixed(2);
      switch (kind) {
        case 'notOnSale':
          return [say('fund.state.notOnSale')];
        case 'building':
          return [say('fund.state.building', { start: s.subscribe_start!, end: s.subscribe_end!, found: s.found_date })];
        case 'tradingSuspended':
          return [say('fund.state.tradingSuspended')];
        case 'purchaseSuspended':
          return [say('fund.state.purchaseSuspended')];
        case 'closed':
          return [say('fund.state.closed')];
        case 'delisted':
          return [say('fund.state.delisted')];
        case 'hybridConversion':
          return [say('fund.state.conversion')];
        case 'lockPeriod':
          return [say('fund.state.lockPeriod', { days: 365 })];
        case 'purchaseLimited':
          return [say('fund.state.purchaseLimited', { cap: '1,000.00' })];
        case 'moneyMarket':
        case 'xjb':
          return [say('fund.state.moneyMarket'), say('fund.state.onSale', { min })];
        default:
          return [say('fund.state.onSale', { min })];
      }
    };
    const button: Partial<Record<FundSampleKind, string>> = {
      notOnSale: 'fund.action.unavailable',
      building: 'fund.action.subscribe',
      tradingSuspended: 'fund.action.unavailable',
      purchaseSuspended: 'fund.action.unavailable',
      closed: 'fund.action.closed',
      delisted: 'fund.action.delisted',
    };
    for (const sample of FUND_SAMPLES) {
      const summary = await api<Summary>(`/djapi/fund/${sample.code}`);
      await suite.page.goto(`${suite.server.url}/funding/${sample.code}`);
      const notices = suite.page.getByTestId('fund-notices');
      await notices.waitFor();
      const text = await notices.innerText();
      for (const line of expected(summary, sample.kind)) assert.ok(text.includes(line), `${sample.kind}: "${line}" in "${text}"`);
      const buy = suite.page.getByTestId('buy-button');
      assert.equal((await buy.innerText()).trim(), say(button[sample.kind] ?? 'fund.action.buy'), `${sample.kind} button`);
      if (sample.kind === 'qdiiHk') assert.ok(text.includes(say('fund.state.qdii', { days: 2 })), text);
      if (sample.kind === 'moneyMarket' || sample.kind === 'xjb') {
        const header = await suite.page.getByTestId('fund-header').innerText();
        assert.ok(header.includes(say('fund.header.income10k')) && header.includes(say('fund.header.yield7d')), header);
        assert.match(await suite.page.getByTestId('income-per-10k').innerText(), /^\d+\.\d{4}$/);
      }
    }
    assert.deepEqual(suite.errors, []);
  });

  it('the auto-invest backtest opens on a tap and shows what the server computed', async () => {
    const stock = code('stock');
    const yields = await api<{ recent_yields: { duration: string; normal: string }[] }>(
      `/djapi/fundx/autoinvest/quote/yield/list?fd_code=${stock}`,
    );
    await suite.page.goto(`${suite.server.url}/funding/${stock}`);
    const open = suite.page.getByTestId('aip-yields-open');
    await open.waitFor();
    await open.click();
    const table = suite.page.getByTestId('aip-yields');
    await table.waitFor();
    const text = await table.innerText();
    for (const row of yields.recent_yields) {
      assert.ok(text.includes(row.duration), `${row.duration} in ${text}`);
      assert.ok(text.includes(fixed(row.normal, 2)), `${row.normal} in ${text}`);
    }
  });

  it('a code that is not six digits, or that no fund has, gets a clear page', async () => {
    for (const [path, message] of [
      ['/funding/12345', say('fund.invalidCode', { code: '12345' })],
      ['/funding/abc%3Cb%3E', say('fund.invalidCode', { code: 'abc<b>' })],
      ['/funding/999999', say('fund.notFound', { code: '999999' })],
    ] as const) {
      await suite.page.goto(`${suite.server.url}${path}`);
      await suite.page.getByTestId('fund-missing').getByText(message).waitFor();
      await suite.page.getByTestId('fund-missing').getByText(say('fund.backHome')).waitFor();
    }
    assert.deepEqual(suite.errors, []);
  });

  it('buy when anonymous goes to the login page, and login continues to the purchase', async () => {
    const stock = code('stock');
    await suite.page.goto(`${suite.server.url}/funding/${stock}`);
    await suite.page.getByTestId('buy-button').tap();
    await suite.page.waitForURL((url) => url.pathname === '/account/login');
    assert.equal(new URL(suite.page.url()).searchParams.get('redirect'), `/n/trade/buy/${stock}`);
  });
});
