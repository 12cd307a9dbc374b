// Trading benchmarks (bench/README.md, "Trading"; issue 12): on PostgreSQL, through the real server and services.
//   1. orders placed per second over HTTP (POST /djapi/order/buy, form-encoded, session cookie + XSRF header,
//      RSA-encrypted trade password, a fresh request_id each) by 50 investors at once, beside a Fastify hello-world
//      measured with the same generator in the same run; with the CPU each order costs the server and PostgreSQL;
//   2. settleTrades of 100,000 and 1,000,000 paid purchases (bench/trading/settle.ts), checkLedger after the first;
//   3. kill -9 of the server during a burst of 500 orders: every acknowledged order is there after the restart,
//      no duplicate, the ledger balances, and the acknowledged request_ids replay to the same order ids.
// Each part uses a database (1, 3) or schema (2) of its own, created here and dropped at the end. Printed, never asserted.
//   BENCH_DATABASE_URL   PostgreSQL to use (postgres://postgres@127.0.0.1:5432/test); it needs CREATE DATABASE
//   BENCH_ONLY=orders|settle|kill   one part          BENCH_SECONDS=10   measured seconds of the order run
//   BENCH_INVESTORS=50   concurrent investors (part 1 and the burst of part 3)       BENCH_MAX_ORDERS=30000   cap of part 1
//   The investors' trade passwords are stored as production stores them: HMAC-SHA256 under the server's pepper
//   (TRADE_PASSWORD_PEPPER, made here per run). BENCH_FORMER_HASH=1 gives them the former scrypt hash (N=2^15) instead:
//   each is verified once and migrated at its first order.
//   BENCH_COMMIT_DELAY_US=N   the server's PG_COMMIT_DELAY_US (group commit: SET commit_delay per connection; 0 = off)
//   BENCH_POOL_SIZE=10   the server's DATABASE_POOL_SIZE
//   BENCH_SETTLE_SIZES=100000,1000000   BENCH_SETTLE_PER_INVESTOR=50   BENCH_SETTLE_MARKET=default|small
//   BENCH_KILL_ORDERS=500   BENCH_PIN=1   pin the servers to CPU 0 and the generator to CPU 1 (default: they share the
//   CPUs, as a server has its machine's cores: the order server runs an RSA thread and V8's GC helper threads beside its
//   main thread, and pinned to one core their work waits behind it — measured: GC pauses of 20–40 ms and a p99 at
//   1,000 orders/s of 69–140 ms pinned against 34–52 ms sharing, 2026-11-30)
//   BENCH_LEAD_IN=1   seconds of the open loop run at its rate before it measures
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { cpuPinning as pinningWhenAsked, freePort, load as autocannonLoad, root, startProcess, stopProcess, table } from './lib.mjs';
import { buy, investorAgent } from './trading/client.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const only = process.env.BENCH_ONLY ?? '';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const investorCount = Number(process.env.BENCH_INVESTORS ?? 50);
const maxOrders = Number(process.env.BENCH_MAX_ORDERS ?? 30_000);
const killOrders = Number(process.env.BENCH_KILL_ORDERS ?? 500);
const settleSizes = process.env.BENCH_SETTLE_SIZES ?? '100000,1000000';
const tag = `bench_trading_${process.pid}`;
const AMOUNT = '10.00';
const commitDelayUs = process.env.BENCH_COMMIT_DELAY_US ?? '0';
const poolSize = process.env.BENCH_POOL_SIZE ?? '10';
const offeredRate = Number(process.env.BENCH_RATE ?? 1000);
const leadIn = Number(process.env.BENCH_LEAD_IN ?? 1);
/** Pinned apart only with BENCH_PIN=1 (see above). */
const cpuPinning = process.env.BENCH_PIN === '1' ? pinningWhenAsked : null;
// The order server runs with the node flags `npm start` gives it (package.json "start": its GC settings, docs/
// ARCHITECTURE.md "Speed"), and BENCH_SERVER_FLAGS after them, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile.
const productionFlags = (() => {
  const start = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const match = /^node ((?:--[\w-]+(?:=\S+)? )*)--import tsx server\/src\/main\.ts$/.exec(start);
  if (!match) throw new Error(`bench/trading.mjs: package.json "start" is not "node [flags] --import tsx server/src/main.ts": ${start}`);
  return match[1].split(' ').filter(Boolean);
})();
const serverFlags = [...productionFlags, ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
// Production refuses to start without a pepper; the bench's server and its investors (bench/trading/investors.ts,
// a child of this process) share this one.
process.env.TRADE_PASSWORD_PEPPER = randomBytes(32).toString('hex');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const int = (n) => Math.round(n).toLocaleString('en-US');
const ms2 = (n) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

// ---- What this bench started, so an error or Ctrl-C still cleans up (its own processes, databases, schemas) ----

const started = { children: new Set(), databases: new Set(), schemas: new Set() };

async function admin(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** `adminUrl` on database `name`, its connections named `appName` (pg_stat_activity.application_name). */
function databaseUrl(name, appName) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (appName) url.searchParams.set('application_name', appName);
  return url.toString();
}

async function createDatabase(name) {
  await admin(`CREATE DATABASE "${name}"`);
  started.databases.add(name);
}

async function dropDatabase(name) {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  started.databases.delete(name);
}

async function cleanUp() {
  for (const child of started.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const name of [...started.databases])
    await dropDatabase(name).catch((e) => console.log(`could not drop database ${name}: ${e.message}`));
  for (const name of [...started.schemas])
    await admin(`DROP SCHEMA IF EXISTS "${name}" CASCADE`).catch((e) => console.log(`could not drop schema ${name}: ${e.message}`));
}

process.once('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

function track(child) {
  started.children.add(child);
  child.once('exit', () => started.children.delete(child));
  return child;
}

/** `node <args>` to completion; resolves with the JSON of its last stdout line. */
function runJson(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0) {
        try {
          return resolve(JSON.parse(last));
        } catch {
          // fall through
        }
      }
      reject(new Error(`node ${args.join(' ')} exited ${code}:\n${err.slice(-3000)}${out.slice(-1000)}`));
    });
  });
}

