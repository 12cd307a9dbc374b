// Indicator benchmark (issue 4 item 8, target: all ten over 10,000 bars in ≤ 3 ms together): times each
// indicator of src/lib/indicators.ts and computeDefaultIndicators on 10,000 deterministic bars, beside the
// `technicalindicators` package on the indicators both define, and prints where their values agree.
// Figures are printed, never asserted. Medians and minimums after warm-up: on a shared machine the minimum is
// the closer estimate of the cost itself, the median says what a busy phone would see.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import * as ti from 'technicalindicators';
import { tsImport } from 'tsx/esm/api';
import { table } from './lib.mjs';

// tsImport, not `register()`: the repo is CommonJS by default, and the ESM-only hook loads .ts files
// as CommonJS, which then fails on require(esm) cycles.
const ind = await tsImport('../src/lib/indicators.ts', import.meta.url);
const { INDICATOR_DEFAULTS: D } = await tsImport('../src/lib/constants.ts', import.meta.url);

const BAR_COUNT = 10_000;
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

/**
 * Median and minimum wall time of fn after warm-up, within a time budget (at least 30 runs), and the mean
 * CPU time of this process per run (GC threads included): wall time on a busy machine includes waiting.
 */
function time(fn) {
  for (let i = 0; i < 20; i++) fn();
  const samples = [];
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  while (samples.length < 30 || (performance.now() - started < BUDGET_MS && samples.length < 500)) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpuStart);
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)],
    min: samples[0],
    cpu: (cpu.user + cpu.system) / 1000 / samples.length,
    runs: samples.length,
  };
}

const ms = (v) => v.toFixed(3);
const bars = makeBars(BAR_COUNT);
const close = bars.map((b) => b.close);
const high = bars.map((b) => b.high);
const low = bars.map((b) => b.low);

