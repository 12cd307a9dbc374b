// Activities (issue 25): operator-configured rows; the lump-sum booking that becomes a subscription on the first
// raising day (founding confirms it at 1.00; a failed raising refunds with interest); the registration coupon
// (claimed once, a fee discount the marketing account bears in the ledger, given back on cancel, used once under
// concurrent purchases); the competition on virtual money (T+1 at the NAV, fees counted, ranking masked, frozen at
// the end, no real money moved). Every figure is checked against an independent computation in BigInt below.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type {
  CompetitionPage,
  CompetitionPosition,
  CompetitionRanking,
  Coupon,
  LumpSumPage,
  RegCouponPage,
} from '../../src/lib/api-types/activity';
import type { OrderDetail } from '../../src/lib/api-types/trading';
import { fenToYuan, yuanToFen } from '../../src/lib/money';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkLedger } from '../../server/src/ledger/check';
import { createTestApp, createTestUser, encryptForServer, type TestApp } from './helpers';
import { advance, buy, cancel, createInvestor, get, newRequestId, post, TRADE_PASSWORD, type Investor } from './trading-support';

const OPERATOR_TOKEN = 'op-token-for-activity-tests-0123456789';

// ---- The independent oracle: BigInt, none of the app's helpers ---------------------------------------------------
const B = BigInt;
/** a × b / d, half up, for non-negative integers. */
const mulDivHalfUp = (a: number, b: number, d: number) => Number((B(a) * B(b) * 2n + B(d)) / (2n * B(d)));
/** A percent string ('1.2', '0.1000') → parts per million, exactly. */
const ppm = (percent: string) => {
  const [whole, frac = ''] = percent.split('.');
  return Number(whole) * 10_000 + Number(frac.padEnd(4, '0').slice(0, 4));
};
/** A discount ('0.1000') × ppm, half up to a whole ppm. */
const discounted = (ratePpm: number, discount: string) => {
  const [w, f = ''] = discount.split('.');
  return mulDivHalfUp(ratePpm, Number(w) * 10_000 + Number(f.padEnd(4, '0').slice(0, 4)), 10_000);
};
/** The net-amount fee of a purchase at a rate (ppm): amount × r / (1 + r), half up. */
const netFee = (amountFen: number, ratePpm: number) => (ratePpm === 0 ? 0 : mulDivHalfUp(amountFen, ratePpm, 1_000_000 + ratePpm));
/** shares (hundredths) × NAV (string) → fen, half up. */
const valueFen = (volume: number, nav: string) => {
  const [w, f = ''] = nav.split('.');
  return mulDivHalfUp(volume, Number(w) * 10_000 + Number(f.padEnd(4, '0').slice(0, 4)), 10_000);
};

const ok = <T>(res: { status: number; body: { result_code: number; message: string; data: T } }) => {
  assert.equal(res.body.result_code, 0, res.body.message);
  return res.body.data;
};

