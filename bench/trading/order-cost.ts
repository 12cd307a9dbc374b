// One order at a time, in process (bench/trading.mjs part 1, "what limits it"): the real app (buildApp, production
// config) on the part's database, POST /djapi/order/buy through app.inject for one investor, sequentially — no HTTP,
// no concurrency — counting the SQL statements each order runs and the time spent in them.
//   BENCH_ORDER_COST='{"investor":{"token"},"fund","amount","publicKeyPem","password","tag"}' \
//     node --import tsx bench/trading/order-cost.ts <databaseUrl> <orders>
// Prints one JSON line: { orders, ok, wallMs, cpuMs, statements, writes, sqlMs, decryptMs } (per order).
import { constants, publicEncrypt } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { buildApp } from '../../server/src/app';
import { testConfig, tradePasswordPepper } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { systemClock } from '../../server/src/domain/clock';
import { countingDatabase } from '../../tests/server/statement-count';

interface Input {
  investor: { token: string };
  fund: string;
  amount: string;
  publicKeyPem: string;
  password: string;
  tag: string;
}

/** Counts statements (and writes) and the time from compile to result. */
function counter() {
  const started = new Map<unknown, number>();
  const totals = { statements: 0, writes: 0, ms: 0, transactions: 0 };
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      totals.statements += 1;
      const node = args.node as unknown as { kind: string; sqlFragments?: readonly string[] };
      if (node.kind !== 'SelectQueryNode' && !(node.kind === 'RawNode' && /^\s*(SELECT|WITH)\b/i.test(node.sqlFragments?.[0] ?? '')))
        totals.writes += 1;
      started.set(args.queryId, performance.now());
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const at = started.get(args.queryId);
      if (at !== undefined) {
        totals.ms += performance.now() - at;
        started.delete(args.queryId);
      }
      return args.result;
    },
  };
  return { plugin, totals };
}

async function main(): Promise<void> {
  const [databaseUrl, countArg] = process.argv.slice(2);
  const input = JSON.parse(process.env.BENCH_ORDER_COST ?? '{}') as Input;
  if (!databaseUrl || !countArg || !input.investor) throw new Error('usage: BENCH_ORDER_COST=… order-cost.ts <databaseUrl> <orders>');
  const count = Number(countArg);
  const db = await openDatabase({ databaseUrl });
  const { plugin, totals } = counter();
  // Every statement counted, BEGIN and COMMIT included (tests/server/statement-count.ts, as order-path.test.ts counts).
  const { db: all, log } = countingDatabase(db);
  const counted: Database = { ...all, kysely: all.kysely.withPlugin(plugin) };
  const app = await buildApp({
    db: counted,
    clock: systemClock,
    config: testConfig({
      nodeEnv: 'production',
      databaseUrl,
      rateLimitPerMinute: 0,
      // The running server's pepper (bench/trading.mjs sets it for both), so the investors' passwords verify here too.
      tradePasswordPepper: tradePasswordPepper(process.env, process.cwd(), 'production'),
    }),
    logger: false,
  });
  await app.ready();
  try {
    const headers = {
      cookie: `xq_a_token=${input.investor.token}; XSRF-TOKEN=x`,
      'x-xsrf-token': 'x',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const order = async (n: number) => {
      const trade_password = publicEncrypt(
        { key: input.publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(input.password),
      ).toString('base64');
      const payload = new URLSearchParams({
        fd_code: input.fund,
        amount: input.amount,
        pay_method: 'bankcard',
        request_id: `${input.tag}-${n}`,
        trade_password,
      }).toString();
      const res = await app.inject({ method: 'POST', url: '/djapi/order/buy', headers, payload });
      return (JSON.parse(res.body) as { result_code: number }).result_code === 0;
    };
    for (let n = 0; n < 20; n += 1) await order(-1 - n); // warm-up: JIT, the pool's connections
    Object.assign(totals, { statements: 0, writes: 0, ms: 0, transactions: 0 });
    log.clear();
    let ok = 0;
    const cpu = process.cpuUsage();
    const begin = performance.now();
    for (let n = 0; n < count; n += 1) if (await order(n)) ok += 1;
    const wallMs = performance.now() - begin;
    const used = process.cpuUsage(cpu);
    const decryptStart = process.cpuUsage();
    const sample = publicEncrypt({ key: input.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(input.password)).toString(
      'base64',
    );
    for (let i = 0; i < 100; i += 1) app.serverKeys.decryptText(sample);
    const decrypt = process.cpuUsage(decryptStart);
    console.log(
      JSON.stringify({
        orders: count,
        ok,
        wallMs: wallMs / count,
        cpuMs: (used.user + used.system) / 1000 / count,
        statements: log.statements.length / count,
        commits: log.commits() / count,
        writes: log.statements.filter((text) => /\b(insert|update|delete)\b/i.test(text)).length / count,
        sqlMs: totals.ms / count,
        decryptMs: (decrypt.user + decrypt.system) / 1000 / 100,
      }),
    );
  } finally {
    await app.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
