// Indicator benchmark (target: the ten indicators of src/lib/indicators.ts over 10,000 bars in ≤ 3 ms
// together): times each indicator and computeDefaultIndicators on 10,000 deterministic bars, beside the
// `technicalindicators` package on the indicators both define, and prints where their values agree.
// Figures are printed, never asserted.
//
// Every row: warm-up first (≥ 300 ms and ≥ 100 calls, so every kernel is optimised before timing), then at least
// 200 timed calls within a budget; min / median / p90 / mean wall time, CPU time of the whole process per call
// (the collector's threads included: more than the wall time means work on other cores) and minor page faults
// per call (fresh output memory the kernel has to map). On a shared machine the minimum is the closest to the
// cost of the code, the median and p90 what a busy phone sees.
//
//   node bench/indicators.mjs                                 timings (~15 s)
//   BENCH_INDICATOR_INSTRUCTIONS=1 node bench/indicators.mjs  also instructions and (simulated) mispredicted branches
//                                                             per call under valgrind (≈ 5 min), independent of load
//   BENCH_INDICATOR_BUDGET_MS=…                               time budget per row (default 1500)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as ti from 'technicalindicators';
import { tsImport } from 'tsx/esm/api';
import { table } from './lib.mjs';

/** Child mode for instruction counts: `--count=N --module=<bundle.mjs> [--reuse]` runs N calls and exits. */
const countArg = process.argv.find((a) => a.startsWith('--count='));
const moduleArg = process.argv.find((a) => a.startsWith('--module='));

// tsImport, not `register()`: the repo is CommonJS by default, and the ESM-only hook loads .ts files
// as CommonJS, which then fails on require(esm) cycles. The child for instruction counts imports a plain
// esbuild bundle instead: tsx's loader thread does a varying amount of work, which valgrind would count.
const ind = moduleArg
  ? await import(pathToFileURL(moduleArg.slice('--module='.length)).href)
  : await tsImport('../src/lib/indicators.ts', import.meta.url);
const { INDICATOR_DEFAULTS: D } = moduleArg ? { INDICATOR_DEFAULTS: null } : await tsImport('../src/lib/constants.ts', import.meta.url);

const BAR_COUNT = 10_000;
const TARGET_MS = 3;
const BUDGET_MS = Number(process.env.BENCH_INDICATOR_BUDGET_MS ?? 1500);

/** A deterministic random walk (Park–Miller LCG) with highs/lows around open and close. */
function makeBars(count) {
  let seed = 20_240_601;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const bars = [];
  let close = 10;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(0.5, close * (1 + (next() - 0.5) * 0.04));
    bars.push({
      open,
      close,
      high: Math.max(open, close) * (1 + next() * 0.01),
      low: Math.min(open, close) * (1 - next() * 0.01),
      volume: Math.round(next() * 1e6),
    });
  }
  return bars;
}

const bars = makeBars(BAR_COUNT);

// ---- Child mode for instruction counts ----------------------------------------------------------------------

if (countArg) {
  const calls = Number(countArg.slice('--count='.length));
  const reuse = process.argv.includes('--reuse');
  let result;
  let check = 0;
  for (let i = 0; i < calls; i++) {
    result = reuse ? ind.computeDefaultIndicators(bars, result) : ind.computeDefaultIndicators(bars);
    check += result.cci.values[BAR_COUNT - 1];
  }
  console.log(calls, check);
  process.exit(0);
}

/**
 * Wall-time distribution, CPU time per call (this process, all threads) and minor page faults per call of fn,
 * after a warm-up.
 */
function time(fn) {
  const warmStart = performance.now();
  for (let i = 0; i < 100 || performance.now() - warmStart < 300; i++) fn();
  const samples = [];
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const faultsStart = process.resourceUsage().minorPageFault;
  while (samples.length < 200 || (performance.now() - started < BUDGET_MS && samples.length < 2000)) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpuStart);
  const faults = process.resourceUsage().minorPageFault - faultsStart;
  const runs = samples.length;
  const mean = samples.reduce((a, b) => a + b, 0) / runs;
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(runs - 1, Math.floor(q * runs))];
  return { min: samples[0], median: at(0.5), p90: at(0.9), mean, cpu: (cpu.user + cpu.system) / 1000 / runs, faults: faults / runs, runs };
}

