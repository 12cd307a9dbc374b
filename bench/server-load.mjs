// Server benchmark (bench/README.md targets): seed time of the default and --large markets with their phases, cold start
// to the first page served, and requests/s + p50/p99 for search and fund detail over the --large catalogue,
// beside a Fastify hello-world route measured in the same run. Figures are printed, never asserted.
//   BENCH_SECONDS=5   seconds per load run          BENCH_ROUNDS=5   rounds (each route once per round; medians shown)
//   BENCH_PIN=0       let servers and wrk share the CPUs (default: pinned apart with taskset when there are 2+)
//   BENCH_LOADGEN=autocannon  use autocannon even when wrk is installed (wrk: `apt-get install wrk`)
//   BENCH_ONLY=load|seed      only the load part, or only seeds and cold start
//   H5_DIR=dist/h5-x          the H5 build the cold start serves (default dist/h5)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuPinning, freePort, loadGenerator, loadWith, root, startProcess, stopProcess, table } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const only = process.env.BENCH_ONLY ?? '';
const h5Dir = path.resolve(root, process.env.H5_DIR ?? 'dist/h5');
const tsx = ['--import', 'tsx'];

/** The phase lines the seed CLI and the server print (server/src/cli/seed.ts, server/src/main.ts). */
const PHASE_LINE = /^(Seeded .*|Seed phases: .*|Database ready: .*|Demo market seeded .*|Started in .*)$/gm;
const phaseLines = (output) => (output.match(PHASE_LINE) ?? []).map((line) => `    ${line}`).join('\n');

