// The order hot path's budget (issue 22 §3): POST /djapi/order/buy — the session, the checks once under the
// investor's lock, the order, the payment, the ledger transfer and the answer — in at most 6 SQL statements and one
// commit, counted statement by statement (BEGIN and COMMIT included) so it cannot grow back unnoticed. Also what the
// budget must not cost: the answer built from what was written equals the order read back, a wrong password commits
// its counted try and nothing else, and a former scrypt hash is migrated inside the same one commit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { checkLedger } from '../../server/src/ledger/check';
import { openDatabase } from '../../server/src/db/database';
import { legacyScryptHash } from '../../server/src/services/password-hash';
import { createTestApp, type TestApp } from './helpers';
import { countingDatabase, type StatementLog } from './statement-count';
import { buy, createInvestor, get, newRequestId, post, TRADE_PASSWORD, type Investor } from './trading-support';

const STOCK = FUND_SAMPLES.stock;
const BUDGET = 6;

/** A test app with the market whose app statements are counted, statement by statement. */
async function countedApp(): Promise<{ t: TestApp; log: StatementLog }> {
  let log: StatementLog | undefined;
  const t = await createTestApp({
    market: true,
    appDb: (db) => {
      const counted = countingDatabase(db);
      log = counted.log;
      return counted.db;
    },
  });
  return { t, log: log as StatementLog };
}

describe('POST /djapi/order/buy: the statement budget', () => {
  let t: TestApp;
  let log: StatementLog;
  before(async () => {
    ({ t, log } = await countedApp());
  });
  after(async () => t.close());

  it(`a purchase paid by card: ≤ ${BUDGET} statements, one commit, and its answer is the order as stored`, async () => {
    const investor = await createInvestor(t);
    await buy(t, investor, STOCK, '100.00'); // the first request of the app (connections, remote config) is not counted
    log.clear();
    const requestId = newRequestId();
    const res = await buy(t, investor, STOCK, '1000.00', { request_id: requestId });
    assert.equal(res.body.result_code, 0, JSON.stringify(res.body));
    const statements = [...log.statements];
    assert.ok(statements.length <= BUDGET, `${statements.length} statements:\n${statements.join('\n---\n')}`);
    assert.equal(log.commits(), 1, 'one commit');
    // BEGIN may travel with the locks and the read (db/database.ts transactionInOneTrip: one statement list, one trip).
    assert.equal(statements.filter((s) => /^\s*(\/\*[^*]*\*\/\s*)?begin\b/i.test(s)).length, 1, 'one transaction');
    // The answer was built from what was written; a replay reads the order back and answers the same.
    const replay = await buy(t, investor, STOCK, '1000.00', { request_id: requestId });
    assert.deepEqual(replay.body, res.body);
    const data = res.body.data as { order_id: string };
    const detail = await get<{ status: string }>(t, investor, `/djapi/fund/order/${data.order_id}`);
    assert.equal(detail.body.result_code, 0);
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });

  it('a wrong password: its try counted and committed, no order, no payment, no transfer', async () => {
    const investor = await createInvestor(t);
    await buy(t, investor, STOCK, '100.00');
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE user_id = ${investor.userId}`.execute(t.db.kysely);
    log.clear();
    const res = await buy(t, investor, STOCK, '100.00', { password: '000000' });
    assert.equal(res.body.result_code, 400051, JSON.stringify(res.body));
    assert.match(res.body.message, /4/);
    assert.equal(log.commits(), 1);
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE user_id = ${investor.userId}`.execute(t.db.kysely);
    assert.equal(after.rows[0]?.n, before.rows[0]?.n);
    const row = await t.db.kysely
      .selectFrom('trade_passwords')
      .select('failed_tries')
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    assert.equal(row.failed_tries, 1);
    // The right one afterwards restarts the count in the purchase's own write.
    assert.equal((await buy(t, investor, STOCK, '100.00')).body.result_code, 0);
    const reset = await t.db.kysely
      .selectFrom('trade_passwords')
      .select('failed_tries')
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    assert.equal(reset.failed_tries, 0);
  });

  it('a former scrypt hash is accepted and stored as HMAC by the purchase, in its one commit', async () => {
    const investor = await createInvestor(t);
    const legacy = await legacyScryptHash(TRADE_PASSWORD, { N: 16, r: 1, p: 1 });
    await t.db.kysely.updateTable('trade_passwords').set({ hash: legacy }).where('user_id', '=', investor.userId).execute();
    log.clear();
    const res = await buy(t, investor, STOCK, '100.00');
    assert.equal(res.body.result_code, 0, JSON.stringify(res.body));
    assert.equal(log.commits(), 1);
    const row = await t.db.kysely
      .selectFrom('trade_passwords')
      .select('hash')
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    assert.match(row.hash, /^hmac\$/);
    assert.equal((await buy(t, investor, STOCK, '100.00')).body.result_code, 0, 'the new form verifies');
  });
});

