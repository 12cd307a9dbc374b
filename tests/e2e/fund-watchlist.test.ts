// The watchlist ("optional") in Chromium against the real server: add from the fund detail, see it on
// /n/optional, remove it — on this device when anonymous, on the account (Xueqiu-shaped calls) when logged in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import fundMessages from '../../src/locales/messages/fund';
import { collectPageErrors, launchBrowser, openPhone, seedLoggedInUser, startServer, type RunningServer, type SeededUser } from './harness';

const zh: Record<string, string> = fundMessages['zh-CN'];

describe('watchlist', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SeededUser;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({}, { prepareDatabase: async (db) => void (user = await seedLoggedInUser(db)) }),
      launchBrowser(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fundName(code: string): Promise<string> {
    const body = (await (await fetch(`${server.url}/djapi/fund/${code}`)).json()) as { data: { fd_name: string } };
    return body.data.fd_name;
  }

  it('anonymous: add from the detail, list on /n/optional, remove', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    const code = FUND_SAMPLE_CODES.fof;
    const name = await fundName(code);
    await page.goto(`${server.url}/funding/${code}`);
    const watch = page.getByTestId('watch-button');
    await watch.waitFor();
    assert.equal((await watch.innerText()).trim(), zh['fund.action.watch']);
    await watch.tap();
    await page.getByText(zh['fund.watch.added']!).waitFor();
    assert.equal((await watch.innerText()).trim(), zh['fund.action.unwatch']);

    await page.goto(`${server.url}/n/optional`);
    await page.getByText(zh['fund.optional.local']!).waitFor();
    const row = page.getByTestId('watchlist-row').filter({ hasText: name });
    await row.waitFor();
    // Still there after a reload (kept on this device).
    await page.reload();
    await row.waitFor();
    await row.locator('.nut-button', { hasText: zh['fund.optional.remove']! }).tap();
    await page.getByText(zh['fund.optional.empty']!).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('logged in: the list lives on the account', async () => {
    const { context, page } = await openPhone(browser);
    const errors = collectPageErrors(page);
    await context.addCookies([{ name: 'xq_a_token', value: user.token, url: server.url }]);
    const code = FUND_SAMPLE_CODES.stock;
    const name = await fundName(code);
    const list = async () => {
      const res = await fetch(`${server.url}/xqstock/v5/stock/portfolio/stock/watchlist.json?size=10000&pid=-17`, {
        headers: { cookie: `xq_a_token=${user.token}` },
      });
      return ((await res.json()) as { data: { items: { symbol: string }[] } }).data.items.map((i) => i.symbol);
    };
    await page.goto(`${server.url}/funding/${code}`);
    const watch = page.getByTestId('watch-button');
    await watch.waitFor();
    await watch.tap();
    await page.getByText(zh['fund.watch.added']!).waitFor();
    assert.deepEqual(await list(), [`F${code}`], 'saved on the server');

    await page.goto(`${server.url}/n/optional`);
    const row = page.getByTestId('watchlist-row').filter({ hasText: name });
    await row.waitFor();
    assert.equal(await page.getByText(zh['fund.optional.local']!).count(), 0);
    await row.locator('.nut-button', { hasText: zh['fund.optional.remove']! }).tap();
    await page.getByText(zh['fund.optional.empty']!).waitFor();
    assert.deepEqual(await list(), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
