#!/usr/bin/env node
// `npm test`: every suite of the project, with one closing summary that CI reads (it keeps only the log's tail): the
// steps with their wall times, the ten slowest test files, each failing test, and "N passed, N failed".
//
//   npm test                        everything, on the business date BUSINESS_DATE (default: now), plus the
//                                   date-sensitive suites on one rotating date of the sweep (printed)
//   npm test -- --only=server,e2e   some steps: lint,typecheck,unit,server,build,weapp,e2e (comma-separated)
//   npm test -- --dates=sweep       the date-sensitive suites on every date of the sweep (DATE_SWEEP below)
//   npm test -- --dates=2026-02-13,2024-02-29T16:00   … on those dates; --dates=none: today's run only
//   npm test -- --dates=sweep --sweep-only --only=server,e2e   the sweep alone, without today's whole run
//   npm test -- --only=e2e --reuse-build   the browser tests on dist/ as built
//   npm test -- --jobs=3            how many test processes run at once (default: the number of cores)
//   npm test -- --no-bundle         the test files and the browser tests' servers through tsx, not the run's bundle
//
// Work is split into jobs — a lint, a typecheck, jest, a build, and every test file of node:test on its own — run by a
// small scheduler that keeps the cores busy: independent steps overlap, a job starts when what it needs is done
// (the browser tests after the H5 build and the seeded template), the longest first. Each job's output is printed
// whole when it ends, so the log reads one job at a time.
//
// PostgreSQL: the server files that touch the database run a second time against TEST_DATABASE_URL when it is set.
// Chromium: the browser suite runs Debian's old headless shell (/usr/bin/chromium-headless-shell, what playwright itself
// runs headless: ~30 % less CPU a page than the full browser's new headless mode on a 2-core machine), else
// /usr/bin/chromium, or CHROMIUM_PATH; run as root on Debian the headless shell is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleTests } from './test-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp', 'test-results');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const runStarted = Date.now();
/** The machine's busy and total CPU ticks (/proc/stat), to print how much of the cores the run kept busy. */
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
const ticksAtStart = cpuTicks();

const argOf = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = argOf('only') ? new Set(argOf('only').split(',')) : null;
const wants = (step) => !only || only.has(step);
const slots = Math.max(1, Number(argOf('jobs') ?? process.env.TEST_JOBS ?? os.availableParallelism?.() ?? os.cpus().length));

// ── Business dates ──────────────────────────────────────────────────────────────────────────────────────────────
const SHANGHAI_MS = 8 * 3600_000;
const shanghaiMinute = (ms) => new Date(ms + SHANGHAI_MS).toISOString().slice(0, 16);
/** This run's business instant: BUSINESS_DATE, else now (to the minute), in Shanghai time; printed for a replay. */
const today = process.env.BUSINESS_DATE?.trim() || shanghaiMinute(Date.now());
/**
 * The awkward dates the date-sensitive suites must pass on (Shanghai time; 10:30 is before the 15:00 cut-off, 16:00
 * after it): a Saturday, a Sunday, the last trading day before Spring Festival and the first after it, the same around
 * National Day (also a month end), 31 December, 1 January (a holiday), 29 February of a leap year, a month end.
 */
