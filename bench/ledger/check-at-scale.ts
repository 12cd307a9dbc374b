// checkLedger at scale (bench/ledger-check.mjs; issue 22 §2: "fast enough to run after every settlement at 1,000,000
// orders, ≤ 10 s"). On a private PostgreSQL schema, makes with SQL the ledger a day's settlement leaves behind N
// confirmed purchases — each order, its lot and its four transfers (card → purchase, purchase → fee, purchase → fund
// company, registrar → lot), 50 orders an investor over 50 funds — plus one investor in ten with a pending sale
// (selling) and one in ten with an unsettled confirmed one (proceeds), then times checkLedger and prints it.
//   node --import tsx bench/ledger/check-at-scale.ts <orders>[,<orders>…]
// Env: BENCH_DATABASE_URL, BENCH_KEEP_SCHEMA=<name> (reuse/keep that schema: the data is made once).
import { sql } from 'kysely';
import pg from 'pg';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { openDatabase } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { checkLedger } from '../../server/src/ledger/check';

const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PER_INVESTOR = 50;
const FUNDS = 50;

/** CPU seconds used so far by this run's PostgreSQL backends (application_name), from /proc; null when unreadable. */
async function backendCpuSeconds(db: Awaited<ReturnType<typeof openDatabase>>, appName: string): Promise<number | null> {
  try {
    const pids = new Set(
      (await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE application_name = ${appName}`.execute(db.kysely)).rows.map((r) =>
        String(r.pid),
      ),
    );
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!pids.has(pid)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    }
    return total;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const sizes = (process.argv[2] ?? '100000').split(',').map(Number);
  const keep = process.env.BENCH_KEEP_SCHEMA;
  const results: Array<{ n: number; ms: number; cpu: number | null }> = [];
  for (const n of sizes) {
    const schema = keep ? `${keep}_${n}` : `bench_ledger_${process.pid}_${n}`;
    const appName = `bench_ledger_${process.pid}`;
    const named = new URL(url);
    named.searchParams.set('application_name', appName);
    const db = await openDatabase({ databaseUrl: named.toString(), schema, poolSize: 4 });
    try {
      const made = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = ${schema} AND table_name = 'orders'`.execute(
        db.kysely,
      );
      const exists =
        Number(made.rows[0]?.n) > 0 &&
        Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM orders`.execute(db.kysely)).rows[0]?.n) > 0;
      if (!exists) {
        const started = performance.now();
        await migrate(db);
        const investors = Math.ceil(n / PER_INVESTOR);
        const k = db.kysely;
        await sql`INSERT INTO users (telephone, open_trade) SELECT '1' || lpad(g::text, 10, '0'), true FROM generate_series(1, ${investors}) g`.execute(
          k,
        );
        await sql`
          WITH u AS (SELECT min(id) AS first FROM users)
          INSERT INTO orders (user_id, request_id, request_hash, fund_code, action, status, pay_method, amount_fen, fee_fen, trade_date, confirm_date, query_date,
                              confirm_nav, confirm_amount_fen, confirm_volume, created_at, updated_at)
          SELECT u.first + g % ${investors}, 'b-' || g, 'b', lpad((100000 + g % ${FUNDS})::text, 6, '0'), '022', 'confirmed', 'bankcard', 100000 + g % 997, 150,
                 '2025-03-04', '2025-03-05', '2025-03-06', 1.2345, 100000 + g % 997, ((100000 + g % 997 - 150) * 10000 / 12345)::bigint, now(), now()
          FROM generate_series(0, ${n - 1}) g, u`.execute(k);
        await sql`
          INSERT INTO lots (user_id, id, fund_code, order_id, confirm_date, trade_date, volume_initial, volume, cost_initial_fen, cost_fen)
          SELECT user_id, id, fund_code, id, confirm_date, trade_date, confirm_volume, confirm_volume, amount_fen, amount_fen FROM orders`.execute(
          k,
        );
        await sql`
          INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date)
          SELECT o.user_id, 'order:' || o.id || ':' || t.part, t.asset, t.debit, t.credit, t.amount, t.kind, o.id, o.confirm_date
          FROM orders o CROSS JOIN LATERAL (VALUES
            ('pay', 'CNY', 'bank', 'purchase:' || o.fund_code, o.amount_fen, 'purchase_payment'),
            ('fee', 'CNY', 'purchase:' || o.fund_code, 'fee:' || o.fund_code, o.fee_fen, 'purchase_fee'),
            ('cost', 'CNY', 'purchase:' || o.fund_code, 'company:' || o.fund_code, o.amount_fen - o.fee_fen, 'purchase_cost'),
            ('shares', 'F:' || o.fund_code, 'registrar:' || o.fund_code, 'lot:' || o.id, o.confirm_volume, 'share_issue')
          ) AS t(part, asset, debit, credit, amount, kind)`.execute(k);
        // One investor in ten sells 100.00 shares of its first lot: pending (selling) or confirmed and unsettled (proceeds).
        await sql`
          WITH first AS (SELECT DISTINCT ON (user_id) user_id, id AS lot_id, fund_code FROM lots WHERE user_id % 10 IN (0, 5) ORDER BY user_id, id),
          sale AS (
            INSERT INTO orders (user_id, request_id, request_hash, fund_code, action, status, volume, fee_fen, trade_date, confirm_date, query_date,
                                confirm_nav, confirm_amount_fen, confirm_volume, created_at, updated_at)
            SELECT user_id, 's-' || lot_id, 's', fund_code, '024', CASE WHEN user_id % 10 = 0 THEN 'submitted' ELSE 'confirmed' END, 10000,
                   CASE WHEN user_id % 10 = 0 THEN NULL ELSE 62 END, '2025-03-05', '2025-03-06', '2025-03-07',
                   CASE WHEN user_id % 10 = 0 THEN NULL ELSE 1.2345 END, CASE WHEN user_id % 10 = 0 THEN NULL ELSE 12345 END,
                   CASE WHEN user_id % 10 = 0 THEN NULL ELSE 10000 END, now(), now()
            FROM first RETURNING user_id, id, fund_code, status, request_id
          ),
          parts AS (
            INSERT INTO order_lots (user_id, order_id, lot_id, volume, cost_fen)
            SELECT s.user_id, s.id, f.lot_id, 10000, 0 FROM sale s JOIN first f ON f.user_id = s.user_id RETURNING user_id, lot_id
          ),
          taken AS (UPDATE lots l SET volume = l.volume - 10000 FROM parts p WHERE l.user_id = p.user_id AND l.id = p.lot_id)
          INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date)
          SELECT s.user_id, 'order:' || s.id || ':' || t.part, t.asset, t.debit, t.credit, t.amount, t.kind, s.id, '2025-03-06'
          FROM sale s JOIN first f ON f.user_id = s.user_id CROSS JOIN LATERAL (VALUES
            ('freeze', 'F:' || s.fund_code, 'lot:' || f.lot_id, 'selling:' || s.fund_code, 10000, 'redeem_freeze', true),
            ('cancel-shares', 'F:' || s.fund_code, 'selling:' || s.fund_code, 'registrar:' || s.fund_code, 10000, 'share_redeem', s.status = 'confirmed'),
            ('fee', 'CNY', 'company:' || s.fund_code, 'fee:' || s.fund_code, 62, 'redeem_fee', s.status = 'confirmed'),
            ('proceeds', 'CNY', 'company:' || s.fund_code, 'proceeds:' || s.fund_code, 12345 - 62, 'redeem_proceeds', s.status = 'confirmed')
          ) AS t(part, asset, debit, credit, amount, kind, posted) WHERE t.posted`.execute(k);
        await sql`VACUUM ANALYZE`.execute(k);
        console.log(
          `${n.toLocaleString('en')} confirmed purchases, ${investors.toLocaleString('en')} investors: made with SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      const counts = (
        await sql<{
          t: string;
          u: string;
        }>`SELECT (SELECT count(*) FROM ledger_transfers)::text AS t, (SELECT count(*) FROM users)::text AS u`.execute(db.kysely)
      ).rows[0];
      // The pool's connections opened before, so that their CPU is counted from here.
      await Promise.all([1, 2].map(() => sql`SELECT pg_sleep(0.05)`.execute(db.kysely)));
      const cpuBefore = await backendCpuSeconds(db, appName);
      const started = performance.now();
      const violations = await checkLedger(db.kysely);
      const ms = performance.now() - started;
      const cpuAfter = await backendCpuSeconds(db, appName);
      const cpu =
        cpuBefore !== null && cpuAfter !== null ? `${(cpuAfter - cpuBefore).toFixed(2)} s of PostgreSQL CPU` : 'PostgreSQL CPU n/a';
      results.push({ n, ms, cpu: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) * 1000 : null });
      console.log(
        `checkLedger after ${n.toLocaleString('en')} orders (${Number(counts?.t).toLocaleString('en')} transfers, ${Number(counts?.u).toLocaleString('en')} investors): ${(ms / 1000).toFixed(2)} s, ${
          violations.length === 0
            ? 'balanced'
            : `${violations.length} VIOLATIONS, first: ${violations
                .slice(0, 3)
                .map((v) => `${v.rule}: ${v.detail}`)
                .join('; ')}`
        } (${cpu}; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
      );
    } finally {
      await db.close();
      if (!keep) {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
      }
    }
  }
  const last = results[results.length - 1];
  if (last) {
    const perMillion = (last.ms / last.n) * 1_000_000;
    const cpuPerMillion = last.cpu === null ? null : (last.cpu / last.n) * 1_000_000;
    console.log(
      `at 1,000,000 orders (${last.n >= 1_000_000 ? 'measured' : `extrapolated linearly from ${last.n.toLocaleString('en')}`}): ${(perMillion / 1000).toFixed(1)} s wall here — target ≤ 10 s ${perMillion <= 10_000 ? 'met' : 'MISSED'}` +
        (cpuPerMillion === null
          ? ''
          : `; ${(cpuPerMillion / 1000).toFixed(1)} s of PostgreSQL CPU, ${(cpuPerMillion / 2000).toFixed(1)} s on 2 idle cores`),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
