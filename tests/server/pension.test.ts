// The personal pension over HTTP (issue 24, docs/PRODUCT.md §10.13): the zone's summary, the Y classes, opening,
// contributions within the 12,000.00 yearly cap (31 December → 1 January included), Y-class purchases and sales only
// through the pension account (proceeds back into it), withdrawals on their conditions with the 3 % tax, the year's
// statement; every answer checked against an independent computation (BigInt) and the ledger's invariants.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { checkLedger } from '../../server/src/ledger/check';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { shanghaiDate } from '../../server/src/domain/clock';
import { businessStartForTests, createTestApp, encryptForServer, TEST_NOW, type TestApp } from './helpers';
import { advance, buy, cancel, createInvestor, get, newRequestId, post, sell, TRADE_PASSWORD, type Investor } from './trading-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
type Data = Record<string, any>;

/** Yuan text of fen (BigInt). */
const yuan = (fen: bigint): string =>
  `${fen < 0n ? '-' : ''}${(fen < 0n ? -fen : fen) / 100n}.${String((fen < 0n ? -fen : fen) % 100n).padStart(2, '0')}`;
const fenOf = (text: string): bigint => {
  const [i, d = ''] = text.split('.');
  return BigInt(i as string) * 100n + BigInt(d.padEnd(2, '0'));
};

async function openPension(t: TestApp, user: Investor, extra: Record<string, string> = {}) {
  return post<Data>(t, user, '/djapi/pension/open', {
    request_id: newRequestId(),
    trade_password: encryptForServer(t, TRADE_PASSWORD),
    social_account: '1',
    ...extra,
  });
}

async function contribute(t: TestApp, user: Investor, amount: string, requestId = newRequestId()) {
  return post<Data>(t, user, '/djapi/pension/contribute', {
    amount,
    request_id: requestId,
    trade_password: encryptForServer(t, TRADE_PASSWORD),
  });
}

async function withdraw(t: TestApp, user: Investor, fields: Record<string, string>) {
  return post<Data>(t, user, '/djapi/pension/withdraw', {
    request_id: newRequestId(),
    trade_password: encryptForServer(t, TRADE_PASSWORD),
    ...fields,
  });
}

/** Gives the investor an identity (an 18-character ID of the birth date and sex) for the age condition. */
async function identify(t: TestApp, user: Investor, birth: string, sex: 'male' | 'female') {
  const seq = sex === 'male' ? '011' : '022';
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * (weights[i] as number), 0);
  const idNo = first17 + '10X98765432'[sum % 11];
  await t.db.kysely
    .insertInto('user_identities')
    .values({
      user_id: user.userId,
      id_no_hmac: `hmac-${user.userId}`,
      id_no_encrypted: t.app.personalData.encrypt(idNo),
      id_no_masked: `${idNo.slice(0, 3)}***${idNo.slice(-2)}`,
      real_name_encrypted: t.app.personalData.encrypt('张三'),
      real_name_masked: '*三',
      birth_date: birth,
      certified_at: t.clock.now(),
    })
    .execute();
}

async function ledgerSound(t: TestApp) {
  assert.deepEqual(await checkLedger(t.db.kysely), []);
}

async function pensionLedgerBalance(t: TestApp, userId: number): Promise<bigint> {
  const row = await sql<{ b: string }>`
    SELECT coalesce(sum(CASE WHEN credit_account = 'pension' THEN amount ELSE -amount END), 0)::text AS b
    FROM ledger_transfers WHERE user_id = ${userId} AND 'pension' IN (credit_account, debit_account)`.execute(t.db.kysely);
  return BigInt(row.rows[0]?.b ?? '0');
}