console.log(`## indicators: ${BAR_COUNT} bars, node ${process.version}, ${os.cpus().length} cpus, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

// ---- Ours: each indicator with its SPEC §9 parameters, then all ten together ----------------------------

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
  rows.push({ indicator: name, 'median ms': ms(t.median), 'min ms': ms(t.min), 'cpu ms/run': ms(t.cpu), runs: t.runs });
}
const all = time(() => ind.computeDefaultIndicators(bars));
rows.push({ indicator: 'sum of the ten above', 'median ms': ms(sumOfMedians), 'min ms': '', 'cpu ms/run': '', runs: '' });
rows.push({ indicator: 'all ten: computeDefaultIndicators', 'median ms': ms(all.median), 'min ms': ms(all.min), 'cpu ms/run': ms(all.cpu), runs: all.runs });
const lineNames = (r) => [
  ...r.ma, r.boll.mid, r.boll.upper, r.boll.lower, ...r.rsi, r.kdj.k, r.kdj.d, r.kdj.j, r.macd.dif, r.macd.dea,
  r.macd.histogram, ...r.wr, ...r.bias, r.bbi, r.cci, r.psy.psy, r.psy.psyma,
];
const boxed = time(() => lineNames(ind.computeDefaultIndicators(bars)).map((s) => ind.seriesToNullable(s)));
rows.push({ indicator: '  + every line as (number|null)[]', 'median ms': ms(boxed.median), 'min ms': ms(boxed.min), 'cpu ms/run': ms(boxed.cpu), runs: boxed.runs });
table(rows);
console.log(`all ten together: median ${ms(all.median)} ms, min ${ms(all.min)} ms, cpu ${ms(all.cpu)} ms/run (target ≤ 3 ms)`);

// ---- Beside technicalindicators --------------------------------------------------------------------------

const hlc = { high, low, close };
const theirs = {
  SMA: { ours: () => ind.ma(bars, 5), theirs: () => ti.SMA.calculate({ period: 5, values: close }) },
  BollingerBands: { ours: () => ind.boll(bars), theirs: () => ti.BollingerBands.calculate({ period: 20, stdDev: 2, values: close }) },
  RSI: { ours: () => ind.rsi(bars, 6), theirs: () => ti.RSI.calculate({ period: 6, values: close }) },
  MACD: {
    ours: () => ind.macd(bars),
    theirs: () => ti.MACD.calculate({ fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, values: close, SimpleMAOscillator: false, SimpleMASignal: false }),
  },
  WilliamsR: { ours: () => ind.wr(bars, 10), theirs: () => ti.WilliamsR.calculate({ period: 10, ...hlc }) },
  CCI: { ours: () => ind.cci(bars), theirs: () => ti.CCI.calculate({ period: 14, ...hlc }) },
  'Stochastic (KDJ)': { ours: () => ind.kdj(bars), theirs: () => ti.Stochastic.calculate({ period: 9, signalPeriod: 3, ...hlc }) },
};
const versus = [];
for (const [name, pair] of Object.entries(theirs)) {
  const a = time(pair.ours);
  const b = time(pair.theirs);
  versus.push({ indicator: name, 'ours median ms': ms(a.median), 'technicalindicators median ms': ms(b.median), 'ratio (theirs/ours)': `${(b.median / a.median).toFixed(1)}×` });
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
  const worst = Math.max(maxDiff(ob.mid, bb.map((r) => r.middle), 19), maxDiff(ob.upper, bb.map((r) => r.upper), 19), maxDiff(ob.lower, bb.map((r) => r.lower), 19));
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
  const m = ti.MACD.calculate({ fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, values: close, SimpleMAOscillator: false, SimpleMASignal: false });
  const o = ind.macd(bars);
  const worst = Math.max(
    maxDiff(o.dif, m.map((r) => r.MACD), 25, TAIL),
    maxDiff(o.dea, m.map((r) => r.signal), 25, TAIL),
    maxDiff(o.histogram, m.map((r) => r.histogram), 25, TAIL, (v) => 2 * v),
  );
  agreement.push({ pair: 'MACD vs MACD', 'max |diff|': `${fmt(worst)} (bars ≥ ${TAIL})`, note: 'their EMA is seeded with an SMA, ours with the first close; their histogram is DIF − DEA, ours 2 × (DIF − DEA)' });
}
for (const p of D.wr) {
  const w = ti.WilliamsR.calculate({ period: p, ...hlc });
  agreement.push({ pair: `WR${p} vs WilliamsR`, 'max |diff|': fmt(maxDiff(ind.wr(bars, p), w, p - 1, p - 1, (v) => -v)), note: 'theirs is −100…0: compared as −%R' });
}
{
  const c = ti.CCI.calculate({ period: 14, ...hlc });
  agreement.push({ pair: 'CCI vs CCI', 'max |diff|': fmt(maxDiff(ind.cci(bars), c, 13)), note: 'same TP, mean deviation and 0.015; rounding of the mean is amplified by ÷ (0.015 × AVEDEV)' });
}
{
  const s = ti.Stochastic.calculate({ period: 9, signalPeriod: 3, ...hlc });
  const { k } = ind.kdj(bars);
  // Their %K is our RSV; ours is K = (RSV + 2K′)/3, so RSV = 3K − 2K′ (K′ = 50 before bar 8).
  const rsv = { values: new Float64Array(BAR_COUNT).fill(NaN) };
  for (let i = 8; i < BAR_COUNT; i++) rsv.values[i] = 3 * k.values[i] - 2 * (i === 8 ? 50 : k.values[i - 1]);
  agreement.push({ pair: 'KDJ RSV vs Stochastic %K', 'max |diff|': fmt(maxDiff(rsv, s.map((r) => r.k), 8)), note: 'their %D is a simple MA3 of %K, our D = SMA(K,3,1): D and J are not comparable' });
}
console.log('\n## agreement where the definitions agree');
table(agreement);
console.log('BIAS, BBI and PSY have no counterpart in technicalindicators.');
