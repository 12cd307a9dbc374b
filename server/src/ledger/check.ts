// The ledger's invariants, checked after every settlement run (jobs/settle-trades.ts) and by the tests after every
// step. By construction (ledger_transfers: one asset, one debit and one credit account, an amount > 0 each) every
// asset sums to zero over all accounts; what is checked is what construction cannot guarantee:
// 1. chart: every transfer is of a kind the chart defines, in its asset, between account kinds it allows (a fund's
//    shares between accounts of that fund). With it, "money paid in = confirmed cost + fees + refunds + money in
//    transit" and "proceeds = paid out + in transit" are identities: only those kinds touch those accounts;
// 2. sign: no account leaves its normal side (chart.ts NormalBalance): nothing held is negative, the advance is
//    never owed to the investor;
// 3. the ledger equals the records, account by account: a lot's balance its shares; a fund's `selling` the shares
//    of the pending redemptions' parts; a fund's `purchase` the paid, unconfirmed purchases; a fund's `proceeds`
//    the confirmed, unsettled redemptions' net; the `advance` minus the shares of the unsettled redemptions behind
//    it (快速取现, purchases paid with 现金宝: NAV 1.00, no fee); the `marketing` account (issue 25,
//    services/activity-ledger.ts) minus the coupon discounts of the confirmed purchases;
// 4. the personal pension (issue 24, pensionStatement): contributions posted equal the contribution records and stay
//    ≤ 12,000.00 per investor and calendar year; the withdrawals' tax and payout equal their records; and the loop is
//    closed — money between the card, the advance or the pension account and an account of a fund moves to or from
//    the pension account exactly when the fund is a Y class;
// 5. the open orders the settlement reads (`orders_open`, kept by triggers: migrations/0016_open_orders.sql) are
//    exactly the orders paid or submitted, with their action, fund and dates.
//
// Set-based and chunked: investors are taken in ranges of user ids, and one statement per range aggregates its
// transfers and compares them with its lots and orders, answering only what is wrong. Ranges run two at a time
// (PostgreSQL: two connections; PGlite queues them).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import { eachConcurrently } from '../db/concurrently';
import { PENSION_ANNUAL_CAP_FEN } from '../../../src/lib/pension-rules';
import { chart, accountKind, transferKind } from './chart';

export interface LedgerViolation {
  rule: 'chart' | 'sign' | 'lot' | 'selling' | 'purchase' | 'proceeds' | 'advance' | 'marketing' | 'pension' | 'open';
  detail: string;
}

export interface CheckOptions {
  /** One investor only. */
  userId?: number;
  /** Investors per statement (default 2,000). */
  usersPerChunk?: number;
  /** Statements at once (default 2). */
  parallel?: number;
  /** At most this many violations of each rule per range (default 20). */
  limit?: number;
}

interface ChartRow {
  kind: string;
  asset_class: string;
  debit_kind: string;
  credit_kind: string;
  transfers: string;
  key_mismatch: string;
  example: string;
}

interface ViolationRow {
  rule: LedgerViolation['rule'];
  detail: string;
}

/** The ranges (lo, hi] of user ids, about `size` investors each, covering every id. */
async function userRanges(db: Kysely<DB>, size: number): Promise<Array<[number, number]>> {
  const bounds = (
    await sql<{ id: number }>`
      SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) u WHERE n % ${size} = 0 ORDER BY id`.execute(db)
  ).rows.map((r) => Number(r.id));
  const ranges: Array<[number, number]> = [];
  let lo = 0;
  for (const hi of bounds) {
    ranges.push([lo, hi]);
    lo = hi;
  }
  ranges.push([lo, Number.MAX_SAFE_INTEGER]);
  return ranges;
}

function kindsWith(normal: 'credit' | 'debit' | 'any'): string[] {
  return chart()
    .accounts.filter((k) => k.normal === normal)
    .map((k) => k.name);
}

