// Fund detail (/funding/009005) on H5: the JS a first visit downloads before the page shows the fund (first load),
// and what follows once it is on screen (the lazily loaded chart chunk). Headless Chromium, fresh cache,
// gzip -9 of the served bytes. Printed, not asserted.
//   H5_DIR=dist/h5-<you> node bench/fund-detail-size.mjs   (default: the product build, built if missing)
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { appOutputs, chromiumFlags, chromiumPath, ensureProductH5, kib, root, serveH5, table, temporaryDir } from './lib.mjs';

const h5Dir = process.env.H5_DIR ? path.resolve(root, process.env.H5_DIR) : appOutputs.h5;
if (!process.env.H5_DIR) await ensureProductH5();

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
    // First load: the scripts requested before the page's data answered (what it needs to show itself);
    // the rest were requested because of the data (lazy chunks such as the chart library).
    const before = result.list.filter((f) => f.at <= result.dataAt);
    const after = result.list.filter((f) => f.at > result.dataAt);
    const sum = (l) => l.reduce((n, f) => n + f.gzip, 0);
    console.log(`\n${url}: content shown after ${result.shownMs} ms (second visit, empty browser cache)`);
    console.log(`  first-load JS (requested before ${dataCall} answered): ${before.length} files, ${kib(sum(before))} KB gzip`);
    console.log(`  requested after (lazy chunks):                          ${after.length} files, ${kib(sum(after))} KB gzip`);
    table(
      [...result.list]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 8)
        .map((f) => ({ file: f.file, 'gzip KB': kib(f.gzip), 'raw KB': kib(f.raw), when: f.at <= result.dataAt ? 'first load' : 'lazy' })),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
