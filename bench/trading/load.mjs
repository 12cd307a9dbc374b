// The load generator of bench/trading.mjs part 1, run as its own process (pinned to its own CPU when the bench
// pins): closed loops, one per connection, for `seconds` or until `maxRequests` answers; prints one JSON line.
//   BENCH_LOAD_CONFIG='{"mode":"buy"|"hello", "host", "port", "seconds", "maxRequests", …}' node bench/trading/load.mjs
// mode "hello": `connections` loops of `method` (GET) `path`. mode "buy": one loop per investor ({ token }), each order with a
// fresh request_id (`tag`-investor-n) for one of `funds`, amount `amount`, the password encrypted per request; with
// `rate`, an open loop at that many orders a second instead (openLoop). Each connection is client.mjs rawConnection
// (requests prebuilt as bytes, answers read by content-length), so the generator takes little of the CPU it shares.
import { buyOutcome, buyRequestBytes, encryptPassword, percentiles, rawConnection } from './client.mjs';

const config = JSON.parse(process.env.BENCH_LOAD_CONFIG ?? '{}');
const server = { host: config.host, port: config.port };
let deadline = Infinity;
const latencies = [];
const failures = new Map();
let answered = 0;
let ok = 0;
let started = 0;

// The orders' encrypted passwords, made before the clock starts: each is a fresh encryption (random padding) used once,
// as a device makes one per order; making them during the run cost the generator ~0.15 ms an order of the CPU it
// shares with the server. Past these, they are made on the fly.
const ciphertexts = [];
if (config.mode === 'buy') {
  const expected = config.rate ? config.rate * config.seconds : config.seconds * (config.expectedRate ?? 2500);
  for (let i = Math.min(config.maxRequests, Math.ceil(expected)); i > 0; i -= 1)
    ciphertexts.push(encryptPassword(config.publicKeyPem, config.password));
}
const encryptedPassword = () => ciphertexts.pop() ?? encryptPassword(config.publicKeyPem, config.password);

const more = () => Date.now() < deadline && started < config.maxRequests;
const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);

async function helloLoop() {
  const connection = rawConnection(server);
  const method = config.method ?? 'GET';
  const bytes = Buffer.from(
    `${method} ${config.path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${method === 'GET' ? '' : 'content-length: 0\r\n'}\r\n`,
  );
  while (more()) {
    started += 1;
    const res = await connection.send(bytes);
    answered += 1;
    latencies.push(res.ms);
    if (res.status === 200) ok += 1;
    else fail(res.status === 0 ? res.error : `HTTP ${res.status}`);
  }
  connection.destroy();
}

/** Order n of investor `index`, as bytes: a fresh request id (under `tag`), one of the funds, a ciphertext of its own. */
const orderBytes = (investor, index, n, tag = config.tag) =>
  buyRequestBytes(investor, {
    fund: config.funds[index % config.funds.length],
    amount: config.amount,
    requestId: `${tag}-${index}-${n}`,
    encryptedPassword: encryptedPassword(),
  });

const count = (res) => {
  answered += 1;
  latencies.push(res.ms);
  if (res.status === 200 && res.resultCode === 0) ok += 1;
  else fail(res.status === 0 ? res.message : `${res.resultCode ?? `HTTP ${res.status}`} ${res.message}`.trim());
};

async function buyLoop(investor, index) {
  const connection = rawConnection(server);
  for (let n = 0; more(); n += 1) {
    started += 1;
    count(buyOutcome(await connection.send(orderBytes(investor, index, n))));
  }
  connection.destroy();
}

/**
 * Open loop (`rate` orders a second, as wrk2 offers a constant throughput): order k is due at k / rate seconds, from
 * investor k mod n on that investor's one connection, whether or not the earlier ones were answered (an investor
 * whose previous order is still open waits for its connection). Its latency counts from when it was due, not from
 * when it could be sent: a slow answer delays the orders behind it and they count that wait (no coordinated
 * omission). A closed loop's latency at saturation is only its queue (Little's law: n investors at X orders/s wait
 * n / X on average); this says how fast an order is answered while the server carries `rate`.
 *
 * The first `leadIn` seconds run at the same rate unmeasured (their request ids under `${tag}l`), as wrk2 calibrates
 * before it measures: the step from the closed loop's saturation (or from idle) to the rate is not the rate. Their
 * failures are counted apart (leadInErrors). The measured orders follow them without a pause.
 */
async function openLoop() {
  const connections = config.investors.map(() => rawConnection(server));
  const counts = config.investors.map(() => 0);
  const leadIn = Math.floor(config.rate * (config.leadIn ?? 0));
  const total = leadIn + Math.min(config.maxRequests, Math.floor(config.rate * config.seconds));
  const startAt = performance.now();
  measuredFrom = startAt + (leadIn * 1000) / config.rate;
  const pending = [];
  const trace = config.trace ? [] : null;
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && startAt + (next * 1000) / config.rate <= now) {
        const dueAt = startAt + (next * 1000) / config.rate;
        const index = next % config.investors.length;
        const measured = next >= leadIn;
        next += 1;
        if (!measured) {
          const bytes = orderBytes(config.investors[index], index, counts[index]++, `${config.tag}l`);
          pending.push(
            connections[index].send(bytes, dueAt).then((res) => {
              const outcome = buyOutcome(res);
              if (!(outcome.status === 200 && outcome.resultCode === 0)) leadInErrors += 1;
            }),
          );
          continue;
        }
        started += 1;
        const bytes = orderBytes(config.investors[index], index, counts[index]++);
        pending.push(
          connections[index].send(bytes, dueAt).then((res) => {
            if (trace) trace.push([dueAt - measuredFrom, res.sentAt - measuredFrom, res.answeredAt - measuredFrom, index]);
            count(buyOutcome(res));
          }),
        );
      }
      if (next < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  for (const connection of connections) connection.destroy();
  // BENCH_TRACE: one line a measured order — due, sent and answered (ms from the measured start, whose epoch ms is the
  // first line) and its investor.
  if (trace) {
    const epoch = performance.timeOrigin + measuredFrom;
    const lines = trace.map((t) => t.map((v) => v.toFixed(2)).join(','));
    (await import('node:fs')).writeFileSync(config.trace, [epoch.toFixed(1), ...lines].join('\n'));
  }
}

const cpuAtStart = process.cpuUsage();
const begin = performance.now();
/** Where the measured part begins (the open loop's, after its lead-in). */
let measuredFrom = begin;
let leadInErrors = 0;
deadline = Date.now() + config.seconds * 1000;
const loops =
  config.mode === 'hello'
    ? Array.from({ length: config.connections }, () => helloLoop())
    : config.rate
      ? [openLoop()]
      : config.investors.map((investor, i) => buyLoop(investor, i));
await Promise.all(loops);
const end = performance.now();
const seconds = (end - begin) / 1000;
const measuredSeconds = (end - measuredFrom) / 1000;
const cpu = process.cpuUsage(cpuAtStart);
console.log(
  JSON.stringify({
    answered,
    ok,
    errors: answered - ok,
    failures: Object.fromEntries(failures),
    /** The whole run (with an open loop's lead-in), which the CPU figures cover. */
    seconds,
    measuredSeconds,
    rps: answered / measuredSeconds,
    okRps: ok / measuredSeconds,
    leadInErrors,
    ...percentiles(latencies),
    generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
