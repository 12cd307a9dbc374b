// The operator's brand follows BRAND_FILE while the server runs (server/src/services/brand.ts, docs/DEPLOY.md
// "Brand"): an edit shows in GET /djapi/platform/brand and in every page's HTML (tab title and inlined answer) without a
// restart; the file is looked at no more than every few seconds; a broken edit keeps the last good brand and warns.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../server/src/config';
import { BRAND_RECHECK_MS, liveBrand } from '../../server/src/services/brand';
import { DEFAULT_BRAND } from '../../src/lib/brand';
import { createTestApp, type TestApp } from './helpers';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'brand-live-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the brand file with a modification time `second` seconds into 2030, so each edit is a visible change. */
function writeBrand(file: string, content: unknown, second: number): void {
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  const at = new Date(Date.UTC(2030, 0, 1, 0, 0, second));
  utimesSync(file, at, at);
}

describe('live brand source', () => {
  test('re-reads the file when it changes, at most once per recheck interval', () => {
    const file = join(dir, 'interval.json');
    writeBrand(file, { name: '甲基金' }, 1);
    const config = loadConfig({ BRAND_FILE: file, NODE_ENV: 'production' }, dir);
    let now = 1_000_000;
    const warnings: string[] = [];
    const source = liveBrand({ initial: config.brand, file: config.brandFile, warn: (w) => warnings.push(w), now: () => now });
    assert.equal(source.current().name, '甲基金');
    writeBrand(file, { name: '乙基金', service_phone: '400-111-2222' }, 2);
    now += BRAND_RECHECK_MS - 1;
    assert.equal(source.current().name, '甲基金', 'not looked at again before the interval');
    now += 1;
    const changed = source.current();
    assert.equal(changed.name, '乙基金');
    assert.equal(changed.servicePhone, '400-111-2222');
    assert.equal(changed.company, DEFAULT_BRAND.company, 'fields left out keep the default');
    assert.equal(changed.demo, false, 'the demo mark stays DEMO_NOTICE’s (production: off)');
    assert.ok(BRAND_RECHECK_MS <= 5_000, 'an edit shows within a few seconds');
    assert.deepEqual(warnings, []);
  });

  test('a broken edit keeps the last good brand and warns once; the next good edit is taken', () => {
    const file = join(dir, 'broken.json');
    writeBrand(file, { name: '甲基金' }, 1);
    const config = loadConfig({ BRAND_FILE: file }, dir);
    let now = 0;
    const warnings: string[] = [];
    const source = liveBrand({ initial: config.brand, file: config.brandFile, warn: (w) => warnings.push(w), now: () => now });
    const step = (): string => {
      now += BRAND_RECHECK_MS;
      return source.current().name;
    };
    writeBrand(file, '{ "name": "半写', 2);
    assert.equal(step(), '甲基金');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /BRAND_FILE .*broken\.json.*keeping the brand in use \(甲基金\)/);
    assert.equal(step(), '甲基金');
    assert.equal(warnings.length, 1, 'the same broken file is reported once');
    writeBrand(file, { nmae: '乙基金' }, 3);
    assert.equal(step(), '甲基金');
    assert.match(warnings[1]!, /unknown field "nmae"/);
    writeBrand(file, { name: '乙基金', service_phone: 'call us' }, 4);
    assert.equal(step(), '甲基金');
    assert.match(warnings[2]!, /field "service_phone" is not usable/);
    unlinkSync(file);
    assert.equal(step(), '甲基金');
    assert.match(warnings[3]!, /cannot be read/);
    writeBrand(file, { name: '乙基金' }, 5);
    assert.equal(step(), '乙基金');
    assert.equal(warnings.length, 4);
    assert.equal(source.current().demo, true, 'outside production the demo mark stays on');
  });

  test('without BRAND_FILE the brand is the default and never changes', () => {
    const config = loadConfig({}, dir);
    assert.equal(config.brandFile, undefined);
    const source = liveBrand({ initial: config.brand, file: config.brandFile, warn: () => assert.fail('no warning'), now: () => Infinity });
    assert.equal(source.current().name, DEFAULT_BRAND.name);
  });
});

describe('a running server follows an edit of BRAND_FILE', () => {
  let t: TestApp;
  let h5Dir: string;
  let file: string;
  before(async () => {
    h5Dir = mkdtempSync(join(tmpdir(), 'h5-brand-'));
    writeFileSync(
      join(h5Dir, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><title>x</title></head><body><div id="app"></div></body></html>',
    );
    file = join(dir, 'server.json');
    writeBrand(file, { name: '甲基金' }, 1);
    const config = loadConfig({ BRAND_FILE: file, NODE_ENV: 'production' }, dir);
    t = await createTestApp({ config: { h5Dir, brand: config.brand, brandFile: config.brandFile } });
  });
  after(async () => {
    await t?.close();
    rmSync(h5Dir, { recursive: true, force: true });
  });

  const brandName = async (): Promise<string> =>
    (JSON.parse((await t.app.inject({ method: 'GET', url: '/djapi/platform/brand' })).body) as { data: { name: string } }).data.name;
  const page = async (): Promise<{ title: string; inlined: string }> => {
    const html = (await t.app.inject({ method: 'GET', url: '/index' })).body;
    const boot = JSON.parse(/<script type="application\/json" id="dj-boot">(.*?)<\/script>/s.exec(html)![1]!) as {
      answers: Record<string, { data: { name: string } }>;
    };
    return { title: /<title>([^<]*)<\/title>/.exec(html)![1]!, inlined: boot.answers['/djapi/platform/brand']!.data.name };
  };

  test('the API, the tab title and the inlined answer change after an edit, without a restart', async () => {
    assert.equal(await brandName(), '甲基金');
    assert.deepEqual(await page(), { title: '甲基金', inlined: '甲基金' });
    writeBrand(file, { name: '乙基金' }, 2);
    await new Promise((resolve) => setTimeout(resolve, BRAND_RECHECK_MS + 100));
    assert.equal(await brandName(), '乙基金');
    assert.deepEqual(await page(), { title: '乙基金', inlined: '乙基金' });
    // A broken edit: the last good brand stays on every page.
    writeBrand(file, '{', 3);
    await new Promise((resolve) => setTimeout(resolve, BRAND_RECHECK_MS + 100));
    assert.equal(await brandName(), '乙基金');
    assert.deepEqual(await page(), { title: '乙基金', inlined: '乙基金' });
  });
});
