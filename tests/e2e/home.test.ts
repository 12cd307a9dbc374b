// Home (/index) in Chromium against the real server: entries, remote-config banner and marquee,
// ranked funds and the valuation summary as the API has them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import homeMessages from '../../src/locales/messages/home';
import { collectPageErrors, launchBrowser, openPhone, startServer, type RunningServer } from './harness';

const zh: Record<string, string> = homeMessages['zh-CN'];

describe('/index', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ context, page } = await openPhone(browser));
    page.setDefaultTimeout(30_000); // a cold server builds its market caches on the first calls
    errors = collectPageErrors(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function api<T>(path: string): Promise<T> {
    const body = (await (await fetch(`${server.url}${path}`)).json()) as { result_code: number; data: T };
    assert.equal(body.result_code, 0, path);
    return body.data;
  }

  it('shows the ranked funds and the valuation counts the server has', async () => {
    await page.goto(`${server.url}/index`);
    const ranked = await api<{ items: { fd_code: string; fd_name: string }[] }>('/djapi/v3/filter/fund?order_by=1y&page=1&size=5');
    const rows = page.getByTestId('home-fund');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 5);
    for (let i = 0; i < 5; i += 1) assert.ok((await rows.nth(i).innerText()).includes(ranked.items[i]!.fd_name), `row ${i}`);

    const table = await api<{ items: { eva_type: string }[] }>('/djapi/index_eva/dj');
    for (const kind of ['low', 'mid', 'high'] as const) {
      const n = table.items.filter((i) => i.eva_type === kind).length;
      const cell = page.getByTestId(`eva-${kind}`);
      await cell.waitFor();
      const text = await cell.innerText();
      assert.ok(text.includes(zh['home.valuation.count']!.replace('{n}', String(n))) && text.includes(zh[`home.valuation.${kind}`]!), `${kind}: ${text}`);
    }
    assert.equal(table.items.length > 0, true);
    assert.deepEqual(errors, []);
  });

  it('draws the banner and marquee from remote config', async () => {
    await page.goto(`${server.url}/index`);
    const config = await fetch(`${server.url}/mpaas/config/content?appkey=social&key=home_banners`).then((r) => r.json()) as { data: { data: { home_banners: { value: { title: string }[] } } } };
    const first = config.data.data.home_banners.value[0]!.title;
    await page.getByTestId('home-banners').getByText(first).first().waitFor();
    await page.getByTestId('home-marquee').waitFor();
  });

  it('a ranked fund opens its detail; an entry opens its page', async () => {
    await page.goto(`${server.url}/index`);
    const row = page.getByTestId('home-fund').first();
    await row.waitFor();
    await row.tap();
    await page.waitForURL((url) => /^\/funding\/\d{6}$/.test(url.pathname));
    await page.goto(`${server.url}/index`);
    await page.getByTestId('entry-watchlist').tap();
    await page.waitForURL((url) => url.pathname === '/n/optional');
    await page.goto(`${server.url}/index`);
    await page.getByTestId('entry-valueCenter').tap();
    await page.waitForURL((url) => url.pathname === '/djmodule/value-center');
    assert.deepEqual(errors, []);
  });
});
