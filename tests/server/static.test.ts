import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from './helpers';

const INDEX_HTML = '<!doctype html><html><head><script>window.__boot=1</script></head><body><div id="app">H5 SHELL</div><script src="/js/app.12345678.js"></script></body></html>';

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
  for (const path of ['/', '/index', '/funding/000001', '/account/login?redirect=%2Fmy-money&buyUrl=x', '/n/activity/competition/42', '/ccount/certification?pageId=6', '/no/such/page']) {
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
