// The ledger module (server/src/ledger): the chart refuses what it does not define, a repeated ref has one answer
// whichever way it is posted (TypeScript or set-based SQL), a product adds its own accounts without touching the
// core, and the invariants find what is wrong.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import {
  BANK,
  CNY,
  defineAccountKind,
  defineTransferKind,
  FEE,
  LOT,
  parseAccount,
  PURCHASE,
  PURCHASE_FEE,
  PURCHASE_PAYMENT,
  REGISTRAR,
  SHARE_ISSUE,
  sharesOf,
} from '../../server/src/ledger/chart';
import { checkLedger } from '../../server/src/ledger/check';
import {
  LedgerError,
  LedgerRefConflict,
  newTransfersStatement,
  post,
  postFrom,
  transfer,
  type Transfer,
} from '../../server/src/ledger/post';
import { createTestDatabase } from './helpers';
import type { Database } from '../../server/src/db/database';

// A product's own accounts, defined here as a product module would: nothing in server/src/ledger changes.
const MARKETING = defineAccountKind({
  name: 'test_marketing',
  key: 'none',
  asset: 'money',
  normal: 'any',
  product: 'activities (test)',
  meaning: "the platform's marketing budget: pays the fee discount of a coupon",
});
const COUPON_DISCOUNT = defineTransferKind({
  name: 'test_coupon_discount',
  asset: 'money',
  debit: [MARKETING],
  credit: [PURCHASE],
  product: 'activities (test)',
  meaning: "a coupon pays part of a purchase's fee",
});

let db: Database;
let drop: () => Promise<void>;
const USER = 7;
const DAY = '2025-03-04';

const pay = (ref: string, amount: number, fund = '000001'): Transfer =>
  transfer(PURCHASE_PAYMENT, {
    user_id: USER,
    ref,
    asset: CNY,
    debit_account: BANK.at(),
    credit_account: PURCHASE.at(fund),
    amount_hundredths: amount,
    order_id: 1,
    business_date: DAY,
  });

async function rows(ref: string) {
  return (await sql<{ amount: number }>`SELECT amount FROM ledger_transfers WHERE user_id = ${USER} AND ref = ${ref}`.execute(db.kysely))
    .rows;
}

before(async () => {
  ({ db, drop } = await createTestDatabase());
  await sql`INSERT INTO users (id, telephone, open_trade, created_at) VALUES (${USER}, '13800000007', true, now())`.execute(db.kysely);
});
after(() => drop());

describe('the chart', () => {
  test('names accounts by kind and key, and reads them back', () => {
    assert.equal(PURCHASE.at('000001'), 'purchase:000001');
    assert.equal(LOT.at(100000042), 'lot:100000042');
    assert.equal(BANK.at(), 'bank');
    assert.throws(() => PURCHASE.at('1'), /not a fund key/);
    assert.throws(() => BANK.at('x'), /takes no key/);
    assert.equal(parseAccount('registrar:009015')?.kind, REGISTRAR);
    assert.equal(parseAccount('lot:0'), null);
    assert.equal(parseAccount('nowhere:1'), null);
  });

  test('refuses a second kind of the same name, and a transfer kind over accounts of another asset', () => {
    assert.throws(() => defineAccountKind({ ...MARKETING }), /defined twice/);
    assert.throws(
      () => defineTransferKind({ name: 'test_bad', asset: 'shares', debit: [REGISTRAR], credit: [FEE], product: 'test', meaning: 'x' }),
      /holds money/,
    );
  });

  test('post refuses what the chart does not allow, and writes nothing', async () => {
    const refused: Array<[Partial<Transfer>, RegExp]> = [
      [{ kind: 'no_such_kind' }, /unknown transfer kind/],
      [{ credit_account: FEE.at('000001') }, /may not credit a 'fee' account/],
      [{ debit_account: 'bank:1' }, /not in the chart/],
      [{ asset: sharesOf('000001') }, /asset F:000001/],
      [{ amount_hundredths: -5 }, /not a whole number/],
      [{ amount_hundredths: 1.5 }, /not a whole number/],
    ];
    for (const [change, why] of refused) {
      await assert.rejects(
        post(db.kysely, [{ ...pay('order:1:refused', 100), ...change }]),
        (e: unknown) => e instanceof LedgerError && why.test(e.message),
      );
    }
    // Shares of one fund between accounts of another.
    await assert.rejects(
      post(db.kysely, [
        transfer(SHARE_ISSUE, {
          user_id: USER,
          ref: 'order:1:shares',
          asset: sharesOf('000002'),
          debit_account: REGISTRAR.at('000001'),
          credit_account: LOT.at(1),
          amount_hundredths: 100,
          order_id: 1,
          business_date: DAY,
        }),
      ]),
      /another fund/,
    );
    await assert.rejects(post(db.kysely, [pay('order:1:twice', 1), pay('order:1:twice', 1)]), /same ref twice/);
    assert.deepEqual(await rows('order:1:refused'), []);
  });
});