const DATE_SWEEP = [
  '2026-11-28T10:30', // Saturday
  '2026-11-29T10:30', // Sunday
  '2026-02-13T16:00', // Friday before Spring Festival, after the cut-off: T is 2026-02-24
  '2026-02-24T10:30', // first trading day after Spring Festival
  '2026-09-30T14:30', // day before National Day, a month end
  '2026-10-08T10:30', // first trading day after National Day
  '2025-12-31T16:00', // 31 December, after the cut-off: T is 2026-01-05
  '2026-01-01T10:30', // 1 January, a holiday
  '2024-02-29T10:30', // 29 February of a leap year
  '2026-04-30T15:30', // a month end before the May Day holiday, after the cut-off
];
function sweepDates() {
  const given = argOf('dates');
  if (given === 'none' || given === '') return [];
  if (given === 'sweep') return DATE_SWEEP;
  if (given) return given.split(',').map((d) => d.trim());
  // One rotating date a day (the day number of today), so a week of CI runs meets a week of awkward dates.
  const day = Math.floor(Date.parse(`${today.slice(0, 10)}T00:00:00Z`) / 86_400_000);
  return [DATE_SWEEP[day % DATE_SWEEP.length]];
}
const extraDates = sweepDates().filter((d) => d !== today);
/** --sweep-only: the date-sensitive suites on the extra dates, without today's whole run (to hunt a date's failures). */
const runDates = process.argv.includes('--sweep-only') ? extraDates : [today, ...extraDates];
for (const d of [today, ...extraDates]) {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(d)) {
    console.error(`npm test: not a business date: ${d} (YYYY-MM-DD or YYYY-MM-DDTHH:mm, Shanghai time)`);
    process.exit(2);
  }
}

/**
 * The suites that run again on every extra date: the server's money simulations, which start on the business date
 * (tests/server/helpers.ts businessStartForTests; the other server tests state the dates they need), and the browser
 * journeys whose money or calendar follows the date (orders and their confirmation dates, 定投 run dates, an
 * assessment's validity, the agreements' dates, the advisory and pension purchases' confirmation, the asset proof's
 * date), whose market and clock start on it. On an extra date the trading and advisory simulations cover 60 days, not
 * a year. Pages that only show the market (home, the demo page) run on today alone.
 */
const DATE_SENSITIVE = {
  server: ['trading-simulation', 'cash-simulation', 'advisory-income', 'advisory-simulation', 'pension', 'pension-simulation'],
  e2e: ['trading', 'cash', 'auto-invest', 'account', 'login-agreements', 'advisory', 'pension', 'activities'],
};

// ── Jobs and the scheduler ──────────────────────────────────────────────────────────────────────────────────────
const totals = { passed: 0, failed: 0, skipped: 0 };
/** "job: test — first error line" for each failing test, repeated in the summary. */
const failedTests = [];
/** name → { status, seconds, step } */
const finished = new Map();
/** A grouped server file's job name → { seconds, file, job }: its own time inside its group's process. */
const fileSeconds = new Map();
const jobs = [];

/**
 * A job: `run()` returns { ok, passed, failed, skipped, failures[] }. `needs`: names of jobs that must have passed
 * first; `weight`: cores it keeps busy; `priority`: what others wait for goes first (the builds, the browser tests'
 * template, then the browser tests, the longest chain); then `cost`: expected seconds, the longest first.
 */
function addJob(job) {
  jobs.push({ weight: 1, cost: 10, priority: 0, needs: [], ...job });
}

/** GNU time, when the machine has it, measures each job's CPU (its processes and theirs: servers, Chromium). */
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
/** label → CPU seconds (user + system) of the job's processes, when measured. */
const cpuOf = new Map();

/**
 * A job running longer than this is stopped with every process it started (its process group): a test that hangs — a
 * browser left open by a failed hook keeps node alive — must fail, not hold a core until CI's limit.
 */
const JOB_TIMEOUT_MS = Number(process.env.TEST_JOB_TIMEOUT_S ?? 1200) * 1000;
/** The process groups of the jobs running now, stopped with npm test itself. */
const runningGroups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of runningGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

