// Home (/index) in Chromium against the real server: entries, remote-config banner and marquee,
// ranked funds and the valuation summary as the API has them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import homeMessages from '../../src/locales/messages/home';
import { collectPageErrors, openPhone, phoneSuite } from './harness';

const zh: Record<string, string> = homeMessages['zh-CN'];

describe('/index', () => {
  // A cold server builds its market caches on the first calls: allow 30 s.
  const suite = phoneSuite({ defaultTimeoutMs: 30_000 });

  async function api<T>(path: string): Promise<T> {
    const body = (await (await fetch(`${suite.server.url}${path}`)).json()) as { result_code: number; data: T };
    assert.equal(body.result_code, 0, path);
    return body.data;
  }

  it('shows the ranked funds and the valuation counts the server has', async () => {
    await suite.page.goto(`${suite.server.url}/index`);
    const ranked = await api<{ items: { fd_code: string; fd_name: string }[] }>('/djapi/v3/filter/fund?order_by=1y&page=1&size=5');
    const rows = suite.page.getByTestId('home-fund');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 5);
    for (let i = 0; i < 5; i += 1) assert.ok((await rows.nth(i).innerText()).includes(ranked.items[i]!.fd_name), `row ${i}`);

    const table = await api<{ items: { eva_type: string }[] }>('/djapi/index_eva/dj');
    for (const kind of ['low', 'mid', 'high'] as const) {
      const n = table.items.filter((i) => i.eva_type === kind).length;
      const cell = suite.page.getByTestId(`eva-${kind}`);
      await cell.waitFor();
      const text = await cell.innerText();
      assert.ok(
        text.includes(zh['home.valuation.count']!.replace('{n}', String(n))) && text.includes(zh[`home.valuation.${kind}`]!),
        `${kind}: ${text}`,
      );
    }
    assert.equal(table.items.length > 0, true);
    // The seller's disclosure under the lists.
    await suite.page.getByTestId('risk-disclosure').getByText('基金有风险，投资需谨慎').waitFor();
    await suite.page.getByTestId('risk-disclosure').getByText('过往业绩不代表未来表现').waitFor();
    assert.deepEqual(suite.errors, []);
  });

  it('draws its first screen from the answers inlined in the page, without asking the network for them', async () => {
    // A first visit (nothing cached on the device): a page of its own.
    const { context, page } = await openPhone(suite.browser);
    try {
      page.setDefaultTimeout(30_000);
      const errors = collectPageErrors(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/(djapi|mpaas|xqapi|xqstock)\//.test(url.pathname)) asked.push(url.pathname + url.search);
      });
      await page.goto(`${suite.server.url}/index`);
      await page.getByTestId('home-fund').nth(4).waitFor();
      await page.getByTestId('eva-low').waitFor();
      await page.getByTestId('home-marquee').waitFor();
      await page.getByTestId('home-banners').waitFor();
      // The header knows the visitor is anonymous (its login entry) from the inlined account answer too.
      await page.getByTestId('header-login').waitFor({ state: 'attached' });
      // Only analytics goes out on its own.
      assert.deepEqual(
        asked.filter((url) => !url.startsWith('/xqapi/upload/web')),
        [],
      );
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('draws the banner and marquee from remote config', async () => {
    await suite.page.goto(`${suite.server.url}/index`);
    const config = (await fetch(`${suite.server.url}/mpaas/config/content?appkey=social&key=home_banners`).then((r) => r.json())) as {
      data: { data: { home_banners: { value: { title: string }[] } } };
    };
    const first = config.data.data.home_banners.value[0]!.title;
    await suite.page.getByTestId('home-banners').getByText(first).first().waitFor();
    await suite.page.getByTestId('home-marquee').waitFor();
  });

  it('a ranked fund opens its detail; an entry opens its page', async () => {
    await suite.page.goto(`${suite.server.url}/index`);
    const row = suite.page.getByTestId('home-fund').first();
    await row.waitFor();
    await row.tap();
    await suite.page.waitForURL((url) => /^\/funding\/\d{6}$/.test(url.pathname));
    await suite.page.goto(`${suite.server.url}/index`);
    await suite.page.getByTestId('entry-watchlist').tap();
    await suite.page.waitForURL((url) => url.pathname === '/n/optional');
    await suite.page.goto(`${suite.server.url}/index`);
    await suite.page.getByTestId('entry-valueCenter').tap();
    await suite.page.waitForURL((url) => url.pathname === '/djmodule/value-center');
    assert.deepEqual(suite.errors, []);
  });
});