/** What the chart allows: the kind's asset and its accounts' kinds, per transfer kind and pair of account kinds. */
function chartViolations(rows: ChartRow[]): LedgerViolation[] {
  const out: LedgerViolation[] = [];
  for (const r of rows) {
    const kind = transferKind(r.kind);
    const where = `${r.transfers} transfer(s) '${r.kind}' ${r.asset_class} ${r.debit_kind} → ${r.credit_kind} (e.g. ${r.example})`;
    if (!kind) out.push({ rule: 'chart', detail: `${where}: unknown transfer kind` });
    else if (kind.asset !== r.asset_class) out.push({ rule: 'chart', detail: `${where}: the kind moves ${kind.asset}` });
    else if (!kind.debit.some((k) => k.name === r.debit_kind) || !kind.credit.some((k) => k.name === r.credit_kind))
      out.push({ rule: 'chart', detail: `${where}: accounts the kind may not touch` });
    else if (!accountKind(r.debit_kind) || !accountKind(r.credit_kind))
      out.push({ rule: 'chart', detail: `${where}: unknown account kind` });
    if (Number(r.key_mismatch) > 0) out.push({ rule: 'chart', detail: `${where}: ${r.key_mismatch} between accounts of another fund` });
  }
  return out;
}

/**
 * One range's transfers by kind, asset class and pair of account kinds (a handful of rows). Per transfer only what
 * grouping needs (the accounts' kinds; the fund key only of shares): the asset's class is derived per group, and the
 * example named is the group's first transfer id (its ref is read only when the group is a violation).
 */
export function chartStatement(range: RawBuilder<boolean>, fundKeyedShares: string[]) {
  const mismatch = (account: string) =>
    sql`(${sql.ref(account)} <> split_part(${sql.ref(account)}, ':', 1) || ':' || substr(asset, 3) AND split_part(${sql.ref(account)}, ':', 1) = ANY(${fundKeyedShares}::text[]))`;
  return sql<ChartRow>`
    SELECT kind, CASE WHEN asset = 'CNY' THEN 'money' WHEN asset ~ '^F:[0-9]{6}$' THEN 'shares' ELSE asset END AS asset_class,
           debit_kind, credit_kind, sum(n)::text AS transfers, sum(key_mismatch)::text AS key_mismatch, min(example_id)::text AS example
    FROM (
      SELECT kind, asset, split_part(debit_account, ':', 1) AS debit_kind, split_part(credit_account, ':', 1) AS credit_kind, count(*) AS n,
             count(*) FILTER (WHERE asset <> 'CNY' AND (${mismatch('debit_account')} OR ${mismatch('credit_account')})) AS key_mismatch,
             min(id) AS example_id
      FROM ledger_transfers WHERE ${range}
      GROUP BY 1, 2, 3, 4
    ) g
    GROUP BY 1, 2, 3, 4`;
}

