// The `<html lang>` of a page's HTML (server/src/plugins/page-lang.ts) is the language the app will choose when it
// starts (src/platform/locale-preference.ts): `?lang=` first, then the `lang` cookie, then Accept-Language, else zh-CN.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from './helpers';

const INDEX_HTML =
  '<!doctype html><html lang="zh-CN" data-x="1"><head><title>x</title><script defer src="/js/app.12345678.js"></script></head>' +
  '<body><div id="app"></div></body></html>';

let h5Dir: string;
let t: TestApp;
before(async () => {
  h5Dir = mkdtempSync(join(tmpdir(), 'h5-lang-'));
  writeFileSync(join(h5Dir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ config: { h5Dir } });
});
after(async () => {
  await t.close();
  rmSync(h5Dir, { recursive: true, force: true });
});

/** The `<html>` tag the visitor's browser receives. */
async function htmlTag(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, url);
  const tag = /<html\b[^>]*>/.exec(res.body)?.[0];
  assert.ok(tag, `${url}: an <html> tag`);
  return tag;
}

describe('page HTML <html lang>', () => {
  test('a visitor with nothing to go on gets zh-CN; the tag keeps its other attributes and one lang', async () => {
    assert.equal(await htmlTag('/index'), '<html lang="zh-CN" data-x="1">');
    assert.equal(await htmlTag('/index', { 'accept-language': 'fr-FR,de;q=0.8' }), '<html lang="zh-CN" data-x="1">');
  });

  test('the browser’s language: the first English or Chinese one by preference decides', async () => {
    assert.match(await htmlTag('/index', { 'accept-language': 'en-GB,en;q=0.9' }), /lang="en-US"/);
    assert.match(await htmlTag('/funding/009005', { 'accept-language': 'fr;q=0.9, en-US;q=0.8, zh-CN;q=0.5' }), /lang="en-US"/);
    assert.match(await htmlTag('/index', { 'accept-language': 'en;q=0.3, zh-TW;q=0.7' }), /lang="zh-CN"/, 'by q, not order');
    assert.match(await htmlTag('/index', { 'accept-language': 'zh-CN, en;q=0' }), /lang="zh-CN"/);
    assert.match(await htmlTag('/index', { 'accept-language': 'en;q=0, zh;q=0.1' }), /lang="zh-CN"/, 'q=0 is "not this"');
  });

  test('the earlier choice (the lang cookie) wins over the browser; ?lang= wins over both', async () => {
    assert.match(await htmlTag('/index', { 'accept-language': 'en-US', cookie: 'lang=zh-CN' }), /lang="zh-CN"/);
    assert.match(await htmlTag('/index', { 'accept-language': 'zh-CN', cookie: 'lang=en-US' }), /lang="en-US"/);
    assert.match(await htmlTag('/index', { cookie: 'lang=garbage', 'accept-language': 'en' }), /lang="en-US"/, 'a bad cookie is ignored');
    assert.match(await htmlTag('/index?lang=en', { cookie: 'lang=zh-CN' }), /lang="en-US"/);
    assert.match(await htmlTag('/funding/009005?channel=share&lang=zh-CN', { cookie: 'lang=en-US' }), /lang="zh-CN"/);
    assert.match(await htmlTag('/index?lang=', { cookie: 'lang=en-US' }), /lang="en-US"/, 'an empty lang asks for nothing');
    assert.match(await htmlTag('/no/such/page?lang=en'), /lang="en-US"/, 'the 404 page too');
  });

  test('a value from the address cannot break out of the attribute', async () => {
    assert.match(await htmlTag('/index?lang=%22%3E%3Cscript%3E'), /^<html lang="zh-CN" data-x="1">$/);
  });
});
