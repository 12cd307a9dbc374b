// Lighthouse mobile performance (bench/README.md target ≥ 95) of the product's /index and of the bare floor app
// (bench/floor), both served by the project server, in Debian's Chromium via chrome-launcher. Lighthouse's
// default mobile settings: Moto G Power screen, simulated slow 4G and 4× CPU slowdown. Each page is run
// BENCH_LH_RUNS times (default 3) and the run with the median score is printed. Nothing is asserted.
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { appOutputs, chromiumFlags, chromiumPath, ensureFloorH5, ensureProductH5, root, serveH5, table, temporaryDir } from './lib.mjs';

const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
// BENCH_H5_DIR: audit an existing build (an engineer's dist/h5-<name>) instead of .tmp/bench/h5.
if (process.env.BENCH_H5_DIR) appOutputs.h5 = path.resolve(root, process.env.BENCH_H5_DIR);
const failures = [];
let lighthouseVersion = '';

/** One Lighthouse run in a fresh Chromium profile; returns the report (lhr). */
async function audit(url) {
  const userDataDir = temporaryDir('dj-bench-lh-');
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    lighthouseVersion = result.lhr.lighthouseVersion;
    return result.lhr;
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

function figures(lhr) {
  const ms = (id) => lhr.audits[id]?.numericValue;
  const seconds = (id) => (ms(id) === undefined ? '-' : `${(ms(id) / 1000).toFixed(2)} s`);
  const score = lhr.categories.performance?.score;
  return {
    score: score === null || score === undefined ? null : Math.round(score * 100),
    FCP: seconds('first-contentful-paint'),
    LCP: seconds('largest-contentful-paint'),
    TBT: ms('total-blocking-time') === undefined ? '-' : `${Math.round(ms('total-blocking-time'))} ms`,
    CLS: lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '-',
    SI: seconds('speed-index'),
    problem: lhr.runtimeError?.message ?? '',
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    opportunities: opportunities(lhr),
  };
}

/** Lighthouse's own suggestions with an estimated saving, largest first: where the time goes. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 50)
    .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
    .slice(0, 4)
    .map((a) => `${a.title}: ~${Math.round(a.details.overallSavingsMs)} ms`);
}

/**
 * Runs Lighthouse on `url` until `runs` runs have a score (a failed run, e.g. a lost trace, is retried up to
 * twice in all) and returns the figures of the median-score run; every failure is recorded and printed.
 */
async function medianRun(label, url) {
  const scored = [];
  for (let attempt = 1; scored.length < runs && attempt <= runs + 2; attempt += 1) {
    try {
      const result = figures(await audit(url));
      if (result.problem) failures.push(`${label} run ${attempt}: ${result.problem}`);
      if (result.score !== null) scored.push(result);
    } catch (error) {
      failures.push(`${label} run ${attempt}: ${error.message}`);
    }
  }
  if (!scored.length) return null;
  scored.sort((a, b) => a.score - b.score);
  const median = scored[Math.floor((scored.length - 1) / 2)];
  for (const warning of median.warnings) console.log(`  ${label} warning: ${warning}`);
  for (const hint of median.opportunities) console.log(`  ${label} opportunity: ${hint}`);
  return { label, ...median, scores: scored.map((r) => r.score).join('/') };
}

const dataDir = temporaryDir('dj-bench-lh-data-');
const rows = [];
try {
  const pages = [];
  try {
    await ensureProductH5();
    pages.push({ label: 'product /index', dir: appOutputs.h5 });
  } catch (error) {
    failures.push(`product build: ${error.message}`);
  }
  try {
    await ensureFloorH5();
    pages.push({ label: 'floor /index', dir: appOutputs.floorH5 });
  } catch (error) {
    failures.push(`floor build: ${error.message}`);
  }
  console.log(`## Lighthouse mobile performance (${runs} run(s) each, median shown; target ≥ 95)`);
  for (const { label, dir } of pages) {
    const server = await serveH5(dir, dataDir);
    try {
      console.log(`${label}: ${path.relative(root, dir)} via ${server.kind}`);
      const row = await medianRun(label, `${server.url}/index`);
      if (row) rows.push(row);
    } finally {
      await server.stop();
    }
  }
} catch (error) {
  failures.push(error.message);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (rows.length) {
  console.log(`Lighthouse ${lighthouseVersion}, ${chromiumPath}`);
  table(
    rows.map((r) => ({
      page: r.label,
      score: r.score,
      FCP: r.FCP,
      LCP: r.LCP,
      TBT: r.TBT,
      CLS: r.CLS,
      'speed index': r.SI,
      'all scores': r.scores,
      'CPU benchmark index': r.benchmarkIndex === undefined ? '-' : Math.round(r.benchmarkIndex),
    })),
  );
}
if (rows.length) {
  // Simulated throttling scales the CPU time measured here: on a busy machine TBT and LCP come out worse.
  console.log('(CPU benchmark index: Lighthouse rates ~1000+ as a typical desktop; lower = a busy or slow machine)');
}
if (failures.length) {
  console.log(`\nLighthouse problems:\n- ${failures.join('\n- ')}`);
  if (rows.length < 2) process.exit(1);
}
