#!/usr/bin/env node
// `npm test`: every suite of the project, in the order that fails fastest, with one closing line
// "N passed, N failed" that CI reads. Each step's own output streams through unchanged.
//
//   npm test                  everything (lint, typecheck, jest, server on PGlite [+ PostgreSQL], builds, weapp, browser)
//   npm test -- --only=server run some steps: lint,typecheck,unit,server,build,weapp,e2e (comma-separated)
//
// PostgreSQL: the server suite runs a second time against TEST_DATABASE_URL when it is set.
// Chromium: the browser suite needs /usr/bin/chromium (or CHROMIUM_PATH); run as root on Debian it is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp', 'test-results');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : null;
const wants = (step) => !only || only.has(step);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** "step: test name — first error line" for each failing test, repeated in the summary (CI keeps only the tail). */
const failedTests = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`━━ ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds}s`);
  if (!ok) failedSteps.push(label);
  return ok;
}

/** A step that is not a test runner (lint, typecheck, build) counts as one check. */
function check(label, cmd, args, env) {
  const ok = run(label, cmd, args, env);
  if (ok) totals.passed += 1;
  else totals.failed += 1;
  return ok;
}

function listTests(dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** node --test with a TAP copy on disk, so the counts can be added up. */
function nodeTests(label, files, env = {}) {
  if (files.length === 0) {
    console.log(`\n━━ ${label}: no test files`);
    return true;
  }
  const tap = path.join(tmp, `${label.replace(/\W+/g, '-')}.tap`);
  const ok = run(
    label,
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    env,
  );
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += count('skipped') + count('todo');
  failedTests.push(...tapFailures(text).map((f) => `${label}: ${f}`));
  // A runner that died before reporting still fails the run.
  if (!ok && failed === 0) totals.failed += 1;
  return ok;
}

/**
 * The leaf tests a TAP report marks `not ok`, each with its file's suite path and the first line of its error.
 * Suites that fail only because a child failed are left out; a file that failed to load is named by its path.
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
    let where = '';
    let hasChildFailures = false;
    for (let j = i + 1; j < lines.length && lines[j].startsWith(`${m[1]}  `); j += 1) {
      const e = lines[j].match(/^\s+(error|failureType|location): (.*)$/);
      const value = e?.[2].replace(/^'(.*)'$/, '$1');
      if (e?.[1] === 'failureType' && value === 'subtestsFailed') hasChildFailures = true;
      if (e?.[1] === 'location' && !where) where = path.relative(root, value.replace(/^file:\/\//, '').replace(/:\d+:\d+$/, ''));
      if (e?.[1] === 'error' && !error) error = /^[|>]-?$/.test(value) ? (lines[j + 1] ?? '').trim() : value;
    }
    if (hasChildFailures) continue;
    const name = [...stack.slice(0, depth), m[3]].filter(Boolean).join(' › ');
    out.push(`${name}${where ? ` (${where})` : ''}${error ? ` — ${error.slice(0, 200)}` : ''}`);
  }
  return out;
}

function jestTests() {
  const out = path.join(tmp, 'jest.json');
  const ok = run('unit+component (jest)', process.execPath, [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--ci',
    '--json',
    `--outputFile=${out}`,
  ]);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      const failures = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (failures.length === 0 && file.status === 'failed') failedTests.push(`jest: ${path.relative(root, file.name)} — failed to run`);
      for (const a of failures) failedTests.push(`jest: ${a.fullName} — ${(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`);
    }
    if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
  } else if (!ok) {
    totals.failed += 1;
  }
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

function ensureChromium() {
  if (chromiumPath()) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("\n━━ Chromium is missing: installing Debian's chromium (and CJK fonts) with apt-get");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (chromiumPath()) return true;
  }
  console.log('\n━━ The browser tests need Chromium. Install it with: sudo apt-get install -y chromium fonts-noto-cjk');
  return false;
}

const npx = (bin) => path.join(root, 'node_modules', '.bin', bin);

if (wants('lint')) {
  check('lint', npx('eslint'), ['.', '--max-warnings=0']);
  check('format', npx('prettier'), ['--check', '.']);
}
if (wants('typecheck')) {
  check('typecheck app', npx('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  check('typecheck server', npx('tsc'), ['-p', 'server/tsconfig.json', '--noEmit']);
  check('typecheck weapp tests', npx('tsc'), ['-p', 'tests/weapp/tsconfig.json', '--noEmit']);
}
if (wants('unit')) jestTests();
if (wants('server')) {
  const files = listTests('tests/server');
  nodeTests('server on PGlite', files, { TEST_DATABASE_URL: '' });
  if (process.env.TEST_DATABASE_URL) {
    nodeTests('server on PostgreSQL', files, { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  } else {
    console.log('\n━━ server on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://… to run it)');
  }
}
if (wants('build')) {
  check('build h5', npx('taro'), ['build', '--type', 'h5'], { NODE_ENV: 'production' });
  check('build weapp', npx('taro'), ['build', '--type', 'weapp'], { NODE_ENV: 'production' });
}
if (wants('weapp')) nodeTests('weapp build', listTests('tests/weapp'));
if (wants('e2e')) {
  if (ensureChromium()) {
    nodeTests('browser (Chromium)', listTests('tests/e2e'), { CHROMIUM_PATH: chromiumPath() });
  } else {
    totals.failed += 1;
    failedSteps.push('browser (Chromium missing)');
  }
}

console.log('\n━━ summary');
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
for (const f of failedTests) console.log(`not ok: ${f}`);
if (totals.skipped) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && failedSteps.length === 0 ? 0 : 1);
