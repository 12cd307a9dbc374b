// Discovery journeys in Chromium against the real server: screening (filter, sort, infinite scroll), the three
// rankings, index fund picking with a comparison, and the valuation table → index page → K-line indicators.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import discoverMessages from '../../src/locales/messages/discover';
import { fixed } from '../server/exact';
import { collectPageErrors, launchBrowser, openPhone, startServer, type RunningServer } from './harness';

const zh = discoverMessages['zh-CN'];
const ROW = '[data-testid="discover-fund-row"]';

/** '+12.34%' / '-0.50%' / '--' → number (NaN for '--'). */
const percentOf = (text: string) => Number(text.replace(/[+%,\s]/g, ''));

function assertDescending(values: number[], what: string): void {
  const known = values.filter((v) => !Number.isNaN(v));
  assert.ok(known.length > 1, `${what}: some values shown`);
  for (let i = 1; i < known.length; i++) assert.ok((known[i - 1] as number) >= (known[i] as number), `${what}: ${known.join(', ')}`);
}

async function shownValues(page: Page): Promise<number[]> {
  return (await page.locator(`${ROW} [data-testid="discover-fund-value"] .percent-text`).allTextContents()).map(percentOf);
}

/** Waits until the list shows rows different from `before` (a new query answered). */
/**
 * The list's footer (更多 / 没有更多了 / retry): drawn with the rows past the first screen, a task after the first ones
 * (fund-list.tsx AfterFirstScreen), so with it the whole page of rows is there.
 */
const LIST_FOOTER = '[data-testid="discover-list"] :is([data-testid="discover-more"], .discover-list__end, .discover-more-retry)';

/** The codes of the rows shown, once the whole page of them is drawn (else none). */
const drawnCodes = (page: Page) =>
  page.evaluate(
    ([row, footer]) =>
      document.querySelector(footer) ? [...document.querySelectorAll(row)].map((r) => r.getAttribute('data-code') ?? '') : [],
    [ROW, LIST_FOOTER] as const,
  );

/** The codes of the rows shown, waiting for the whole page of them. */
async function codesOf(page: Page): Promise<string[]> {
  await page.locator(LIST_FOOTER).first().waitFor({ timeout: 20_000 });
  return drawnCodes(page);
}

async function waitForNewRows(page: Page, before: string[]): Promise<string[]> {
  let codes: string[] = [];
  for (let i = 0; i < 100; i++) {
    codes = await drawnCodes(page);
    if (codes.length > 0 && codes.join() !== before.join()) return codes;
    await page.waitForTimeout(100);
  }
  throw new Error('the list did not change');
}

/** Opens a screen's tab in the filter bar and picks one of its choices. */
async function choose(page: Page, group: 'type' | 'period' | 'size' | 'age', label: string): Promise<void> {
  await page.getByTestId(`filter-tab-${group}`).click();
  await page.getByTestId(`screen-${group}`).getByText(label, { exact: true }).click();
}

