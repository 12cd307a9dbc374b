import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { createTestApp, createTestUser, json, type TestApp, type Envelope } from './helpers';

const LIST = '/xqstock/v5/stock/portfolio/stock/watchlist.json?size=10000&pid=-17';
const ADD = '/xqstock/v5/stock/portfolio/stock/add.json';
const CANCEL = '/xqstock/v5/stock/portfolio/stock/cancel.json';

describe('watchlist add / cancel (Xueqiu-shaped)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true });
  });
  after(async () => t.close());

  const form = (headers: Record<string, string>, symbols: string) => ({
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `symbols=${encodeURIComponent(symbols)}`,
  });

  test('add funds by F+code, list them with their names, cancel one', async () => {
    const user = await createTestUser(t);
    const add = await t.app.inject({ method: 'POST', url: ADD, ...form(user.headers, `F${FUND_SAMPLES.stock}, f${FUND_SAMPLES.bond}`) });
    assert.equal(add.statusCode, 200, add.body);
    assert.deepEqual(json<Envelope<{ added: string[] }>>(add).data.added, [`F${FUND_SAMPLES.stock}`, `F${FUND_SAMPLES.bond}`]);
    // Adding again keeps one row per symbol.
    await t.app.inject({ method: 'POST', url: ADD, ...form(user.headers, `F${FUND_SAMPLES.stock}`) });
    const listed = json<Envelope<{ items: { name: string; symbol: string }[] }>>(
      await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: user.cookie } }),
    );
    assert.equal(listed.result_code, 0);
    assert.deepEqual(listed.data.items.map((i) => i.symbol).sort(), [`F${FUND_SAMPLES.bond}`, `F${FUND_SAMPLES.stock}`]);
    const summary = json<Envelope<{ fd_name: string }>>(await t.app.inject({ method: 'GET', url: `/djapi/fund/${FUND_SAMPLES.stock}` }));
    assert.equal(listed.data.items.find((i) => i.symbol === `F${FUND_SAMPLES.stock}`)?.name, summary.data.fd_name);

    const cancel = await t.app.inject({ method: 'POST', url: CANCEL, ...form(user.headers, `F${FUND_SAMPLES.stock},F999999`) });
    assert.equal(json<Envelope<{ removed: number }>>(cancel).data.removed, 1);
    const after = json<Envelope<{ items: { symbol: string }[] }>>(
      await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: user.cookie } }),
    );
    assert.deepEqual(
      after.data.items.map((i) => i.symbol),
      [`F${FUND_SAMPLES.bond}`],
    );
  });

  test('GET /djapi/fund/quotes: the figures of listed funds, in the order asked, without a login', async () => {
    type Quote = Record<string, string | null>;
    const codes = [FUND_SAMPLES.moneyMarket, FUND_SAMPLES.stock, '999999', FUND_SAMPLES.stock];
    const res = await t.app.inject({ method: 'GET', url: `/djapi/fund/quotes?fd_codes=${codes.join(',')}` });
    assert.equal(res.statusCode, 200, res.body);
    const items = json<Envelope<{ items: Quote[] }>>(res).data.items;
    assert.deepEqual(
      items.map((i) => i.fd_code),
      [FUND_SAMPLES.moneyMarket, FUND_SAMPLES.stock],
      'unknown codes left out, repeats once',
    );
    const [money, stock] = items as [Quote, Quote];
    const derived = json<Envelope<Quote>>(await t.app.inject({ method: 'GET', url: `/djapi/fund/derived/${FUND_SAMPLES.stock}` })).data;
    for (const key of ['end_date', 'unit_nav', 'nav_grtd', 'nav_grl1m', 'nav_grl1y', 'nav_grbase'])
      assert.equal(stock[key], derived[key], `${key} as the fund page shows it`);
    assert.equal(stock.sf_type, '1');
    assert.equal(money.sf_type, '4');
    assert.match(String(money.yield_7d), /^\d+\.\d+$/, 'a money-market fund has its 7-day yield');
    assert.match(String(money.income_per_10k), /^\d+\.\d+$/);
    for (const bad of ['', '12345', '009005;drop', Array.from({ length: 201 }, () => '009005').join(',')]) {
      const refused = await t.app.inject({ method: 'GET', url: `/djapi/fund/quotes?fd_codes=${encodeURIComponent(bad)}` });
      assert.equal(refused.statusCode, 400, bad.slice(0, 20));
    }
  });

  test('another user does not see or remove my items', async () => {
    const me = await createTestUser(t);
    const other = await createTestUser(t);
    await t.app.inject({ method: 'POST', url: ADD, ...form(me.headers, `F${FUND_SAMPLES.fof}`) });
    await t.app.inject({ method: 'POST', url: CANCEL, ...form(other.headers, `F${FUND_SAMPLES.fof}`) });
    const theirs = json<Envelope<{ items: unknown[] }>>(
      await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: other.cookie } }),
    );
    assert.deepEqual(theirs.data.items, []);
    const mine = json<Envelope<{ items: { symbol: string }[] }>>(
      await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: me.cookie } }),
    );
    assert.deepEqual(
      mine.data.items.map((i) => i.symbol),
      [`F${FUND_SAMPLES.fof}`],
    );
  });

  test('anonymous: 300001; unknown fund: 404 naming it, nothing added; junk: 400; no XSRF header: refused', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: ADD, ...form({}, `F${FUND_SAMPLES.stock}`) });
    assert.equal(json<Envelope>(anonymous).result_code, 300001);

    const user = await createTestUser(t);
    const unknown = await t.app.inject({ method: 'POST', url: ADD, ...form(user.headers, `F${FUND_SAMPLES.stock},F999999`) });
    assert.equal(unknown.statusCode, 404);
    assert.match(json<Envelope>(unknown).message, /F999999/);
    const listed = json<Envelope<{ items: unknown[] }>>(await t.app.inject({ method: 'GET', url: LIST, headers: { cookie: user.cookie } }));
    assert.deepEqual(listed.data.items, [], 'a refused request adds nothing');

    for (const junk of [' , ', '<script>', 'F12']) {
      const bad = await t.app.inject({ method: 'POST', url: ADD, ...form(user.headers, junk) });
      assert.equal(bad.statusCode, junk === 'F12' ? 404 : 400, `${junk}: ${bad.body}`);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: ADD,
      headers: { ...user.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(missing.statusCode, 400);

    const noXsrf = await t.app.inject({ method: 'POST', url: ADD, ...form({ cookie: user.cookie }, `F${FUND_SAMPLES.stock}`) });
    assert.equal(json<Envelope>(noXsrf).result_code, 403001);
  });
});