describe('personal pension (HTTP)', () => {
  let t: TestApp;
  let start: string;
  before(async () => {
    start = businessStartForTests(TEST_NOW);
    t = await createTestApp({ market: true, now: start });
  });
  after(() => t.close());

  it('lists the Y classes: no purchase or sales-service fee, half the fees of their A class, never in the ordinary lists', async () => {
    const res = await get<Data>(t, null, '/djapi/pension/funds');
    assert.equal(res.body.result_code, 0);
    assert.equal(res.body.data.cap, '12000.00');
    const items = res.body.data.items as Data[];
    assert.ok(items.length >= 1, 'the small market has Y classes');
    for (const y of items) {
      assert.match(y.name, /Y$/);
      assert.equal(Number(y.sales_service_fee), 0);
      const a = await t.db.kysely
        .selectFrom('fund')
        .select(['manage_fee', 'custody_fee'])
        .where('code', '=', y.a_class)
        .executeTakeFirstOrThrow();
      assert.equal(Number(y.manage_fee) * 2, Number(a.manage_fee));
      assert.ok(Number(y.custody_fee) < Number(a.custody_fee));
      const fees = await t.db.kysely
        .selectFrom('fund_fee')
        .select(['kind', 'rate'])
        .where('fund_code', '=', y.code)
        .where('kind', '=', 'declare')
        .execute();
      assert.deepEqual(
        fees.map((f) => Number(f.rate)),
        [0],
        'no purchase fee',
      );
    }
    const fof = items.find((y) => y.a_class === FUND_SAMPLES.fof);
    assert.ok(fof, 'the FOF sample has a Y class');
    const search = await get<Data>(t, null, `/djapi/v2/search?key=${encodeURIComponent(fof.name.slice(0, 4))}`);
    assert.equal(search.body.result_code, 0);
    assert.ok(JSON.stringify(search.body).includes(FUND_SAMPLES.fof), 'the search finds the A class');
    assert.ok(!JSON.stringify(search.body).includes(fof.code), 'but not its Y class');
    // Found by code: the detail page, its managers (the A class's) and its NAVs.
    for (const url of [`/djapi/fund/${fof.code}`, `/djapi/fund/detail/${fof.code}`, `/djapi/fund/nav/history/${fof.code}`]) {
      const res = await get<Data>(t, null, url);
      assert.equal(res.body.result_code, 0, `${url}: ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    const detail = await get<Data>(t, null, `/djapi/fund/${fof.code}`);
    assert.ok(JSON.stringify(detail.body).includes(fof.name));
  });

  it('summary: not logged in → 300001; a new investor has not opened, with the whole year’s room', async () => {
    const anon = await get<Data>(t, null, '/djapi/pension/summary');
    assert.equal(anon.body.result_code, 300001);
    const user = await createInvestor(t);
    const res = await get<Data>(t, user, '/djapi/pension/summary');
    assert.equal(res.body.result_code, 0);
    assert.equal(res.body.data.opened, false);
    assert.equal(res.body.data.year_room, '12000.00');
    assert.equal(res.body.data.year, Number(shanghaiDate(t.clock.now()).slice(0, 4)));
    assert.equal(res.body.data.tax_rate, null);
  });

  it('opening: the fund account first, the social-insurance account first, then once per person (idempotent by request id)', async () => {
    const stranger = await createInvestor(t);
    await t.db.kysely.updateTable('users').set({ open_trade: false }).where('id', '=', stranger.userId).execute();
    const noAccount = await openPension(t, stranger);
    assert.equal(noAccount.body.result_code, 410001);

    const user = await createInvestor(t);
    const noSocial = await openPension(t, user, { social_account: '0' });
    assert.equal(noSocial.body.result_code, 440002);
    assert.match(noSocial.body.message, /12333/);
    assert.equal((await t.db.kysely.selectFrom('pension_accounts').selectAll().where('user_id', '=', user.userId).execute()).length, 0);

    const requestId = newRequestId();
    const opened = await openPension(t, user, { request_id: requestId });
    assert.equal(opened.body.result_code, 0, JSON.stringify(opened.body));
    assert.equal(opened.body.data.account.bank_code, 'ICBC');
    assert.match(opened.body.data.account.account_tail, /^\d{4}$/);
    const replay = await openPension(t, user, { request_id: requestId });
    assert.deepEqual(replay.body.data, opened.body.data);
    const second = await openPension(t, user);
    assert.equal(second.status, 409);
    assert.equal(second.body.result_code, 440002);
    const en = await post<Data>(
      t,
      user,
      '/djapi/pension/open',
      { request_id: newRequestId(), trade_password: encryptForServer(t, TRADE_PASSWORD), social_account: '1' },
      'en-US',
    );
    assert.match(en.body.message, /one per person/);
  });

  it('contributions: up to 12,000.00 a year in exact fen, refusals naming the room, replays harmless, bad input refused', async () => {
    const user = await createInvestor(t);
    assert.equal((await contribute(t, user, '100.00')).body.result_code, 440001, 'not opened yet');
    await openPension(t, user);
    const payments = ['5000.01', '3333.33', '3666.65'];
    let sum = 0n;
    for (const amount of payments) {
      const res = await contribute(t, user, amount);
      assert.equal(res.body.result_code, 0, JSON.stringify(res.body));
      sum += fenOf(amount);
      assert.equal(res.body.data.year_contributed, yuan(sum));
      assert.equal(res.body.data.year_room, yuan(1_200_000n - sum));
      assert.equal(res.body.data.balance, yuan(sum));
    }
    const over = await contribute(t, user, '0.02');
    assert.equal(over.body.result_code, 440005);
    assert.match(over.body.message, /还可缴存 0\.01 元/);
    const requestId = newRequestId();
    const last = await contribute(t, user, '0.01', requestId);
    assert.equal(last.body.data.year_room, '0.00');
    const again = await contribute(t, user, '0.01', requestId);
    assert.equal(again.body.result_code, 0);
    assert.equal(again.body.data.contribution.id, last.body.data.contribution.id, 'the replay answers the same contribution');
    assert.equal((await contribute(t, user, '0.02', requestId)).body.result_code, 410011, 'same id, other amount');
    const bad = await contribute(t, user, '-1');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.result_code, 400001);
    assert.equal(await pensionLedgerBalance(t, user.userId), 1_200_000n);
    const rows = await t.db.kysely.selectFrom('pension_contributions').select('amount_fen').where('user_id', '=', user.userId).execute();
    assert.equal(rows.length, 4);
    const statement = await get<Data>(t, user, '/djapi/pension/statement');
    assert.equal(statement.body.data.total, '12000.00');
    assert.equal(statement.body.data.contributions.length, 4);
    await ledgerSound(t);
  });

  it('Y classes: bought only with pension money, sold only into the pension account; shares at the NAV without fee', async () => {
    const user = await createInvestor(t);
    await openPension(t, user);
    await contribute(t, user, '3000.00');
    const funds = (await get<Data>(t, null, '/djapi/pension/funds')).body.data.items as Data[];
    const y = funds.find((f) => f.a_class === FUND_SAMPLES.fof) as Data;

    const quote = await get<Data>(t, user, `/djapi/order/buy/quote?fd_code=${y.code}`);
    assert.ok(JSON.stringify(quote.body.data).includes('仅可使用个人养老金资金账户申购'), 'the ordinary buy page says where to buy it');
    const byCard = await buy(t, user, y.code, '100.00');
    assert.equal(byCard.body.result_code, 440003, 'a Y class is not bought with the card');
    const ordinary = await buy(t, user, FUND_SAMPLES.stock, '100.00', { pay_method: 'pension' });
    assert.equal(ordinary.body.result_code, 440003, 'pension money buys only Y classes');
    const tooMuch = await buy(t, user, y.code, '3000.01', { pay_method: 'pension' });
    assert.equal(tooMuch.body.result_code, 440004);
    assert.match(tooMuch.body.message, /可用 3000\.00 元/);

    const placed = await buy(t, user, y.code, '1000.00', { pay_method: 'pension' });
    assert.equal(placed.body.result_code, 0, JSON.stringify(placed.body));
    let summary = (await get<Data>(t, user, '/djapi/pension/summary')).body.data;
    assert.equal(summary.balance, '2000.00');
    assert.equal(summary.in_transit, '1000.00');
    assert.equal(summary.total, '3000.00');
    const order = await t.db.kysely
      .selectFrom('orders')
      .select(['id', 'pay_method', 'trade_date', 'fee_fen'])
      .where('user_id', '=', user.userId)
      .where('fund_code', '=', y.code)
      .executeTakeFirstOrThrow();
    assert.equal(order.pay_method, 'pension');
    const listed = await get<Data>(t, user, '/djapi/order/p/list?page=1&size=10');
    assert.ok(JSON.stringify(listed.body).includes('养老金买入'), 'the order is marked as a pension order');
    assert.equal(Number(order.fee_fen), 0);

    // Confirmation: shares = 1000.00 / NAV(T), in hundredths, half up (BigInt), no fee.
    // Up to a fortnight: a purchase before the Spring Festival waits for the closure to end.
    for (let i = 0; i < 14; i += 1) {
      await advance(t, 1);
      const o = await t.db.kysely.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
      if (o.status === 'confirmed') break;
    }
    const confirmed = await t.db.kysely
      .selectFrom('orders')
      .select(['status', 'confirm_volume', 'confirm_nav'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    assert.equal(confirmed.status, 'confirmed');
    assert.match(String(confirmed.confirm_nav), /^\d+\.\d{4}$/);
    const navScaled = BigInt(String(confirmed.confirm_nav).replace('.', ''));
    const { rounding_mode: rounding } = await t.db.kysely
      .selectFrom('fund')
      .select('rounding_mode')
      .where('code', '=', y.code)
      .executeTakeFirstOrThrow();
    const expected = rounding === 'half_up' ? (100_000n * 10_000n * 2n + navScaled) / (2n * navScaled) : (100_000n * 10_000n) / navScaled;
    assert.equal(BigInt(confirmed.confirm_volume as number), expected);
    summary = (await get<Data>(t, user, '/djapi/pension/summary')).body.data;
    assert.equal(summary.holdings.length, 1);
    assert.equal(summary.holdings[0].fund_code, y.code);
    assert.equal(summary.holdings[0].dividend_method, 'reinvest');
    // My money: the pension account is its own line, outside the ordinary total and holdings.
    const money = (await get<Data>(t, user, '/djapi/holding/summary')).body.data;
    assert.equal(money.total_assets, '0.00');
    assert.deepEqual(money.items, []);
    assert.equal(money.pension.total, summary.total);
    assert.equal(money.pension.balance, '2000.00');
    assert.equal(fenOf(money.pension.total), fenOf(summary.balance) + fenOf(summary.in_transit) + fenOf(summary.holdings_value));
    await ledgerSound(t);

    // Selling: to the card is refused; by default (or to=pension) the proceeds come back into the pension account.
    const volume = yuan(BigInt(confirmed.confirm_volume as number));
    const toCard = await sell(t, user, y.code, volume, { to: 'bankcard' });
    assert.equal(toCard.body.result_code, 440003);
    const lockDays = Number(y.lock_days);
    if (lockDays === 0) {
      const sold = await sell(t, user, y.code, volume);
      assert.equal(sold.body.result_code, 0, JSON.stringify(sold.body));
      const sale = await t.db.kysely
        .selectFrom('orders')
        .select(['id', 'sell_mode'])
        .where('user_id', '=', user.userId)
        .where('action', '=', '024')
        .executeTakeFirstOrThrow();
      assert.equal(sale.sell_mode, 'pension');
      const before = await pensionLedgerBalance(t, user.userId);
      for (let i = 0; i < 20; i += 1) {
        await advance(t, 1);
        const o = await t.db.kysely.selectFrom('orders').select('settled_at').where('id', '=', sale.id).executeTakeFirstOrThrow();
        if (o.settled_at) break;
      }
      const settled = await t.db.kysely
        .selectFrom('orders')
        .select(['confirm_amount_fen', 'fee_fen', 'settled_at'])
        .where('id', '=', sale.id)
        .executeTakeFirstOrThrow();
      assert.ok(settled.settled_at, 'the sale settled');
      const net = BigInt(settled.confirm_amount_fen as number) - BigInt(settled.fee_fen ?? 0);
      assert.equal(await pensionLedgerBalance(t, user.userId), before + net, 'the proceeds are in the pension account');
      const card = await sql<{ n: string }>`
        SELECT count(*)::text AS n FROM ledger_transfers WHERE user_id = ${user.userId} AND order_id = ${sale.id} AND credit_account = 'bank'`.execute(
        t.db.kysely,
      );
      assert.equal(card.rows[0]?.n, '0', 'nothing of the sale reaches the card');
    }
    await ledgerSound(t);
  });

  it('a pension order’s steps, detail and record name the 个人养老金资金账户, never the card (zh-CN and en-US)', async () => {
    const user = await createInvestor(t);
    await openPension(t, user);
    await contribute(t, user, '3000.00');
    const funds = (await get<Data>(t, null, '/djapi/pension/funds')).body.data.items as Data[];
    const y = (funds.find((f) => Number(f.lock_days) === 0) ?? funds[0]) as Data;
    const titles = (steps: Data[]) => steps.map((s) => s.title as string);
    // Every text of the answer (its values, not its keys such as `bankcard_no`).
    const texts = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(texts) : [];
    const noCard = (what: string, body: unknown) => {
      const card = texts(body).filter((text) => /银行卡|[Cc]ard/.test(text));
      assert.deepEqual(card, [], `${what} names no card`);
    };

    // A purchase: paid from the 资金账户; cancelled, the money goes back there.
    const first = await buy(t, user, y.code, '500.00', { pay_method: 'pension' });
    assert.equal(first.body.result_code, 0, JSON.stringify(first.body));
    const placed = first.body.data as Data;
    assert.equal(placed.pay_method, 'pension');
    assert.equal(titles(placed.steps)[0], `个人养老金资金账户支付成功，将按 ${placed.trade_date} 净值确认份额`);
    noCard('the order result', placed.steps);
    const open = (await get<Data>(t, user, `/djapi/fund/order/${placed.order_id}`)).body.data;
    assert.equal(open.pay_method, 'pension');
    assert.equal(open.bank_name, null);
    assert.equal(open.bankcard_no, null);
    if (open.if_undo === 'y') {
      assert.equal(open.undo_tip, '撤单后资金将退回个人养老金资金账户，你确定撤单吗？');
      const cancelled = await cancel(t, user, placed.order_id);
      assert.equal(cancelled.body.result_code, 0, JSON.stringify(cancelled.body));
      const detail = (await get<Data>(t, user, `/djapi/fund/order/${placed.order_id}`)).body.data;
      assert.equal(titles(detail.steps).at(-1), '已撤单，资金退回个人养老金资金账户');
      noCard('a cancelled pension purchase', detail);
    }

    // Another purchase, confirmed: its detail and the record (the list) name no card either, in both languages.
    const second = (await buy(t, user, y.code, '1000.00', { pay_method: 'pension' })).body.data as Data;
    for (let i = 0; i < 14; i += 1) {
      await advance(t, 1);
      if ((await get<Data>(t, user, `/djapi/fund/order/${second.order_id}`)).body.data.status === 'confirmed') break;
    }
    const bought = (await get<Data>(t, user, `/djapi/fund/order/${second.order_id}`)).body.data;
    assert.equal(bought.status, 'confirmed');
    assert.equal(titles(bought.steps)[0], `个人养老金资金账户支付成功，将按 ${bought.trade_date} 净值确认份额`);
    noCard('a confirmed pension purchase', bought);
    const english = (await get<Data>(t, user, `/djapi/fund/order/${second.order_id}`, 'en-US')).body.data;
    assert.equal(titles(english.steps)[0], `Paid from your pension fund account; shares will be priced at the NAV of ${bought.trade_date}`);
    noCard('the English detail', english);
    const records = (await get<Data>(t, user, '/djapi/order/p/list?page=1&size=10')).body.data.items as Data[];
    assert.ok(records.length >= 1 && records.every((r) => r.action_desc === '养老金买入'), JSON.stringify(records));
    noCard('the trade records', records);

    // A sale: the proceeds go to the 资金账户 (where the result, the detail and the record say they go).
    if (Number(y.lock_days) === 0) {
      const sold = await sell(t, user, y.code, bought.confirm_volume as string);
      assert.equal(sold.body.result_code, 0, JSON.stringify(sold.body));
      const sale = sold.body.data as Data;
      assert.equal(sale.sell_to, 'pension');
      assert.equal(titles(sale.steps).at(-1), '资金转入个人养老金资金账户');
      noCard('the sale result', sale);
      const saleDetail = (await get<Data>(t, user, `/djapi/fund/order/${sale.order_id}`)).body.data;
      assert.equal(saleDetail.sell_to, 'pension');
      noCard('the sale detail', saleDetail);
      const sales = (await get<Data>(t, user, '/djapi/order/p/list?page=1&size=10')).body.data.items as Data[];
      assert.ok(sales.some((r) => r.order_id === sale.order_id && r.action_desc === '养老金卖出'));
    }
    await ledgerSound(t);
  });

  it('dividends of a Y class: reinvested by default; switched to cash, paid into the pension account, never to the card', async () => {
    const funds = (await get<Data>(t, null, '/djapi/pension/funds')).body.data.items as Data[];
    const y = funds.find((f) => f.a_class === FUND_SAMPLES.fof) as Data;
    const keeper = await createInvestor(t);
    const taker = await createInvestor(t);
    for (const user of [keeper, taker]) {
      await openPension(t, user);
      await contribute(t, user, '2000.00');
      assert.equal((await buy(t, user, y.code, '1000.00', { pay_method: 'pension' })).body.result_code, 0);
    }
    for (let i = 0; i < 14; i += 1) {
      const paid = await t.db.kysely
        .selectFrom('orders')
        .select('id')
        .where('fund_code', '=', y.code)
        .where('status', '=', 'paid')
        .execute();
      if (paid.length === 0) break;
      await advance(t, 1);
    }
    await advance(t, 1);
    const switched = await post<Data>(t, taker, '/djapi/holding/dividend-method', { fd_code: y.code, method: 'cash' });
    assert.equal(switched.body.result_code, 0, JSON.stringify(switched.body));
    // The fund company announces a dividend of 0.0100 a share on its latest NAV day (after both lots' trade date).
    const latest = await t.db.kysely
      .selectFrom('fund_nav')
      .select(sql<string>`max(date)::text`.as('d'))
      .where('fund_code', '=', y.code)
      .executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('fund_dividend').values({ fund_code: y.code, date: latest.d, per_share: '0.0100' }).execute();
    const before = await pensionLedgerBalance(t, taker.userId);
    const volumeOf = async (userId: number) =>
      BigInt(
        (
          await t.db.kysely
            .selectFrom('lots')
            .select(sql<string>`sum(volume)::text`.as('v'))
            .where('user_id', '=', userId)
            .where('fund_code', '=', y.code)
            .executeTakeFirstOrThrow()
        ).v,
      );
    const takerVolume = await volumeOf(taker.userId);
    const keeperVolume = await volumeOf(keeper.userId);
    await advance(t, 1);
    // Cash: shares × 0.0100 per share, in fen (hundredths × 100 / 10,000, half up), into the pension account.
    const cash = (takerVolume * 100n * 2n + 10_000n) / 20_000n;
    assert.equal(await pensionLedgerBalance(t, taker.userId), before + cash);
    const toCard = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_transfers WHERE user_id = ${taker.userId} AND kind = 'dividend_cash' AND credit_account = 'bank'`.execute(
      t.db.kysely,
    );
    assert.equal(toCard.rows[0]?.n, '0');
    // Reinvested: a new lot of the keeper's, at the ex-date NAV, without fee.
    assert.ok((await volumeOf(keeper.userId)) > keeperVolume, 'the dividend was reinvested');
    // The dividend orders say where the dividend went: shares, or the 资金账户 (never the card).
    const dividendStep = async (user: Investor) => {
      const items = (await get<Data>(t, user, '/djapi/order/p/list?page=1&size=20')).body.data.items as Data[];
      const order = items.find((o) => o.action === '143');
      assert.ok(order, 'a dividend order');
      const detail = (await get<Data>(t, user, `/djapi/fund/order/${order.order_id}`)).body.data;
      assert.equal(detail.bank_name, null);
      return (detail.steps as Data[]).map((step) => step.title as string);
    };
    assert.deepEqual(await dividendStep(taker), ['现金分红转入个人养老金资金账户']);
    assert.deepEqual(await dividendStep(keeper), ['红利再投资，份额已到账']);
    await ledgerSound(t);
  });

  it('定投 into a Y class runs from the pension account; a card-paid plan of a Y class is refused', async () => {
    const user = await createInvestor(t);
    await openPension(t, user);
    await contribute(t, user, '500.00');
    const funds = (await get<Data>(t, null, '/djapi/pension/funds')).body.data.items as Data[];
    const y = funds.find((f) => f.a_class === FUND_SAMPLES.fof) as Data;
    const plan = (fields: Record<string, string>) =>
      post<Data>(t, user, '/djapi/aip/create', {
        fd_code: y.code,
        amount: '100.00',
        cycle: 'daily',
        request_id: newRequestId(),
        trade_password: encryptForServer(t, TRADE_PASSWORD),
        ...fields,
      });
    assert.equal((await plan({})).body.result_code, 440003, 'a Y class takes no card-paid plan');
    assert.equal((await plan({ pay_method: 'pension', amount: '500.01' })).body.result_code, 440004, 'one run must be covered');
    const made = await plan({ pay_method: 'pension' });
    assert.equal(made.body.result_code, 0, JSON.stringify(made.body));
    for (let i = 0; i < 14; i += 1) {
      await advance(t, 1);
      const runs = await t.db.kysely
        .selectFrom('orders')
        .select(['pay_method'])
        .where('user_id', '=', user.userId)
        .where('plan_id', 'is not', null)
        .execute();
      if (runs.length > 0) {
        assert.ok(runs.every((r) => r.pay_method === 'pension'));
        break;
      }
    }
    const runs = await t.db.kysely
      .selectFrom('orders')
      .select('amount_fen')
      .where('user_id', '=', user.userId)
      .where('plan_id', 'is not', null)
      .execute();
    assert.ok(runs.length > 0, 'the plan ran');
    const paid = runs.reduce((sum, r) => sum + BigInt(r.amount_fen as number), 0n);
    assert.equal(await pensionLedgerBalance(t, user.userId), 50_000n - paid);
    await ledgerSound(t);
  });

  it('withdrawal: the basic-pension age from the ID, the 3 % tax withheld, contributions closed after retirement', async () => {
    const young = await createInvestor(t);
    await identify(t, young, '1990-05-17', 'female');
    await openPension(t, young);
    await contribute(t, young, '1000.00');
    const early = await withdraw(t, young, { condition: 'retirement', mode: 'once' });
    assert.equal(early.body.result_code, 440006);
    assert.match(early.body.message, /2048-0\d-17/, 'a woman born 1990-05: 55 + 36 months');

    // Declared conditions (emigration): 3 % withheld, half up to the fen; the investor may contribute again.
    const amount = 33_333n;
    const tax = (amount * 3n * 2n + 100n) / 200n;
    const out = await withdraw(t, young, { condition: 'emigration', mode: 'instalments', amount: yuan(amount) });
    assert.equal(out.body.result_code, 0, JSON.stringify(out.body));
    assert.equal(out.body.data.withdrawal.tax, yuan(tax));
    assert.equal(out.body.data.withdrawal.net, yuan(amount - tax));
    assert.equal(await pensionLedgerBalance(t, young.userId), 100_000n - amount);
    assert.equal((await contribute(t, young, '1.00')).body.result_code, 0, 'contributions resume after a non-retirement withdrawal');
    const tooMuch = await withdraw(t, young, { condition: 'emigration', mode: 'monthly', amount: '5000.00' });
    assert.equal(tooMuch.body.result_code, 440004);

    const today = shanghaiDate(t.clock.now());
    const medical = await withdraw(t, young, { condition: 'medical', mode: 'monthly', amount: '1.00' });
    if (today < '2025-09-01') assert.equal(medical.body.result_code, 440006, 'not in force before 2025-09-01');
    else assert.equal(medical.body.result_code, 0, 'in force since 2025-09-01');

    // A woman worker (the 50-year category, declared): born 1972-06-15 she reached 50 on 2022-06-15, before the
    // reform; undeclared she counts in the 55-year category: 2027-06 + 8 months (29 months after January 2025) → 2028-02-15.
    const worker = await createInvestor(t);
    await identify(t, worker, '1972-06-15', 'female');
    await openPension(t, worker);
    await contribute(t, worker, '100.00');
    const undeclared = await withdraw(t, worker, { condition: 'retirement', mode: 'monthly', amount: '1.00' });
    if (today < '2028-02-15') {
      assert.equal(undeclared.body.result_code, 440006);
      assert.match(undeclared.body.message, /2028-02-15/);
    } else assert.equal(undeclared.body.result_code, 0);
    const wrongCondition = await withdraw(t, worker, { condition: 'emigration', mode: 'monthly', amount: '1.00', category: 'female_50' });
    assert.equal(wrongCondition.body.result_code, 440007, 'a category only with the basic-pension age');
    const declared = await withdraw(t, worker, { condition: 'retirement', mode: 'monthly', amount: '1.00', category: 'female_50' });
    assert.equal(declared.body.result_code, 0, JSON.stringify(declared.body));
    assert.equal(declared.body.data.withdrawal.tax, '0.03');

    const old = await createInvestor(t);
    await identify(t, old, '1950-01-10', 'male');
    const manAsWoman = await withdraw(t, old, { condition: 'retirement', mode: 'once', category: 'female_50' });
    assert.equal(manAsWoman.body.result_code, 440001, 'no pension account yet');
    await openPension(t, old);
    await contribute(t, old, '1234.57');
    const notHis = await withdraw(t, old, { condition: 'retirement', mode: 'once', category: 'female_55' });
    assert.equal(notHis.body.result_code, 440007, 'a man declares no woman’s category');
    const all = await withdraw(t, old, { condition: 'retirement', mode: 'once' });
    assert.equal(all.body.result_code, 0, JSON.stringify(all.body));
    assert.equal(all.body.data.withdrawal.amount, '1234.57');
    assert.equal(all.body.data.withdrawal.tax, '37.04');
    assert.equal(all.body.data.withdrawal.net, '1197.53');
    assert.equal(await pensionLedgerBalance(t, old.userId), 0n);
    const closed = await contribute(t, old, '1.00');
    assert.equal(closed.body.result_code, 440005);
    const statement = await get<Data>(t, old, `/djapi/pension/statement?year=${today.slice(0, 4)}`);
    assert.equal(statement.body.data.withdrawn_tax, '37.04');
    // The copy of one's data carries the pension account, its contributions and withdrawals.
    const exported = (await get<Data>(t, old, '/djapi/account/data-export')).body.data;
    assert.deepEqual(
      exported.personal_pension.withdrawals.map((w: Data) => [w.condition, w.amount, w.tax, w.net]),
      [['retirement', '1234.57', '37.04', '1197.53']],
    );
    assert.equal(exported.personal_pension.contributions[0].amount, '1234.57');
    // Closing the account is refused while the pension account holds money (the younger investor still has some).
    assert.equal((await get<Data>(t, young, '/djapi/account/close/check')).body.data.can_close, false);
    const bad = await post<Data>(t, old, '/djapi/pension/withdraw', {
      condition: 'lottery',
      mode: 'once',
      request_id: newRequestId(),
      trade_password: 'x',
    });
    assert.equal(bad.status, 400);
    await ledgerSound(t);
  });

  it('tax saving: the declared income’s marginal rate × contributions, and at the full 12,000', async () => {
    const user = await createInvestor(t);
    await openPension(t, user);
    await t.db.kysely
      .insertInto('personal_income')
      .values({ user_id: user.userId, bracket: '100k_300k', amount_fen: 25_000_000, updated_at: t.clock.now() })
      .execute();
    await contribute(t, user, '5000.00');
    const s = (await get<Data>(t, user, '/djapi/pension/summary')).body.data;
    // 250,000 − 60,000 = 190,000 taxable: the 20 % bracket.
    assert.equal(s.tax_rate, 20);
    assert.deepEqual(s.tax_saving, { year: '1000.00', full: '2400.00', year_net: '850.00', full_net: '2040.00' });
  });
});

describe('personal pension: the yearly cap across 31 December → 1 January', () => {
  let t: TestApp;
  let year: number;
  before(async () => {
    year = Number(shanghaiDate(new Date(businessStartForTests(TEST_NOW))).slice(0, 4));
    // 23:30 on 31 December in Shanghai.
    t = await createTestApp({ now: `${year}-12-31T15:30:00.000Z` });
  });
  after(() => t.close());

  it('fills the year, refuses a fen more, and takes it on 1 January (counted in the new year)', async () => {
    const user = await createInvestor(t);
    await openPension(t, user);
    assert.equal((await contribute(t, user, '12000.00')).body.result_code, 0);
    const refused = await contribute(t, user, '0.01');
    assert.equal(refused.body.result_code, 440005);
    assert.match(refused.body.message, new RegExp(`${year} 年还可缴存 0\\.00 元`));
    t.clock.advance(60 * 60 * 1000); // 00:30 on 1 January
    const next = await contribute(t, user, '0.01');
    assert.equal(next.body.result_code, 0, JSON.stringify(next.body));
    assert.equal(next.body.data.contribution.year, year + 1);
    assert.equal(next.body.data.year_room, '11999.99');
    const old = await get<Data>(t, user, `/djapi/pension/statement?year=${year}`);
    assert.equal(old.body.data.total, '12000.00');
    const fresh = await get<Data>(t, user, `/djapi/pension/statement?year=${year + 1}`);
    assert.equal(fresh.body.data.total, '0.01');
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });
});