/** The order/hello load generator (bench/trading/load.mjs), on its own CPU when pinning. */
function load(config) {
  const args = ['bench/trading/load.mjs'];
  return new Promise((resolve, reject) => {
    const [command, ...prefix] = cpuPinning ? [...cpuPinning.generator, process.execPath] : [process.execPath];
    const child = track(
      spawn(command, [...prefix, ...args], {
        cwd: root,
        env: { ...process.env, BENCH_LOAD_CONFIG: JSON.stringify({ host: '127.0.0.1', ...config }) },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`load generator exited ${code}:\n${err}`)),
    );
  });
}

/** The server as `npm start` runs it, on PostgreSQL database `url`. */
async function startServer(url, { pin = false } = {}) {
  const port = await freePort();
  const server = await startProcess(
    [...serverFlags, '--import', 'tsx', 'server/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SKIP_H5_BUILD: '1',
      SMALL_MARKET: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // All load comes from one loopback address: the per-IP limit would answer 429s, not measure the order path.
      RATE_LIMIT_PER_MINUTE: '0',
      TRADE_PASSWORD_PEPPER: process.env.TRADE_PASSWORD_PEPPER,
      PG_COMMIT_DELAY_US: commitDelayUs,
      DATABASE_POOL_SIZE: poolSize,
    },
    undefined,
    { pin },
  );
  track(server.child);
  return { ...server, port };
}