describe('one policy for a repeated ref', () => {
  test('TypeScript: created, then exists (same fields), zero not written, other fields refused with nothing of the batch written', async () => {
    assert.deepEqual(await post(db.kysely, [pay('order:1:pay', 31_700), pay('order:1:zero', 0)]), [
      { result: 'created' },
      { result: 'zero_amount' },
    ]);
    assert.deepEqual(await post(db.kysely, [pay('order:1:pay', 31_700)]), [{ result: 'exists' }]);
    assert.deepEqual(await rows('order:1:zero'), []);
    await assert.rejects(
      db.kysely.transaction().execute((trx) => post(trx, [pay('order:2:pay', 500), pay('order:1:pay', 31_800, '000002')])),
      (e: unknown) =>
        e instanceof LedgerRefConflict &&
        e.conflicts.length === 1 &&
        e.conflicts[0]?.ref === 'order:1:pay' &&
        e.conflicts[0].fields.join() === 'credit_account,amount_hundredths',
    );
    assert.deepEqual(await rows('order:2:pay'), [], 'the batch rolled back with its transaction');
    assert.deepEqual(await rows('order:1:pay'), [{ amount: 31_700 }]);
  });

  test('set-based SQL: the same answers through the same statement', async () => {
    const source = (amount: number) => ({
      rows: sql`
        SELECT ${USER}::bigint AS user_id, 'order:3:' || g AS ref, ${sql.lit(PURCHASE_PAYMENT.name)} AS kind, ${sql.lit(CNY)} AS asset,
               ${BANK.sql()} AS debit_account, ${PURCHASE.sql(sql.lit('000001'))} AS credit_account, ${amount}::bigint AS amount_hundredths,
               3 AS order_id, ${DAY}::date AS business_date, g AS ord
        FROM generate_series(1, 3) g`,
    });
    assert.deepEqual(await postFrom(db.kysely, source(100)), { created: 3, exists: [] });
    const again = await postFrom(db.kysely, source(100));
    assert.equal(again.created, 0);
    assert.equal(again.exists.length, 3);
    await assert.rejects(postFrom(db.kysely, source(101)), (e: unknown) => e instanceof LedgerRefConflict && e.conflicts.length === 3);
  });

  test('a ref the statement cannot compare (a source naming it twice, or another transaction posting it meanwhile) is a conflict, nothing written', async () => {
    const twice = {
      rows: sql`
        SELECT ${USER}::bigint AS user_id, 'order:4:pay' AS ref, ${sql.lit(PURCHASE_PAYMENT.name)} AS kind, ${sql.lit(CNY)} AS asset,
               ${BANK.sql()} AS debit_account, ${PURCHASE.sql(sql.lit('000001'))} AS credit_account, (100 * g)::bigint AS amount_hundredths,
               4 AS order_id, ${DAY}::date AS business_date, g AS ord
        FROM generate_series(1, 2) g`,
    };
    await assert.rejects(
      db.kysely.transaction().execute((trx) => postFrom(trx, twice)),
      (e: unknown) =>
        e instanceof LedgerRefConflict &&
        e.conflicts[0]?.user_id === USER &&
        e.conflicts[0].ref === 'order:4:pay' &&
        e.conflicts[0].fields.join() === 'unverified',
    );
    assert.deepEqual(await rows('order:4:pay'), []);
  });

  test('new refs only (sent with a COMMIT, no answer read): written when new; any ref that exists fails the statement, the chart is checked first', async () => {
    await newTransfersStatement([pay('order:5:pay', 900), pay('order:5:zero', 0)], {
      with: sql`marked AS (SELECT 1)`,
    }).execute(db.kysely);
    assert.deepEqual(await rows('order:5:pay'), [{ amount: 900 }]);
    assert.deepEqual(await rows('order:5:zero'), []);
    // The same ref again — with the same fields, too: the primary key refuses it, and nothing of the statement is written.
    for (const again of [pay('order:5:pay', 900), pay('order:5:pay', 901)])
      await assert.rejects(newTransfersStatement([pay('order:6:pay', 100), again]).execute(db.kysely), /duplicate key/);
    assert.deepEqual(await rows('order:6:pay'), []);
    assert.deepEqual(await rows('order:5:pay'), [{ amount: 900 }]);
    // What the chart refuses never reaches the database.
    assert.throws(() => newTransfersStatement([{ ...pay('order:7:pay', 100), credit_account: BANK.at() }]), LedgerError);
    assert.throws(() => newTransfersStatement([pay('order:7:pay', 100), pay('order:7:pay', 100)]), LedgerError);
  });
});

describe('a product posts through the core and its accounts are checked', () => {
  test("a coupon's discount from the marketing account: posted and balanced", async () => {
    const results = await post(db.kysely, [
      transfer(COUPON_DISCOUNT, {
        user_id: USER,
        ref: 'order:4:coupon',
        asset: CNY,
        debit_account: MARKETING.at(),
        credit_account: PURCHASE.at('000003'),
        amount_hundredths: 38,
        order_id: 4,
        business_date: DAY,
      }),
      transfer(PURCHASE_FEE, {
        user_id: USER,
        ref: 'order:4:fee',
        asset: CNY,
        debit_account: PURCHASE.at('000003'),
        credit_account: FEE.at('000003'),
        amount_hundredths: 38,
        order_id: 4,
        business_date: DAY,
      }),
    ]);
    assert.deepEqual(results, [{ result: 'created' }, { result: 'created' }]);
  });
});