function seed(dataDir, extra = []) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [...tsx, 'server/src/cli/seed.ts', ...extra], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seed failed:\n${r.stdout}\n${r.stderr}`);
  return { seconds: (Date.now() - started) / 1000, phases: phaseLines(r.stdout) };
}

/** `npm start` on a fresh data directory until the first page answers; `env` adds variables (e.g. an empty template cache). */
async function coldStart(env = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-cold-'));
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const started = Date.now();
  const server = await startProcess([...tsx, 'server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SKIP_H5_BUILD: '1',
    H5_DIR: h5Dir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  let status = 0;
  while (status !== 200) {
    status = await fetch(`http://127.0.0.1:${port}/index`)
      .then((r) => r.status)
      .catch(() => 0);
  }
  const total = (Date.now() - started) / 1000;
  const output = server.output();
  await stopProcess(server.child);
  rmSync(dataDir, { recursive: true, force: true });
  return { seconds: total, phases: phaseLines(output) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const largeDir = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-large-'));
rmSync(largeDir, { recursive: true, force: true });
try {
  console.log('## server');
  if (only !== 'load') {
    const defaultDir = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-default-'));
    rmSync(defaultDir, { recursive: true, force: true });
    try {
      const seedDefault = seed(defaultDir);
      console.log(`seed (default market, fresh data dir, process total): ${seedDefault.seconds.toFixed(1)} s\n${seedDefault.phases}`);
    } finally {
      rmSync(defaultDir, { recursive: true, force: true });
    }
  }
  const seedLarge = seed(largeDir, ['--large']);
  console.log(`seed (--large market, fresh data dir, process total): ${seedLarge.seconds.toFixed(1)} s\n${seedLarge.phases}`);
  if (only !== 'load') {
    const built = existsSync(path.join(h5Dir, 'index.html'));
    const what = `fresh data dir, default market, ${built ? `H5 built: ${path.relative(root, h5Dir)}` : 'H5 NOT built: the page is the build-missing notice'}`;
    // The first start of an installation runs PGlite's initdb and keeps its output as a template
    // (server/src/db/pglite-template.ts); every later fresh data directory starts from the template.
    const emptyCache = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-template-'));
    try {
      const first = await coldStart({ PGLITE_TEMPLATE_DIR: emptyCache });
      console.log(
        `cold start to first page served, first start of the installation (${what}; initdb): ${first.seconds.toFixed(1)} s\n${first.phases}`,
      );
      const cold = await coldStart({ PGLITE_TEMPLATE_DIR: emptyCache });
      console.log(
        `cold start to first page served (${what}; initdb template cached): ${cold.seconds.toFixed(1)} s  (target ≤ 15 s)\n${cold.phases}`,
      );
    } finally {
      rmSync(emptyCache, { recursive: true, force: true });
    }
  }

  if (only !== 'seed') {
    const generator = loadGenerator();
    const helloPort = await freePort();
    const hello = await startProcess(['bench/hello-server.mjs'], { PORT: String(helloPort) }, undefined, { pin: true });
    const appPort = await freePort();
    const app = await startProcess(
      [...tsx, 'server/src/main.ts'],
      {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: largeDir,
        DATABASE_URL: '',
        SKIP_H5_BUILD: '1',
        LOG_LEVEL: 'warn',
        // All load comes from one loopback address: the per-IP limit would answer 429s, not measure the read path.
        RATE_LIMIT_PER_MINUTE: '0',
      },
      undefined,
      { pin: true },
    );
    const base = `http://127.0.0.1:${appPort}`;
    const targets = [
      ['hello-world (Fastify floor)', `http://127.0.0.1:${helloPort}/hello`],
      ['search ?key=00', `${base}/djapi/v2/search?key=00&source=index`],
      ['search ?key=hs (pinyin)', `${base}/djapi/v2/search?key=hs&source=index`],
      ['fund detail 009005', `${base}/djapi/fund/detail/009005`],
      ['fund 009005', `${base}/djapi/fund/009005`],
    ];
    // Warm the caches the way a day's first visitors would.
    for (const [, url] of targets) await fetch(url);

    const runs = new Map(targets.map(([name]) => [name, []]));
    for (let round = 0; round < rounds; round += 1) {
      // Each round measures the floor and every route back to back, so a ratio compares like with like.
      let helloRps = 0;
      for (const [name, url] of targets) {
        // The previous run's server (on the same CPU) closes its 100 sockets and collects its garbage in the second
        // after its run: let it, then warm this route's server up unmeasured, so no run pays for the one before it.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await loadWith(generator, url, { seconds: 1 });
        const r = await loadWith(generator, url, { seconds });
        if (name === targets[0][0]) helloRps = r.rps;
        runs.get(name).push({ ...r, ratio: r.rps / helloRps });
      }
    }
    const rows = targets.map(([name]) => {
      const list = runs.get(name);
      return {
        route: name,
        'req/s': Math.round(median(list.map((r) => r.rps))),
        'p50 ms': median(list.map((r) => r.p50)),
        'p99 ms': median(list.map((r) => r.p99)),
        ratio: median(list.map((r) => r.ratio)).toFixed(2),
        errors: list.reduce((sum, r) => sum + r.errors, 0),
      };
    });
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `\n${generator.note}; 100 connections, ${seconds} s per run, ${rounds} round(s), medians; ratio = route req/s ÷ hello-world req/s of`,
    );
    console.log(`the same round; --large catalogue, rate limit off; ${os.cpus().length} CPUs, load average ${load} at the end;`);
    console.log(
      cpuPinning
        ? 'servers pinned to CPU 0 and the load generator to CPU 1 (taskset; BENCH_PIN=0 to share).'
        : 'servers and load generator share the CPUs (no taskset).',
    );
    console.log('p99 of hello-world is the noise floor of this machine: a route cannot have a lower tail than the empty one.');
    console.log('Targets: ratio ≥ 0.30 and p99 ≤ 10 ms for search and fund detail.');
    if (rows.some((r) => r.errors > 0))
      console.log('note: errors > 0 means non-2xx answers or socket errors; those figures do not measure the read path');
    table(rows);
    await stopProcess(app.child);
    await stopProcess(hello.child);
  }
} finally {
  rmSync(largeDir, { recursive: true, force: true });
}