/** CPU seconds of a process (user + system), from /proc; NaN where there is none. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds per backend of the connections named `appName`. */
async function backendCpu(appName) {
  const rows = await admin(`SELECT pid FROM pg_stat_activity WHERE application_name = '${appName}'`);
  return new Map(rows.map((r) => [r.pid, processCpuSeconds(r.pid)]));
}

function backendCpuDelta(before, after) {
  let total = 0;
  for (const [pid, cpu] of after) if (Number.isFinite(cpu)) total += cpu - (before.get(pid) ?? 0);
  return total;
}

// ---- 1. Orders over HTTP ------------------------------------------------------------------------------------------

async function orders() {
  console.log(`\n### 1. orders placed over HTTP on PostgreSQL: ${investorCount} investors at once`);
  const name = `${tag}_orders`;
  await createDatabase(name);
  const appName = `${tag}_server`;
  let server;
  let hello;
  try {
    server = await startServer(databaseUrl(name, appName), { pin: cpuPinning !== null });
    const helloPort = await freePort();
    const floorApp = `${tag}_floor`;
    hello = await startProcess(
      ['bench/hello-server.mjs'],
      { PORT: String(helloPort), DATABASE_URL: databaseUrl(name, floorApp), DATABASE_POOL_SIZE: poolSize },
      undefined,
      { pin: cpuPinning !== null },
    );
    track(hello.child);
    const setup = await runJson(['--import', 'tsx', 'bench/trading/investors.ts', databaseUrl(name), String(investorCount)]);
    const common = {
      investors: setup.investors,
      funds: setup.funds,
      amount: AMOUNT,
      publicKeyPem: setup.publicKeyPem,
      password: setup.password,
    };

    // hello-world: the same generator, connections and seconds, after an unmeasured second.
    await load({ mode: 'hello', port: helloPort, path: '/hello', connections: investorCount, seconds: 1, maxRequests: 1e9 });
    const helloRun = await load({ mode: 'hello', port: helloPort, path: '/hello', connections: investorCount, seconds, maxRequests: 1e9 });
    // For reference, the house generator of bench/server-load.mjs when wrk is missing (autocannon, in this process).
    const helloAutocannon = await autocannonLoad(`http://127.0.0.1:${helloPort}/hello`, {
      connections: investorCount,
      seconds: Math.min(seconds, 5),
    });
    // The floor of any order path: one durable commit a request (bench/hello-server.mjs POST /commit), its CPU per
    // request on each side, after an unmeasured second.
    await load({
      mode: 'hello',
      method: 'POST',
      port: helloPort,
      path: '/commit',
      connections: investorCount,
      seconds: 1,
      maxRequests: 1e9,
    });
    const floorBefore = { server: processCpuSeconds(hello.child.pid), pg: await backendCpu(floorApp) };
    const floorRun = await load({
      mode: 'hello',
      method: 'POST',
      port: helloPort,
      path: '/commit',
      connections: investorCount,
      seconds,
      maxRequests: 1e9,
    });
    const floorCpu = {
      server: processCpuSeconds(hello.child.pid) - floorBefore.server,
      pg: backendCpuDelta(floorBefore.pg, await backendCpu(floorApp)),
      generator: floorRun.generatorCpuSeconds,
    };
    await sleep(1000);
    // Orders: 2 s unmeasured (connections, JIT, the pool), then the measured run with the CPU it costs.
    await load({ mode: 'buy', port: server.port, tag: `${tag}w`, seconds: 2, maxRequests: maxOrders, ...common });
    const cpuBefore = { server: processCpuSeconds(server.child.pid), pg: await backendCpu(appName) };
    const orderRun = await load({ mode: 'buy', port: server.port, tag: `${tag}m`, seconds, maxRequests: maxOrders, ...common });
    const serverCpu = processCpuSeconds(server.child.pid) - cpuBefore.server;
    const pgCpu = backendCpuDelta(cpuBefore.pg, await backendCpu(appName));
    // The same orders offered at a constant rate (open loop, bench/trading/load.mjs openLoop): the latency of an order
    // while the server carries that rate, which a closed loop cannot show (its 50 investors wait 50 / X s on average).
    await sleep(500);
    const openCpuBefore = { server: processCpuSeconds(server.child.pid), pg: await backendCpu(appName) };
    const openRun = await load({
      mode: 'buy',
      port: server.port,
      tag: `${tag}o`,
      seconds,
      rate: offeredRate,
      leadIn,
      trace: process.env.BENCH_TRACE,
      maxRequests: maxOrders,
      ...common,
    });
    const openCpu = {
      server: processCpuSeconds(server.child.pid) - openCpuBefore.server,
      pg: backendCpuDelta(openCpuBefore.pg, await backendCpu(appName)),
    };
    const inDb = await countOrders(databaseUrl(name), `${tag}m-%`);
    const openInDb = await countOrders(databaseUrl(name), `${tag}o-%`);
    // The same order path in process, one order at a time, with its SQL counted (bench/trading/order-cost.ts).
    const single = await runJson(['--import', 'tsx', 'bench/trading/order-cost.ts', databaseUrl(name), '200'], {
      BENCH_ORDER_COST: JSON.stringify({
        investor: setup.investors[0],
        fund: setup.funds[0],
        amount: AMOUNT,
        publicKeyPem: setup.publicKeyPem,
        password: setup.password,
        tag: `${tag}s`,
      }),
    });

    const gen = cpuPinning ? 'pinned to CPU 1' : 'sharing the CPUs';
    console.log(
      `generator: bench/trading/load.mjs (one keep-alive connection per investor written and read by hand, closed loop, then an open loop at ${int(offeredRate)}/s; ${gen}); servers ${cpuPinning ? 'pinned to CPU 0' : 'unpinned'}, the order server with npm start's flags (${productionFlags.join(' ')}); PostgreSQL (not ours) unpinned;`,
    );
    console.log(
      `${seconds} s measured after an unmeasured warm-up (the open loop: ${leadIn} s at its rate); ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}; orders of ${AMOUNT} CNY to ${setup.funds.length} funds (small market).`,
    );
    table([
      {
        route: 'hello-world (Fastify floor)',
        'req/s': int(helloRun.rps),
        'p50 ms': ms2(helloRun.p50),
        'p99 ms': ms2(helloRun.p99),
        errors: helloRun.errors,
      },
      {
        route: 'hello-world, autocannon (reference)',
        'req/s': int(helloAutocannon.rps),
        'p50 ms': ms2(helloAutocannon.p50),
        'p99 ms': ms2(helloAutocannon.p99),
        errors: helloAutocannon.errors,
      },
      {
        route: 'one durable commit a request (floor)',
        'req/s': int(floorRun.rps),
        'p50 ms': ms2(floorRun.p50),
        'p99 ms': ms2(floorRun.p99),
        errors: floorRun.errors,
      },
      {
        route: 'POST /djapi/order/buy, closed loop (capacity)',
        'req/s': int(orderRun.rps),
        'p50 ms': ms2(orderRun.p50),
        'p99 ms': ms2(orderRun.p99),
        errors: orderRun.errors,
      },
      {
        route: `POST /djapi/order/buy, ${int(offeredRate)}/s offered (open loop)`,
        'req/s': int(openRun.rps),
        'p50 ms': ms2(openRun.p50),
        'p99 ms': ms2(openRun.p99),
        errors: openRun.errors,
      },
    ]);
    if (orderRun.errors > 0) console.log(`errors: ${JSON.stringify(orderRun.failures)}`);
    if (openRun.errors > 0) console.log(`errors (open loop): ${JSON.stringify(openRun.failures)}`);
    if (openRun.leadInErrors > 0) console.log(`errors (open loop, lead-in): ${openRun.leadInErrors}`);
    const carried = openRun.ok >= 0.99 * offeredRate * seconds;
    const met = orderRun.okRps >= 1000 && offeredRate >= 1000 && carried && openRun.p99 <= 50;
    console.log(
      `orders/s: ${int(orderRun.okRps)} acknowledged (result_code 0) by ${investorCount} investors each placing the next order on the answer (closed loop, p99 ${ms2(orderRun.p99)} ms: its queue, ${investorCount} / ${int(orderRun.okRps)} s on average);` +
        ` at ${int(offeredRate)} orders/s offered: ${int(openRun.ok)} of ${int(offeredRate * seconds)} acknowledged, p50 ${ms2(openRun.p50)} ms, p99 ${ms2(openRun.p99)} ms, max ${ms2(openRun.max)} ms` +
        ` — target ≥ 1,000 orders/s, p99 ≤ 50 ms: ${met ? 'met' : 'MISSED'}; ${(orderRun.okRps / helloRun.rps).toFixed(3)} × hello-world's req/s`,
    );
    console.log(
      `orders of the measured runs in the database: ${int(inDb)} (acknowledged: ${int(orderRun.ok)}); open loop ${int(openInDb)} (acknowledged: ${int(openRun.ok)});` +
        ` at ${int(offeredRate)}/s the server used ${(openCpu.server / openRun.seconds).toFixed(2)} of a core, PostgreSQL ${(openCpu.pg / openRun.seconds).toFixed(2)}, the generator ${(openRun.generatorCpuSeconds / openRun.seconds).toFixed(2)}`,
    );

    // What limits it: CPU per order on each side, and the parts measured apart.
    /** Milliseconds of CPU per answered request of `run`. */
    const perRequest = (cpuSeconds, run) => (1000 * cpuSeconds) / Math.max(1, run.answered);
    const serverMs = perRequest(serverCpu, orderRun);
    const pgMs = perRequest(pgCpu, orderRun);
    const generatorMs = perRequest(orderRun.generatorCpuSeconds, orderRun);
    const { rsaDecryptMs, productionVerifyMs, formerVerifyMs, rsaEncryptMs } = setup.costs;
    const cores = os.cpus().length;
    console.log(
      `CPU per order: server ${ms2(serverMs)} ms, PostgreSQL ${ms2(pgMs)} ms (its backends for our connections), load generator ${ms2(generatorMs)} ms` +
        ` — ${ms2(serverMs + pgMs)} ms on the server side, ${ms2(serverMs + pgMs + generatorMs)} ms with the generator`,
    );
    console.log('what limits it:');
    console.log(
      `  the server process: ${ms2(serverMs)} ms of CPU per order, ${(serverCpu / orderRun.seconds).toFixed(2)} of a core busy${cpuPinning ? ' (it has one: pinned)' : ''};` +
        ` PostgreSQL: ${ms2(pgMs)} ms per order, ${(pgCpu / orderRun.seconds).toFixed(2)} of a core; the generator ${ms2(generatorMs)} ms, ${(orderRun.generatorCpuSeconds / orderRun.seconds).toFixed(2)} of a core`,
    );
    console.log(
      `  of the server's ${ms2(serverMs)} ms: the RSA-2048 decrypt of the trade password ${rsaDecryptMs.toFixed(2)} ms (${Math.round((100 * rsaDecryptMs) / serverMs)} %), the password check (HMAC-SHA256) ${(productionVerifyMs * 1000).toFixed(1)} µs` +
        ` (measured apart); the rest — Fastify, the session, ${single.statements.toFixed(0)} SQL statements through Kysely and pg — ${ms2(serverMs - rsaDecryptMs - productionVerifyMs)} ms`,
    );
    console.log(
      `  the floor on ${cores} cores from CPU alone: ${cores} × 1000 / (${ms2(serverMs)} + ${ms2(pgMs)}) ≈ ${int((cores * 1000) / (serverMs + pgMs))} orders/s with the generator elsewhere,` +
        ` ≈ ${int((cores * 1000) / (serverMs + pgMs + generatorMs))} orders/s with it on the same cores (as here); one core of the server process's CPU allows ~${int(1000 / serverMs)}/s`,
    );
    {
      const [fs, fp, fg] = [
        perRequest(floorCpu.server, floorRun),
        perRequest(floorCpu.pg, floorRun),
        perRequest(floorCpu.generator, floorRun),
      ];
      console.log(
        `  the floor of any order path here — an HTTP request making one durable commit (POST /commit: one INSERT, autocommit): ${int(floorRun.rps)} req/s, p99 ${ms2(floorRun.p99)} ms;` +
          ` CPU per request server ${ms2(fs)} ms, PostgreSQL ${ms2(fp)} ms, generator ${ms2(fg)} ms: ${cores} cores allow ≈ ${int((cores * 1000) / (fs + fp + fg))}/s with the generator beside,` +
          ` ≈ ${int((cores * 1000) / (fs + fp))}/s with it elsewhere — an order (a session, a lock, the checks' read, the order and its transfer) costs ${ms2(serverMs + pgMs)} ms against that ${ms2(fs + fp)} ms`,
      );
    }
    console.log(
      `  one order at a time in process (app.inject, no HTTP, no concurrency; ${single.ok}/${single.orders} placed): ${ms2(single.wallMs)} ms wall, ${ms2(single.cpuMs)} ms of Node CPU,` +
        ` ${single.statements.toFixed(0)} SQL statements (${single.writes.toFixed(0)} writes, ${single.commits.toFixed(0)} commit waiting for the WAL flush) taking ${ms2(single.sqlMs)} ms from compile to rows`,
    );
    console.log(
      `  the client's RSA encrypt costs ${rsaEncryptMs.toFixed(3)} ms per order, done before the clock starts (each ciphertext used once); the generator used ${orderRun.generatorCpuSeconds.toFixed(1)} s of CPU in the ${orderRun.seconds.toFixed(1)} s measured`,
    );
    console.log(
      `  trade passwords: ${setup.hash === 'former' ? "the former scrypt hash (N=2^15), migrated to HMAC at each investor's first order" : 'HMAC-SHA256 under the pepper (production)'};` +
        ` the former scrypt check cost ${ms2(formerVerifyMs)} ms of CPU: with it ${cores} cores could check at most ~${int((cores * 1000) / formerVerifyMs)} passwords/s`,
    );
    console.log(
      `  group commit: PG_COMMIT_DELAY_US=${commitDelayUs}${commitDelayUs === '0' ? ' (off; concurrent commits still share flushes)' : ''}; pool ${poolSize} connections`,
    );
  } finally {
    if (hello) await stopProcess(hello.child);
    if (server) await stopProcess(server.child);
    await dropDatabase(name);
  }
}

