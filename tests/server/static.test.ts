import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { precompressDir, precompressH5Build } from '../../server/src/plugins/h5-precompress';
import { cacheControlFor } from '../../server/src/plugins/static-h5';
import { monitoringOrigin } from '../../server/src/config';
import { createTestApp, type TestApp } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><head><script>window.__boot=1</script></head><body><div id="app">H5 SHELL</div><script src="/js/app.12345678.js"></script></body></html>';

let h5Dir: string;
let t: TestApp;
before(async () => {
  h5Dir = mkdtempSync(join(tmpdir(), 'h5-'));
  mkdirSync(join(h5Dir, 'js'));
  writeFileSync(join(h5Dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(h5Dir, 'js', 'app.12345678.js'), 'console.log("app")');
  t = await createTestApp({ config: { h5Dir } });
});
after(async () => {
  await t.close();
  rmSync(h5Dir, { recursive: true, force: true });
});

describe('H5 static files and SPA fallback', () => {
  for (const path of [
    '/',
    '/index',
    '/funding/000001',
    '/account/login?redirect=%2Fmy-money&buyUrl=x',
    '/n/activity/competition/42',
    '/ccount/certification?pageId=6',
    '/no/such/page',
  ]) {
    test(`page path ${path} answers index.html`, async () => {
      const response = await t.app.inject({ method: 'GET', url: path });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.match(response.body, /H5 SHELL/);
    });
  }

  test('assets are served with long caching; a missing file with an extension is a plain 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/js/app.12345678.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.body, 'console.log("app")');
    assert.match(String(asset.headers['cache-control']), /immutable/);
    const missing = await t.app.inject({ method: 'GET', url: '/js/missing.js' });
    assert.equal(missing.statusCode, 404);
    assert.doesNotMatch(missing.body, /H5 SHELL/);
    assert.doesNotMatch(String(missing.headers['content-type']), /json/);
  });

  test('unknown API paths are 404 envelopes, not the shell', async () => {
    for (const path of ['/djapi/nope', '/xqapi/x/y', '/xqstock/v5/none', '/open/x', '/mpaas/none', '/djapi']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      assert.equal(response.statusCode, 404, path);
      assert.equal(JSON.parse(response.body).result_code, 404001, path);
    }
  });

  test('a page load sets a readable XSRF-TOKEN cookie when absent, and keeps an existing one', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/funding/000001' });
    const cookie = String(first.headers['set-cookie']);
    assert.match(cookie, /^XSRF-TOKEN=[\w-]{20,};/);
    assert.doesNotMatch(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/);
    const again = await t.app.inject({ method: 'GET', url: '/index', headers: { cookie: 'XSRF-TOKEN=abc' } });
    assert.equal(again.headers['set-cookie'], undefined);
  });

  test('the CSP lets the app run: self scripts plus the hash of its inline script, inline styles, data/blob images', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index' });
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    assert.match(csp, /style-src 'self' 'unsafe-inline'/);
    assert.match(csp, /img-src 'self' data: blob:/);
    assert.match(csp, /connect-src 'self'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/);
  });

  test('a rebuilt index.html with a new inline script is allowed without a restart', async () => {
    const before = String((await t.app.inject({ method: 'GET', url: '/index' })).headers['content-security-policy']);
    const rebuilt = INDEX_HTML.replace('window.__boot=1', 'window.__boot=2');
    writeFileSync(join(h5Dir, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(h5Dir, 'index.html'), later, later);
    try {
      const after = String((await t.app.inject({ method: 'GET', url: '/index' })).headers['content-security-policy']);
      const hash = `'sha256-${createHash('sha256').update('window.__boot=2').digest('base64')}'`;
      assert.ok(after.includes(hash), after);
      assert.notEqual(after, before);
    } finally {
      writeFileSync(join(h5Dir, 'index.html'), INDEX_HTML);
    }
  });
});

describe('the monitoring script (docs/PRODUCT.md §9: rc and master only, the configured URL, none by default)', () => {
  test('its origin comes from TARO_APP_MONITORING_URL only in the rc and master environments', () => {
    const url = 'https://monitor.example.com/sdk/v2.js';
    assert.equal(monitoringOrigin({}), undefined);
    assert.equal(monitoringOrigin({ TARO_APP_DEPLOY_ENV: 'master' }), undefined);
    assert.equal(monitoringOrigin({ TARO_APP_DEPLOY_ENV: 'master', TARO_APP_MONITORING_URL: url }), 'https://monitor.example.com');
    assert.equal(monitoringOrigin({ TARO_APP_DEPLOY_ENV: 'rc', TARO_APP_MONITORING_URL: url }), 'https://monitor.example.com');
    assert.equal(monitoringOrigin({ TARO_APP_DEPLOY_ENV: 'dev', TARO_APP_MONITORING_URL: url }), undefined);
    assert.equal(monitoringOrigin({ TARO_APP_DEPLOY_ENV: 'rc', TARO_APP_MONITORING_URL: 'http://monitor.example.com/a.js' }), undefined);
  });

  test('the CSP allows that origin for scripts and reports when set, and no other host by default', async () => {
    const plain = String((await t.app.inject({ method: 'GET', url: '/index' })).headers['content-security-policy']);
    assert.doesNotMatch(plain, /monitor\.example\.com/);
    const app = await createTestApp({ config: { h5Dir, monitoringOrigin: 'https://monitor.example.com' } });
    try {
      const csp = String((await app.app.inject({ method: 'GET', url: '/index' })).headers['content-security-policy']);
      assert.match(csp, /script-src [^;]*https:\/\/monitor\.example\.com/);
      assert.match(csp, /connect-src 'self' https:\/\/monitor\.example\.com/);
    } finally {
      await app.close();
    }
  });
});