/** One range's balances against its records: only the accounts that disagree (at most `limit` per rule). */
function balanceStatement(range: RawBuilder<boolean>, rangeOf: (alias: string) => RawBuilder<boolean>, limit: number) {
  return sql<ViolationRow>`
    WITH legs AS (
      SELECT user_id, credit_account AS account, asset, amount FROM ledger_transfers WHERE ${range}
      UNION ALL
      SELECT user_id, debit_account, asset, -amount FROM ledger_transfers WHERE ${range}
    ),
    bal AS MATERIALIZED (
      SELECT user_id, account, split_part(account, ':', 1) AS kind, asset, sum(amount) AS balance FROM legs
      WHERE split_part(account, ':', 1) <> ALL(${kindsWith('any')}::text[])
      GROUP BY user_id, account, asset
    ),
    sign AS (
      SELECT 'sign'::text AS rule, 'user ' || user_id || ' ' || account || ' ' || asset || ' = ' || balance AS detail FROM bal
      WHERE (kind = ANY(${kindsWith('credit')}::text[]) AND balance < 0) OR (kind = ANY(${kindsWith('debit')}::text[]) AND balance > 0)
      LIMIT ${limit}
    ),
    lot AS (
      SELECT 'lot'::text AS rule, 'user ' || coalesce(b.user_id, l.user_id) || ' ' || coalesce(b.account, l.account) || ': ledger '
             || coalesce(b.asset || ' ' || b.balance, '0') || ', lot ' || coalesce(l.asset || ' ' || l.volume, 'none') AS detail
      FROM (SELECT * FROM bal WHERE kind = 'lot') b
      FULL JOIN (SELECT user_id, 'lot:' || id AS account, 'F:' || fund_code AS asset, volume FROM lots l WHERE ${rangeOf('l')}) l
        ON l.user_id = b.user_id AND l.account = b.account
      WHERE b.balance IS DISTINCT FROM l.volume AND NOT (b.user_id IS NULL AND l.volume = 0) OR b.asset <> l.asset
      LIMIT ${limit}
    ),
    selling AS (
      SELECT 'selling'::text AS rule, 'user ' || coalesce(b.user_id, f.user_id) || ' ' || coalesce(b.account, f.account) || ': ledger '
             || coalesce(b.balance, 0) || ', pending redemptions ' || coalesce(f.volume, 0) AS detail
      FROM (SELECT * FROM bal WHERE kind = 'selling') b
      FULL JOIN (
        SELECT o.user_id, 'selling:' || o.fund_code AS account, sum(ol.volume) AS volume
        FROM orders o JOIN order_lots ol ON ol.user_id = o.user_id AND ol.order_id = o.id
        WHERE o.status = 'submitted' AND o.action = '024' AND ${rangeOf('o')}
        GROUP BY 1, 2
      ) f ON f.user_id = b.user_id AND f.account = b.account
      WHERE coalesce(b.balance, 0) <> coalesce(f.volume, 0)
      LIMIT ${limit}
    ),
    purchase AS (
      SELECT 'purchase'::text AS rule, 'user ' || coalesce(b.user_id, p.user_id) || ' ' || coalesce(b.account, p.account) || ': ledger '
             || coalesce(b.balance, 0) || ', paid purchases ' || coalesce(p.amount, 0) AS detail
      FROM (SELECT * FROM bal WHERE kind = 'purchase') b
      FULL JOIN (
        SELECT user_id, 'purchase:' || fund_code AS account, sum(amount_fen) AS amount FROM orders o
        WHERE status = 'paid' AND ${rangeOf('o')} GROUP BY 1, 2
      ) p ON p.user_id = b.user_id AND p.account = b.account
      WHERE coalesce(b.balance, 0) <> coalesce(p.amount, 0)
      LIMIT ${limit}
    ),
    proceeds AS (
      SELECT 'proceeds'::text AS rule, 'user ' || coalesce(b.user_id, p.user_id) || ' ' || coalesce(b.account, p.account) || ': ledger '
             || coalesce(b.balance, 0) || ', confirmed redemptions not paid out ' || coalesce(p.amount, 0) AS detail
      FROM (SELECT * FROM bal WHERE kind = 'proceeds') b
      FULL JOIN (
        SELECT user_id, 'proceeds:' || fund_code AS account, sum(confirm_amount_fen - fee_fen) AS amount FROM orders o
        WHERE action = '024' AND status = 'confirmed' AND settled_at IS NULL AND ${rangeOf('o')} GROUP BY 1, 2
      ) p ON p.user_id = b.user_id AND p.account = b.account
      WHERE coalesce(b.balance, 0) <> coalesce(p.amount, 0)
      LIMIT ${limit}
    ),
    advance AS (
      SELECT 'advance'::text AS rule, 'user ' || coalesce(b.user_id, o.user_id) || ': advance ' || coalesce(b.balance, 0)
             || ', owed by redemptions ' || coalesce(o.owed, 0) AS detail
      FROM (SELECT * FROM bal WHERE kind = 'advance') b
      FULL JOIN (
        SELECT user_id, sum(volume) AS owed FROM orders o
        WHERE action = '024' AND sell_mode IN ('quick', 'pay') AND status IN ('submitted', 'confirmed') AND settled_at IS NULL AND ${rangeOf('o')}
        GROUP BY 1
      ) o ON o.user_id = b.user_id
      WHERE -coalesce(b.balance, 0) <> coalesce(o.owed, 0)
      LIMIT ${limit}
    ),
    marketing AS (
      SELECT 'marketing'::text AS rule, 'user ' || coalesce(b.user_id, o.user_id) || ': marketing ' || coalesce(b.balance, 0)
             || ', coupon discounts ' || coalesce(o.discounts, 0) AS detail
      FROM (SELECT * FROM bal WHERE kind = 'marketing') b
      FULL JOIN (
        SELECT user_id, sum(coupon_discount_fen) AS discounts FROM orders o
        WHERE status = 'confirmed' AND coupon_discount_fen > 0 AND ${rangeOf('o')}
        GROUP BY 1
      ) o ON o.user_id = b.user_id
      WHERE -coalesce(b.balance, 0) <> coalesce(o.discounts, 0)
      LIMIT ${limit}
    ),
    open_orders AS (
      SELECT 'open'::text AS rule, 'user ' || coalesce(o.user_id, q.user_id) || ' order ' || coalesce(o.id, q.id) || ': '
             || coalesce(o.status || ' ' || o.action || ' ' || o.fund_code || ' ' || o.trade_date || ' ' || o.confirm_date, 'not open')
             || ', listed open ' || coalesce(q.status || ' ' || q.action || ' ' || q.fund_code || ' ' || q.trade_date || ' ' || q.confirm_date, 'no') AS detail
      FROM (SELECT * FROM orders o WHERE o.status IN ('paid', 'submitted') AND ${rangeOf('o')}) o
      FULL JOIN (SELECT * FROM orders_open q WHERE ${rangeOf('q')}) q ON q.user_id = o.user_id AND q.id = o.id
      WHERE (o.status, o.action, o.fund_code, o.trade_date, o.confirm_date) IS DISTINCT FROM (q.status, q.action, q.fund_code, q.trade_date, q.confirm_date)
      LIMIT ${limit}
    )
    SELECT * FROM sign UNION ALL SELECT * FROM lot UNION ALL SELECT * FROM selling UNION ALL SELECT * FROM purchase
    UNION ALL SELECT * FROM proceeds UNION ALL SELECT * FROM advance UNION ALL SELECT * FROM marketing UNION ALL SELECT * FROM open_orders`;
}

