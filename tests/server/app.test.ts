import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../server/src/app';
import { loadConfig, testConfig } from '../../server/src/config';
import { fixedClock, offsetClock, shanghaiDate, shanghaiInstant, shanghaiMinutesOfDay, shanghaiTime } from '../../server/src/domain/clock';
import { ApiError } from '../../server/src/http/envelope';
import { createTestApp, json, stubH5Dir, type TestApp } from './helpers';

interface Envelope {
  result_code: number;
  data: unknown;
  message: string;
  error_description: string;
}

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

describe('error envelopes', () => {
  test('malformed JSON is a 400 envelope, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: { 'content-type': 'application/json' },
      payload: '{"public_key": ',
    });
    assert.equal(response.statusCode, 400);
    const body = json<Envelope>(response);
    assert.equal(body.result_code, 400002);
    assert.equal(body.data, null);
  });

  test('an unsupported content type is a 415 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'public_key: x',
    });
    assert.equal(response.statusCode, 415);
    assert.equal(json<Envelope>(response).result_code, 400003);
  });

  test('a missing field names it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'other=1',
    });
    assert.equal(response.statusCode, 400);
    const body = json<Envelope>(response);
    assert.equal(body.result_code, 400001);
    assert.match(body.error_description, /body\.public_key/);
    assert.equal(body.message, body.error_description);
  });

  test('an oversized body is a 413 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    assert.equal(response.statusCode, 413);
    assert.equal(json<Envelope>(response).result_code, 400004);
  });

  test('an unexpected exception is a 500 envelope with code 9999 and no internals', async () => {
    const app = await buildApp({ db: t.db, clock: t.clock, config: testConfig(), logger: false });
    app.get('/djapi/__boom', async () => {
      throw new Error('secret internal detail at /srv/db.ts:42');
    });
    app.get('/djapi/__teapot', async () => {
      throw new ApiError(123456, 'A clear message', 409);
    });
    try {
      const boom = await app.inject({ method: 'GET', url: '/djapi/__boom' });
      assert.equal(boom.statusCode, 500);
      const body = json<Envelope>(boom);
      assert.equal(body.result_code, 9999);
      assert.equal(body.error_description, '网络错误，请稍后再试');
      assert.doesNotMatch(boom.body, /secret internal|db\.ts|at /);
      const teapot = await app.inject({ method: 'GET', url: '/djapi/__teapot' });
      assert.equal(teapot.statusCode, 409);
      assert.deepEqual(json<Envelope>(teapot), {
        result_code: 123456,
        data: null,
        message: 'A clear message',
        error_description: 'A clear message',
      });
    } finally {
      await app.close();
    }
  });
});

describe('platform wiring', () => {
  test('OpenAPI document lists the routes; Swagger UI is served at /docs', async () => {
    const spec = json<{ paths: Record<string, unknown> }>(await t.app.inject({ method: 'GET', url: '/docs/json' }));
    for (const path of ['/djapi/account', '/xqapi/ee2e/public_key_web', '/mpaas/config/content', '/xqapi/provider/oauth/token']) {
      assert.ok(spec.paths[path], path);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(ui.statusCode, 200);
    assert.match(ui.body, /swagger/i);
  });

  test('API answers carry nosniff; document headers (CSP, frame options) go on pages', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/djapi/account' });
    assert.equal(api.headers['x-content-type-options'], 'nosniff');
    assert.equal(api.headers['content-security-policy'], undefined);
    const page = await t.app.inject({ method: 'GET', url: '/index' });
    assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
    assert.ok(page.headers['x-frame-options']);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
  });

  test('rate limit answers 429 envelopes once the API budget is spent', async () => {
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig({ rateLimitPerMinute: 3, h5Dir: stubH5Dir() }),
      logger: false,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'GET', url: '/djapi/account' })).statusCode);
      assert.deepEqual(codes, [200, 200, 200, 429]);
      const limited = await app.inject({ method: 'GET', url: '/djapi/account' });
      assert.equal(json<Envelope>(limited).result_code, 429001);
      // Page loads count too (each runs API handlers in-process); assets do not.
      assert.equal((await app.inject({ method: 'GET', url: '/index' })).statusCode, 429);
      assert.notEqual((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode, 429);
      // Encoded and dotted forms of an API path are that path, for the limit too.
      for (const url of ['/%64japi/account', '/djapi/%2e%2e/djapi/account', '/x/../djapi/account']) {
        assert.equal((await app.inject({ method: 'GET', url })).statusCode, 429, url);
      }
    } finally {
      await app.close();
    }
  });
});

describe('clock', () => {
  test('Shanghai calendar date and time whatever the host zone', () => {
    // 2025-03-04T16:30Z is already the 5th, 00:30 in Shanghai.
    const late = new Date('2025-03-04T16:30:00Z');
    assert.equal(shanghaiDate(late), '2025-03-05');
    assert.equal(shanghaiTime(late), '00:30:00');
    assert.equal(shanghaiMinutesOfDay(late), 30);
    assert.equal(shanghaiInstant('2025-03-04', '15:00').toISOString(), '2025-03-04T07:00:00.000Z');
    assert.equal(shanghaiDate(shanghaiInstant('2025-12-31', '23:59:59')), '2025-12-31');
  });

  test('fixed and offset clocks', () => {
    assert.equal(fixedClock('2025-01-01T00:00:00Z').now().toISOString(), '2025-01-01T00:00:00.000Z');
    // A frozen clock starts exactly where it is told, however long the base clock takes between two readings (one
    // that moves a millisecond at every reading, as a loaded machine's does now and then).
    let ticks = Date.parse('2026-11-29T00:00:00Z');
    const slow = { now: () => new Date((ticks += 1)) };
    assert.equal(offsetClock('2025-03-04T02:00:00.000Z', { frozen: true, base: slow }).now().toISOString(), '2025-03-04T02:00:00.000Z');
    const frozen = offsetClock('2025-01-01T00:00:00Z', { frozen: true });
    frozen.advance(24 * 3600 * 1000);
    assert.equal(frozen.now().toISOString(), '2025-01-02T00:00:00.000Z');
    frozen.set('2030-06-01T00:00:00Z');
    assert.equal(shanghaiDate(frozen.now()), '2030-06-01');
    const running = offsetClock('2020-01-01T00:00:00Z');
    const first = running.now().getTime();
    assert.ok(Math.abs(first - Date.parse('2020-01-01T00:00:00Z')) < 1000);
    running.advance(3600_000);
    assert.ok(running.now().getTime() - first >= 3600_000);
  });
});

describe('config', () => {
  test('defaults and validation', () => {
    const config = loadConfig({}, '/srv/app');
    assert.equal(config.port, 8080);
    // A development (demo) server is reached from this machine only unless HOST says otherwise; production listens on all.
    assert.equal(config.host, 'localhost');
    assert.equal(loadConfig({ NODE_ENV: 'production' }).host, '0.0.0.0');
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0');
    assert.equal(config.dataDir, '/srv/app/data');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.wechat, undefined);
    assert.equal(loadConfig({ PORT: '3000', SKIP_H5_BUILD: '1' }, '/x').port, 3000);
    assert.equal(loadConfig({ SKIP_H5_BUILD: '1' }, '/x').buildH5, false);
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT must be an integer/);
    assert.deepEqual(loadConfig({ WECHAT_APPID: 'wx1', WECHAT_SECRET: 's' }).wechat, { appId: 'wx1', secret: 's' });
  });
});
