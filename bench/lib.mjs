// Shared helpers for the benchmarks: spawn the real server, wait for it, measure with autocannon.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `node --import tsx <entry>` and resolves once its output matches `ready`. */
/**
 * On a machine with two or more CPUs and `taskset` (util-linux), a server under load and its load generator each get
 * a CPU of their own, so neither's tail latency is the other's time slice. BENCH_PIN=0 turns it off.
 */
export const cpuPinning = (() => {
  if (process.env.BENCH_PIN === '0' || os.availableParallelism() < 2) return null;
  const probe = spawnSync('taskset', ['-c', '0', 'true']);
  return probe.status === 0 ? { server: ['taskset', '-c', '0'], generator: ['taskset', '-c', '1'] } : null;
})();

/** `options.pin`: run on the server's CPU (see cpuPinning). */
export function startProcess(args, env, ready = /Server ready: http/, options = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const [command, ...prefix] = options.pin && cpuPinning ? [...cpuPinning.server, process.execPath] : [process.execPath];
    const child = spawn(command, [...prefix, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let isReady = false;
    // BENCH_SERVER_LOG=<file>: the servers' output is also appended there (e.g. with BENCH_SERVER_FLAGS=--trace-gc).
    const log = process.env.BENCH_SERVER_LOG;
    const onData = (chunk) => {
      if (log) appendFileSync(log, chunk);
      output += chunk.toString();
      if (!isReady && ready.test(output)) {
        isReady = true;
        resolve({ child, startedAt: started, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before ready:\n${output.slice(-2000)}`)));
  });
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * The load generator for server benchmarks: Debian's `wrk` when installed (C, one thread: it leaves the
 * second core to the server, so the figures measure the server), else autocannon (Node, single thread: on a
 * 2-core machine it saturates before a fast server does, so requests/s and p99 mostly measure itself).
 * BENCH_LOADGEN=autocannon forces autocannon.
 */
export function loadGenerator() {
  if (process.env.BENCH_LOADGEN !== 'autocannon') {
    const r = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
    const version = `${r.stdout ?? ''}${r.stderr ?? ''}`.match(/wrk (\S+)/)?.[1];
    if (r.error === undefined && version) return { name: 'wrk', version, note: `wrk ${version}, 1 thread` };
  }
  const why =
    process.env.BENCH_LOADGEN === 'autocannon' ? 'chosen by BENCH_LOADGEN' : 'wrk not installed: `apt-get install wrk` on Debian/Ubuntu';
  return {
    name: 'autocannon',
    version: '',
    note: `autocannon (${why}; it parses every answer in JavaScript on one core, so routes with large bodies measure the generator, not the server)`,
  };
}

/** `12.5ms` / `830.00us` / `1.02s` → milliseconds. */
function wrkMillis(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/** One wrk run (`wrk -t1 -c<connections> -d<seconds>s --latency url`); resolves to the same shape as `load`. */
export function loadWrk(url, { connections = 100, seconds = 8, threads = 1 } = {}) {
  return new Promise((resolve, reject) => {
    const wrkArgs = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', url];
    const [command, ...args] = cpuPinning ? [...cpuPinning.generator, 'wrk', ...wrkArgs] : ['wrk', ...wrkArgs];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('error', reject);
    child.once('exit', (code) => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      if (code !== 0 || !Number.isFinite(rps)) return reject(new Error(`wrk exited ${code}:\n${out}`));
      const percentile = (p) => wrkMillis(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1]);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
      resolve({ rps: Math.round(rps), p50: round2(percentile(50)), p99: round2(percentile(99)), errors: non2xx + socketErrors });
    });
  });
}

const round2 = (n) => Math.round(n * 100) / 100;

/** autocannon for `seconds` with `connections`; returns req/s and latency percentiles in ms. */
export async function load(url, { connections = 100, seconds = 8, requests } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, requests, pipelining: 1 });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Loads `url` with the chosen generator (see loadGenerator). */
export function loadWith(generator, url, options) {
  return generator.name === 'wrk' ? loadWrk(url, options) : load(url, options);
}

export function table(rows) {
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(width[i])).join('  ');
  console.log(line(cols));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

// ---------------------------------------------------------------------------------------------------------
// The app's builds and a browser (bench/app.mjs, bench/lighthouse.mjs)

/** BENCH_SKIP_BUILD=1: measure dist/ as it is instead of building (and timing) afresh. */
export const skipBuild = process.env.BENCH_SKIP_BUILD === '1';

/**
 * Where the measured builds live. Fresh builds go to .tmp/bench/ so a bench never wipes a developer's
 * dist/ (Taro empties its output folder first) while a dev server or browser test is reading it.
 */
export const appOutputs = {
  h5: path.join(root, skipBuild ? 'dist/h5' : '.tmp/bench/h5'),
  weapp: path.join(root, skipBuild ? 'dist/weapp' : '.tmp/bench/weapp'),
  floorH5: path.join(root, '.tmp/floor-h5'),
  /** The same floor app with Taro's default configuration (bench/floor-default/README.md). */
  floorDefaultH5: path.join(root, '.tmp/floor-default-h5'),
};

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `taro build --type <type>` with the product's config/index.ts; `sourceRoot`/`outputRoot`/`cacheName` reach it
 * as TARO_SOURCE_ROOT/TARO_OUTPUT_ROOT/TARO_CACHE_NAME. `cold` deletes that cache first. Resolves to seconds.
 */
export function taroBuild({ type, sourceRoot = 'src', outputRoot, cacheName, cold = false }) {
  if (cold) rmSync(path.join(root, 'node_modules/.cache/webpack', cacheName), { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['node_modules/@tarojs/cli/bin/taro', 'build', '--type', type], {
      cwd: root,
      env: { ...process.env, TARO_SOURCE_ROOT: sourceRoot, TARO_OUTPUT_ROOT: outputRoot, TARO_CACHE_NAME: cacheName },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // webpackbar prints thousands of progress lines: keep only the tail for an error report.
    let tail = '';
    const keep = (chunk) => (tail = (tail + chunk.toString()).slice(-6000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code === 0 && existsSync(path.join(root, outputRoot))) resolve(seconds);
      else reject(new Error(`taro build --type ${type} (${sourceRoot} → ${outputRoot}) exited ${code}:\n${tail}`));
    });
  });
}

/** Builds the bare floor app (bench/floor) for H5 unless it is there already; untimed. */
export async function ensureFloorH5() {
  if (existsSync(path.join(appOutputs.floorH5, 'index.html'))) return;
  await taroBuild({
    type: 'h5',
    sourceRoot: 'bench/floor',
    outputRoot: path.relative(root, appOutputs.floorH5),
    cacheName: 'bench-floor-h5',
  });
}

/**
 * Builds bench/floor with Taro's default configuration (bench/floor-default) into appOutputs.floorDefaultH5 unless it
 * is there already: a project of its own under .tmp/ (Taro reads config/ from the folder it runs in) that borrows
 * this repository's node_modules. Untimed.
 */
export async function ensureTaroDefaultFloorH5() {
  const out = appOutputs.floorDefaultH5;
  if (existsSync(path.join(out, 'index.html'))) return;
  const project = path.join(root, '.tmp/floor-default-project');
  rmSync(project, { recursive: true, force: true });
  cpSync(path.join(root, 'bench/floor-default'), project, { recursive: true });
  cpSync(path.join(root, 'bench/floor'), path.join(project, 'src'), { recursive: true });
  rmSync(path.join(project, 'src/tsconfig.json'), { force: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/@tarojs/cli/bin/taro'), 'build', '--type', 'h5'], {
      cwd: project,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        TARO_SOURCE_ROOT: '',
        TARO_OUTPUT_ROOT: '',
        TARO_CACHE_NAME: '',
        BROWSERSLIST_ENV: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (chunk) => (tail = (tail + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`taro build (Taro defaults floor) exited ${code}:\n${tail}`))));
  });
  rmSync(out, { recursive: true, force: true });
  cpSync(path.join(project, 'dist'), out, { recursive: true });
}

/** Builds the product H5 into appOutputs.h5 unless it is there already; untimed. */
export async function ensureProductH5() {
  if (existsSync(path.join(appOutputs.h5, 'index.html'))) return;
  if (skipBuild) throw new Error(`BENCH_SKIP_BUILD=1 but ${appOutputs.h5}/index.html is missing: run npm run build:h5`);
  await taroBuild({ type: 'h5', outputRoot: path.relative(root, appOutputs.h5), cacheName: 'bench-h5' });
}

/**
 * Serves a built H5 folder with the project server (H5_DIR) on a data directory that is seeded on first
 * start and may be shared by later calls. If the server cannot start, a bare static server with the same
 * SPA fallback stands in, and `kind` says so.
 */
export async function serveH5(h5Dir, dataDir) {
  const port = await freePort();
  try {
    const { child } = await startProcess(['--import', 'tsx', 'server/src/main.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SKIP_H5_BUILD: '1',
      H5_DIR: h5Dir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    return { url: `http://127.0.0.1:${port}`, kind: 'project server', stop: () => stopProcess(child) };
  } catch (error) {
    console.log(`(project server did not start, using a bare static server: ${String(error.message).split('\n')[0]})`);
    return serveStatic(h5Dir);
  }
}

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Files of `dir` as they are; any other extension-less path answers index.html (the SPA fallback). */
async function serveStatic(dir) {
  const server = createHttpServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.join(dir, path.normalize(urlPath).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      if (path.extname(urlPath)) return res.writeHead(404).end();
      file = path.join(dir, 'index.html');
    }
    res.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, kind: 'static fallback', stop: () => new Promise((resolve) => server.close(resolve)) };
}

export function temporaryDir(prefix) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const kib = (bytes) => (bytes / 1024).toFixed(1);
