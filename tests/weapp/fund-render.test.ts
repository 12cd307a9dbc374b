// The mini program's discovery pages in the plain-Node harness, fed by the real server: wx.request is answered by
// the API (Fastify inject on a seeded PGlite market), so home and fund detail render what a phone would show.
// Build first (WEAPP_DIR=dist/weapp-<you> for a private copy).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import { specUrl, specUrlToPage } from '../../src/lib/routes';
import { t } from '../../src/locales/fund';
import '../../src/locales/home';
import { createTestApp, type TestApp } from '../server/helpers';
import { type WeappHarness, bootWeapp } from './harness';
import { waitForBuild } from './weapp-build';

let server: TestApp;
let h: WeappHarness;

before(async () => {
  await waitForBuild();
  server = await createTestApp({ market: true });
  h = await bootWeapp({
    request: async (req) => {
      const url = req.url.replace(/^[a-z]+:\/\/[^/]+/i, '');
      const method = (req.method || 'GET').toUpperCase() as 'GET' | 'POST';
      const res = await server.app.inject({
        method,
        url,
        ...(method === 'GET'
          ? {}
          : { payload: typeof req.data === 'string' ? req.data : JSON.stringify(req.data ?? {}), headers: req.header }),
      });
      return { statusCode: res.statusCode, data: JSON.parse(res.body) as unknown };
    },
  });
});

after(async () => {
  h?.dispose();
  await server?.close();
});

async function open(url: string) {
  const page = await h.openPage(url);
  assert.ok(page, `${url} did not open`);
  // Data arrives through wx.request → inject: wait for it to be drawn.
  for (let i = 0; i < 20 && !page.text().includes(t('fund.fees.title')) && !page.text().includes(t('home.valuation.low')); i += 1)
    await h.settle(500);
  return page;
}

describe('fund detail on server data', () => {
  test('the stock sample: name (also in the navigation bar), notices, chart tabs, fee table, managers, the buy button', async () => {
    const code = FUND_SAMPLE_CODES.stock;
    const summary = JSON.parse((await server.app.inject({ url: `/djapi/fund/${code}` })).body).data as {
      fd_name: string;
      min_purchase: string;
    };
    const page = await open(specUrlToPage(specUrl('fundDetail', { fundcode: code })).url);
    const text = page.text();
    for (const needle of [
      summary.fd_name,
      code,
      t('fund.chart.period.1y'),
      t('fund.fees.purchase'),
      t('fund.fees.redeem'),
      t('fund.managers.title'),
      t('fund.action.buy'),
      t('fund.action.watch'),
    ]) {
      assert.ok(text.includes(needle), `fund detail lacks "${needle}":\n${text.slice(0, 600)}`);
    }
    // WeChat's navigation bar names the fund once it has loaded (基金详情 until then).
    await h.settle(100);
    const titles = h.callsOf('setNavigationBarTitle').map((c) => c.title);
    assert.equal(titles[titles.length - 1], summary.fd_name, `navigation bar titles: ${titles.join(', ')}`);
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });

  test('the money-market sample shows per-10k income and 7-day yield; a closed fund says so', async () => {
    const money = await open(specUrlToPage(specUrl('fundDetail', { fundcode: FUND_SAMPLE_CODES.moneyMarket })).url);
    assert.ok(
      money.text().includes(t('fund.header.income10k')) && money.text().includes(t('fund.header.yield7d')),
      money.text().slice(0, 400),
    );
    await h.closePage(money);
    const closed = await open(specUrlToPage(specUrl('fundDetail', { fundcode: FUND_SAMPLE_CODES.closed })).url);
    assert.ok(closed.text().includes(t('fund.state.closed')), closed.text().slice(0, 400));
    assert.ok(closed.text().includes(t('fund.action.closed')));
    assert.deepEqual(h.problems(), []);
    await h.closePage(closed);
  });

  test('a bad code renders the clear page, not a crash', async () => {
    const page = await h.openPage('pages/fund/detail/index?fundcode=12a');
    assert.ok(page);
    await h.settle();
    assert.ok(page.text().includes(t('fund.invalidCode', { code: '12a' })), page.text());
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });
});