const ms = (v) => v.toFixed(3);
const row = (name, t) => ({
  indicator: name,
  'min ms': ms(t.min),
  'median ms': ms(t.median),
  'p90 ms': ms(t.p90),
  'mean ms': ms(t.mean),
  'cpu ms/call': ms(t.cpu),
  'faults/call': t.faults.toFixed(0),
  calls: t.runs,
});
const close = bars.map((b) => b.close);
const high = bars.map((b) => b.high);
const low = bars.map((b) => b.low);

console.log(
  `## indicators: ${BAR_COUNT} bars, node ${process.version}, ${os.cpus().length} cpus, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`target: all ten indicators (computeDefaultIndicators) on ${BAR_COUNT} bars in ≤ ${TARGET_MS} ms`);

// ---- Ours: each indicator with its docs/PRODUCT.md §9 parameters, then all ten together ----------------------------

const ours = {
  [`MA ${D.ma.join('/')}`]: () => D.ma.map((p) => ind.ma(bars, p)),
  [`BOLL ${D.boll.period}/${D.boll.stdDevs}`]: () => ind.boll(bars),
  [`RSI ${D.rsi.join('/')}`]: () => D.rsi.map((p) => ind.rsi(bars, p)),
  [`KDJ ${D.kdj.n}/${D.kdj.m1}/${D.kdj.m2}`]: () => ind.kdj(bars),
  [`MACD ${D.macd.short}/${D.macd.long}/${D.macd.signal}`]: () => ind.macd(bars),
  [`WR ${D.wr.join('/')}`]: () => D.wr.map((p) => ind.wr(bars, p)),
  [`BIAS ${D.bias.join('/')}`]: () => D.bias.map((p) => ind.bias(bars, p)),
  [`BBI ${D.bbi.join('/')}`]: () => ind.bbi(bars),
  [`CCI ${D.cci.period}/${D.cci.factor}`]: () => ind.cci(bars),
  [`PSY ${D.psy.period}/${D.psy.maPeriod}`]: () => ind.psy(bars),
};
const rows = [];
let sumOfMedians = 0;
for (const [name, fn] of Object.entries(ours)) {
  const t = time(fn);
  sumOfMedians += t.median;
  rows.push(row(name, t));
}
rows.push({
  indicator: 'sum of the ten above',
  'min ms': '',
  'median ms': ms(sumOfMedians),
  'p90 ms': '',
  'mean ms': '',
  'cpu ms/call': '',
  'faults/call': '',
  calls: '',
});
const fresh = time(() => ind.computeDefaultIndicators(bars));
rows.push(row('all ten: computeDefaultIndicators(bars)', fresh));
let previous;
const reused = time(() => (previous = ind.computeDefaultIndicators(bars, previous)));
rows.push(row('all ten, reusing the last output', reused));
const lineNames = (r) => [
  ...r.ma,
  r.boll.mid,
  r.boll.upper,
  r.boll.lower,
  ...r.rsi,
  r.kdj.k,
  r.kdj.d,
  r.kdj.j,
  r.macd.dif,
  r.macd.dea,
  r.macd.histogram,
  ...r.wr,
  ...r.bias,
  r.bbi,
  r.cci,
  r.psy.psy,
  r.psy.psyma,
];
const boxed = time(() => lineNames(ind.computeDefaultIndicators(bars)).map((s) => ind.seriesToNullable(s)));
rows.push(row('  + every line as (number|null)[]', boxed));
table(rows);
const verdict = (t) =>
  `${t.median <= TARGET_MS ? 'met' : 'NOT met'} (median ${ms(t.median)} ms, min ${ms(t.min)}, p90 ${ms(t.p90)}, cpu ${ms(t.cpu)} ms/call)`;
console.log(`target ≤ ${TARGET_MS} ms for all ten: fresh output ${verdict(fresh)}; reusing the output ${verdict(reused)}`);

// ---- Instructions per call (valgrind): the same on a quiet and on a busy machine ------------------------------

if (process.env.BENCH_INDICATOR_INSTRUCTIONS === '1') {
  const self = fileURLToPath(import.meta.url);
  /**
   * Instructions and mispredicted conditional branches (callgrind's branch simulator) of a whole
   * `node --single-threaded-gc self --count=calls` run, every thread. --single-threaded-gc: the collector's work
   * is counted the same way every run (±0.5 % instead of ±5 %); compilation stays concurrent, as in a browser
   * (with --single-threaded V8 keeps the first on-stack-replacement code of each kernel and never optimises
   * the function itself, which is not what a page runs).
   */
  const bundle = path.join(os.tmpdir(), `indicators-bench-${process.pid}.mjs`);
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('../src/lib/indicators.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: bundle,
    logLevel: 'warning',
  });
  const counts = (calls, reuse) => {
    const args = [
      '--tool=callgrind',
      '--branch-sim=yes',
      '--smc-check=all-non-file',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded-gc',
      self,
      `--count=${calls}`,
      `--module=${bundle}`,
    ];
    if (reuse) args.push('--reuse');
    const r = spawnSync('valgrind', args, { encoding: 'utf8' });
    // "Collected : Ir Bc Bcm Bi Bim"
    const m = /Collected : (\d+) (\d+) (\d+)/.exec(r.stderr ?? '');
    if (!m) throw new Error(`valgrind failed: ${r.error?.message ?? r.stderr?.slice(-500)}`);
    return { instructions: Number(m[1]), mispredicts: Number(m[3]) };
  };
  const few = 100;
  const many = 300;
  const perCall = (reuse) => {
    const a = counts(few, reuse);
    const b = counts(many, reuse);
    return { instructions: (b.instructions - a.instructions) / (many - few), mispredicts: (b.mispredicts - a.mispredicts) / (many - few) };
  };
  try {
    console.log('\n## per computeDefaultIndicators call under valgrind (callgrind --branch-sim=yes, node --single-threaded-gc)');
    console.log(
      `difference of ${many} and ${few} calls in one process, so start-up and warm-up cancel out; user space only (page faults are kernel work)`,
    );
    const rows2 = [];
    for (const [output, reuse] of [
      ['fresh', false],
      ['reused', true],
    ]) {
      const c = perCall(reuse);
      rows2.push({
        output,
        'instructions/call': Math.round(c.instructions).toLocaleString('en-US'),
        'mispredicted branches/call (simulated)': Math.round(c.mispredicts).toLocaleString('en-US'),
      });
    }
    table(rows2);
  } catch (error) {
    console.log(`instruction count skipped: ${error.message}`);
  } finally {
    rmSync(bundle, { force: true });
  }
}

// ---- Beside technicalindicators --------------------------------------------------------------------------

const hlc = { high, low, close };
const theirs = {
  SMA: { ours: () => ind.ma(bars, 5), theirs: () => ti.SMA.calculate({ period: 5, values: close }) },
  BollingerBands: { ours: () => ind.boll(bars), theirs: () => ti.BollingerBands.calculate({ period: 20, stdDev: 2, values: close }) },
  RSI: { ours: () => ind.rsi(bars, 6), theirs: () => ti.RSI.calculate({ period: 6, values: close }) },
  MACD: {
    ours: () => ind.macd(bars),
    theirs: () =>
      ti.MACD.calculate({
        fastPeriod: 12,
        slowPeriod: 26,
        signalPeriod: 9,
        values: close,
        SimpleMAOscillator: false,
        SimpleMASignal: false,
      }),
  },
  WilliamsR: { ours: () => ind.wr(bars, 10), theirs: () => ti.WilliamsR.calculate({ period: 10, ...hlc }) },
  CCI: { ours: () => ind.cci(bars), theirs: () => ti.CCI.calculate({ period: 14, ...hlc }) },
  'Stochastic (KDJ)': { ours: () => ind.kdj(bars), theirs: () => ti.Stochastic.calculate({ period: 9, signalPeriod: 3, ...hlc }) },
};
const versus = [];
for (const [name, pair] of Object.entries(theirs)) {
  const a = time(pair.ours);
  const b = time(pair.theirs);
  versus.push({
    indicator: name,
    'ours median ms': ms(a.median),
    'technicalindicators median ms': ms(b.median),
    'ratio (theirs/ours)': `${(b.median / a.median).toFixed(1)}×`,
  });
}
console.log('\n## beside technicalindicators (same 10,000 bars, one line each)');
table(versus);

// ---- Agreement where the definitions agree ----------------------------------------------------------------

/** Max |ours[i] − theirs[i − offset]| over bars i ≥ from, with an optional transform of their value. */
function maxDiff(series, theirValues, offset, from = offset, map = (v) => v) {
  let worst = 0;
  for (let i = Math.max(from, offset); i < BAR_COUNT; i++) {
    const their = theirValues[i - offset];
    if (their === undefined) continue;
    worst = Math.max(worst, Math.abs(series.values[i] - map(their)));
  }
  return worst;
}
const fmt = (v) => v.toExponential(2);
const TAIL = 1000; // by bar 1000 the different seeds of the Wilder/EMA recursions have decayed (EMA26: (25/27)^1000 ≈ 1e-34)

const agreement = [];
{
  const sma = ti.SMA.calculate({ period: 5, values: close });
  agreement.push({ pair: 'MA5 vs SMA', 'max |diff|': fmt(maxDiff(ind.ma(bars, 5), sma, 4)), note: 'same definition' });
}
{
  const bb = ti.BollingerBands.calculate({ period: 20, stdDev: 2, values: close });
  const ob = ind.boll(bars);
  const worst = Math.max(
    maxDiff(
      ob.mid,
      bb.map((r) => r.middle),
      19,
    ),
    maxDiff(
      ob.upper,
      bb.map((r) => r.upper),
      19,
    ),
    maxDiff(
      ob.lower,
      bb.map((r) => r.lower),
      19,
    ),
  );
  agreement.push({ pair: 'BOLL vs BollingerBands', 'max |diff|': fmt(worst), note: 'both use the population deviation (÷ N)' });
}
for (const p of D.rsi) {
  const r = ti.RSI.calculate({ period: p, values: close });
  const o = ind.rsi(bars, p);
  agreement.push({
    pair: `RSI${p} vs RSI`,
    'max |diff|': `${fmt(maxDiff(o, r, p, TAIL))} (bars ≥ ${TAIL}; from bar ${p}: ${fmt(maxDiff(o, r, p))})`,
    note: 'both Wilder = SMA(X,N,1); they seed with the mean of the first N changes and round to 2 dp; we seed with the first change (TDX)',
  });
}
{
  const m = ti.MACD.calculate({
    fastPeriod: 12,
    slowPeriod: 26,
    signalPeriod: 9,
    values: close,
    SimpleMAOscillator: false,
    SimpleMASignal: false,
  });
  const o = ind.macd(bars);
  const worst = Math.max(
    maxDiff(
      o.dif,
      m.map((r) => r.MACD),
      25,
      TAIL,
    ),
    maxDiff(
      o.dea,
      m.map((r) => r.signal),
      25,
      TAIL,
    ),
    maxDiff(
      o.histogram,
      m.map((r) => r.histogram),
      25,
      TAIL,
      (v) => 2 * v,
    ),
  );
  agreement.push({
    pair: 'MACD vs MACD',
    'max |diff|': `${fmt(worst)} (bars ≥ ${TAIL})`,
    note: 'their EMA is seeded with an SMA, ours with the first close; their histogram is DIF − DEA, ours 2 × (DIF − DEA)',
  });
}
for (const p of D.wr) {
  const w = ti.WilliamsR.calculate({ period: p, ...hlc });
  agreement.push({
    pair: `WR${p} vs WilliamsR`,
    'max |diff|': fmt(maxDiff(ind.wr(bars, p), w, p - 1, p - 1, (v) => -v)),
    note: 'theirs is −100…0: compared as −%R',
  });
}
{
  const c = ti.CCI.calculate({ period: 14, ...hlc });
  agreement.push({
    pair: 'CCI vs CCI',
    'max |diff|': fmt(maxDiff(ind.cci(bars), c, 13)),
    note: 'same TP, mean deviation and 0.015; rounding of the mean is amplified by ÷ (0.015 × AVEDEV)',
  });
}
{
  const s = ti.Stochastic.calculate({ period: 9, signalPeriod: 3, ...hlc });
  const { k } = ind.kdj(bars);
  // Their %K is our RSV; ours is K = (RSV + 2K′)/3, so RSV = 3K − 2K′ (K′ = 50 before bar 8).
  const rsv = { values: new Float64Array(BAR_COUNT).fill(NaN) };
  for (let i = 8; i < BAR_COUNT; i++) rsv.values[i] = 3 * k.values[i] - 2 * (i === 8 ? 50 : k.values[i - 1]);
  agreement.push({
    pair: 'KDJ RSV vs Stochastic %K',
    'max |diff|': fmt(
      maxDiff(
        rsv,
        s.map((r) => r.k),
        8,
      ),
    ),
    note: 'their %D is a simple MA3 of %K, our D = SMA(K,3,1): D and J are not comparable',
  });
}
console.log('\n## agreement where the definitions agree');
table(agreement);
console.log('BIAS, BBI and PSY have no counterpart in technicalindicators.');