/** Runs a command with its output captured into a log file; resolves with its exit status and the text. */
function runCommand(label, cmd, args, env = {}) {
  return new Promise((resolve) => {
    const slug = label.replace(/\W+/g, '-');
    const log = path.join(tmp, `${slug}.log`);
    const cpuFile = path.join(tmp, `${slug}.cpu`);
    const chunks = [];
    const [command, commandArgs] = gnuTime ? [gnuTime, ['-f', '%U %S', '-o', cpuFile, cmd, ...args]] : [cmd, args];
    const child = spawn(command, commandArgs, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    runningGroups.add(child.pid);
    const timer = setTimeout(() => {
      chunks.push(Buffer.from(`\nnpm test: ${label} stopped after ${JOB_TIMEOUT_MS / 1000} s, with every process it started\n`));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, JOB_TIMEOUT_MS);
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      runningGroups.delete(child.pid);
      const text = Buffer.concat(chunks).toString();
      writeFileSync(log, text);
      if (gnuTime && existsSync(cpuFile)) {
        const [user, system] = readFileSync(cpuFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        if (Number.isFinite(user) && Number.isFinite(system)) cpuOf.set(label, user + system);
      }
      resolve({ status: code ?? signal, text });
    });
  });
}

/** A step that is not a test runner (lint, typecheck, build) counts as one check. */
function checkJob(name, step, cmd, args, extra = {}) {
  addJob({
    name,
    step,
    ...extra,
    cost: costOf(name, extra.cost ?? 10),
    async run() {
      const { status, text } = await runCommand(name, cmd, args, extra.env);
      return { ok: status === 0, text, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0, failures: [] };
    },
  });
}

/** One node:test file, with a TAP copy on disk for the counts and the failures. */
function nodeTestJob(name, step, file, extra = {}) {
  addJob({
    name,
    step,
    file,
    ...extra,
    async run() {
      const tap = path.join(tmp, `${name.replace(/\W+/g, '-')}.tap`);
      const { status, text } = await runCommand(
        name,
        process.execPath,
        nodeArgs(file, [
          '--test',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${tap}`,
        ]),
        { ...bundleEnv(), ...extra.env },
      );
      const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
      const count = (key) => Number(report.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
      const failed = count('fail') + count('cancelled');
      const result = {
        ok: status === 0,
        text,
        passed: count('pass'),
        failed,
        skipped: count('skipped') + count('todo'),
        failures: tapFailures(report),
      };
      // A group's files: each one's seconds, from its suite's duration, for the timings and the slowest files.
      if (extra.group) {
        const files = [...report.matchAll(/^(?:not )?ok \d+ - (\S+)\n {2}---\n {2}duration_ms: ([\d.]+)/gm)];
        for (const [, file, ms] of files) {
          const index = extra.group.files.indexOf(file);
          if (index >= 0) fileSeconds.set(extra.group.names[index], { seconds: Number(ms) / 1000, file, job: name });
        }
      }
      // A runner that died before reporting still fails the run.
      if (!result.ok && failed === 0) {
        result.failed = 1;
        result.failures.push(`${file} — exited with ${status} before reporting a failure`);
      }
      return result;
    },
  });
}

/**
 * The leaf tests a TAP report marks `not ok`, each with its suite path and the first line of its error. Suites that
 * fail only because a child failed are left out.
 */
function tapFailures(text) {
  const lines = text.split('\n');
  const out = [];
  const stack = [];
  for (let i = 0; i < lines.length; i += 1) {
    const m = lines[i].match(/^( *)(not ok|ok) \d+ - (.*?)(?: # (?:SKIP|TODO).*)?$/);
    const sub = lines[i].match(/^( *)# Subtest: (.*)$/);
    if (sub) {
      stack[sub[1].length / 4] = sub[2];
      stack.length = sub[1].length / 4 + 1;
      continue;
    }
    if (!m || m[2] !== 'not ok') continue;
    const depth = m[1].length / 4;
    let error = '';
    let hasChildFailures = false;
    for (let j = i + 1; j < lines.length && lines[j].startsWith(`${m[1]}  `); j += 1) {
      const e = lines[j].match(/^\s+(error|failureType): (.*)$/);
      const value = e?.[2].replace(/^'(.*)'$/, '$1');
      if (e?.[1] === 'failureType' && value === 'subtestsFailed') hasChildFailures = true;
      if (e?.[1] === 'error' && !error) error = /^[|>]-?$/.test(value) ? (lines[j + 1] ?? '').trim() : value;
    }
    if (hasChildFailures) continue;
    const name = [...stack.slice(0, depth), m[3]].filter(Boolean).join(' › ');
    out.push(`${name}${error ? ` — ${error.slice(0, 200)}` : ''}`);
  }
  return out;
}

function jestJob() {
  addJob({
    name: 'unit+component (jest)',
    step: 'unit',
    cost: costOf('unit+component (jest)', 100),
    weight: 1,
    async run() {
      const out = path.join(tmp, 'jest.json');
      const { status, text } = await runCommand('unit+component (jest)', process.execPath, [
        path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--json',
        `--outputFile=${out}`,
      ]);
      const result = { ok: status === 0, text, passed: 0, failed: 0, skipped: 0, failures: [] };
      if (existsSync(out)) {
        const report = JSON.parse(readFileSync(out, 'utf8'));
        result.passed = report.numPassedTests;
        result.failed = report.numFailedTests;
        result.skipped = report.numPendingTests + report.numTodoTests;
        for (const file of report.testResults ?? []) {
          const failures = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
          if (failures.length === 0 && file.status === 'failed') result.failures.push(`${path.relative(root, file.name)} — failed to run`);
          for (const a of failures) result.failures.push(`${a.fullName} — ${(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`);
        }
      }
      if (!result.ok && result.failed === 0) result.failed = 1; // a suite that failed to load
      return result;
    },
  });
}

/** Starts ready jobs (their needs passed) while cores are free, longest first; resolves when every job has ended. */
function schedule() {
  return new Promise((resolveAll) => {
    const pending = new Set(jobs);
    // Hundredths of a core in use: whole numbers, so that what running jobs add and ending ones take away comes back to
    // exactly 0 (a sum of fractional weights drifted: 0.65 × 3 − 0.65 × 3 = 2.2e-16, and the run never ended).
    const hundredths = (weight) => Math.round(weight * 100);
    let busy = 0;
    const pump = () => {
      for (const job of pending) {
        const failedNeed = job.needs.find((n) => finished.has(n) && finished.get(n).status !== 'ok');
        if (failedNeed) {
          pending.delete(job);
          finished.set(job.name, { status: 'skipped', seconds: 0, step: job.step, why: `${failedNeed} failed` });
          console.log(`\n━━ ${job.name}: not run (${failedNeed} failed)`);
          totals.failed += 1;
          failedTests.push(`${job.name}: not run — ${failedNeed} failed`);
        }
      }
      const ready = [...pending]
        .filter((job) => job.needs.every((n) => finished.get(n)?.status === 'ok'))
        .sort((a, b) => b.priority - a.priority || b.cost - a.cost);
      for (const job of ready) {
        // A job heavier than every core still runs alone.
        if (busy > 0 && busy + hundredths(job.weight) > hundredths(slots)) continue;
        pending.delete(job);
        busy += hundredths(job.weight);
        const started = Date.now();
        job
          .run()
          .catch((error) => ({
            ok: false,
            text: String(error?.stack ?? error),
            passed: 0,
            failed: 1,
            skipped: 0,
            failures: [String(error)],
          }))
          .then((result) => {
            busy -= hundredths(job.weight);
            const seconds = (Date.now() - started) / 1000;
            const cpu = cpuOf.get(job.name);
            const grouped = Boolean(job.group); // its files' own seconds are in fileSeconds
            finished.set(job.name, { status: result.ok ? 'ok' : 'failed', seconds, cpu, step: job.step, file: job.file, grouped });
            totals.passed += result.passed;
            totals.failed += result.failed;
            totals.skipped += result.skipped;
            failedTests.push(...result.failures.map((f) => `${job.name}: ${f}`));
            const cpuText = cpu === undefined ? '' : `, ${cpu.toFixed(1)} s CPU`;
            // When it started and ended in the run (m:ss), to read the run's timeline and its idle gaps from the log.
            const at = (ms) =>
              `${Math.floor((ms - runStarted) / 60_000)}:${String(Math.floor(((ms - runStarted) / 1000) % 60)).padStart(2, '0')}`;
            const span = `${at(started)}–${at(Date.now())}`;
            console.log(`\n━━ ${job.name} (${seconds.toFixed(1)} s${cpuText}, ${span}, ${result.ok ? 'ok' : 'FAILED'})`);
            if (result.text) process.stdout.write(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
            pump();
          });
      }
      if (pending.size === 0 && busy === 0) resolveAll();
    };
    pump();
  });
}

// ── The steps ───────────────────────────────────────────────────────────────────────────────────────────────────
const npx = (bin) => path.join(root, 'node_modules', '.bin', bin);

function listTests(dir, filter = () => true) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .filter((f) => f.endsWith('.test.ts') && filter(f.slice(0, -'.test.ts'.length)))
    .sort()
    .map((f) => path.join(dir, f));
}

/** A server test file that opens a database (the PostgreSQL pass runs only those): it uses the test helpers' apps. */
function touchesDatabase(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  return /createTestApp|createTestDatabase|openDatabase|TEST_DATABASE_URL/.test(text);
}

/**
 * Expected seconds of a job, to start the longest first: this checkout's last run (.tmp/test-timings.json), else the
 * committed figures of a quiet fresh-clone run (scripts/test-timings.json: a fresh clone — CI — schedules by them
 * too), else a guess by kind.
 */
const timingsFile = path.join(root, '.tmp', 'test-timings.json');
const readTimings = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
const committedTimings = readTimings(path.join(root, 'scripts', 'test-timings.json'));
const knownTimings = readTimings(timingsFile);
/** A dated job (`… @2025-12-31T16:00`) expects what the same job took on another date when nothing else is known. */
const undated = (name) => name.replace(/ @\S+$/, '');
const costOf = (name, guess) =>
  knownTimings[name] ?? committedTimings[name] ?? knownTimings[undated(name)] ?? committedTimings[undated(name)] ?? guess;

function chromiumPath() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

function ensureChromium() {
  if (chromiumPath()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("\n━━ Chromium is missing: installing Debian's chromium-headless-shell (and CJK fonts) with apt-get");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (chromiumPath()) return true;
  }
  console.log('\n━━ The browser tests need Chromium. Install it with: sudo apt-get install -y chromium-headless-shell fonts-noto-cjk');
  return false;
}

/** The programs the browser tests start (tests/e2e/harness.ts nodeProgram), bundled beside the test files. */
const TEST_BUNDLE_PROGRAMS = ['server/src/main.ts', 'server/src/cli/seed.ts', 'server/src/cli/jobs.ts'];
const dateEnv = (date) => ({ BUSINESS_DATE: date });
/** --reuse-build: the browser or weapp tests read dist/ as it is (local iteration), unless the build step is asked for. */
const reused = (target) => process.argv.includes('--reuse-build') && existsSync(path.join(root, 'dist', target));
const buildNeeds = (target) => (reused(target) && !wants('build') ? [] : [`build ${target}`]);
const dateLabel = (date) => (date === today ? '' : ` @${date}`);

/**
 * The test processes' code compiled once (scripts/test-bundle.mjs): node:test files and the programs the browser tests
 * start run as plain JavaScript instead of through tsx (--no-bundle: through tsx, as a file run by hand does). A bundle
 * that cannot be made is said, and the tests run through tsx.
 */
let testBundle = null;
if (!process.argv.includes('--no-bundle') && (wants('server') || wants('e2e') || wants('weapp'))) {
  const entries = [
    ...listTests('tests/server'),
    ...listTests('tests/e2e'),
    ...listTests('tests/weapp'),
    'tests/e2e/seed-template.ts',
    ...TEST_BUNDLE_PROGRAMS,
  ];
  const started = Date.now();
  try {
    const dir = path.join(root, '.tmp', 'test-bundle');
    testBundle = { dir, of: await bundleTests(root, dir, entries) };
    console.log(
      `━━ test bundle: ${entries.length} entry files compiled in ${((Date.now() - started) / 1000).toFixed(1)} s (.tmp/test-bundle)`,
    );
  } catch (error) {
    console.log(
      `━━ test bundle: not made, the tests run through tsx — ${String(error?.message ?? error)
        .split('\n')
        .slice(0, 5)
        .join(' ')}`,
    );
  }
}
/**
 * The node arguments that run a TypeScript file (`flags` before it): its bundle when the run has one, else through tsx
 * (tests/e2e/harness.ts nodeProgram is the same choice for the programs a browser test starts).
 */
function nodeArgs(file, flags = []) {
  if (file.endsWith('.mjs')) return ['--enable-source-maps', ...flags, file]; // a group's module (groupModule)
  return testBundle ? ['--enable-source-maps', ...flags, testBundle.of(file)] : ['--import', 'tsx', ...flags, file];
}
/** What the test processes need to find the run's bundle (harness.ts starts the bundled server from it). */
const bundleEnv = () => (testBundle ? { TEST_BUNDLE_DIR: testBundle.dir } : {});

if (wants('lint')) {
  checkJob('lint', 'lint', npx('eslint'), ['.', '--max-warnings=0'], { cost: 60 });
  checkJob('format', 'lint', npx('prettier'), ['--check', '.'], { cost: 15 });
}
if (wants('typecheck')) {
  checkJob('typecheck app', 'typecheck', npx('tsc'), ['-p', 'tsconfig.json', '--noEmit'], { cost: 40 });
  checkJob('typecheck server', 'typecheck', npx('tsc'), ['-p', 'server/tsconfig.json', '--noEmit'], { cost: 40 });
  checkJob('typecheck weapp tests', 'typecheck', npx('tsc'), ['-p', 'tests/weapp/tsconfig.json', '--noEmit'], { cost: 15 });
  checkJob('typecheck e2e tests', 'typecheck', npx('tsc'), ['-p', 'tests/e2e/tsconfig.json', '--noEmit'], { cost: 20 });
}
if (wants('unit')) jestJob();

/**
 * Server test files run several to a process when the run has its bundle: a process's fixed cost — starting node,
 * loading the app's modules, compiling PGlite's WebAssembly (~9 MB, compiled once per process) — is ~2 s of CPU, paid
 * by each of ~110 jobs before. A group is a generated module that imports each file inside a suite named by the file
 * (its tests, hooks and failures appear under it), one file after another, as in their own processes; a file expected
 * to take longer than GROUP_ALONE_S keeps its own process, and a group holds files worth ~GROUP_TARGET_S together.
 */
const GROUP_ALONE_S = 12;
const GROUP_TARGET_S = 30;
function packFiles(files, costOfFile) {
  const alone = [];
  const groups = [];
  const sorted = [...files].sort((a, b) => costOfFile(b) - costOfFile(a));
  for (const file of sorted) {
    const cost = costOfFile(file);
    if (!testBundle || cost >= GROUP_ALONE_S) {
      alone.push(file);
      continue;
    }
    const fits = groups.find((g) => g.cost + cost <= GROUP_TARGET_S);
    if (fits) {
      fits.files.push(file);
      fits.cost += cost;
    } else groups.push({ files: [file], cost });
  }
  // A group that found no partner is a file alone.
  return {
    alone: [...alone, ...groups.filter((g) => g.files.length === 1).map((g) => g.files[0])],
    groups: groups.filter((g) => g.files.length > 1),
  };
}
/** Writes a group's module beside the bundle: each file's bundle imported inside a suite named by the file. */
function groupModule(slug, files) {
  const dir = path.join(testBundle.dir, 'groups');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${slug}.mjs`);
  const lines = ["import { describe } from 'node:test';"];
  for (const file of files) {
    const target = JSON.stringify(pathToFileURL(testBundle.of(file)).href);
    lines.push(`describe(${JSON.stringify(file)}, async () => { await import(${target}); });`);
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
  return out;
}
/** The server jobs of one pass: big files alone, the rest in groups. */
function serverJobs(files, label, env) {
  const nameOf = (file) => `server ${path.basename(file, '.test.ts')}${label}`;
  const { alone, groups } = packFiles(files, (file) => costOf(nameOf(file), 5));
  for (const file of alone) nodeTestJob(nameOf(file), 'server', file, { cost: costOf(nameOf(file), 20), env });
  groups.forEach((g, i) => {
    const slug = `server-group-${i + 1}${label.replace(/\W+/g, '-')}`;
    const names = g.files.map((f) => path.basename(f, '.test.ts')).join(', ');
    const group = { files: g.files, names: g.files.map(nameOf) };
    nodeTestJob(`server group ${i + 1}${label} (${names})`, 'server', groupModule(slug, g.files), { cost: g.cost, env, group });
  });
}

if (wants('server')) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  for (const date of runDates) {
    const files = listTests('tests/server', (name) => date === today || DATE_SENSITIVE.server.includes(name));
    const shorter = date === today ? {} : { SIM_DAYS: '60' };
    serverJobs(files, dateLabel(date), { TEST_DATABASE_URL: '', ...dateEnv(date), ...shorter });
    if (!pgUrl || date !== today) continue;
    serverJobs(files.filter(touchesDatabase), ' [PostgreSQL]', { TEST_DATABASE_URL: pgUrl, ...dateEnv(date) });
  }
  if (!pgUrl) console.log('━━ server on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run it)');
}

if (wants('build') || wants('weapp') || wants('e2e')) {
  // The browser and weapp tests read the builds; without --only=build they build what they need.
  const build = { weight: 1, priority: 3, env: { NODE_ENV: 'production' } };
  // The weapp view-layer test compares the mini program's key pages with the H5 build's (WEAPP_NEEDS_H5).
  if (wants('build') || ((wants('e2e') || wants('weapp')) && !reused('h5')))
    checkJob('build h5', 'build', npx('taro'), ['build', '--type', 'h5'], { cost: 150, ...build });
  if (wants('build') || (wants('weapp') && !reused('weapp')))
    checkJob('build weapp', 'build', npx('taro'), ['build', '--type', 'weapp'], { cost: 90, ...build });
}
/** weapp test files that also read the H5 build and drive Chromium (the view layer's pictures and H5 comparison). */
const WEAPP_NEEDS_H5 = new Set(['view-layer.test.ts']);
if (wants('weapp')) {
  for (const file of listTests('tests/weapp')) {
    const name = `weapp ${path.basename(file, '.test.ts')}`;
    if (WEAPP_NEEDS_H5.has(path.basename(file))) {
      if (!ensureChromium()) {
        totals.failed += 1;
        failedTests.push(`${name}: Chromium missing`);
        continue;
      }
      nodeTestJob(name, 'weapp', file, {
        cost: costOf(name, 60),
        needs: [...buildNeeds('weapp'), ...buildNeeds('h5')],
        env: { CHROMIUM_PATH: chromiumPath() },
      });
    } else {
      nodeTestJob(name, 'weapp', file, { cost: costOf(name, 5), needs: buildNeeds('weapp') });
    }
  }
}
/** The cores a browser test file keeps busy (TEST_E2E_WEIGHT to try another). */
const E2E_WEIGHT = Number(process.env.TEST_E2E_WEIGHT ?? 0.5);
/**
 * The browser tests' servers run on PostgreSQL when TEST_DATABASE_URL is set (harness.ts E2E_DATABASE_URL): a page's
 * queries cost a native query instead of PGlite's WebAssembly (PGlite keeps its own pass: every server test file runs
 * on it first); else on PGlite copies.
 */
const e2eDatabase = { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '' };
if (wants('e2e')) {
  if (ensureChromium()) {
    for (const date of runDates) {
      // One seeded database per date, made before the files that copy it (harness.ts ensureTemplate).
      const template = `e2e template${dateLabel(date)}`;
      checkJob(template, 'e2e', process.execPath, nodeArgs('tests/e2e/seed-template.ts'), {
        cost: 40,
        priority: 3,
        env: { ...e2eDatabase, ...dateEnv(date), ...bundleEnv() },
      });
      const files = listTests('tests/e2e', (name) => date === today || DATE_SENSITIVE.e2e.includes(name));
      for (const file of files) {
        const name = `e2e ${path.basename(file, '.test.ts')}${dateLabel(date)}`;
        nodeTestJob(name, 'e2e', file, {
          cost: costOf(name, 60),
          // A browser file keeps about half a core busy (its server, Chromium and the runner wait on each other, and some
          // files wait out real throttles: account-login 70 s for ~9 s of CPU): four at once on two cores, or two beside
          // a server file. Measured on 2026-11-30, whole runs: 0.65 (three at once) left the cores 87 % busy, 16 min
          // 50 s; 0.5, 93 % busy, 15 min 53 s.
          weight: E2E_WEIGHT,
          priority: 1,
          needs: [...buildNeeds('h5'), template],
          env: { CHROMIUM_PATH: chromiumPath(), ...e2eDatabase, ...dateEnv(date) },
        });
      }
    }
  } else {
    totals.failed += 1;
    failedTests.push('browser: Chromium missing');
  }
}

console.log(
  `npm test: business date ${today}${process.env.BUSINESS_DATE ? ' (BUSINESS_DATE)' : ''}` +
    `${extraDates.length ? `; the date-sensitive suites also on ${extraDates.join(', ')}` : ''}` +
    `; ${jobs.length} jobs, ${slots} at once. Replay a date with BUSINESS_DATE=${today} npm test (or --dates=…).`,
);
await schedule();

// ── Summary ─────────────────────────────────────────────────────────────────────────────────────────────────────
const wall = (Date.now() - runStarted) / 1000;
const timings = { ...knownTimings };
for (const [name, f] of finished) if (f.status === 'ok' && !f.grouped) timings[name] = Math.round(f.seconds);
for (const [name, f] of fileSeconds) timings[name] = Math.round(f.seconds);
writeFileSync(timingsFile, `${JSON.stringify(timings, null, 1)}\n`);

console.log('\n━━ summary');
console.log(`business date ${today}${extraDates.length ? `, and ${extraDates.join(', ')} for the date-sensitive suites` : ''}`);
const steps = new Map();
for (const [, f] of finished) {
  const s = steps.get(f.step) ?? { jobs: 0, failed: 0, seconds: 0, cpu: 0 };
  s.jobs += 1;
  s.seconds += f.seconds;
  s.cpu += f.cpu ?? 0;
  if (f.status !== 'ok') s.failed += 1;
  steps.set(f.step, s);
}
for (const [step, s] of steps) {
  const cpuText = s.cpu > 0 ? `, ${s.cpu.toFixed(0)} s of CPU` : '';
  console.log(`step ${step}: ${s.jobs} jobs, ${s.failed ? `${s.failed} FAILED, ` : ''}${s.seconds.toFixed(0)} s of job time${cpuText}`);
}
const slowest = [...[...finished].filter(([, f]) => f.file && !f.grouped), ...fileSeconds]
  .sort((a, b) => b[1].seconds - a[1].seconds)
  .slice(0, 10);
console.log('ten slowest test files:');
for (const [name, f] of slowest) {
  const cpuText = f.cpu === undefined ? '' : ` ${f.cpu.toFixed(1).padStart(6)} s CPU`;
  const where = f.job ? `${f.file}, in ${f.job.replace(/ \(.*$/, '')}` : f.file;
  console.log(`  ${f.seconds.toFixed(1).padStart(6)} s${cpuText}  ${name} (${where})`);
}
const ticksAtEnd = cpuTicks();
if (ticksAtStart && ticksAtEnd && ticksAtEnd.total > ticksAtStart.total) {
  const busy = (100 * (ticksAtEnd.busy - ticksAtStart.busy)) / (ticksAtEnd.total - ticksAtStart.total);
  console.log(`the machine's ${os.cpus().length} cores were ${busy.toFixed(0)} % busy during the run (any process's work counted)`);
}
const failedJobs = [...finished].filter(([, f]) => f.status !== 'ok').map(([name]) => name);
if (failedJobs.length) console.log(`failed jobs: ${failedJobs.join(', ')}`);
for (const f of failedTests) console.log(`not ok: ${f}`);
if (totals.skipped) console.log(`${totals.skipped} skipped`);
console.log(`wall time ${Math.floor(wall / 60)} min ${Math.round(wall % 60)} s with ${slots} at once`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && failedJobs.length === 0 ? 0 : 1);