async function putActivity(t: TestApp, id: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/ops/activities/${id}`,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as { result_code: number; message: string; data: Record<string, unknown> } };
}

const bi = (zh: string, en: string) => ({ zh, en });
const texts = { title: bi('活动', 'Activity'), subtitle: bi('副标题', 'Subtitle'), rules: [bi('规则一', 'Rule one')] };

async function ledgerBalance(t: TestApp, userId: number, account: string, asset = 'CNY'): Promise<number> {
  const row = await sql<{ b: string }>`
    SELECT coalesce(sum(CASE WHEN credit_account = ${account} THEN amount ELSE -amount END), 0)::text AS b FROM ledger_transfers
    WHERE user_id = ${userId} AND asset = ${asset} AND (credit_account = ${account} OR debit_account = ${account})`.execute(t.db.kysely);
  return Number(row.rows[0]?.b);
}

describe('activities: configuration, lump-sum booking, coupon', () => {
  let t: TestApp;
  before(async () => {
    // Tuesday 2025-03-04 10:00 Shanghai.
    t = await createTestApp({ market: true, config: { operatorToken: OPERATOR_TOKEN } });
    // The new fund's raising starts on Thursday: bookings are taken until then.
    await t.db.kysely
      .updateTable('fund')
      .set({
        sale_status: 'not_on_sale',
        status_reason: '',
        subscribe_start: '2025-03-06',
        subscribe_end: '2025-03-14',
        found_date: '2025-03-20',
      })
      .where('code', '=', FUND_SAMPLES.building)
      .execute();
  });
  after(async () => t.close());

  it('stores an operator’s activity and names the first wrong field', async () => {
    const bad = await putActivity(t, 'lsd-test', {
      kind: 'lump_sum',
      starts_at: '2025-03-01T00:00:00+08:00',
      ends_at: '2025-02-01T00:00:00+08:00',
      texts,
      config: { fund_code: FUND_SAMPLES.building },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.result_code, 420003);
    assert.match(bad.body.message, /ends_at/);
    const noFund = await putActivity(t, 'lsd-test', {
      kind: 'lump_sum',
      starts_at: '2025-03-01T00:00:00+08:00',
      ends_at: '2025-06-01T00:00:00+08:00',
      texts,
      config: { fund_code: '999999' },
    });
    assert.equal(noFund.body.result_code, 420003);
    assert.match(noFund.body.message, /999999/);
    const missingEnglish = await putActivity(t, 'lsd-test', {
      kind: 'lump_sum',
      starts_at: '2025-03-01T00:00:00+08:00',
      ends_at: '2025-06-01T00:00:00+08:00',
      texts: { ...texts, title: { zh: '只有中文' } },
      config: { fund_code: FUND_SAMPLES.building },
    });
    assert.match(missingEnglish.body.message, /texts\.title\.en/);
    assert.equal(await t.db.kysely.selectFrom('activities').select('id').where('id', '=', 'lsd-test').executeTakeFirst(), undefined);
    const saved = await putActivity(t, 'lsd-test', {
      kind: 'lump_sum',
      starts_at: '2025-03-01T00:00:00+08:00',
      ends_at: '2025-06-01T00:00:00+08:00',
      priority: 5,
      texts,
      config: { fund_code: FUND_SAMPLES.building, min_amount_fen: 100_000, max_amount_fen: 5_000_000 },
    });
    assert.equal(saved.body.result_code, 0, saved.body.message);
    const kindChange = await putActivity(t, 'lsd-test', {
      kind: 'competition',
      starts_at: '2025-03-01T00:00:00+08:00',
      ends_at: '2025-06-01T00:00:00+08:00',
      texts,
      config: {},
    });
    assert.match(kindChange.body.message, /kind/);
    const list = ok(await get<{ items: Array<{ id: string; url: string; title_en: string }> }>(t, null, '/djapi/activity/list'));
    assert.deepEqual(
      list.items.map((a) => [a.id, a.url, a.title_en]),
      [['lsd-test', '/n/activity/LSD-product/main?id=lsd-test', 'Activity']],
    );
  });

  it('without an operator token the staff routes do not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/activities', headers: { authorization: 'Bearer wrong' } });
    assert.equal(res.statusCode, 401);
  });

  let investor: Investor;
  let bookingId: string;

  it('books before the raising, refuses what the rules refuse, cancels before the first raising day', async () => {
    investor = await createInvestor(t);
    const page = ok(await get<LumpSumPage>(t, investor, '/djapi/activity/lsd'));
    assert.equal(page.activity.id, 'lsd-test');
    assert.equal(page.raising.phase, 'booking');
    assert.equal(page.raising.start, '2025-03-06');
    assert.equal(page.min_amount, '1000.00');
    assert.deepEqual(page.bookings, []);
    assert.ok(page.fund.subscribe_fees.length > 0);
    const visitor = ok(await get<LumpSumPage>(t, null, '/djapi/activity/lsd?id=lsd-test'));
    assert.equal(visitor.bookings, null);

    const bookIt = (amount: string, extra: Record<string, string> = {}) =>
      post<{ booking_id: string; status: string }>(t, investor, '/djapi/activity/lsd/book', {
        id: 'lsd-test',
        amount,
        request_id: extra.request_id ?? newRequestId(),
        trade_password: encryptForServer(t, extra.password ?? TRADE_PASSWORD),
      });
    const low = await bookIt('999.99');
    assert.equal(low.body.result_code, 420020);
    assert.equal(low.body.message, '最低预约金额为 1000.00 元');
    const wrong = await bookIt('2000.00', { password: '000000' });
    assert.equal(wrong.body.result_code, 400051);
    const requestId = newRequestId();
    const first = ok(await bookIt('20000.00', { request_id: requestId }));
    assert.equal(first.status, 'booked');
    // The same request again: the same booking, not a second one.
    assert.equal(ok(await bookIt('20000.00', { request_id: requestId })).booking_id, first.booking_id);
    const tooMuch = await bookIt('30000.01');
    assert.equal(tooMuch.body.message, '每人最多预约 50000.00 元，您还可预约 30000.00 元');
    const second = ok(await bookIt('5000.00'));
    const cancelled = ok(await post<{ status: string }>(t, investor, '/djapi/activity/lsd/cancel', { booking_id: second.booking_id }));
    assert.equal(cancelled.status, 'cancelled');
    const again = await post(t, investor, '/djapi/activity/lsd/cancel', { booking_id: second.booking_id });
    assert.equal(again.body.result_code, 420020);
    bookingId = first.booking_id;
    const mine = ok(await get<LumpSumPage>(t, investor, '/djapi/activity/lsd?id=lsd-test'));
    assert.equal(mine.booked_total, '20000.00');
    // Nothing is paid by a booking.
    assert.equal(await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', investor.userId).executeTakeFirst(), undefined);
  });

  it('places the booking as a subscription on the first raising day, confirmed at 1.00 on the founding date', async () => {
    await advance(t, 2); // Thursday 2025-03-06: the raising opens
    const booking = await t.db.kysely
      .selectFrom('lsd_bookings')
      .select(['status', 'order_id'])
      .where('id', '=', Number(bookingId))
      .executeTakeFirstOrThrow();
    assert.equal(booking.status, 'ordered');
    const order = ok(await get<OrderDetail>(t, investor, `/djapi/fund/order/${booking.order_id}`));
    assert.equal(order.action, '020');
    assert.equal(order.trade_date, '2025-03-06');
    assert.equal(order.confirm_date, '2025-03-20');
    const fund = await t.db.kysely
      .selectFrom('fund')
      .select(['declare_discount', 'sale_status'])
      .where('code', '=', FUND_SAMPLES.building)
      .executeTakeFirstOrThrow();
    assert.equal(fund.sale_status, 'building');
    const fee = netFee(2_000_000, discounted(ppm('1.2'), fund.declare_discount));
    assert.equal(order.fee, fenToYuan(fee));
    const page = ok(await get<LumpSumPage>(t, investor, '/djapi/activity/lsd?id=lsd-test'));
    assert.equal(page.raising.phase, 'raising');
    assert.equal(page.bookings?.find((b) => b.booking_id === bookingId)?.status, 'ordered');
    // A booking now is refused: subscribe directly.
    const late = await post(t, investor, '/djapi/activity/lsd/book', {
      id: 'lsd-test',
      amount: '1000.00',
      request_id: newRequestId(),
      trade_password: encryptForServer(t, TRADE_PASSWORD),
    });
    assert.equal(late.body.message, '募集已于 2025-03-06 开始，不再接受预约，请直接认购');

    await advance(t, 14); // 2025-03-20: founded
    const confirmed = ok(await get<OrderDetail>(t, investor, `/djapi/fund/order/${booking.order_id}`));
    assert.equal(confirmed.status, 'confirmed');
    assert.equal(confirmed.confirm_nav, '1.0000');
    // At par: one share a yuan of what is left after the fee.
    assert.equal(confirmed.confirm_volume, fenToYuan(2_000_000 - fee));
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  let couponId: string;
  let newcomer: Investor;

  it('claims a registration coupon once, and only as a new investor', async () => {
    const saved = await putActivity(t, 'newcomer-test', {
      kind: 'reg_coupon',
      starts_at: '2025-03-01T00:00:00+08:00',
      ends_at: '2025-12-31T00:00:00+08:00',
      texts,
      config: {
        fee_rate: '0.1',
        max_discount_fen: 5000,
        min_amount_fen: 10000,
        valid_days: 30,
        fund_codes: [FUND_SAMPLES.stock, FUND_SAMPLES.bond],
      },
    });
    assert.equal(saved.body.result_code, 0, saved.body.message);
    newcomer = await createInvestor(t);
    const anon = await post(t, null, '/djapi/activity/reg-coupon/newcomer-test/claim', {});
    assert.equal(anon.body.result_code, 300001);
    const page = ok(await get<RegCouponPage>(t, newcomer, '/djapi/activity/reg-coupon/newcomer-test'));
    assert.deepEqual(page.mine, { claimed: false, eligible: true, coupon: null });
    const claimed = ok(await post<Coupon>(t, newcomer, '/djapi/activity/reg-coupon/newcomer-test/claim', {}));
    assert.equal(claimed.status, 'available');
    assert.equal(claimed.discount, '0.1');
    assert.equal(claimed.min_amount, '100.00');
    assert.equal(claimed.max_discount, '50.00');
    couponId = claimed.coupon_id;
    const twice = await post(t, newcomer, '/djapi/activity/reg-coupon/newcomer-test/claim', {});
    assert.equal(twice.body.result_code, 420010);
    assert.equal(twice.body.message, '您已领取过该优惠券');
    // The investor of the booking has bought: not a new investor.
    const old = await post(t, investor, '/djapi/activity/reg-coupon/newcomer-test/claim', {});
    assert.equal(old.body.message, '该优惠券仅限尚未买入过基金的新用户领取');
    const unknown = await get(t, null, '/djapi/activity/reg-coupon/nope');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.result_code, 420001);
  });

  it('says why a coupon does not apply, and previews the fee before and after', async () => {
    const list = async (q: string) => ok(await get<{ items: Coupon[] }>(t, newcomer, `/djapi/coupons${q}`));
    const plain = (await list('')).items;
    assert.equal(plain.length, 1);
    assert.equal(plain[0]?.applies, null);
    const small = (await list(`?fd_code=${FUND_SAMPLES.stock}&amount=99.99`)).items[0];
    assert.equal(small?.applies?.usable, false);
    assert.equal(small?.applies?.reason, '单笔买入满 100.00 元可用该优惠券');
    const otherFund = (await list(`?fd_code=${FUND_SAMPLES.fof}&amount=1000.00`)).items[0];
    assert.equal(otherFund?.applies?.reason, '该基金不能使用此优惠券');
    const quote = ok(await get<{ fee: string }>(t, newcomer, `/djapi/order/buy/quote?fd_code=${FUND_SAMPLES.stock}&amount=10000.00`));
    const feeBefore = yuanToFen(quote.fee);
    const expected = Math.min(5000, feeBefore - mulDivHalfUp(feeBefore, 1000, 10_000));
    const fits = (await list(`?fd_code=${FUND_SAMPLES.stock}&amount=10000.00`)).items[0];
    assert.deepEqual(fits?.applies, {
      usable: true,
      reason: null,
      fee_before: fenToYuan(feeBefore),
      fee_after: fenToYuan(feeBefore - expected),
      discount_amount: fenToYuan(expected),
    });
  });

  it('uses the coupon once under concurrent purchases, gives it back on cancel, and the marketing account bears it', async () => {
    const fundRow = await t.db.kysely
      .selectFrom('fund_fee')
      .select(['rate', 'lower_bound', 'upper_bound'])
      .where('fund_code', '=', FUND_SAMPLES.stock)
      .where('kind', '=', 'declare')
      .orderBy('seq')
      .execute();
    const fund = await t.db.kysely
      .selectFrom('fund')
      .select('declare_discount')
      .where('code', '=', FUND_SAMPLES.stock)
      .executeTakeFirstOrThrow();
    const bracket = fundRow.find(
      (r) => Number(r.lower_bound) <= 1_000_000 && (r.upper_bound === null || 1_000_000 < Number(r.upper_bound)),
    );
    const fee = netFee(1_000_000, discounted(ppm(bracket?.rate ?? '0'), fund.declare_discount));
    const discount = Math.min(5000, fee - mulDivHalfUp(fee, 1000, 10_000));
    assert.ok(discount > 0);

    const both = await Promise.all([
      buy(t, newcomer, FUND_SAMPLES.stock, '10000.00', { coupon_id: couponId }),
      buy(t, newcomer, FUND_SAMPLES.stock, '10000.00', { coupon_id: couponId }),
    ]);
    const codes = both.map((r) => r.body.result_code).sort();
    assert.deepEqual(codes, [0, 420011]);
    const refused = both.find((r) => r.body.result_code !== 0);
    assert.equal(refused?.body.message, '该优惠券已使用');
    const placed = both.find((r) => r.body.result_code === 0)?.body.data as { order_id: string };
    const order = ok(await get<OrderDetail>(t, newcomer, `/djapi/fund/order/${placed.order_id}`));
    assert.equal(order.coupon_id, couponId);
    assert.equal(order.coupon_discount, fenToYuan(discount));
    assert.equal(order.fee, fenToYuan(fee - discount));
    // Only one order of this amount was placed and paid.
    const orders = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', newcomer.userId)
      .where('status', '=', 'paid')
      .execute();
    assert.equal(orders.length, 1);

    // Cancelled before 15:00: the coupon is the investor's again, nothing was posted for it.
    ok(await cancel(t, newcomer, placed.order_id));
    assert.equal(await ledgerBalance(t, newcomer.userId, 'marketing'), 0);
    const back = ok(await get<{ items: Coupon[] }>(t, newcomer, '/djapi/coupons')).items[0];
    assert.equal(back?.status, 'available');

    // Used again and confirmed: the fee account gets the whole fee, the marketing account paid the discount.
    const again = ok(await buy(t, newcomer, FUND_SAMPLES.stock, '10000.00', { coupon_id: couponId })) as { order_id: string };
    const reuse = await buy(t, newcomer, FUND_SAMPLES.stock, '10000.00', { coupon_id: couponId });
    assert.equal(reuse.body.message, '该优惠券已使用');
    assert.equal(ok(await get<{ items: Coupon[] }>(t, newcomer, '/djapi/coupons')).items[0]?.status, 'used');
    await advance(t, 1);
    const done = ok(await get<OrderDetail>(t, newcomer, `/djapi/fund/order/${again.order_id}`));
    assert.equal(done.status, 'confirmed');
    assert.equal(await ledgerBalance(t, newcomer.userId, 'marketing'), -discount);
    assert.equal(await ledgerBalance(t, newcomer.userId, `fee:${FUND_SAMPLES.stock}`), fee);
    // The shares are the amount less only the fee the investor paid, at the NAV of T.
    assert.equal(done.confirm_amount, '10000.00');
    const nav = done.confirm_nav as string;
    const shares = mulDivHalfUp(1_000_000 - (fee - discount), 10_000, Number(nav.replace('.', '')));
    assert.equal(done.confirm_volume, fenToYuan(shares));
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('refuses an expired coupon, saying when it expired', async () => {
    const user = await createInvestor(t);
    const claimed = ok(await post<Coupon>(t, user, '/djapi/activity/reg-coupon/newcomer-test/claim', {}));
    await t.db.kysely
      .updateTable('coupons')
      .set({ expires_at: new Date('2025-03-20T00:00:00+08:00') })
      .where('id', '=', Number(claimed.coupon_id))
      .execute();
    const res = await buy(t, user, FUND_SAMPLES.stock, '1000.00', { coupon_id: claimed.coupon_id });
    assert.equal(res.body.result_code, 420011);
    assert.equal(res.body.message, '该优惠券已于 2025-03-20 过期');
    assert.equal(ok(await get<{ items: Coupon[] }>(t, user, '/djapi/coupons')).items[0]?.status, 'expired');
    // Nothing was written by the refusals.
    assert.equal(await t.db.kysely.selectFrom('orders').select('id').where('user_id', '=', user.userId).executeTakeFirst(), undefined);
  });
});

describe('a failed raising refunds every subscription with interest', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true, config: { operatorToken: OPERATOR_TOKEN } });
  });
  after(async () => t.close());

  it('refunds amount + interest to the card on the founding date, and the ledger balances', async () => {
    const user = await createInvestor(t);
    // 009002 is raising (since 2025-02-27); founded 2025-03-24 as planned — unless the raising fails.
    const res = ok(await buy(t, user, FUND_SAMPLES.building, '50000.00'));
    const orderId = (res as { order_id: string }).order_id;
    const failed = await t.app.inject({
      method: 'POST',
      url: `/ops/funds/${FUND_SAMPLES.building}/raising-failed`,
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ interest_rate: '0.35' }),
    });
    assert.equal(JSON.parse(failed.body).result_code, 0);
    // Subscriptions stop at once.
    const more = await buy(t, user, FUND_SAMPLES.building, '100.00');
    assert.equal(more.body.result_code, 410005);
    const order = ok(await get<OrderDetail>(t, user, `/djapi/fund/order/${orderId}`));
    await advance(t, 20); // 2025-03-24, the planned founding date
    const refunded = ok(await get<OrderDetail>(t, user, `/djapi/fund/order/${orderId}`));
    assert.equal(refunded.status, 'failed');
    assert.equal(refunded.fail_reason, '基金募集失败，认购款项已加计银行同期活期存款利息退还');
    // Interest: 50,000.00 × 0.35 % × the days from payment (T) to the refund / 365, half up.
    const days = (Date.parse('2025-03-24') - Date.parse(order.trade_date)) / 86_400_000;
    const interest = mulDivHalfUp(5_000_000, ppm('0.35') * days, 365 * 1_000_000);
    assert.ok(interest > 0);
    assert.equal(refunded.refund_amount, fenToYuan(5_000_000 + interest));
    // The card got back what it paid and the interest.
    assert.equal(await ledgerBalance(t, user.userId, 'bank'), interest);
    const fund = await t.db.kysely
      .selectFrom('fund')
      .select(['sale_status'])
      .where('code', '=', FUND_SAMPLES.building)
      .executeTakeFirstOrThrow();
    assert.equal(fund.sale_status, 'not_on_sale');
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });
});

describe('the competition on virtual money', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true, config: { operatorToken: OPERATOR_TOKEN } });
    const saved = await putActivity(t, 'cup', {
      kind: 'competition',
      starts_at: '2025-03-03T00:00:00+08:00',
      ends_at: '2025-03-08T00:00:00+08:00',
      texts,
      config: { initial_fen: 100_000_000, fund_codes: [FUND_SAMPLES.stock, FUND_SAMPLES.bond, FUND_SAMPLES.fof], max_funds: 2 },
    });
    assert.equal(saved.body.result_code, 0, saved.body.message);
  });
  after(async () => t.close());

  it('joins, rebalances T+1 at the NAV with fees, values daily, ranks with masked names and freezes at the end', async () => {
    const alice = await createTestUser(t, { telephone: '13800001111' });
    const bob = await createTestUser(t, { telephone: '13900002222' });
    const notJoined = await post(t, alice, '/djapi/activity/competition/cup/rebalance', {
      weights: `${FUND_SAMPLES.stock}:5000`,
      request_id: newRequestId(),
    });
    assert.equal(notJoined.body.message, '请先报名参赛');
    ok(await post(t, alice, '/djapi/activity/competition/cup/join', {}));
    ok(await post(t, bob, '/djapi/activity/competition/cup/join', {}));
    const twice = await post(t, bob, '/djapi/activity/competition/cup/join', {});
    assert.equal(twice.body.result_code, 420030);

    const refusals = [
      [`${FUND_SAMPLES.stock}:6000,${FUND_SAMPLES.bond}:5000`, '调仓比例不正确：每只基金 0.01%–100%，合计不超过 100%'],
      [`${FUND_SAMPLES.stock}:3000,${FUND_SAMPLES.bond}:3000,${FUND_SAMPLES.fof}:3000`, '组合最多持有 2 只基金'],
      [`${FUND_SAMPLES.moneyMarket}:5000`, `${FUND_SAMPLES.moneyMarket} 不在本次比赛的可选基金范围内`],
      ['junk', '调仓比例不正确：每只基金 0.01%–100%，合计不超过 100%'],
    ];
    for (const [weights, message] of refusals) {
      const res = await post(t, alice, '/djapi/activity/competition/cup/rebalance', {
        weights: weights as string,
        request_id: newRequestId(),
      });
      assert.equal(res.body.message, message);
    }
    const placed = ok(
      await post<{ trade_date: string }>(t, alice, '/djapi/activity/competition/cup/rebalance', {
        weights: `${FUND_SAMPLES.stock}:6000,${FUND_SAMPLES.bond}:3000`,
        request_id: newRequestId(),
      }),
    );
    assert.equal(placed.trade_date, '2025-03-04');
    const realBefore = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();

    await advance(t, 1); // 2025-03-05: NAV of 03-04 published, the rebalance applied
    const pos = ok(await get<CompetitionPosition>(t, alice, '/djapi/activity/competition/cup/position'));
    // Independently: 600,000.00 and 300,000.00 bought at NAV(03-04) with each fund's fee.
    const fees = async (code: string) => {
      const rows = await t.db.kysely
        .selectFrom('fund_fee')
        .select(['rate', 'lower_bound', 'upper_bound'])
        .where('fund_code', '=', code)
        .where('kind', '=', 'declare')
        .execute();
      const f = await t.db.kysely.selectFrom('fund').select('declare_discount').where('code', '=', code).executeTakeFirstOrThrow();
      const nav = await t.db.kysely
        .selectFrom('fund_nav')
        .select('nav')
        .where('fund_code', '=', code)
        .where('date', '=', '2025-03-04')
        .executeTakeFirstOrThrow();
      return { rows, discount: f.declare_discount, nav: nav.nav };
    };
    let cash = 100_000_000;
    const expected: Array<{ code: string; volume: number; nav: string }> = [];
    for (const [code, amount] of [
      [FUND_SAMPLES.stock, 60_000_000],
      [FUND_SAMPLES.bond, 30_000_000],
    ] as const) {
      const { rows, discount, nav } = await fees(code);
      const bracket = rows.find((r) => Number(r.lower_bound) <= amount && (r.upper_bound === null || amount < Number(r.upper_bound)));
      const fee = bracket?.rate === null ? 0 : netFee(amount, discounted(ppm(bracket?.rate ?? '0'), discount));
      const volume = mulDivHalfUp(amount - fee, 10_000, Number(nav.replace('.', '')));
      cash -= amount;
      expected.push({ code, volume, nav });
    }
    assert.equal(pos.cash, fenToYuan(cash));
    assert.deepEqual(
      pos.positions.map((p) => [p.fd_code, p.volume]),
      expected.map((e) => [e.code, fenToYuan(e.volume)]).sort(),
    );
    const value0305 = cash + expected.reduce((s, e) => s + valueFen(e.volume, e.nav), 0);
    assert.deepEqual(pos.navs.at(-1)?.value, fenToYuan(value0305));
    assert.ok(value0305 < 100_000_000, 'fees were paid');

    // Ranked by value, names masked; virtual trading moved no real money.
    const rank = ok(await get<CompetitionRanking>(t, bob, '/djapi/activity/competition/cup/rank'));
    assert.deepEqual(
      rank.items.map((i) => [i.rank, i.name, i.mine]),
      value0305 < 100_000_000
        ? [
            [1, '139****2222', true],
            [2, '138****1111', false],
          ]
        : [],
    );
    const realAfter = await t.db.kysely
      .selectFrom('ledger_transfers')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(realAfter.n, realBefore.n);

    await advance(t, 4); // 2025-03-09: the contest (last day 03-07) is over; its ranking is frozen
    const final = ok(await get<CompetitionRanking>(t, null, '/djapi/activity/competition/cup/rank'));
    assert.equal(final.final, true);
    assert.equal(final.date, '2025-03-08');
    const late = await post(t, alice, '/djapi/activity/competition/cup/rebalance', {
      weights: `${FUND_SAMPLES.stock}:5000`,
      request_id: newRequestId(),
    });
    assert.equal(late.body.result_code, 420002);
    await advance(t, 3);
    const still = ok(await get<CompetitionRanking>(t, null, '/djapi/activity/competition/cup/rank'));
    assert.deepEqual(still, final);
    const page = ok(await get<CompetitionPage>(t, alice, '/djapi/activity/competition/cup'));
    assert.equal(page.final, true);
    assert.equal(page.me?.joined, true);
  });
});
