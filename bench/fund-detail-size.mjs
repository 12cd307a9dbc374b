// Fund detail (/funding/009005) on H5: the JS a first visit downloads before the chart (first load), and the chart's
// own chunks that follow once the page is on screen (the build's page-assets.json names them: `chunk:lib-chart`).
// Headless Chromium, fresh cache, gzip -9 of the served bytes. Printed, not asserted. (The page's first answers come
// inlined in its HTML, so "before the data answered" no longer splits anything: the chart's chunk list does.)
//   H5_DIR=dist/h5-<you> node bench/fund-detail-size.mjs   (default: the product build, built if missing)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { appOutputs, chromiumFlags, chromiumPath, ensureProductH5, kib, root, serveH5, table, temporaryDir } from './lib.mjs';

const h5Dir = process.env.H5_DIR ? path.resolve(root, process.env.H5_DIR) : appOutputs.h5;
if (!process.env.H5_DIR) await ensureProductH5();

/** The chart's files (`chunk:lib-chart` of page-assets.json), or none for a build that does not name them. */
const chartFiles = (() => {
  try {
    const chart = JSON.parse(readFileSync(path.join(h5Dir, 'page-assets.json'), 'utf8'))['chunk:lib-chart'];
    return chart ? [...chart.js, ...chart.css].map((file) => `/${file}`) : [];
  } catch {
    return [];
  }
})();
const isChart = (file) => chartFiles.includes(file);

const server = await serveH5(h5Dir, temporaryDir('dj-bench-fund-'));
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
try {
  // Each page twice in a fresh context (empty browser cache): the first visit also warms the server's market
  // cache, the second is what is reported.
  for (const [url, dataCall, shown] of [
    ['/funding/009005', '/djapi/fund/009005', '[data-testid="fund-header"]'],
    ['/index', '/djapi/v3/filter/fund', '[data-testid="home-fund"]'],
  ]) {
    let result;
    for (let visit = 0; visit < 2; visit += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'zh-CN',
      });
      const page = await context.newPage();
      const files = [];
      let dataAt = Infinity;
      page.on('requestfinished', (request) => {
        if (request.url().includes(dataCall) && dataAt === Infinity) dataAt = Date.now();
      });
      page.on('request', (request) => {
        if (request.resourceType() !== 'script') return;
        const at = Date.now();
        files.push(
          request
            .response()
            .then((response) => response?.body())
            .then(
              (body) => body && { file: new URL(request.url()).pathname, at, raw: body.length, gzip: gzipSync(body, { level: 9 }).length },
            )
            .catch(() => null),
        );
      });
      const started = Date.now();
      await page.goto(server.url + url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      await page.locator(shown).first().waitFor({ timeout: 60_000 });
      const shownAt = Date.now();
      await page.waitForLoadState('networkidle');
      result = { list: (await Promise.all(files)).filter(Boolean), dataAt, shownMs: shownAt - started };
      await context.close();
    }
    // First load: every script but the chart's (what the page needs to show itself); then the chart's.
    const before = result.list.filter((f) => !isChart(f.file));
    const after = result.list.filter((f) => isChart(f.file));
    const sum = (l) => l.reduce((n, f) => n + f.gzip, 0);
    console.log(`\n${url}: content shown after ${result.shownMs} ms (second visit, empty browser cache)`);
    console.log(`  first-load JS (all but the chart's chunks): ${before.length} files, ${kib(sum(before))} KB gzip`);
    console.log(`  the chart's chunks (after the first screen): ${after.length} files, ${kib(sum(after))} KB gzip`);
    table(
      [...result.list]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 8)
        .map((f) => ({ file: f.file, 'gzip KB': kib(f.gzip), 'raw KB': kib(f.raw), when: isChart(f.file) ? 'chart' : 'first load' })),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