/** One range's pension rules (4. above): only what is wrong, at most `limit` rows. */
function pensionStatement(range: RawBuilder<boolean>, rangeOf: (alias: string) => RawBuilder<boolean>, limit: number) {
  return sql<ViolationRow>`
    WITH posted AS (
      SELECT user_id, extract(year FROM business_date)::int AS year,
             sum(amount) FILTER (WHERE kind = 'pension_contribution') AS contributed,
             sum(amount) FILTER (WHERE kind = 'pension_tax') AS tax,
             sum(amount) FILTER (WHERE kind = 'pension_payout') AS paid
      FROM ledger_transfers WHERE ${range} AND kind IN ('pension_contribution', 'pension_tax', 'pension_payout')
      GROUP BY 1, 2
    ),
    recorded AS (
      SELECT user_id, year, sum(contributed) AS contributed, sum(tax) AS tax, sum(paid) AS paid FROM (
        SELECT user_id, year, amount_fen AS contributed, 0 AS tax, 0 AS paid FROM pension_contributions c WHERE ${rangeOf('c')}
        UNION ALL
        SELECT user_id, extract(year FROM business_date)::int, 0, tax_fen, net_fen FROM pension_withdrawals w WHERE ${rangeOf('w')}
      ) r GROUP BY 1, 2
    ),
    records AS (
      SELECT 'pension'::text AS rule, 'user ' || coalesce(p.user_id, r.user_id) || ' year ' || coalesce(p.year, r.year)
             || ': ledger contributed/tax/paid ' || coalesce(p.contributed, 0) || '/' || coalesce(p.tax, 0) || '/' || coalesce(p.paid, 0)
             || ', records ' || coalesce(r.contributed, 0) || '/' || coalesce(r.tax, 0) || '/' || coalesce(r.paid, 0) AS detail
      FROM posted p FULL JOIN recorded r ON r.user_id = p.user_id AND r.year = p.year
      WHERE coalesce(p.contributed, 0) <> coalesce(r.contributed, 0) OR coalesce(p.tax, 0) <> coalesce(r.tax, 0)
         OR coalesce(p.paid, 0) <> coalesce(r.paid, 0)
      LIMIT ${limit}
    ),
    cap AS (
      SELECT 'pension'::text AS rule, 'user ' || user_id || ' year ' || year || ': contributed ' || contributed || ' > cap ${sql.raw(String(PENSION_ANNUAL_CAP_FEN))}' AS detail
      FROM posted WHERE contributed > ${PENSION_ANNUAL_CAP_FEN}
      LIMIT ${limit}
    ),
    loop AS (
      SELECT 'pension'::text AS rule, 'user ' || t.user_id || ' ' || t.ref || ' ' || t.debit_account || ' → ' || t.credit_account
             || ': the pension account and the Y classes only trade with each other' AS detail
      FROM (
        SELECT user_id, ref, debit_account, credit_account,
               CASE WHEN split_part(debit_account, ':', 1) IN ('bank', 'advance', 'pension') THEN debit_account ELSE credit_account END AS own,
               CASE WHEN split_part(debit_account, ':', 1) IN ('bank', 'advance', 'pension') THEN credit_account ELSE debit_account END AS fund_side
        FROM ledger_transfers WHERE ${range} AND asset = 'CNY'
          AND ((split_part(debit_account, ':', 1) IN ('bank', 'advance', 'pension') AND split_part(credit_account, ':', 1) IN ('purchase', 'proceeds', 'company'))
            OR (split_part(credit_account, ':', 1) IN ('bank', 'advance', 'pension') AND split_part(debit_account, ':', 1) IN ('purchase', 'proceeds', 'company')))
      ) t JOIN fund f ON f.code = split_part(t.fund_side, ':', 2)
      WHERE (t.own = 'pension') <> (f.share_class IS NOT DISTINCT FROM 'Y')
      LIMIT ${limit}
    )
    SELECT * FROM records UNION ALL SELECT * FROM cap UNION ALL SELECT * FROM loop`;
}

