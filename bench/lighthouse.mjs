// Lighthouse mobile performance (bench/README.md targets: score ≥ 95, LCP ≤ 2.0 s) of the pages a shared link opens
// — a fund (/funding/{code}), home, index valuation, the rankings, screening, index picking — and of the bare floor
// app (bench/floor), all served by the project server, in Debian's Chromium via chrome-launcher. Lighthouse's
// default mobile settings: Moto G Power screen, simulated slow 4G and 4× CPU slowdown. Each page is run
// BENCH_LH_RUNS times (default 3) and the run with the median score is printed. Nothing is asserted.
// For the fund page it also prints what crossed the network (Lighthouse's transfer sizes, brotli as served): JS + CSS
// before the chart (target ≤ 200 KB), the chart's own files (the build's `page-assets.json` names the chart's chunk
// group, `chunk:lib-chart`; BENCH_CHART_FILES=a,b names them for a build without it), the HTML, and the total.
//   BENCH_LH_PAGES=/funding/001108,/index   only these product pages
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import os from 'node:os';
import {
  appOutputs,
  chromiumFlags,
  chromiumPath,
  ensureFloorH5,
  ensureProductH5,
  kib,
  root,
  serveH5,
  table,
  temporaryDir,
} from './lib.mjs';

const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
/** The shared-link pages: a fund, home, index valuation, rankings, screening, index picking. */
const productPages = (
  process.env.BENCH_LH_PAGES ?? '/funding/001108,/index,/djmodule/value-center,/rank-xq/index,/rn/fund/filter,/index-mass'
)
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
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
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    bytes: transferred(lhr),
  };
}

/** The chart's files in a build: `chunk:lib-chart(-worker)` of page-assets.json, or BENCH_CHART_FILES (substrings). */
function chartFiles(h5Dir) {
  if (process.env.BENCH_CHART_FILES) return process.env.BENCH_CHART_FILES.split(',').filter(Boolean);
  try {
    const assets = JSON.parse(readFileSync(path.join(h5Dir, 'page-assets.json'), 'utf8'));
    // The chart's worker (`chunk:lib-chart-worker`, nav-line-chart-worker.h5.tsx) where the browser can hand it the
    // canvas, else its main-thread chunk (`chunk:lib-chart`).
    const groups = [assets['chunk:lib-chart'], assets['chunk:lib-chart-worker']].filter(Boolean);
    return groups.flatMap((chart) => [...chart.js, ...chart.css]);
  } catch {
    return [];
  }
}
let currentChartFiles = [];

/** Bytes over the network by kind (transfer sizes: compressed as served, headers included). */
function transferred(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const sum = (list) => list.reduce((n, item) => n + (item.transferSize ?? 0), 0);
  const code = items.filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet');
  const isChart = (item) => currentChartFiles.some((file) => item.url.includes(file));
  return {
    total: sum(items),
    html: sum(items.filter((item) => item.resourceType === 'Document')),
    beforeChart: sum(code.filter((item) => !isChart(item))),
    beforeChartFiles: code.filter((item) => !isChart(item)).length,
    // Any kind: the chart's worker script and what it imports are not 'Script' requests of the page.
    chart: sum(items.filter(isChart)),
    chartKnown: currentChartFiles.length > 0,
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
  const middle = (pick) => {
    const values = scored.map(pick).sort((a, b) => a - b);
    return values[Math.floor((values.length - 1) / 2)];
  };
  console.log(`  ${label} LCP element: ${median.lcpElement.slice(0, 160)}`);
  return {
    label,
    ...median,
    scores: scored.map((r) => r.score).join('/'),
    LCPs: scored.map((r) => r.LCP).join(' / '),
    medianBytes: {
      total: middle((r) => r.bytes.total),
      html: middle((r) => r.bytes.html),
      beforeChart: middle((r) => r.bytes.beforeChart),
      chart: middle((r) => r.bytes.chart),
    },
  };
}

/**
 * One request per page before measuring: the server's market cache and page HTML are warm (a shared link's
 * visitor is rarely the day's first), and @fastify/static's brotli copies are written (the server writes them in the
 * background after its start; until then it serves gzip) — waits up to a minute for the app's script's `.br`.
 */
async function warmUp(url, dir) {
  const appScript = readdirSync(path.join(dir, 'js')).find((f) => /^app\.[0-9a-f]+\.js$/.test(f));
  for (let waited = 0; appScript && waited < 60_000 && !existsSync(path.join(dir, 'js', `${appScript}.br`)); waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const page of productPages) await fetch(url + page, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
}

const dataDir = temporaryDir('dj-bench-lh-data-');
const rows = [];
try {
  const apps = [];
  try {
    await ensureProductH5();
    apps.push({ name: 'product', dir: appOutputs.h5, pages: productPages });
  } catch (error) {
    failures.push(`product build: ${error.message}`);
  }
  try {
    await ensureFloorH5();
    apps.push({ name: 'floor', dir: appOutputs.floorH5, pages: ['/index'] });
  } catch (error) {
    failures.push(`floor build: ${error.message}`);
  }
  console.log(`## Lighthouse mobile performance (${runs} run(s) each, median shown; targets: score ≥ 95, LCP ≤ 2.0 s)`);
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (${os.availableParallelism()} CPUs)`,
  );
  for (const { name, dir, pages } of apps) {
    const server = await serveH5(dir, dataDir);
    currentChartFiles = name === 'product' ? chartFiles(dir) : [];
    try {
      console.log(`${name}: ${path.relative(root, dir) || dir} via ${server.kind}`);
      if (name === 'product') await warmUp(server.url, dir);
      for (const page of pages) {
        const row = await medianRun(`${name} ${page}`, `${server.url}${page}`);
        if (row) rows.push(row);
      }
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
  const funds = rows.filter((r) => r.label.includes('/funding/'));
  if (funds.length) {
    console.log('\nFund page bytes (transfer sizes as served, medians of the runs; target: JS + CSS before the chart ≤ 200 KB)');
    table(
      funds.map((r) => ({
        page: r.label,
        'JS+CSS before the chart': `${kib(r.medianBytes.beforeChart)} KB`,
        chart: r.bytes.chartKnown ? `${kib(r.medianBytes.chart)} KB` : '(chart files unknown: BENCH_CHART_FILES)',
        HTML: `${kib(r.medianBytes.html)} KB`,
        'total transferred': `${kib(r.medianBytes.total)} KB`,
        'LCP of each run': r.LCPs,
      })),
    );
  }
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
}
if (rows.length) {
  // Simulated throttling scales the CPU time measured here: on a busy machine TBT and LCP come out worse.
  console.log('(CPU benchmark index: Lighthouse rates ~1000+ as a typical desktop; lower = a busy or slow machine)');
}
if (failures.length) {
  console.log(`\nLighthouse problems:\n- ${failures.join('\n- ')}`);
  if (rows.length === 0) process.exit(1);
}