describe('the invariants', () => {
  test('find money in transit with no paid order, a negative account, a lot that disagrees and a transfer outside the chart', async () => {
    const found = await checkLedger(db.kysely);
    const rules = (rule: string) => found.filter((v) => v.rule === rule).map((v) => v.detail);
    // order:1:pay, order:3:1–3 and order:5:pay sit in purchase:000001 with no paid order behind them.
    assert.deepEqual(rules('purchase'), [`user ${USER} purchase:000001: ledger 32900, paid purchases 0`]);
    await sql`
      INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date)
      VALUES (${USER}, 'bad:1', 'CNY', 'fee:000001', 'company:000001', 5, 'purchase_cost', NULL, ${DAY}),
             (${USER}, 'bad:2', ${sharesOf('000001')}, ${REGISTRAR.at('000001')}, 'lot:99', 100, 'share_issue', NULL, ${DAY})`.execute(
      db.kysely,
    );
    const after = await checkLedger(db.kysely);
    const details = after.map((v) => `${v.rule}: ${v.detail}`);
    assert.ok(
      details.some((d) => d.startsWith("chart: 1 transfer(s) 'purchase_cost' money fee → company")),
      details.join('\n'),
    );
    assert.ok(details.includes(`sign: user ${USER} fee:000001 CNY = -5`), details.join('\n'));
    assert.ok(details.includes(`lot: user ${USER} lot:99: ledger F:000001 100, lot none`), details.join('\n'));
    assert.deepEqual(await checkLedger(db.kysely, { userId: USER + 1 }), []);
  });
});

describe('the open orders the settlement reads', () => {
  const U = USER + 1;
  const open = async () =>
    (
      await sql<{ id: number; status: string; confirm_date: string }>`
        SELECT id, status, confirm_date::text AS confirm_date FROM orders_open WHERE user_id = ${U} ORDER BY id`.execute(db.kysely)
    ).rows.map((r) => `${r.id} ${r.status} ${r.confirm_date}`);
  test('are kept equal to the paid and submitted orders by whatever writes them, and the check finds a difference', async () => {
    await sql`INSERT INTO users (id, telephone, open_trade, created_at) VALUES (${U}, '13800000008', true, now())`.execute(db.kysely);
    const order = (id: number, action: string, status: string) =>
      sql`(${U}, ${id}, ${`r${id}`}, 'h', '000001', ${action}, ${status}, 'bankcard', 1000, 0, ${DAY}, '2025-03-05', '2025-03-06', now(), now())`;
    await sql`
      INSERT INTO orders (user_id, id, request_id, request_hash, fund_code, action, status, pay_method, amount_fen, fee_fen, trade_date, confirm_date, query_date, created_at, updated_at)
      VALUES ${order(901, '022', 'paid')}, ${order(902, '024', 'submitted')}, ${order(903, '022', 'failed')}, ${order(904, '022', 'paid')}`.execute(
      db.kysely,
    );
    assert.deepEqual(await open(), ['901 paid 2025-03-05', '902 submitted 2025-03-05', '904 paid 2025-03-05']);
    // Confirmed, re-dated, and a change of another column: the list follows in one statement each.
    await sql`UPDATE orders SET status = 'confirmed' WHERE user_id = ${U} AND id = 901`.execute(db.kysely);
    await sql`UPDATE orders SET confirm_date = '2025-03-07' WHERE user_id = ${U} AND id = 902`.execute(db.kysely);
    await sql`UPDATE orders SET updated_at = now() WHERE user_id = ${U}`.execute(db.kysely);
    assert.deepEqual(await open(), ['902 submitted 2025-03-07', '904 paid 2025-03-05']);
    await sql`DELETE FROM orders WHERE user_id = ${U} AND id = 904`.execute(db.kysely);
    assert.deepEqual(await open(), ['902 submitted 2025-03-07']);
    assert.deepEqual(
      (await checkLedger(db.kysely, { userId: U })).filter((v) => v.rule === 'open'),
      [],
    );
    // Written around the triggers: the check names both sides.
    await sql`ALTER TABLE orders DISABLE TRIGGER orders_open_update`.execute(db.kysely);
    await sql`UPDATE orders SET status = 'cancelled' WHERE user_id = ${U} AND id = 902`.execute(db.kysely);
    await sql`ALTER TABLE orders ENABLE TRIGGER orders_open_update`.execute(db.kysely);
    assert.deepEqual(
      (await checkLedger(db.kysely, { userId: U })).filter((v) => v.rule === 'open').map((v) => v.detail),
      [`user ${U} order 902: not open, listed open submitted 024 000001 2025-03-04 2025-03-07`],
    );
  });
});