async function countOrders(url, pattern) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS n FROM orders WHERE request_id LIKE $1', [pattern])).rows[0].n;
  } finally {
    await client.end();
  }
}

// ---- 2. Settlement ----------------------------------------------------------------------------------------------

async function settle() {
  console.log(
    `\n### 2. settlement of ${settleSizes
      .split(',')
      .map((n) => int(Number(n)))
      .join(' and ')} paid purchases on PostgreSQL (settleTrades)`,
  );
  const schema = `${tag}_settle`;
  started.schemas.add(schema);
  try {
    await new Promise((resolve, reject) => {
      const child = track(
        spawn(process.execPath, ['--import', 'tsx', 'bench/trading/settle.ts', schema, settleSizes], {
          cwd: root,
          env: { ...process.env, BENCH_DATABASE_URL: adminUrl },
          stdio: 'inherit',
        }),
      );
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/trading/settle.ts exited ${code}`))));
    });
  } finally {
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    started.schemas.delete(schema);
  }
}

// ---- 3. kill -9 during a burst --------------------------------------------------------------------------------

async function kill() {
  const perInvestor = Math.ceil(killOrders / investorCount);
  const killAfter = Math.floor(killOrders / 2);
  console.log(
    `\n### 3. kill -9 of the server during a burst of ${int(killOrders)} orders (${investorCount} investors × ${perInvestor}, all at once; SIGKILL after ${killAfter} acknowledgements)`,
  );
  const name = `${tag}_kill`;
  await createDatabase(name);
  const url = databaseUrl(name);
  let server;
  try {
    server = await startServer(url);
    const setup = await runJson(['--import', 'tsx', 'bench/trading/investors.ts', url, String(investorCount)]);
    const order = (i, n) => ({ investor: setup.investors[i], fund: setup.funds[i % setup.funds.length], requestId: `${tag}-k-${i}-${n}` });
    const common = { amount: AMOUNT, publicKeyPem: setup.publicKeyPem, password: setup.password };

    const acknowledged = new Map(); // request_id → order id
    const refused = [];
    const unanswered = [];
    let sent = 0;
    let killed = false;
    const victim = server.child;
    const exited = new Promise((resolve) => victim.once('exit', resolve));
    await Promise.all(
      setup.investors.map(async (_, i) => {
        const agent = investorAgent();
        for (let n = 0; n < perInvestor && sent < killOrders; n += 1) {
          const o = order(i, n);
          sent += 1;
          const res = await buy(agent, { host: '127.0.0.1', port: server.port }, o.investor, {
            ...common,
            fund: o.fund,
            requestId: o.requestId,
          });
          if (res.status === 0) {
            unanswered.push(o);
            break; // the server is gone: this investor's client stops
          }
          if (res.resultCode === 0) acknowledged.set(o.requestId, res.orderId);
          else refused.push({ ...o, message: `${res.resultCode} ${res.message}` });
          if (!killed && acknowledged.size >= killAfter) {
            killed = true;
            victim.kill('SIGKILL');
          }
        }
        agent.destroy();
      }),
    );
    if (!killed) {
      // Too few acknowledgements (refusals?): kill it after the burst, so the restart is still tested.
      console.log(`only ${acknowledged.size} acknowledgements: SIGKILL after the burst`);
      victim.kill('SIGKILL');
    }
    await exited;
    console.log(
      `burst: ${int(sent)} sent, ${int(killOrders - sent)} not sent (the server was gone); acknowledged (result_code 0): ${int(acknowledged.size)}; refused with an answer: ${refused.length}; no answer (in flight at the kill): ${unanswered.length}`,
    );
    if (refused.length > 0) console.log(`  refusals: ${[...new Set(refused.map((r) => r.message))].slice(0, 3).join('; ')}`);

    const restartedAt = performance.now();
    server = await startServer(url);
    console.log(`restarted in ${((performance.now() - restartedAt) / 1000).toFixed(1)} s`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let present;
    let duplicates;
    try {
      present = new Map(
        (await client.query(`SELECT request_id, id FROM orders WHERE request_id LIKE $1`, [`${tag}-k-%`])).rows.map((r) => [
          r.request_id,
          String(r.id),
        ]),
      );
      const [{ orders: dupOrders, payments: dupPayments, bank: dupBank }] = (
        await client.query(
          `SELECT (SELECT count(*) FROM (SELECT 1 FROM orders WHERE request_id LIKE $1 GROUP BY user_id, request_id HAVING count(*) > 1) d)::int AS orders,
                  (SELECT count(*) FROM (SELECT 1 FROM ledger_transfers WHERE kind = 'purchase_payment' GROUP BY user_id, order_id HAVING count(*) > 1) d)::int AS payments,
                  (SELECT count(*) FROM (SELECT 1 FROM bank_payments GROUP BY user_id, payment_id HAVING count(*) > 1) d)::int AS bank`,
          [`${tag}-k-%`],
        )
      ).rows;
      duplicates = { orders: dupOrders, payments: dupPayments, bank: dupBank };
    } finally {
      await client.end();
    }
    const ackPresent = [...acknowledged].filter(([id, orderId]) => present.get(id) === orderId).length;
    const extra = [...present.keys()].filter((id) => !acknowledged.has(id));
    const dupTotal = duplicates.orders + duplicates.payments + duplicates.bank;
    console.log(
      `acknowledged: ${int(acknowledged.size)}; present after restart with the same order id: ${int(ackPresent)} (${ackPresent === acknowledged.size ? 'equal' : `MISSING ${acknowledged.size - ackPresent}`})`,
    );
    console.log(
      `present but never acknowledged (in flight at the kill: allowed): ${extra.length}; duplicates: ${dupTotal} (orders per request_id ${duplicates.orders}, payment transfers per order ${duplicates.payments}, bank payments per id ${duplicates.bank})`,
    );
    const ledger = await runJson(['--import', 'tsx', 'bench/trading/ledger.ts', url]);
    console.log(
      `ledger check after the restart: ${ledger.violations === 0 ? 'balanced (no violation)' : `${ledger.violations} VIOLATIONS: ${ledger.first.join('; ')}`}`,
    );

    // The clients retry: every acknowledged request_id must answer its first order; an unanswered one answers the
    // order that committed before the kill, or is placed now (once).
    const byId = new Map();
    setup.investors.forEach((_, i) => {
      for (let n = 0; n < perInvestor; n += 1) byId.set(order(i, n).requestId, order(i, n));
    });
    const replay = async (ids) => {
      const agents = new Map();
      const results = [];
      const queue = [...ids];
      await Promise.all(
        Array.from({ length: investorCount }, async () => {
          while (queue.length > 0) {
            const id = queue.shift();
            const o = byId.get(id);
            if (!agents.has(o.investor.userId)) agents.set(o.investor.userId, investorAgent());
            const res = await buy(agents.get(o.investor.userId), { host: '127.0.0.1', port: server.port }, o.investor, {
              ...common,
              fund: o.fund,
              requestId: id,
            });
            results.push({ id, res });
          }
        }),
      );
      for (const agent of agents.values()) agent.destroy();
      return results;
    };
    const replayed = await replay([...acknowledged.keys()]);
    const same = replayed.filter((r) => r.res.resultCode === 0 && r.res.orderId === acknowledged.get(r.id)).length;
    const differ = replayed.filter((r) => r.res.resultCode === 0 && r.res.orderId !== acknowledged.get(r.id)).length;
    console.log(
      `replay of the ${int(acknowledged.size)} acknowledged request_ids after the restart: ${int(same)} answered the same order id, ${differ} a different one, ${replayed.length - same - differ} an error`,
    );
    const retried = await replay(unanswered.map((o) => o.requestId));
    const committed = retried.filter((r) => r.res.resultCode === 0 && present.get(r.id) === r.res.orderId).length;
    const placedNow = retried.filter((r) => r.res.resultCode === 0 && !present.has(r.id)).length;
    console.log(
      `retry of the ${unanswered.length} unanswered request_ids: ${committed} answered the order committed before the kill, ${placedNow} placed now, ${retried.length - committed - placedNow} other`,
    );
    const after = await runJson(['--import', 'tsx', 'bench/trading/ledger.ts', url]);
    console.log(
      `ledger check after the retries: ${after.violations === 0 ? 'balanced (no violation)' : `${after.violations} VIOLATIONS: ${after.first.join('; ')}`}`,
    );
  } finally {
    if (server) await stopProcess(server.child);
    await dropDatabase(name);
  }
}

console.log('## trading (PostgreSQL)');
try {
  if (!only || only === 'orders') await orders();
  if (!only || only === 'settle') await settle();
  if (!only || only === 'kill') await kill();
} finally {
  await cleanUp();
}