/** A 2D context that records the calls f2 makes (the harness has no real canvas). */
function recordingCanvas(width: number, height: number) {
  const calls: Record<string, number> = {};
  const state: Record<string | symbol, unknown> = {};
  const context = new Proxy(state, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'measureText')
        return (text: string) => ({ width: String(text).length * 6, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 });
      if (key === 'getImageData') return () => ({ data: new Uint8ClampedArray(4) });
      if (typeof key !== 'string') return undefined;
      return (..._args: unknown[]) => {
        calls[key] = (calls[key] ?? 0) + 1;
        return undefined;
      };
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
  const node = {
    width: 0,
    height: 0,
    getContext: () => context,
    requestAnimationFrame: (cb: () => void) => setTimeout(cb, 16),
    cancelAnimationFrame: (id: number) => clearTimeout(id),
  };
  state.canvas = node;
  return { node, calls, width, height };
}

describe('charts in the mini program runtime (no DOM)', () => {
  test('f2 draws the growth line on a Canvas type="2d" node from the selector query', async () => {
    const canvases: ReturnType<typeof recordingCanvas>[] = [];
    const wx = h.stub.wx as Record<string, unknown>;
    const original = wx.createSelectorQuery as () => Record<string, (...a: unknown[]) => unknown>;
    // No wx.createOffscreenCanvas in the stub: the chart's text-measuring stand-in is exercised too.
    wx.createSelectorQuery = () => {
      const query = original();
      const select = query.select!;
      query.select = (selector: unknown) => {
        if (typeof selector !== 'string' || !selector.startsWith('#chart-canvas-')) return select(selector);
        const canvas = recordingCanvas(350, 200);
        canvases.push(canvas);
        const ref = {
          fields: (_fields: unknown, cb?: (r: unknown) => void) => {
            pending.push((results: unknown[]) => results.push({ node: canvas.node, width: canvas.width, height: canvas.height }));
            if (cb) cb({ node: canvas.node, width: canvas.width, height: canvas.height });
            return query;
          },
        };
        return ref;
      };
      const pending: ((results: unknown[]) => void)[] = [];
      const exec = query.exec!;
      query.exec = (cb?: unknown) => {
        if (pending.length === 0) return exec(cb);
        const results: unknown[] = [];
        for (const add of pending) add(results);
        setTimeout(() => (cb as ((r: unknown[]) => void) | undefined)?.(results), 0);
        return undefined;
      };
      return query;
    };
    try {
      const page = await open(specUrlToPage(specUrl('fundDetail', { fundcode: FUND_SAMPLE_CODES.stock })).url);
      for (let i = 0; i < 20 && !canvases.some((c) => (c.calls.lineTo ?? 0) > 100); i += 1) await h.settle(300);
      assert.ok(canvases.length >= 1, 'the chart asked for its canvas node');
      const drawn = canvases.find((c) => (c.calls.lineTo ?? 0) > 100);
      assert.ok(drawn, `f2 drew no line: ${JSON.stringify(canvases.map((c) => c.calls))}`);
      assert.ok(drawn.node.width >= 350 * 2, 'the canvas is sized at the device pixel ratio');
      assert.ok((drawn.calls.fillText ?? 0) >= 4, 'axis labels are drawn');
      assert.deepEqual(h.problems(), []);
      await h.closePage(page);
    } finally {
      wx.createSelectorQuery = original;
    }
  });
});

describe('home on server data', () => {
  test('ranked funds and the valuation counts', async () => {
    const ranked = JSON.parse((await server.app.inject({ url: '/djapi/v3/filter/fund?order_by=1y&page=1&size=5' })).body).data as {
      items: { fd_name: string }[];
    };
    const page = await open('pages/index/index');
    const text = page.text();
    assert.ok(text.includes(ranked.items[0]!.fd_name), `home lacks the top fund:\n${text.slice(0, 600)}`);
    for (const key of ['home.valuation.low', 'home.valuation.mid', 'home.valuation.high']) assert.ok(text.includes(t(key)), key);
    assert.deepEqual(h.problems(), []);
    await h.closePage(page);
  });
});
