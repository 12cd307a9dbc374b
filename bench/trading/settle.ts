// Settlement at scale (bench/trading.mjs, part 2): on a private PostgreSQL schema, bulk-creates N paid purchase
// orders across many investors and funds with set-based SQL (and the matching 'purchase_payment' ledger transfers,
// so the ledger invariants hold), then times settleTrades(db, D, now) — the daily job's work — and prints seconds,
// orders/s and the statements' share of the time. The day has the other steps of a business date too: every other
// investor holds a money-market fund (mostly 现金宝) confirmed the day before T, so T's money-market income is paid
// (postMoneyMarketIncome, inside settleTrades), and one investor in ten has an auto-invest plan due on D — by card,
// or from 现金宝 — run after the settlement as the daily job does (runDuePlans, timed on its own). Run by
// bench/trading.mjs:
//   node --import tsx bench/trading/settle.ts <schema> <orders>[,<orders>…]
// Env: BENCH_DATABASE_URL, BENCH_SETTLE_PER_INVESTOR (orders per investor, default 50), BENCH_SETTLE_MARKET
// (default|small), BENCH_SETTLE_CHECK (orders count after which checkLedger runs, default the smallest size).
// A short run (does it work, not how fast): BENCH_SETTLE_MARKET=small … settle.ts <schema> 1000.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { quotePurchase } from '../../src/lib/fees';
import { percentToPpm, type RoundingMode } from '../../src/lib/trade-math';
import { openDatabase, type Database } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { nextTradingDay, previousTradingDay } from '../../server/src/domain/calendar';
import { shanghaiInstant } from '../../server/src/domain/clock';
import { seedMarket } from '../../server/src/market/seed';
import { checkLedger } from '../../server/src/ledger/check';
import { runDuePlans } from '../../server/src/services/auto-invest';
import { simulatedBank } from '../../server/src/services/bank';
import { SETTLEMENT_CHUNK, SETTLEMENT_PARALLEL, settleTrades } from '../../server/src/services/settlement';
import { CASH_FUND_CODE, MONEY_MARKET_TYPE } from '../../server/src/services/trading';

const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const perInvestor = Number(process.env.BENCH_SETTLE_PER_INVESTOR ?? 50);
const market = process.env.BENCH_SETTLE_MARKET === 'small' ? 'small' : 'default';
/** Settlement date D (a Wednesday); the orders are priced at T, the trading day before, and confirmed on D. */
const D = '2025-03-05';
const T = previousTradingDay(D);
const AMOUNTS_FEN = [1_000, 10_000, 50_000, 100_000, 317_00, 500_000, 1_000_000, 4_999_900];

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * CPU seconds of this bench's PostgreSQL backends (connections named `appName`) and of the server's WAL writer,
 * checkpointer and background writer, from /proc; null where /proc is not Linux's. Other backends (other people's
 * tests on a shared server) are not counted.
 */
