// The settlement at scale (issue 22 §1): a day with more money-market holders than one statement of one row per
// holder can carry (PostgreSQL refuses a statement past 65,535 bind parameters: ~9,000 rows of 7 columns). The
// holders are made with SQL (generate_series), the day is settled, and every holder's income is checked against
// an independent BigInt computation, then the ledger's invariants. 40,000 holders on PostgreSQL; on PGlite (one
// WASM process, slower) 12,000, still past the old statement's limit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { dailyIncomeFen } from '../../src/lib/cash-rules';
import type { Database } from '../../server/src/db/database';
import { checkLedger } from '../../server/src/ledger/check';
import { dailyIncomeSql, settleTrades } from '../../server/src/services/settlement';
import { CASH_FUND_CODE } from '../../server/src/services/trading';
import { divideHalfUp, units } from './exact';
import { createTestDatabase, testDatabaseKind } from './helpers';

const HOLDERS = testDatabaseKind() === 'postgres' ? 40_000 : 12_000;
/** Every third holder already has an income lot (the step adds to it; the others get a new one). */
const WITH_INCOME_LOT = 3;

/** An investor's shares (hundredths), from 0.01 to ~1,000,000 shares: the same formula as the SQL below. */
const volumeOf = (i: number) => ((i * 7_919) % 100_000_000) + 1;
const incomeLotOf = (i: number) => ((i * 104_729) % 5_000_000) + 1;

