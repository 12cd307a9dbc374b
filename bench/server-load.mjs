// Server benchmark (issue 2 targets): seed time of the default and --large markets, cold start to the first
// page served, and requests/s + p50/p99 for search and fund detail over the --large catalogue, beside a
// Fastify hello-world route measured in the same run. Figures are printed, never asserted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, load, root, startProcess, stopProcess, table } from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const tsx = ['--import', 'tsx'];

function seed(dataDir, extra = []) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [...tsx, 'server/src/cli/seed.ts', ...extra], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seed failed:\n${r.stdout}\n${r.stderr}`);
  return (Date.now() - started) / 1000;
}

async function coldStart() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-cold-'));
  const port = await freePort();
  const started = Date.now();
  const { child } = await startProcess([...tsx, 'server/src/main.ts'], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SKIP_H5_BUILD: '1' });
  let status = 0;
  while (status !== 200) {
    status = await fetch(`http://127.0.0.1:${port}/index`).then((r) => r.status).catch(() => 0);
  }
  const total = (Date.now() - started) / 1000;
  await stopProcess(child);
  rmSync(dataDir, { recursive: true, force: true });
  return total;
}

const defaultDir = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-default-'));
const largeDir = mkdtempSync(path.join(os.tmpdir(), 'dj-bench-large-'));
try {
  console.log('## server');
  const seedDefault = seed(defaultDir);
  const seedLarge = seed(largeDir, ['--large']);
  const cold = await coldStart();
  console.log(`seed (default market, process total): ${seedDefault.toFixed(1)} s`);
  console.log(`seed (--large market, process total): ${seedLarge.toFixed(1)} s`);
  console.log(`cold start to first page served (fresh data dir, H5 built): ${cold.toFixed(1)} s  (target ≤ 15 s)`);

  const helloPort = await freePort();
  const hello = await startProcess(['bench/hello-server.mjs'], { PORT: String(helloPort) });
  const appPort = await freePort();
  const app = await startProcess([...tsx, 'server/src/main.ts'], {
    PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: largeDir, DATABASE_URL: '', SKIP_H5_BUILD: '1', LOG_LEVEL: 'warn',
    // All load comes from one loopback address: the per-IP limit would answer 429s, not measure the read path.
    RATE_LIMIT_PER_MINUTE: '0',
  });
  const base = `http://127.0.0.1:${appPort}`;
  // Warm the caches the way a day's first visitors would.
  await fetch(`${base}/djapi/v2/search?key=00&source=index`);
  await fetch(`${base}/djapi/fund/detail/009005`);

  const rows = [];
  const helloResult = await load(`http://127.0.0.1:${helloPort}/hello`, { seconds });
  rows.push({ route: 'hello-world (Fastify floor)', ...helloResult, ratio: '1.00' });
  for (const [name, url] of [
    ['search ?key=00', `${base}/djapi/v2/search?key=00&source=index`],
    ['search ?key=hs (pinyin)', `${base}/djapi/v2/search?key=hs&source=index`],
    ['fund detail 009005', `${base}/djapi/fund/detail/009005`],
    ['fund 009005', `${base}/djapi/fund/009005`],
  ]) {
    const r = await load(url, { seconds });
    rows.push({ route: name, ...r, ratio: (r.rps / helloResult.rps).toFixed(2) });
  }
  console.log(`\n100 connections, ${seconds} s each, --large catalogue, rate limit off (targets: ratio ≥ 0.30, p99 ≤ 10 ms)`);
  if (rows.some((r) => r.errors > 0)) console.log('note: errors > 0 means non-2xx answers or socket errors; those figures do not measure the read path');
  table(rows);
  await stopProcess(app.child);
  await stopProcess(hello.child);
} finally {
  rmSync(defaultDir, { recursive: true, force: true });
  rmSync(largeDir, { recursive: true, force: true });
}