describe('without an H5 build', () => {
  test('page paths explain how to build it; the API still works', async () => {
    const missingDir = mkdtempSync(join(tmpdir(), 'h5-missing-'));
    const app = await createTestApp({ config: { h5Dir: join(missingDir, 'dist') } });
    try {
      const page = await app.app.inject({ method: 'GET', url: '/funding/000001' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /npm run build:h5/);
      const api = await app.app.inject({ method: 'GET', url: '/djapi/account' });
      assert.equal(JSON.parse(api.body).result_code, 300001);
    } finally {
      await app.close();
      rmSync(missingDir, { recursive: true, force: true });
    }
  });
});

describe('XSRF cookie for clients that never load a page (mini program)', () => {
  test('an API answer hands out XSRF-TOKEN when absent; assets do not', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/djapi/account' });
    assert.match(String(api.headers['set-cookie']), /XSRF-TOKEN=/);
    const asset = await t.app.inject({ method: 'GET', url: '/js/app.12345678.js' });
    assert.equal(asset.headers['set-cookie'], undefined);
  });
});

describe('compressed answers from pre-written siblings', () => {
  // Big enough to be worth compressing (the precompressor skips files under 256 bytes).
  const shell = `<!doctype html><html><head><script>window.__boot=1</script></head><body><div id="app">H5 SHELL</div>${'<!-- padding -->'.repeat(40)}</body></html>`;
  const vendor = `/* vendor */ ${'export const fundName = "蛋卷基金 易方达蓝筹精选混合";\n'.repeat(200)}`;
  let dir: string;
  let app: TestApp;
  let precompression: { background: Promise<void>; stop(): Promise<void> };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-compressed-'));
    mkdirSync(join(dir, 'js'));
    mkdirSync(join(dir, 'static', 'images'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), shell);
    writeFileSync(join(dir, 'js', 'vendor.abcdef12.js'), vendor);
    writeFileSync(join(dir, 'js', 'rebuilt.abcdef12.js'), vendor.replace('vendor', 'rebuilt'));
    // A compressed copy older than its source (left by an earlier build): it must never be served.
    writeFileSync(join(dir, 'js', 'rebuilt.abcdef12.js.gz'), gzipSync('stale bytes'));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'js', 'rebuilt.abcdef12.js.gz'), old, old);
    writeFileSync(
      join(dir, 'static', 'images', 'logo.0123abcd.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`,
    );
    // What npm start does before listening: stale copies gone, gzip written; brotli follows in the background.
    precompression = await precompressH5Build(dir, { info: () => undefined, warn: (message) => assert.fail(message) });
    app = await createTestApp({ config: { h5Dir: dir } });
  });
  after(async () => {
    await precompression.stop();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('gzip is served when accepted, with Vary and immutable caching on a hashed asset', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/js/vendor.abcdef12.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], 'gzip');
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(response.rawPayload.length < vendor.length / 4, `${response.rawPayload.length} bytes sent`);
    assert.equal(gunzipSync(response.rawPayload).toString(), vendor);
  });

  test('brotli is preferred once written; the bytes decode to the file', async () => {
    await precompression.background;
    assert.ok(existsSync(join(dir, 'js', 'vendor.abcdef12.js.br')));
    const response = await app.app.inject({
      method: 'GET',
      url: '/js/vendor.abcdef12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(response.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(response.rawPayload).toString(), vendor);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('a client that accepts no encoding gets the plain file', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.app.inject({ method: 'GET', url: '/js/vendor.abcdef12.js', headers });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], undefined);
      assert.equal(response.body, vendor);
    }
  });

  test('a compressed copy older than its source is replaced, not served', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/js/rebuilt.abcdef12.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(response.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(response.rawPayload).toString(), vendor.replace('vendor', 'rebuilt'));
  });

  test('the SPA fallback (index.html for a page path) is compressed too, and never cached or shared', async () => {
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const response = await app.app.inject({ method: 'GET', url: '/funding/000001?channel=x', headers: { 'accept-encoding': encoding } });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-encoding'], encoding);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.match(String(response.headers.vary), /accept-encoding/i);
      // It carries the visitor's own first answers (page-html.ts): revalidated on every load, never shared.
      assert.equal(response.headers['cache-control'], 'private, no-cache');
      assert.match(decode(response.rawPayload).toString(), /H5 SHELL/);
    }
    const root = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(root.headers['cache-control'], 'private, no-cache');
    assert.match(gunzipSync(root.rawPayload).toString(), /H5 SHELL/);
  });

  test('a missing file is still a real 404 whatever the client accepts', async () => {
    for (const url of ['/js/missing.abcdef12.js', '/js/vendor.abcdef12.js.map', '/static/images/none.png']) {
      const response = await app.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.headers['content-encoding'], undefined, url);
      assert.equal(response.body, 'Not Found', url);
    }
  });

  test('precompressing again is a no-op when every copy is up to date', async () => {
    await precompression.background;
    const again = await precompressDir(dir, 'gzip');
    assert.equal(again.written, 0);
    assert.equal(again.upToDate, 4);
  });
});

describe('cache headers by file', () => {
  test('hashed build assets are immutable, the shell revalidates, other files cache briefly', () => {
    assert.equal(cacheControlFor('js/app.79220241.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('css/app.360ac25f.css.br'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('static/images/banner.0a1b2c3d.png'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('index.html'), 'no-cache');
    assert.equal(cacheControlFor('index.html.gz'), 'no-cache');
    assert.equal(cacheControlFor('js/app.79220241.js.LICENSE.txt'), 'public, max-age=3600');
    assert.equal(cacheControlFor('favicon.ico'), 'public, max-age=3600');
    assert.equal(cacheControlFor('app.79220241.js'), 'public, max-age=3600');
  });
});