describe('POST /djapi/order/buy: investors at once share batches (db/batcher.ts)', () => {
  let t: TestApp;
  let log: StatementLog;
  before(async () => {
    ({ t, log } = await countedApp());
  });
  after(async () => t.close());

  it('each order is answered as it would be alone, written once, in fewer commits than orders; the ledger balances', async () => {
    const investors: Investor[] = [];
    for (let i = 0; i < 24; i += 1) investors.push(await createInvestor(t));
    // A first order each (connections, remote config), then everyone at once: ordinary orders, the same request id
    // sent twice at once, a wrong password, an amount under the minimum, an unknown fund and a declined card.
    assert.equal((await buy(t, await createInvestor(t), STOCK, '100.00')).body.result_code, 0);
    const [wrong, small, unknown, twice, ...ordinary] = investors;
    const twiceId = newRequestId();
    log.clear();
    assert.equal((await post(t, null, '/__dev/bank', { fail_next: '1' })).status, 200);
    const pending = {
      ordinary: ordinary.map((investor) => buy(t, investor, STOCK, '1000.00')),
      twice: [buy(t, twice!, STOCK, '500.00', { request_id: twiceId }), buy(t, twice!, STOCK, '500.00', { request_id: twiceId })],
      wrong: buy(t, wrong!, STOCK, '100.00', { password: '000000' }),
      small: buy(t, small!, STOCK, '0.01'),
      unknown: buy(t, unknown!, '999999', '100.00'),
    };
    const ordinaryAnswers = await Promise.all(pending.ordinary);
    const twiceAnswers = await Promise.all(pending.twice);
    const [wrongAnswer, smallAnswer, unknownAnswer] = await Promise.all([pending.wrong, pending.small, pending.unknown]);
    const placed = ordinaryAnswers.filter((a) => a.body.result_code === 0);
    // The card that fails next is one of the orders made at once (whichever the bank sees first): a failed order.
    const failed = ordinaryAnswers.filter((a) => a.body.result_code !== 0);
    assert.equal(failed.length, 1, JSON.stringify(failed.map((a) => a.body)));
    assert.match(String((failed[0]?.body.data as { order_id?: string }).order_id), /^\d+$/, JSON.stringify(failed[0]?.body));
    assert.equal(placed.length + failed.length, ordinary.length);
    // The same request id twice: one order, the same answer.
    assert.equal(twiceAnswers[0]?.body.result_code, 0, JSON.stringify(twiceAnswers[0]?.body));
    assert.deepEqual(twiceAnswers[1]?.body.data, twiceAnswers[0]?.body.data);
    assert.equal(wrongAnswer.body.result_code, 400051, JSON.stringify(wrongAnswer.body));
    assert.notEqual(smallAnswer.body.result_code, 0);
    assert.notEqual(unknownAnswer.body.result_code, 0);
    // Batches: the orders shared transactions.
    const orderCount = ordinary.length + 1;
    assert.ok(log.commits() < orderCount, `${log.commits()} commits for ${orderCount} orders`);
    // What was written: one order per answered request, none for the refusals; the wrong try counted.
    const rows = await sql<{ user_id: string; n: number; failed: number }>`
      SELECT user_id, count(*)::int AS n, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM orders
      WHERE user_id = ANY(${investors.map((i) => i.userId)}::bigint[]) GROUP BY user_id`.execute(t.db.kysely);
    const byUser = new Map(rows.rows.map((r) => [Number(r.user_id), r]));
    for (const investor of ordinary) assert.equal(byUser.get(investor.userId)?.n, 1, `investor ${investor.userId}`);
    assert.equal(byUser.get(twice!.userId)?.n, 1);
    assert.equal(
      rows.rows.reduce((n, r) => n + r.failed, 0),
      failed.length,
    );
    for (const investor of [wrong!, small!, unknown!]) assert.equal(byUser.get(investor.userId)?.n ?? 0, 0);
    const tries = await t.db.kysely
      .selectFrom('trade_passwords')
      .select('failed_tries')
      .where('user_id', '=', wrong!.userId)
      .executeTakeFirstOrThrow();
    assert.equal(tries.failed_tries, 1);
    // The card's day total is the sum of its payments made (what the daily limit is checked against).
    const days = await sql<{ mismatched: number }>`
      SELECT count(*)::int AS mismatched FROM bank_card_days d
      FULL JOIN (SELECT user_id, bank_card_id, day, sum(amount_fen) AS used FROM bank_payments WHERE ok GROUP BY 1, 2, 3) p
        USING (user_id, bank_card_id, day)
      WHERE d.used_fen IS DISTINCT FROM p.used`.execute(t.db.kysely);
    assert.equal(days.rows[0]?.mismatched, 0);
    assert.deepEqual(await checkLedger(t.db.kysely), []);
  });
});

describe('group commit on PostgreSQL (PG_COMMIT_DELAY_US)', () => {
  const url = process.env.TEST_DATABASE_URL;
  it('every pooled connection runs with the commit_delay asked for; a role that may not set it runs without', { skip: !url }, async () => {
    const db = await openDatabase({ databaseUrl: url as string, poolSize: 3, commitDelayUs: 150 });
    try {
      const shown = await Promise.all(
        Array.from({ length: 3 }, () => db.withConnection((c) => c.query<{ commit_delay: string }>('SHOW commit_delay'))),
      );
      for (const rows of shown) assert.equal(rows[0]?.commit_delay, '150');
      // Concurrent transactions commit and are all there (the delay only groups their WAL flushes).
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM generate_series(1, 3)`.execute(db.kysely);
      assert.equal(rows[0]?.n, 3);
      const superuser = await sql<{ s: boolean }>`SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user`.execute(db.kysely);
      assert.equal(db.commitDelay?.applied, superuser.rows[0]?.s === true);
    } finally {
      await db.close();
    }
  });
});