async function postgresCpuSeconds(db: Database, appName: string): Promise<number | null> {
  try {
    const backends = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE application_name = ${appName}`.execute(db.kysely);
    const ours = new Set(backends.rows.map((r) => String(r.pid)));
    const tick = 100; // USER_HZ on Linux
    let total = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!cmdline.startsWith('postgres')) continue;
        if (!ours.has(pid) && !/walwriter|checkpointer|background writer/.test(cmdline)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / tick;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Times every statement from compile to result, grouped by what it is (kind and table, or a raw SQL's start). */
function statementTimer() {
  const started = new Map<unknown, { label: string; at: number }>();
  const totals = new Map<string, { ms: number; count: number }>();
  const labelOf = (node: RootOperationNode): string => {
    const n = node as unknown as {
      kind: string;
      sqlFragments?: readonly string[];
      into?: { table: { identifier: { name: string } } };
      table?: { table: { identifier: { name: string } } };
      from?: { froms: Array<{ table?: { identifier: { name: string } } }> };
    };
    if (n.kind === 'RawNode') return (n.sqlFragments?.[0] ?? '').replace(/\s+/g, ' ').trim().slice(0, 70);
    if (n.kind === 'InsertQueryNode') return `insert into ${n.into?.table.identifier.name}`;
    if (n.kind === 'UpdateQueryNode') return `update ${n.table?.table.identifier.name}`;
    if (n.kind === 'SelectQueryNode') return `select from ${n.from?.froms[0]?.table?.identifier.name ?? '?'}`;
    return n.kind;
  };
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      started.set(args.queryId, { label: labelOf(args.node), at: performance.now() });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const s = started.get(args.queryId);
      if (s) {
        started.delete(args.queryId);
        const t = totals.get(s.label) ?? { ms: 0, count: 0 };
        t.ms += performance.now() - s.at;
        t.count += 1;
        totals.set(s.label, t);
      }
      return args.result;
    },
  };
  return { plugin, totals, reset: () => totals.clear() };
}

/** The statements' time by what they are, the six longest (summed over work running at once: `over`). */
function printStatements(totals: ReturnType<typeof statementTimer>['totals'], over: string): void {
  const sqlMs = [...totals.values()].reduce((s, t) => s + t.ms, 0);
  const count = [...totals.values()].reduce((s, t) => s + t.count, 0);
  const top = [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6);
  console.log(
    `  time inside ${int(count)} statements (compile to rows), summed over ${over} running at once: ${seconds(sqlMs)} s; by statement:`,
  );
  for (const [label, t] of top)
    console.log(
      `    ${seconds(t.ms).padStart(6)} s  ${String(Math.round((100 * t.ms) / sqlMs)).padStart(3)} %  ×${String(t.count).padEnd(5)} ${label}`,
    );
}

interface Fund {
  code: string;
  rounding: RoundingMode;
  discount: string;
  declare: Array<{ lower: number; upper: number | null; ratePpm: number | null; fixedFen: number | null }>;
}

/**
 * Funds an investor can buy by card on T with a NAV for T and T+1 confirmation, with their purchase fee tables — not
 * the pension Y classes, which only the pension account may buy (the ledger check's pension rule refused 200 such
 * purchases once the market had them).
 */
async function buyableFunds(db: Database): Promise<Fund[]> {
  const funds = await sql<{ code: string; rounding_mode: string; declare_discount: string }>`
    SELECT f.code, f.rounding_mode, f.declare_discount FROM fund f
    WHERE f.sale_status IN ('on_sale', 'conversion') AND f.buy_confirm_days <= 1 AND f.large_purchase_limit_fen IS NULL
      AND f.share_class IS DISTINCT FROM 'Y'
      AND EXISTS (SELECT 1 FROM fund_nav n WHERE n.fund_code = f.code AND n.date = ${T})
    ORDER BY f.code`.execute(db.kysely);
  const fees = await db.kysely
    .selectFrom('fund_fee')
    .select(['fund_code', 'lower_bound', 'upper_bound', 'rate', 'fixed_fee_fen'])
    .where('kind', '=', 'declare')
    .orderBy('fund_code')
    .orderBy('seq')
    .execute();
  return funds.rows.map((f) => ({
    code: f.code,
    rounding: f.rounding_mode as RoundingMode,
    discount: f.declare_discount,
    declare: fees
      .filter((x) => x.fund_code === f.code)
      .map((x) => ({
        lower: Number(x.lower_bound),
        upper: x.upper_bound === null ? null : Number(x.upper_bound),
        ratePpm: x.rate === null ? null : percentToPpm(x.rate),
        fixedFen: x.fixed_fee_fen === null ? null : Number(x.fixed_fee_fen),
      })),
  }));
}

/**
 * N paid purchases of trade date T (confirmation D) by N / perInvestor investors, each investor's orders spread
 * over the funds, amounts from a fixed set, fees by the fund's own table as placeBuy computes them; and each
 * order's payment in the ledger (bank → purchase:<fund>), as placeBuy posts it.
 */
async function createOrders(
  db: Database,
  funds: Fund[],
  n: number,
): Promise<{ investors: number; mmfHolders: number; plans: number; ms: number }> {
  const started = performance.now();
  const investors = Math.max(1, Math.ceil(n / perInvestor));
  const codes: string[] = [];
  const amountIdx: number[] = [];
  const fundIdx: number[] = [];
  const feeOf: number[] = [];
  funds.forEach((f, i) =>
    AMOUNTS_FEN.forEach((amount, j) => {
      codes.push(f.code);
      fundIdx.push(i);
      amountIdx.push(j);
      feeOf.push(quotePurchase(amount, f.declare, f.discount, f.rounding).feeFen);
    }),
  );
  const created = shanghaiInstant(T, '10:00:00');
  await sql`TRUNCATE orders, orders_open, lots, order_lots, ledger_transfers, bank_payments, bank_card_days, holding_options, risk_assessments, trade_passwords, bank_cards, sessions,
    mmf_income, mmf_income_runs, aip_runs, aip_plans, users CASCADE`.execute(db.kysely);
  await sql`
    INSERT INTO users (telephone, open_trade, created_at)
    SELECT '1' || lpad(g::text, 10, '0'), true, ${created} FROM generate_series(1, ${investors}) g ORDER BY g`.execute(db.kysely);
  const fundCount = funds.length;
  await sql`
    WITH u AS (SELECT min(id) AS first FROM users),
    fee AS (SELECT * FROM unnest(${codes}::text[], ${fundIdx}::int[], ${amountIdx}::int[], ${feeOf}::bigint[]) AS f(code, fi, ai, fee)),
    amt AS (SELECT * FROM unnest(${AMOUNTS_FEN}::bigint[]) WITH ORDINALITY AS a(amount, ord)),
    g AS (SELECT g, (g % ${investors}) AS ui, ((g % ${investors}) + g / ${investors}) % ${fundCount} AS fi, (g * 7 + g / 13) % ${AMOUNTS_FEN.length} AS ai
          FROM generate_series(0, ${n - 1}::int) g)
    INSERT INTO orders (user_id, request_id, request_hash, fund_code, action, status, pay_method, amount_fen, fee_fen, trade_date, confirm_date, query_date, answer, created_at, updated_at)
    SELECT u.first + g.ui, 'bench-' || g.g, 'bench', fee.code, '022', 'paid', 'bankcard', amt.amount, fee.fee, ${T}::date, ${D}::date, ${nextTradingDay(D)}::date,
           '{"placed":true}'::jsonb, ${created}, ${created}
    FROM g CROSS JOIN u JOIN fee ON fee.fi = g.fi AND fee.ai = g.ai JOIN amt ON amt.ord = g.ai + 1
    ORDER BY g.g`.execute(db.kysely);
  await sql`
    INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date, created_at)
    SELECT user_id, 'order:' || id || ':pay', 'CNY', 'bank', 'purchase:' || fund_code, amount_fen, 'purchase_payment', id, trade_date, created_at
    FROM orders ORDER BY user_id, id`.execute(db.kysely);
  // Earlier days' dividends were paid by earlier runs (a fresh market has none recorded).
  await sql`INSERT INTO dividend_runs (fund_code, ex_date, holders, paid_at) SELECT fund_code, date, 0, ${created} FROM fund_dividend WHERE date < ${T} ON CONFLICT DO NOTHING`.execute(
    db.kysely,
  );
  const mmf = await moneyMarketHoldings(db, investors, created);
  const plans = await duePlans(db, funds, investors, created);
  // What autovacuum would have done by the evening: planner statistics of the new rows.
  await sql`ANALYZE users, orders, ledger_transfers, lots, aip_plans`.execute(db.kysely);
  return { investors, mmfHolders: mmf, plans, ms: performance.now() - started };
}

/**
 * Every other investor (even index) holds a money-market fund bought earlier and confirmed on the trading day before
 * T — 现金宝 for three in four of them, another money-market fund for the rest — as the settlement confirmed it:
 * the order, its lot and its ledger legs (card → purchase → fund company, registrar → lot). So D's run pays T's
 * distribution (its first day of income rights) to each of them. Returns the holders.
 */
async function moneyMarketHoldings(db: Database, investors: number, created: Date): Promise<number> {
  const confirm = previousTradingDay(T);
  const bought = previousTradingDay(confirm);
  const others = (
    await sql<{ code: string }>`
      SELECT f.code FROM fund f WHERE f.type = ${MONEY_MARKET_TYPE} AND f.code <> ${CASH_FUND_CODE}
        AND EXISTS (SELECT 1 FROM fund_nav n WHERE n.fund_code = f.code AND n.date = ${T} AND n.income_per_10k IS NOT NULL)
      ORDER BY f.code`.execute(db.kysely)
  ).rows.map((r) => r.code);
  const codes = [CASH_FUND_CODE, ...others];
  const holders = Math.ceil(investors / 2);
  await sql`
    WITH u AS (SELECT min(id) AS first FROM users),
    h AS (SELECT g, u.first + 2 * g AS user_id,
                 CASE WHEN g % 4 = 3 AND ${others.length} > 0 THEN (${codes}::text[])[2 + (g / 4) % ${Math.max(1, others.length)}] ELSE ${CASH_FUND_CODE} END AS code,
                 (ARRAY[500000, 1000000, 2345678, 10000000])[1 + g % 4]::bigint AS amount
          FROM generate_series(0, ${holders - 1}::int) g CROSS JOIN u),
    o AS (
      INSERT INTO orders (user_id, request_id, request_hash, fund_code, action, status, pay_method, amount_fen, fee_fen, trade_date, confirm_date,
                          query_date, confirm_nav, confirm_amount_fen, confirm_volume, answer, created_at, updated_at)
      SELECT user_id, 'bench-mmf-' || g, 'bench', code, '022', 'confirmed', 'bankcard', amount, 0, ${bought}::date, ${confirm}::date, ${T}::date,
             1.0000, amount, amount, '{"placed":true}'::jsonb, ${created}, ${created}
      FROM h ORDER BY g
      RETURNING user_id, id, fund_code, amount_fen
    ),
    l AS (
      INSERT INTO lots (user_id, id, fund_code, order_id, confirm_date, trade_date, locked_until, volume_initial, volume, cost_initial_fen, cost_fen)
      SELECT user_id, id, fund_code, id, ${confirm}::date, ${bought}::date, NULL, amount_fen, amount_fen, amount_fen, amount_fen FROM o
    )
    INSERT INTO ledger_transfers (user_id, ref, asset, debit_account, credit_account, amount, kind, order_id, business_date, created_at)
    SELECT o.user_id, 'order:' || o.id || ':' || t.part, t.asset, t.debit, t.credit, o.amount_fen, t.kind, o.id, t.day, ${created}
    FROM o CROSS JOIN LATERAL (VALUES
      ('pay', 'CNY', 'bank', 'purchase:' || o.fund_code, 'purchase_payment', ${bought}::date),
      ('cost', 'CNY', 'purchase:' || o.fund_code, 'company:' || o.fund_code, 'purchase_cost', ${confirm}::date),
      ('shares', 'F:' || o.fund_code, 'registrar:' || o.fund_code, 'lot:' || o.id, 'share_issue', ${confirm}::date)
    ) AS t(part, asset, debit, credit, kind, day)`.execute(db.kysely);
  return holders;
}

/**
 * One investor in ten (index ≡ 0 mod 10: money-market holders) has a daily plan due on D, 100.00 a run into one of
 * the bought funds — from 现金宝 for every other one, by card otherwise — with the card, open account and risk
 * assessment a plan's purchase needs. Returns the plans.
 */
async function duePlans(db: Database, funds: Fund[], investors: number, created: Date): Promise<number> {
  const plans = Math.ceil(investors / 10);
  const codes = funds.map((f) => f.code);
  const ids = sql`SELECT u.first + 10 * g AS user_id, g FROM generate_series(0, ${plans - 1}::int) g CROSS JOIN (SELECT min(id) AS first FROM users) u`;
  await sql`
    INSERT INTO bank_cards (user_id, bank_code, card_hmac, card_no_encrypted, card_tail, reserved_phone_encrypted, reserved_phone_masked, verified_at)
    SELECT user_id, 'CMB', 'bench-' || user_id, 'x', '0000', 'x', 'x', ${created} FROM (${ids}) p`.execute(db.kysely);
  await sql`
    INSERT INTO risk_assessments (user_id, questionnaire, answers, score, level, assessed_at, valid_until)
    SELECT user_id, 'v1', '{}'::jsonb, 90, 5, ${created}, '2030-01-01'::date FROM (${ids}) p`.execute(db.kysely);
  await sql`
    INSERT INTO aip_plans (user_id, request_id, fund_code, amount_fen, cycle, cycle_day, anchor_date, pay_method, smart, status, next_date, created_at, updated_at)
    SELECT user_id, 'bench-plan', (${codes}::text[])[1 + g % ${codes.length}], 10000, 'daily', NULL, ${T}::date,
           CASE WHEN g % 2 = 0 THEN 'xjb' ELSE 'bankcard' END, false, 'running', ${D}::date, ${created}, ${created}
    FROM (${ids}) p`.execute(db.kysely);
  return plans;
}

async function main(): Promise<void> {
  const [schema, sizesArg] = process.argv.slice(2);
  if (!schema || !sizesArg) throw new Error('usage: settle.ts <schema> <orders>[,<orders>…]');
  const sizes = sizesArg.split(',').map(Number);
  const checkAt = Number(process.env.BENCH_SETTLE_CHECK ?? Math.min(...sizes));
  // Named connections, so the CPU of this run's backends can be told from other people's.
  const appName = `bench_settle_${process.pid}`;
  const named = new URL(url);
  named.searchParams.set('application_name', appName);
  const db = await openDatabase({ databaseUrl: named.toString(), schema, poolSize: 4 });
  try {
    const setupStart = performance.now();
    await migrate(db);
    const seeded = await seedMarket(db, { seed: 1, small: market === 'small', asOf: D });
    const funds = await buyableFunds(db);
    console.log(
      `market: ${market} (${seeded.funds} funds, ${funds.length} bought: on sale, T+1, NAV on ${T}), migrated and seeded in ${seconds(performance.now() - setupStart)} s; chunks of ${SETTLEMENT_CHUNK} orders, ${SETTLEMENT_PARALLEL} at a time`,
    );
    // The server's settings that move these figures (bench/README.md "Settlement": the figures name theirs).
    const settings = await sql<{ name: string; setting: string }>`
      SELECT name, current_setting(name) AS setting FROM unnest(ARRAY['server_version', 'shared_buffers', 'huge_pages', 'max_wal_size']) AS name`.execute(
      db.kysely,
    );
    const hugePages = (() => {
      try {
        const info = readFileSync('/proc/meminfo', 'utf8');
        const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
        return `${field('HugePages_Total') - field('HugePages_Free') + field('HugePages_Rsvd')} of ${field('HugePages_Total')} huge pages in use or reserved`;
      } catch {
        return 'huge pages unknown';
      }
    })();
    const host = named.hostname ? decodeURIComponent(named.hostname) : '';
    console.log(
      `PostgreSQL: ${settings.rows.map((r) => `${r.name} ${r.setting}`).join(', ')} (${hugePages}); connected by ${host.startsWith('/') ? `its Unix socket (${host})` : `TCP (${host || 'default host'})`}`,
    );
    const timer = statementTimer();
    const profiled: Database = { ...db, kysely: db.kysely.withPlugin(timer.plugin) };
    const results: Array<{ n: number; ms: number; plansMs: number }> = [];
    for (const n of sizes) {
      const setup = await createOrders(db, funds, n);
      console.log(
        `\n${int(n)} paid purchases, ${int(setup.investors)} investors (${perInvestor} each, over ${funds.length} funds), T ${T}, settled on ${D}; ${int(setup.mmfHolders)} money-market holders, ${int(setup.plans)} plans due: created with SQL in ${seconds(setup.ms)} s`,
      );
      timer.reset();
      const pgCpu = await postgresCpuSeconds(db, appName);
      const cpu = process.cpuUsage();
      const started = performance.now();
      const report = await settleTrades(profiled, D, shanghaiInstant(D, '20:00:00'));
      const ms = performance.now() - started;
      const nodeCpu = process.cpuUsage(cpu);
      const pgCpuAfter = await postgresCpuSeconds(db, appName);
      console.log(`  settleTrades: ${seconds(ms)} s, ${int(n / (ms / 1000))} orders/s  (${JSON.stringify(report)})`);
      const pgUsed = pgCpu !== null && pgCpuAfter !== null ? `${(pgCpuAfter - pgCpu).toFixed(1)} s` : 'n/a';
      console.log(
        `  CPU meanwhile: this process ${((nodeCpu.user + nodeCpu.system) / 1e6).toFixed(1)} s, PostgreSQL ${pgUsed} (its backends of this run, WAL writer, checkpointer; load average ${os.loadavg()[0].toFixed(1)})`,
      );
      printStatements(timer.totals, 'the chunks');
      timer.reset();
      const plansPgCpu = await postgresCpuSeconds(db, appName);
      const plansCpu = process.cpuUsage();
      const plansStart = performance.now();
      const planReport = await runDuePlans(profiled, simulatedBank(), D, shanghaiInstant(D, '20:05:00'));
      const plansNodeCpu = process.cpuUsage(plansCpu);
      results.push({ n, ms, plansMs: performance.now() - plansStart });
      const plansPgCpuAfter = await postgresCpuSeconds(db, appName);
      console.log(
        `  runDuePlans (the day's auto-invest step): ${seconds(performance.now() - plansStart)} s  (${JSON.stringify(planReport)}); CPU meanwhile: this process ${((plansNodeCpu.user + plansNodeCpu.system) / 1e6).toFixed(1)} s, PostgreSQL ${plansPgCpu !== null && plansPgCpuAfter !== null ? `${(plansPgCpuAfter - plansPgCpu).toFixed(1)} s` : 'n/a'}`,
      );
      printStatements(timer.totals, 'the investors');
      if (n === checkAt) {
        const checkStart = performance.now();
        const violations = await checkLedger(db.kysely);
        const verdict =
          violations.length === 0
            ? 'balanced (no violation)'
            : `${violations.length} VIOLATIONS, first: ${violations
                .slice(0, 3)
                .map((v) => `${v.rule}: ${v.detail}`)
                .join('; ')}`;
        console.log(`  checkLedger after settling ${int(n)}: ${verdict} (${seconds(performance.now() - checkStart)} s)`);
      }
      const counts = (
        await sql<{ confirmed: string; lots: string; transfers: string }>`
        SELECT (SELECT count(*) FROM orders WHERE status = 'confirmed') AS confirmed, (SELECT count(*) FROM lots) AS lots, (SELECT count(*) FROM ledger_transfers) AS transfers`.execute(
          db.kysely,
        )
      ).rows[0];
      console.log(
        `  rows after: ${int(Number(counts?.confirmed))} orders confirmed, ${int(Number(counts?.lots))} lots, ${int(Number(counts?.transfers))} ledger transfers`,
      );
    }
    if (results.length >= 2) {
      const [a, b] = [results[0], results[results.length - 1]] as [(typeof results)[number], (typeof results)[number]];
      const ratio = b.ms / b.n / (a.ms / a.n);
      const verdict = ratio <= 1.25 ? 'linear' : ratio <= 1.6 ? 'close to linear' : 'NOT linear';
      console.log(
        `\nscaling: ${int(b.n)} took ${(b.ms / a.ms).toFixed(1)} × the time of ${int(a.n)} for ${(b.n / a.n).toFixed(0)} × the orders: per order ${ratio.toFixed(2)} × → ${verdict}`,
      );
      console.log(
        `target: ≤ 60 s for 1,000,000 orders with the income and plan steps → ${b.n === 1_000_000 ? (b.ms + b.plansMs <= 60_000 ? 'met' : 'MISSED') : 'not measured at 1,000,000 (BENCH_SETTLE_SIZES)'} (${seconds(b.ms + b.plansMs)} s: settleTrades ${seconds(b.ms)} s + plans ${seconds(b.plansMs)} s)`,
      );
    }
  } finally {
    await db.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await admin.end();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