describe('discovery pages', () => {
  let server: RunningServer;
  let browser: Browser;
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.url}${path}`);
    const body = (await res.json()) as { result_code: number; data: T };
    assert.equal(body.result_code, 0, path);
    return body.data;
  };

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('screening: sorted by the chosen period, narrowed by type and size, page 2 on scrolling', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/rn/fund/filter`);
    await page.locator(ROW).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('risk-disclosure').getByText('过往业绩不代表未来表现').waitFor();
    // The screens take one row: the first results are on the first screen of a 390 × 844 phone.
    const firstBox = await page.locator(ROW).first().boundingBox();
    const thirdBox = await page.locator(ROW).nth(2).boundingBox();
    assert.ok(firstBox && firstBox.y + firstBox.height <= 844, `first result on the first screen: ${JSON.stringify(firstBox)}`);
    assert.ok(thirdBox && thirdBox.y + thirdBox.height <= 844, `three results on the first screen: ${JSON.stringify(thirdBox)}`);
    assert.equal(await page.locator('.nut-infiniteloading').count(), 0, 'no scroller inside the page');
    assertDescending(await shownValues(page), '1y default');
    const firstCodes = await codesOf(page);
    assert.equal(firstCodes.length, 20);
    const expected = await api<{ items: { fd_code: string }[] }>('/djapi/v3/filter/fund?order_by=1y&page=1&size=20');
    assert.deepEqual(
      firstCodes,
      expected.items.map((i) => i.fd_code),
      'the server ranking, in order',
    );

    // Another period: a new ranking, again best first.
    await choose(page, 'period', zh['discover.period.3m']);
    const threeMonths = await waitForNewRows(page, firstCodes);
    assertDescending(await shownValues(page), '3m');
    assert.equal(await page.locator(`${ROW} .discover-fund__caption`).first().textContent(), zh['discover.period.3m']);

    // Bonds of 5 bn CNY and more: each row says 债券型 and a size of at least 50亿.
    await choose(page, 'type', zh['discover.type.2']);
    const bonds = await waitForNewRows(page, threeMonths);
    await choose(page, 'size', zh['discover.filter.size.gt50']);
    const bigBonds = await waitForNewRows(page, bonds);
    const facts = await page
      .locator(ROW)
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('.discover-fund__fact')).map((f) => f.textContent ?? '')));
    for (const rowFacts of facts) {
      assert.equal(rowFacts[0], zh['discover.type.2']);
      const size = rowFacts.find((f) => f.startsWith('规模'));
      assert.match(size ?? '', /亿$/, rowFacts.join(' | '));
      assert.ok(Number((size ?? '').replace(/[^\d.]/g, '')) >= 50, size);
    }
    assertDescending(await shownValues(page), 'bonds ≥ 50亿, 3m');

    // The screens are in the address: a reload (or the link shared) shows the same list and the same tabs.
    const search = new URL(page.url()).searchParams;
    assert.deepEqual([search.get('type'), search.get('period'), search.get('size')], ['2', '3m', 'gt50'], page.url());
    await page.reload();
    await page.locator(LIST_FOOTER).first().waitFor({ timeout: 20_000 });
    assert.deepEqual(await codesOf(page), bigBonds, 'the same funds after a reload');
    assert.equal((await page.getByTestId('filter-tab-type').textContent())?.replace(/[▾▴]/g, ''), zh['discover.type.2']);
    assert.equal((await page.getByTestId('filter-tab-period').textContent())?.replace(/[▾▴]/g, ''), zh['discover.period.3m']);
    assert.equal((await page.getByTestId('filter-tab-size').textContent())?.replace(/[▾▴]/g, ''), zh['discover.filter.size.gt50']);

    // Back to all funds, then scroll the page to its end: page 2 joins page 1.
    await choose(page, 'size', zh['discover.filter.any']);
    await choose(page, 'type', zh['discover.type.all']);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="discover-fund-row"]').length === 20);
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="discover-fund-row"]')?.getAttribute('data-code') === first,
      (await api<{ items: { fd_code: string }[] }>('/djapi/v3/filter/fund?order_by=3m&page=1&size=20')).items[0]?.fd_code,
    );
    assert.equal(new URL(page.url()).searchParams.get('type'), null, 'all types: no type in the address');
    await page.locator(ROW).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="discover-fund-row"]').length >= 40, undefined, {
      timeout: 15_000,
    });
    const page2 = await api<{ items: { fd_code: string }[] }>('/djapi/v3/filter/fund?order_by=3m&page=2&size=20');
    assert.deepEqual(
      (await codesOf(page)).slice(20, 40),
      page2.items.map((i) => i.fd_code),
    );
    assertDescending(await shownValues(page), 'pages 1 and 2 together');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('screening: money-market funds by 七日年化; an address with unknown screens shows the defaults', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/rn/fund/filter?type=4`);
    await page.locator(ROW).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.locator(`${ROW} .discover-fund__caption`).first().textContent(), zh['discover.period.7d']);
    const yields = await shownValues(page);
    assertDescending(yields, 'by the 7-day yield shown');
    const expected = await api<{ items: { fd_code: string; yield_7d: string }[] }>(
      '/djapi/v3/filter/fund?type=4&order_by=7d&page=1&size=20',
    );
    assert.deepEqual(
      await codesOf(page),
      expected.items.map((i) => i.fd_code),
    );
    expected.items.forEach((item, i) => assert.equal(yields[i], Number(fixed(item.yield_7d, 2)), item.fd_code));
    const facts = (await page.locator(ROW).first().textContent()) ?? '';
    assert.ok(facts.includes('万份收益'), facts);
    // An address with screens nobody knows: the defaults, no crash.
    await page.goto(`${server.url}/rn/fund/filter?type=99&period=10y&size=huge&age=%E2%80%A6`);
    await page.locator(ROW).first().waitFor({ timeout: 20_000 });
    assert.equal((await page.getByTestId('filter-tab-period').textContent())?.replace(/[▾▴]/g, ''), zh['discover.period.1y']);
    assert.equal((await page.getByTestId('filter-tab-type').textContent())?.replace(/[▾▴]/g, ''), zh['discover.filter.type']);
    const defaults = await api<{ items: { fd_code: string }[] }>('/djapi/v3/filter/fund?order_by=1y&page=1&size=20');
    assert.deepEqual(
      await codesOf(page),
      defaults.items.map((i) => i.fd_code),
    );
    // Picked by tapping too: from all funds to 货币型, the order becomes the 7-day yield.
    const before = await codesOf(page);
    await choose(page, 'type', zh['discover.type.4']);
    await waitForNewRows(page, before);
    assert.equal(await page.locator(`${ROW} .discover-fund__caption`).first().textContent(), zh['discover.period.7d']);
    assertDescending(await shownValues(page), '货币型 tapped');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('search: how many match, 查看更多 beyond 20, Enter on an exact code opens that fund', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/index`);
    const input = page.locator('.nut-searchbar-input').first();
    await input.waitFor({ timeout: 20_000 });
    await input.tap();
    await input.fill('00');
    const all = await api<{ items: { scode: string }[]; total_items: number }>('/djapi/v2/search?key=00&source=index');
    assert.ok(all.total_items > 40, `more than two pages match 00 (${all.total_items})`);
    await page.getByTestId('search-count').waitFor();
    assert.equal(await page.getByTestId('search-count').textContent(), `共${all.total_items}只基金`);
    assert.equal(await page.getByTestId('search-result').count(), 20);
    await page.getByTestId('search-more').tap();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="search-result"]').length === 40);
    const second = await api<{ items: { scode: string }[] }>('/djapi/v2/search?key=00&source=index&page=2');
    const shown = await page
      .getByTestId('search-result')
      .evaluateAll((rows) => rows.map((r) => r.querySelector('.search-box__code')?.textContent ?? ''));
    assert.deepEqual(
      shown.slice(20),
      second.items.map((i) => i.scode),
      'page 2 after page 1',
    );

    // Enter on a name shows the results at once; Enter on an exact code opens that fund.
    await input.fill('009005');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/funding/009005', { timeout: 30_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('rankings: index funds and QDII funds only, each by period return', async () => {
    const { context, page } = await openPhone(browser);
    for (const [path, type] of [
      ['/rank-xq/index', '5'],
      ['/rank-xq/qdii', '11'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.locator(ROW).first().waitFor({ timeout: 20_000 });
      const facts = await page
        .locator(ROW)
        .evaluateAll((rows) => rows.map((r) => r.querySelector('.discover-fund__fact')?.textContent ?? ''));
      assert.ok(facts.length > 0);
      for (const fact of facts) assert.equal(fact, zh[`discover.type.${type}` as keyof typeof zh], path);
      assertDescending(await shownValues(page), path);
      const expected = await api<{ items: { fd_code: string }[] }>(`/djapi/v3/filter/fund?type=${type}&order_by=1y&page=1&size=20`);
      assert.deepEqual(
        await codesOf(page),
        expected.items.map((i) => i.fd_code),
        path,
      );
    }
    await context.close();
  });

  it('auto-invest ranking: the returns the server simulated from the NAVs, per period and type, screens in one row', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/rank-xq/auto-invest`);
    await page.locator(ROW).first().waitFor({ timeout: 60_000 });
    // At 390 px the screens take one row (type and period tabs, as screening has), not two rows of wrapped chips:
    // the first results are on the first screen.
    const tabs = await page
      .getByTestId('filter-bar')
      .locator('[data-testid^="filter-tab-"]')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', ...el.getBoundingClientRect().toJSON() })));
    assert.deepEqual(
      tabs.map((tab) => tab.text),
      [`${zh['discover.filter.type']}▾`, `${zh['discover.period.1y']}▾`],
    );
    assert.ok(
      tabs.every((tab) => tab.top === tabs[0]?.top && tab.height <= 48),
      `one row of tabs: ${JSON.stringify(tabs.map((tab) => [tab.top, tab.height]))}`,
    );
    const bar = await page.getByTestId('filter-bar').boundingBox();
    assert.ok(bar && bar.height <= 48 && bar.width <= 390, `the bar is one row inside the phone (${bar?.width}×${bar?.height})`);
    const thirdRow = await page.locator(ROW).nth(2).boundingBox();
    assert.ok(thirdRow && thirdRow.y + thirdRow.height <= 844, `three results on the first screen: ${JSON.stringify(thirdRow)}`);
    type Ranking = {
      months: number;
      items: { fd_code: string; auto_invest_return: string; invested_amount: string; final_value: string }[];
    };
    const oneYear = await api<Ranking>('/djapi/fund/rank/auto-invest?period=1y&page=1&size=20');
    assert.deepEqual(
      await codesOf(page),
      oneYear.items.map((i) => i.fd_code),
    );
    const shown = await shownValues(page);
    oneYear.items.forEach((item, i) => assert.equal(shown[i], Number(fixed(item.auto_invest_return, 2)), item.fd_code));
    assert.match((await page.getByTestId('auto-invest-rule').textContent()) ?? '', /1000\.00元，共12期/);
    const firstRow = (await page.locator(ROW).first().textContent()) ?? '';
    assert.ok(firstRow.includes(`投入${oneYear.items[0]?.invested_amount}元 → ${oneYear.items[0]?.final_value}元`), firstRow);

    await choose(page, 'period', zh['discover.period.3y']);
    assert.equal(await page.getByTestId('screen-period').count(), 0, 'a choice closes the panel');
    assert.equal(await page.getByTestId('filter-tab-period').textContent(), `${zh['discover.period.3y']}▾`);
    const threeYears = await api<Ranking>('/djapi/fund/rank/auto-invest?period=3y&page=1&size=20');
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="discover-fund-row"]')?.getAttribute('data-code') === first,
      threeYears.items[0]?.fd_code,
    );
    assert.match((await page.getByTestId('auto-invest-rule').textContent()) ?? '', /共36期/);
    assertDescending(await shownValues(page), '3y auto-invest');

    // Every type's chip is reachable in the open panel inside the phone's width; bond funds only.
    await page.getByTestId('filter-tab-type').click();
    const chips = await page
      .getByTestId('screen-type')
      .locator('.nut-radio')
      .evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', right: el.getBoundingClientRect().right })));
    assert.ok(chips.length >= 7 && chips.every((chip) => chip.right <= 390), JSON.stringify(chips));
    const before = await codesOf(page);
    await page.getByTestId('screen-type').getByText(zh['discover.type.2'], { exact: true }).click();
    const bonds = await api<Ranking>('/djapi/fund/rank/auto-invest?period=3y&type=2&page=1&size=20');
    assert.deepEqual(
      await waitForNewRows(page, before),
      bonds.items.map((i) => i.fd_code),
    );
    assert.equal(await page.getByTestId('filter-tab-type').textContent(), `${zh['discover.type.2']}▾`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('index fund picking: a category, an index, two funds compared side by side', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${server.url}/index-mass`);
    await page.getByTestId('index-mass-index').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('index-mass-categories').getByText(zh['discover.indexMass.category.broad'], { exact: true }).click();
    const card = page.locator('[data-testid="index-mass-index"][data-code="SH000300"]');
    await card.click();
    const funds = await api<{ funds: { fd_code: string; fd_name: string; tracking_error: string | null; annual_fee: string }[] }>(
      '/djapi/index-mass/SH000300/funds',
    );
    assert.ok(funds.funds.length >= 2, 'the demo market has several 沪深300 funds');
    // Rows past the first screen are drawn a task after the first ones: wait for all of them.
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="index-mass-fund"]').length === count,
      funds.funds.length,
    );
    assert.deepEqual(
      await page.locator('[data-testid="index-mass-fund"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code'))),
      funds.funds.map((f) => f.fd_code),
      'best tracking first',
    );
    const shownErrors = await page.getByTestId('tracking-error').allTextContents();
    funds.funds.forEach((f, i) => assert.equal(shownErrors[i], f.tracking_error === null ? '--' : `${fixed(f.tracking_error, 2)}%`));

    const compare = page.getByTestId('index-mass-compare');
    for (const f of funds.funds.slice(0, 2)) {
      await page.locator(`[data-testid="index-mass-fund"][data-code="${f.fd_code}"] .nut-checkbox`).click();
    }
    await compare.click();
    const table = page.getByTestId('index-mass-compare-table');
    await table.waitFor();
    // 对比 brings the comparison into view (it is drawn below the list, off a phone's screen).
    await page.waitForFunction(
      () => {
        const r = document.querySelector('[data-testid="index-mass-compare-table"]')?.getBoundingClientRect();
        return !!r && r.top >= 0 && r.top < window.innerHeight - 100;
      },
      undefined,
      { timeout: 30_000 },
    );
    const text = (await table.textContent()) ?? '';
    for (const f of funds.funds.slice(0, 2)) {
      assert.ok(text.includes(f.fd_name), `${f.fd_name} in ${text}`);
      assert.ok(text.includes(`${fixed(f.annual_fee, 2)}%`), text);
    }
    await context.close();
  });

  it('valuation table sorts by a column, opens an index page, and the K-line switches indicators', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/djmodule/value-center`);
    await page.getByTestId('valuation-row').first().waitFor({ timeout: 20_000 });
    const table = await api<{ items: { index_code: string; pe: string; eva_type: string }[] }>('/djapi/index_eva/dj');
    assert.equal(await page.getByTestId('valuation-row').count(), table.items.length);
    await page.getByTestId('risk-disclosure').getByText('基金有风险，投资需谨慎').waitFor({ state: 'attached' });
    const summary = (await page.getByTestId('valuation-summary').textContent()) ?? '';
    const low = table.items.filter((i) => i.eva_type === 'low').length;
    assert.ok(summary.includes(`低估${low}`), summary);

    // 390 px is narrower than the seven columns: the numbers scroll sideways, the index names stay pinned, and the
    // page itself never scrolls sideways. Scrolled to the end, the last column (dividend yield) is fully on screen
    // beside the names. (Before, the table squeezed or cut the columns and did not scroll at all.)
    const tableBox = page.getByTestId('valuation-table');
    // (No local functions inside evaluate: tsx would wrap them in a helper the page does not have.)
    const geometry = async () =>
      tableBox.evaluate((table) => {
        const row = table.querySelector('[data-testid="valuation-row"]') as HTMLElement;
        // Each cell's box, and whether the cell itself (not something over it) is what shows at its centre.
        const [name, last, roe] = ['name', 'yeild', 'roe'].map((col) => {
          const cell = row.querySelector(`[data-col="${col}"]`) as HTMLElement;
          const r = cell.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            visible: cell.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)),
          };
        }) as { left: number; right: number; visible: boolean }[] as [
          { left: number; right: number; visible: boolean },
          { left: number; right: number; visible: boolean },
          { left: number; right: number; visible: boolean },
        ];
        return {
          scrollLeft: table.scrollLeft,
          canScroll: table.scrollWidth - table.clientWidth,
          tableLeft: table.getBoundingClientRect().left,
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          name,
          last,
          roe,
        };
      });
    // The table says how it is sorted (the server's order: PE percentile, low to high) and that it scrolls.
    assert.equal(await page.getByTestId('valuation-sort-pe_percentile').getAttribute('data-sort'), 'asc');
    assert.equal(await page.locator('[data-sort]').count(), 1, 'one sorted column');
    assert.equal(await page.getByTestId('valuation-sorted').textContent(), `排序：${zh['discover.valuation.pePercentile']} 从低到高`);
    assert.ok(await page.getByTestId('valuation-swipe').isVisible());
    const unscrolled = await geometry();
    assert.ok(unscrolled.canScroll > 0, `the numbers scroll sideways: ${JSON.stringify(unscrolled)}`);
    assert.ok(unscrolled.pageOverflow <= 0, `the page does not: ${JSON.stringify(unscrolled)}`);
    assert.ok(unscrolled.roe.right > 390, `ROE starts (partly) off screen: ${JSON.stringify(unscrolled.roe)}`);
    await tableBox.evaluate((table) => table.scrollTo({ left: table.scrollWidth }));
    await page.waitForFunction(() => (document.querySelector('[data-testid="valuation-table"]')?.scrollLeft ?? 0) > 0);
    const scrolled = await geometry();
    assert.ok(scrolled.scrollLeft > 0, JSON.stringify(scrolled));
    assert.ok(Math.abs(scrolled.name.left - scrolled.tableLeft) < 1 && scrolled.name.visible, `names pinned: ${JSON.stringify(scrolled)}`);
    assert.ok(
      scrolled.last.visible && scrolled.last.left >= scrolled.name.right - 1 && scrolled.last.right <= 390,
      `last column on screen: ${JSON.stringify(scrolled)}`,
    );
    assert.ok(scrolled.roe.visible && scrolled.roe.right <= 390, `ROE reached by scrolling: ${JSON.stringify(scrolled.roe)}`);
    await tableBox.evaluate((table) => table.scrollTo({ left: 0 }));

    const peColumn = async () => (await page.locator('[data-testid="valuation-row"] [data-col="pe"]').allTextContents()).map(Number);
    await page.getByTestId('valuation-sort-pe').click();
    assert.equal(await page.getByTestId('valuation-sort-pe').getAttribute('data-sort'), 'desc');
    assert.equal(await page.getByTestId('valuation-sort-pe_percentile').getAttribute('data-sort'), null);
    assert.equal(await page.getByTestId('valuation-sorted').textContent(), '排序：PE 从高到低');
    assert.ok(((await page.getByTestId('valuation-sort-pe').textContent()) ?? '').includes('↓'));
    const desc = await peColumn();
    assert.deepEqual(
      desc,
      [...desc].sort((a, b) => b - a),
      'PE high to low',
    );
    await page.getByTestId('valuation-sort-pe').click();
    const asc = await peColumn();
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => a - b),
      'PE low to high',
    );

    // The cheapest index by PE → its page.
    const first = page.getByTestId('valuation-row').first();
    const code = (await first.getAttribute('data-code')) as string;
    await first.click();
    await page.waitForURL(`**/djmodule/value-center/${code}`);
    await page.getByTestId('index-name').waitFor();
    assert.ok(((await page.getByTestId('index-name').textContent()) ?? '').includes(code));
    await page.getByTestId('history-canvas').waitFor();

    // K-line: MA5 by default; its legend is the mean of the last five closes.
    const legend = page.getByTestId('kline-legend-main');
    await legend.waitFor({ timeout: 20_000 });
    const kline = await api<{ items: { close: string }[] }>(`/djapi/index/kline/${code}?period=day&count=250`);
    const closes = kline.items.map((b) => Number(b.close));
    const ma5 = closes.slice(-5).reduce((s, v) => s + v, 0) / 5;
    assert.equal(await legend.textContent(), `MA5 ${ma5.toFixed(2)}`);
    assert.equal(await page.getByTestId('kline-legend-sub').count(), 0, 'no sub-chart for a price overlay');

    // RSI: a sub-chart with three lines whose values are 0–100.
    await page.getByTestId('kline-indicator').getByText('RSI', { exact: true }).click();
    const sub = page.getByTestId('kline-legend-sub');
    await sub.waitFor();
    const rsiText = (await sub.textContent()) ?? '';
    const rsiValues = [...rsiText.matchAll(/RSI(6|12|24) (\d+\.\d{2})/g)].map((m) => Number(m[2]));
    assert.equal(rsiValues.length, 3, rsiText);
    for (const v of rsiValues) assert.ok(v >= 0 && v <= 100, rsiText);
    await page.getByTestId('kline-sub-canvas').waitFor();

    // MACD: DIF, DEA and the histogram, 2 × (DIF − DEA).
    await page.getByTestId('kline-indicator').getByText('MACD', { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="kline-legend-sub"]')?.textContent?.includes('DIF'));
    const macdText = (await sub.textContent()) ?? '';
    const [dif, dea, bar] = ['DIF', 'DEA', 'MACD'].map((name) => Number(new RegExp(`${name} (-?\\d+\\.\\d{2})`).exec(macdText)?.[1]));
    assert.ok(Math.abs((bar as number) - 2 * ((dif as number) - (dea as number))) <= 0.02, macdText);

    // BOLL goes back over the prices: three bands, upper above lower.
    await page.getByTestId('kline-indicator').getByText('BOLL', { exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="kline-legend-main"]')?.textContent?.includes('UPPER'));
    const bollText = (await legend.textContent()) ?? '';
    const upper = Number(/UPPER (\d+\.\d{2})/.exec(bollText)?.[1]);
    const lower = Number(/LOWER (\d+\.\d{2})/.exec(bollText)?.[1]);
    assert.ok(upper > lower, bollText);
    assert.equal(await page.getByTestId('kline-legend-sub').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('an index code that does not exist gets a clear page', async () => {
    const { context, page } = await openPhone(browser);
    await page.goto(`${server.url}/djmodule/value-center/XX9999`);
    await page.getByText('没有找到指数 XX9999').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
