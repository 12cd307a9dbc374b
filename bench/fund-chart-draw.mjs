// Time to draw 10 years of daily NAV (≈2,500 trading days, fund + benchmark lines) with the app's own chart code
// (src/components/chart/nav-line-elements.ts + f2-canvas.ts) on a real canvas in Chromium. Printed, not asserted.
//   node bench/fund-chart-draw.mjs
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import path from 'node:path';
import { root } from './lib.mjs';

const entry = `
import { createF2Chart } from './src/components/chart/f2-canvas';
import { navLineChartElement } from './src/components/chart/nav-line-elements';

function tenYears() {
  const points = [];
  let fund = 1, bench = 1, seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
  const day = new Date(Date.UTC(2015, 0, 5));
  while (points.length < 2500) {
    const wd = day.getUTCDay();
    if (wd !== 0 && wd !== 6) {
      fund *= 1 + rnd() * 0.03 + 0.0003;
      bench *= 1 + rnd() * 0.025 + 0.0002;
      points.push({ date: day.toISOString().slice(0, 10), fund: fund - 1, benchmark: bench - 1 });
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return points;
}

window.runBench = async (runs) => {
  const points = tenYears();
  const el = document.createElement('canvas');
  const width = 375, height = 220, pixelRatio = 2;
  el.width = width * pixelRatio; el.height = height * pixelRatio;
  el.style.width = width + 'px'; el.style.height = height + 'px';
  document.body.appendChild(el);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const chart = createF2Chart({ context: el.getContext('2d'), pixelRatio, width, height });
    const t0 = performance.now();
    await chart.draw(navLineChartElement({ points, fundName: 'fund', benchmarkName: 'benchmark' }));
    await new Promise((r) => requestAnimationFrame(() => r()));
    times.push(performance.now() - t0);
    if (i < runs - 1) chart.destroy();
    else {
      // A period switch: redraw the same canvas with the last year only.
      const t1 = performance.now();
      await chart.draw(navLineChartElement({ points: points.slice(-250), fundName: 'fund', benchmarkName: 'benchmark' }));
      times.push(performance.now() - t1);
    }
  }
  // g paints on the next animation frame: wait for it, then some pixels must have been drawn.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const data = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
  let inked = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) inked++;
  return { points: points.length, times, inked };
};
`;

const out = await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2019',
  minify: true,
  alias: { '@': path.join(root, 'src') },
  logLevel: 'error',
});
const code = out.outputFiles[0].text;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: code });
  const runs = 6;
  // Runs in the page, where the bundle defined runBench.
  const r = await page.evaluate((n) => globalThis.runBench(n), runs);
  const first = r.times.slice(0, runs);
  const sorted = [...first.slice(1)].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`chart bundle (f2 + our chart code, minified): ${(code.length / 1024).toFixed(0)} KB`);
  console.log(`10 years of daily NAV: ${r.points} days × 2 lines on a 375×220 canvas @2x`);
  console.log(`  first draw (cold, incl. JIT): ${first[0].toFixed(1)} ms`);
  console.log(`  draw, median of ${runs - 1} warm runs: ${median.toFixed(1)} ms`);
  console.log(`  redraw on period switch (1y, same canvas): ${r.times[runs].toFixed(1)} ms`);
  console.log(`  inked pixels: ${r.inked}${errors.length ? `; page errors: ${errors.join(' | ')}` : ''}`);
} finally {
  await browser.close();
}