/** The ledger's invariants: every violation found (an empty list when the ledger is sound). */
export async function checkLedger(db: Kysely<DB>, opts: CheckOptions = {}): Promise<LedgerViolation[]> {
  const limit = opts.limit ?? 20;
  const ranges: Array<[number, number]> =
    opts.userId === undefined ? await userRanges(db, opts.usersPerChunk ?? 2_000) : [[opts.userId - 1, opts.userId]];
  const fundKeyedShares = chart()
    .accounts.filter((k) => k.key === 'fund' && k.asset === 'shares')
    .map((k) => k.name);
  const found: LedgerViolation[][] = ranges.map(() => []);
  await eachConcurrently(
    ranges.map((r, i) => [r, i] as const),
    Math.max(1, opts.parallel ?? 2),
    async ([[lo, hi], i]) => {
      const rangeOf = (alias: string) => sql<boolean>`${sql.ref(`${alias}.user_id`)} > ${lo} AND ${sql.ref(`${alias}.user_id`)} <= ${hi}`;
      const range = sql<boolean>`user_id > ${lo} AND user_id <= ${hi}`;
      // A range's aggregates stay in memory rather than spill (PostgreSQL's default work_mem is 4 MB).
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
        // Every table is read by its user_id index for the range only: a range is ~1/n of the rows, where the planner
        // would otherwise scan all of lots for each range (quadratic in the investors: 11 ranges read 11 M lots at
        // 1,000,000 orders). bench/ledger-check.mjs.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        // …which adds 10^10 to a plan's cost wherever a table is small enough to scan, far past jit_above_cost: each of
        // the range's three statements would then be JIT-compiled (~0.4 s of CPU each, measured on PostgreSQL 15) to
        // run in a millisecond. The statements read a range's rows by index: compiling them never pays.
        await sql`SET LOCAL jit = off`.execute(trx);
        // The ranges already run `parallel` at a time, one per core: parallel workers per range would only contend.
        await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(trx);
        const rows = (await chartStatement(range, fundKeyedShares).execute(trx)).rows;
        // The example of each violating group: its first transfer, by id (rare: read only then).
        const wrong = chartViolations(rows).length > 0;
        if (wrong)
          for (const r of rows) {
            const t = await sql<{ ref: string; user_id: number }>`
              SELECT ref, user_id FROM ledger_transfers WHERE ${range} AND id = ${Number(r.example)}`.execute(trx);
            if (t.rows[0]) r.example = `${t.rows[0].ref} of user ${t.rows[0].user_id}`;
          }
        const balances = (await balanceStatement(range, rangeOf, limit).execute(trx)).rows;
        const pension = (await pensionStatement(range, rangeOf, limit).execute(trx)).rows;
        (found[i] as LedgerViolation[]).push(...chartViolations(rows), ...balances, ...pension);
      });
    },
  );
  // Chart rows of different ranges describe the same transfer kinds: one message per kind and pair is enough.
  const seen = new Set<string>();
  return found.flat().filter((v) => {
    if (v.rule !== 'chart') return true;
    const key = v.detail.replace(/^\d+ transfer\(s\) /, '').replace(/ \(e\.g\. .*?\):/, ':');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
