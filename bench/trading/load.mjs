// The load generator of bench/trading.mjs part 1, run as its own process (pinned to its own CPU when the bench
// pins): closed loops, one per connection, for `seconds` or until `maxRequests` answers; prints one JSON line.
//   BENCH_LOAD_CONFIG='{"mode":"buy"|"hello", "host", "port", "seconds", "maxRequests", …}' node bench/trading/load.mjs
// mode "hello": `connections` loops of `method` (GET) `path`. mode "buy": one loop per investor ({ token }), each order with a
// fresh request_id (`tag`-investor-n) for one of `funds`, amount `amount`, the password encrypted per request.
import { buy, investorAgent, percentiles, request } from './client.mjs';

const config = JSON.parse(process.env.BENCH_LOAD_CONFIG ?? '{}');
const server = { host: config.host, port: config.port };
const deadline = Date.now() + config.seconds * 1000;
const latencies = [];
const failures = new Map();
let answered = 0;
let ok = 0;
let started = 0;

const more = () => Date.now() < deadline && started < config.maxRequests;
const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);

async function helloLoop() {
  const agent = investorAgent();
  while (more()) {
    started += 1;
    const res = await request(agent, { ...server, method: config.method ?? 'GET', path: config.path });
    answered += 1;
    latencies.push(res.ms);
    if (res.status === 200) ok += 1;
    else fail(res.status === 0 ? res.error : `HTTP ${res.status}`);
  }
  agent.destroy();
}

async function buyLoop(investor, index) {
  const agent = investorAgent();
  const fund = config.funds[index % config.funds.length];
  for (let n = 0; more(); n += 1) {
    started += 1;
    const res = await buy(agent, server, investor, {
      fund,
      amount: config.amount,
      requestId: `${config.tag}-${index}-${n}`,
      publicKeyPem: config.publicKeyPem,
      password: config.password,
    });
    answered += 1;
    latencies.push(res.ms);
    if (res.status === 200 && res.resultCode === 0) ok += 1;
    else fail(res.status === 0 ? res.message : `${res.resultCode ?? `HTTP ${res.status}`} ${res.message}`.trim());
  }
  agent.destroy();
}

const begin = performance.now();
const loops =
  config.mode === 'hello'
    ? Array.from({ length: config.connections }, () => helloLoop())
    : config.investors.map((investor, i) => buyLoop(investor, i));
await Promise.all(loops);
const seconds = (performance.now() - begin) / 1000;
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    answered,
    ok,
    errors: answered - ok,
    failures: Object.fromEntries(failures),
    seconds,
    rps: answered / seconds,
    okRps: ok / seconds,
    ...percentiles(latencies),
    generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