describe('settlement at scale', () => {
  let db: Database;
  let drop: () => Promise<void>;
  before(async () => {
    ({ db, drop } = await createTestDatabase({ market: { seed: 1, asOf: '2025-03-04' } }));
  });
  after(async () => drop());

  test(`a day with ${HOLDERS.toLocaleString('en')} money-market holders: each one's income exact, the ledger sound`, async () => {
    const k = db.kysely;
    // Three consecutive distribution days of the cash fund: lots confirmed on the first, income earned on the
    // second, settled on the third.
    const days = (
      await sql<{ date: string; per10k: string }>`
        SELECT date::text AS date, income_per_10k::text AS per10k FROM fund_nav
        WHERE fund_code = ${CASH_FUND_CODE} AND income_per_10k IS NOT NULL ORDER BY date DESC LIMIT 3`.execute(k)
    ).rows.reverse();
    assert.equal(days.length, 3, 'the market has the cash fund with its per-10k income');
    const [confirmed, earned, settle] = days as [(typeof days)[0], (typeof days)[0], (typeof days)[0]];

    await sql`INSERT INTO users (telephone, open_trade) SELECT '199' || lpad(i::text, 8, '0'), true FROM generate_series(1, ${HOLDERS}) AS i`.execute(
      k,
    );
    // Each holder: a lot of volumeOf(i) shares confirmed before the day; every third also an income lot. Their
    // ledger transfers (shares issued, income carried before) so that the ledger equals the lots.
    await sql`
      WITH u AS (SELECT id AS user_id, substr(telephone, 4)::int AS i FROM users WHERE telephone LIKE '199%'),
      l AS (
        SELECT user_id, nextval('order_id_seq') AS id, ((i::bigint * 7919) % 100000000) + 1 AS volume, false AS income FROM u
        UNION ALL
        SELECT user_id, nextval('order_id_seq'), ((i::bigint * 104729) % 5000000) + 1, true FROM u WHERE i % ${WITH_INCOME_LOT} = 0
      ),
      ins AS (
        INSERT INTO lots (user_id, id, fund_code, order_id, confirm_date, trade_date, volume_initial, volume, cost_initial_fen, cost_fen, income)
        SELECT user_id, id, ${CASH_FUND_CODE}, id, ${confirmed.date}::date, ${confirmed.date}::date, volume, volume, CASE WHEN income THEN 0 ELSE volume END,
               CASE WHEN income THEN 0 ELSE volume END, income FROM l
      )
      INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date)
      SELECT user_id, 'seed:' || id, 'F:' || ${CASH_FUND_CODE}, 'registrar:' || ${CASH_FUND_CODE}, 'lot:' || id, volume,
             CASE WHEN income THEN 'mmf_income' ELSE 'share_issue' END, CASE WHEN income THEN NULL ELSE id END, ${confirmed.date}::date FROM l`.execute(
      k,
    );

    const report = await settleTrades(db, settle.date as never, new Date(`${settle.date}T10:00:00Z`));

    // The oracle: shares × per-10k / 10^8, half up, in BigInt from the decimal text.
    const per10k = units(earned.per10k, 4);
    const expected = new Map<string, bigint>();
    const telephones = (await k.selectFrom('users').select(['id', 'telephone']).where('telephone', 'like', '199%').execute()).map((u) => ({
      id: String(u.id),
      i: Number(u.telephone.slice(3)),
    }));
    for (const { id, i } of telephones) {
      const shares = BigInt(volumeOf(i)) + (i % WITH_INCOME_LOT === 0 ? BigInt(incomeLotOf(i)) : 0n);
      const income = divideHalfUp(shares * per10k, 100_000_000n);
      if (income > 0n) expected.set(id, income);
    }
    const paid = (
      await sql<{ user_id: string; date: string; income_fen: string; lot_volume: string; lot_income: boolean }>`
        SELECT m.user_id::text, m.date::text, m.income_fen::text, l.volume::text AS lot_volume, l.income AS lot_income
        FROM mmf_income m JOIN lots l ON l.user_id = m.user_id AND l.id = m.lot_id
        JOIN users u ON u.id = m.user_id WHERE u.telephone LIKE '199%'`.execute(k)
    ).rows;
    assert.ok(expected.size > 9_362, 'more holders paid than a statement of 7 parameters per row could carry');
    assert.equal(report.income_rows, expected.size);
    assert.equal(paid.length, expected.size, 'one income row per holder earning at least a fen');
    let mismatches = 0;
    for (const p of paid) {
      assert.equal(p.date, earned.date);
      assert.ok(p.lot_income, 'the income goes to the income lot');
      if (BigInt(p.income_fen) !== expected.get(p.user_id)) mismatches += 1;
    }
    assert.equal(mismatches, 0, 'every holder earns shares × per-10k / 10,000, half up to the fen');
    // The income lots: the ones there before grew by the income, the new ones hold exactly it.
    const byUser = new Map(telephones.map((u) => [u.id, u.i]));
    for (const p of paid.slice(0, 2_000)) {
      const i = byUser.get(p.user_id) as number;
      const before = i % WITH_INCOME_LOT === 0 ? BigInt(incomeLotOf(i)) : 0n;
      assert.equal(BigInt(p.lot_volume), before + BigInt(p.income_fen));
    }
    assert.deepEqual(await checkLedger(k), []);

    // Settling the day again pays nothing twice.
    const again = await settleTrades(db, settle.date as never, new Date(`${settle.date}T11:00:00Z`));
    assert.equal(again.income_rows, 0);
    const count = await sql<{ n: string }>`SELECT count(*)::text AS n FROM mmf_income`.execute(k);
    assert.equal(Number(count.rows[0]?.n), expected.size);
  });

  test('the income in SQL (the set-based step) equals dailyIncomeFen, on random shares and per-10k figures', async () => {
    let state = 22;
    const next = (bound: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((state / 2_147_483_648) * bound);
    };
    const cases: Array<[number, number]> = [
      [5_000, 10_000], // exactly half a fen: up
      [4_999, 10_000],
      [1, 99_999_999],
      [100_000_000, 1],
    ];
    for (let n = 0; n < 2_000; n += 1) cases.push([next(2 ** 20) * next(2 ** 20) + next(100), next(1_000_000)]);
    const computed = (
      await sql<{ income: string }>`
        SELECT ${dailyIncomeSql(sql.ref('v'), sql.ref('u'))}::text AS income
        FROM unnest(${cases.map((c) => c[0])}::bigint[], ${cases.map((c) => c[1])}::int[]) WITH ORDINALITY AS c(v, u, n) ORDER BY n`.execute(
        db.kysely,
      )
    ).rows;
    assert.equal(computed.length, cases.length);
    for (const [i, [volume, per10k]] of cases.entries()) {
      assert.equal(Number((computed[i] as { income: string }).income), dailyIncomeFen(volume, per10k), `${volume} × ${per10k}`);
    }
  });
});
