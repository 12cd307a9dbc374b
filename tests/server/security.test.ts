// Issue 16 (security hardening): each finding of the outside test, as a regression test. The generated version of
// most of these runs over every route in app-fuzz.test.ts.
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { formatAcceptedAgreements } from '../../src/lib/agreements';
import { sql } from 'kysely';
import { idCardCheckChar, luhnValid } from '../../src/lib/validators';
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { migrate, MIGRATIONS_DIR } from '../../server/src/db/migrate';
import { tokenHash } from '../../server/src/domain/tokens';
import { clientKey, isLoopbackAddress } from '../../server/src/http/client-address';
import { canonicalUrl } from '../../server/src/http/request-url';
import { issueSession, lookupSession } from '../../server/src/plugins/session';
import { firstPaintFor } from '../../server/src/plugins/page-first-paint';
import type { RouteName } from '../../src/lib/routes';
import { OutboxSmsProvider } from '../../server/src/services/sms';
import { issueCode } from '../../server/src/services/verification-codes';
import {
  createSecureClient,
  createTestApp,
  createTestUser,
  json,
  sendLoginCode,
  TEST_NOW,
  type Envelope,
  stubH5Dir,
  type SecureClient,
  type TestApp,
  type TestUser,
  secretAt,
} from './helpers';
import { rawRequest, requestText } from './raw-http';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const TOKEN_BODY = 'grant_type=password&client_id=dj-h5&client_secret=dj-h5-demo-secret';
const SECOND = 1000;

function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  return `${first17}${idCardCheckChar(first17)}`;
}
function cardNumber(bin: string): string {
  const partial = `${bin}765432109876`;
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${partial}${digit}`)) return `${partial}${digit}`;
  throw new Error('unreachable');
}
async function post(t: TestApp, user: TestUser, url: string, payload: Record<string, string>) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...form, ...user.headers },
    payload: new URLSearchParams(payload).toString(),
  });
  return json<Envelope<Record<string, unknown> | null>>(response);
}

describe('the one canonical URL', () => {
  test('canonicalUrl: unreserved escapes decoded, others upper-cased, dot segments resolved, absolute-form reduced', () => {
    const cases: Array<[string, string]> = [
      ['/djapi/fund/000001?size=1', '/djapi/fund/000001?size=1'],
      ['/xqapi/provider/oauth/%74oken', '/xqapi/provider/oauth/token'],
      ['/%78qapi/provider/oauth/token?client_id=dj-h5', '/xqapi/provider/oauth/token?client_id=dj-h5'],
      ['/%64japi/a%2fb/%e4%b8%ad', '/djapi/a%2Fb/%E4%B8%AD'],
      ['/djapi/../xqapi/x', '/xqapi/x'],
      ['/djapi/%2e%2E/xqapi/x', '/xqapi/x'],
      ['/a/./b/../../../c/', '/c/'],
      ['/djapi/%252e%252e/x', '/djapi/%252e%252e/x'],
      ['http://evil.example:8080/xqapi/provider/oauth/token?x=1', '/xqapi/provider/oauth/token?x=1'],
      ['HTTPS://h', '/'],
      ['http://h?q=1', '/?q=1'],
      ['/djapi/fund/%zz', '/djapi/fund/%zz'],
      ['/index#/funding/000001?x', '/index'],
      ['*', '*'],
    ];
    for (const [raw, canonical] of cases) {
      assert.equal(canonicalUrl(raw), canonical, raw);
      assert.equal(canonicalUrl(canonical), canonical, `idempotent: ${canonical}`);
    }
  });

  test('client keys and loopback addresses', () => {
    assert.equal(clientKey('203.0.113.9'), '203.0.113.9');
    assert.equal(clientKey('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(clientKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8:1:2::9'), clientKey('2001:db8:1:2:ffff::1'));
    assert.equal(clientKey(undefined), 'gone');
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
      assert.ok(isLoopbackAddress(address), address);
    for (const address of ['10.0.0.1', '::', '::2', '::ffff:10.0.0.1', '', undefined, 'localhost'])
      assert.ok(!isLoopbackAddress(address), String(address));
  });

  describe('over a real socket', () => {
    let t: TestApp;
    let port: number;
    before(async () => {
      t = await createTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    after(async () => {
      await t.close();
    });

    test('a listed call is never served in clear, however its path is written', async () => {
      const targets = [
        '/xqapi/provider/oauth/%74oken',
        '/%78qapi/provider/oauth/token',
        '/xqapi/provider/oauth/%74%6F%6B%65%6E',
        `http://127.0.0.1:${port}/xqapi/provider/oauth/token`,
        'http://attacker.example/xqapi/provider/oauth/token',
        '/djapi/../xqapi/provider/oauth/token',
        '/djapi/%2e%2e/xqapi/provider/oauth/token',
        '/xqapi/./provider/oauth/token',
      ];
      for (const target of targets) {
        const answer = await rawRequest(port, requestText('POST', target, form, TOKEN_BODY));
        assert.doesNotMatch(answer.raw, /access_token/, target);
        assert.equal(answer.status, 400, `${target}: ${answer.raw.slice(0, 200)}`);
        assert.equal(json<Envelope>(answer).result_code, 900001, target);
      }
    });

    test('the SMS send in clear (the telephone) is refused under an encoded path too', async () => {
      for (const target of ['/xqapi/account/sms/send_%76erification_code.json', 'http://h/xqapi/account/sms/send_verification_code.json']) {
        const answer = await rawRequest(port, requestText('POST', target, form, 'telephone=13800000000&areacode=86'));
        assert.equal(answer.status, 400, `${target}: ${answer.raw.slice(0, 200)}`);
        assert.equal(json<Envelope>(answer).result_code, 900001);
      }
    });
  });

  test('the per-IP limit counts encoded, dotted and absolute-form API paths and page loads; a boot header cannot be guessed', async () => {
    const t = await createTestApp({ config: { rateLimitPerMinute: 5, h5Dir: stubH5Dir() } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const targets = [
        '/%64japi/account',
        'http://h/djapi/account',
        '/x/../djapi/account',
        '/djapi/%2e/account',
        '/index',
        '/mpaas/../djapi/account',
        '/%64japi/account',
        '/djapi/account',
      ];
      const statuses: number[] = [];
      for (const target of targets)
        statuses.push((await rawRequest(port, requestText('GET', target, { 'x-dj-page-boot': 'guess' }))).status);
      assert.deepEqual(
        statuses.slice(0, 5).filter((s) => s === 429),
        [],
        statuses.join(' '),
      );
      assert.deepEqual(statuses.slice(5), [429, 429, 429], statuses.join(' '));
    } finally {
      await t.close();
    }
  });
});

describe('HTML the server draws', () => {
  test('a fund page’s first paint (page-first-paint.ts) shows a hostile fund name and code as text', () => {
    const hostile = `</span><script>alert(1)</script><img src=x onerror="alert(2)">'&\`$&`;
    const html = firstPaintFor(
      'fundDetail',
      { fundcode: '000001' },
      {
        '/djapi/fund/000001': { result_code: 0, data: { fd_name: hostile, fd_code: `"><svg onload=alert(3)>` } },
      },
    );
    assert.ok(html.includes('dj-first-paint'), 'drawn');
    assert.doesNotMatch(html, /<script|<img|<svg|onerror="|"><svg/);
    assert.ok(html.includes('&#60;/span&#62;&#60;script&#62;alert(1)&#60;/script&#62;'));
    assert.ok(html.includes('&#39;&#38;&#96;$&#38;'));
    // Only the block's own markup: one name, one code, no tag from the data.
    assert.equal(html.split('<span class="fund-header__name">').length - 1, 1);
    // As many closing tags as the same block drawn for a plain name and code: none comes from the data.
    const plain = firstPaintFor(
      'fundDetail',
      { fundcode: '000001' },
      { '/djapi/fund/000001': { result_code: 0, data: { fd_name: '平安基金', fd_code: '000001' } } },
    );
    const closing = (text: string) => (text.match(/<\/span>/g) ?? []).length;
    assert.ok(closing(plain) >= 2, 'the plain block has its name and code');
    assert.equal(closing(html), closing(plain), 'the block’s own spans close, nothing else');
    // No fund answer (an error envelope, or none): no first paint.
    assert.equal(firstPaintFor('fundDetail', { fundcode: '000001' }, { '/djapi/fund/000001': { result_code: 1, data: null } }), '');
    assert.equal(firstPaintFor('fundDetail', { fundcode: '000001' }, {}), '');
    assert.equal(firstPaintFor('home', {}, {}), '');
  });

  test('the other shared pages’ first paints show hostile names and notices as text, and none when an answer failed', () => {
    const hostile = `</span><script>alert(1)</script><img src=x onerror="alert(2)">'&\`$&`;
    const code = `"><svg onload=alert(3)>`;
    const ok = (data: unknown) => ({ result_code: 0, data });
    const fund = {
      fd_code: code,
      fd_name: hostile,
      yield: '1.5',
      sf_type: '3',
      type_desc: hostile,
      unit_nav: '1.0000',
      total_asset: '100',
      found_date: hostile,
    };
    const ranking = (url: string) => ({ [url]: ok({ items: [fund], total_items: 1, total_pages: 1 }) });
    const valuation = ok({
      items: [
        {
          index_code: code,
          name: hostile,
          pe: hostile,
          pe_percentile: '0.1',
          pb: '1',
          pb_percentile: '0.1',
          roe: '0.1',
          yeild: '0.1',
          eva_type: 'low',
          date: hostile,
        },
      ],
      low_percentile: '0.3',
      high_percentile: '0.7',
    });
    const categories = ok({
      categories: [
        { key: 'broad', indices: [{ index_code: 'SH000300', name: hostile, fund_count: 1, percent_1y: '1', pe_percentile: '0.1' }] },
      ],
    });
    const tracking = ok({
      funds: [
        { fd_code: code, fd_name: hostile, annual_fee: '0.5', declare_rate_discounted: '0.1', total_asset: '100', tracking_error: '0.1' },
      ],
    });
    const config = (key: string, value: unknown) => ok({ data: { [key]: { update_type: 1, timestamp: 1, value } } });
    const pages: [RouteName, Record<string, unknown>][] = [
      ['fundFilter', ranking('/djapi/v3/filter/fund?order_by=1y&page=1&size=20')],
      ['rankIndex', ranking('/djapi/v3/filter/fund?type=5&order_by=1y&page=1&size=20')],
      ['rankQdii', ranking('/djapi/v3/filter/fund?type=11&order_by=1y&page=1&size=20')],
      ['valueCenter', { '/djapi/index_eva/dj': valuation }],
      ['indexMass', { '/djapi/index-mass/categories': categories, '/djapi/index-mass/SH000300/funds': tracking }],
      [
        'home',
        {
          '/djapi/v3/filter/fund?order_by=1y&page=1&size=5': ok({ items: [fund], total_items: 1, total_pages: 1 }),
          '/djapi/index_eva/dj': valuation,
          '/mpaas/config/content?appkey=social&key=home_banners': config('home_banners', [{ id: '1', title: hostile, link: '/xjb' }]),
          '/mpaas/config/content?appkey=social&key=home_marquee': config('home_marquee', { items: [{ text: hostile, link: '' }] }),
        },
      ],
    ];
    for (const [route, answers] of pages) {
      const html = firstPaintFor(route, {}, answers);
      assert.ok(html.includes('dj-first-paint'), `${route}: drawn`);
      assert.doesNotMatch(html, /<script|<img|<svg onload|onerror="|"><svg/, route);
      assert.ok(html.includes('&#60;/span&#62;&#60;script&#62;alert(1)&#60;/script&#62;'), route);
      assert.ok(html.includes('&#34;&#62;&#60;svg onload=alert(3)&#62;') || route === 'home', `${route}: the code, escaped`);
      // A failed answer (or none) for any of the page's calls: no first paint.
      for (const url of Object.keys(answers)) {
        assert.equal(firstPaintFor(route, {}, { ...answers, [url]: { result_code: 500001, data: null } }), '', `${route}: ${url} failed`);
        const { [url]: _gone, ...rest } = answers;
        assert.equal(firstPaintFor(route, {}, rest), '', `${route}: ${url} missing`);
      }
    }
  });
});

describe('input limits', () => {
  let t: TestApp;
  let user: TestUser;
  before(async () => {
    t = await createTestApp({ market: true });
    user = await createTestUser(t);
  });
  after(async () => {
    await t.close();
  });

  test('every integer parameter is finite and within its bounds, or a 400 naming it', async () => {
    const code = (await t.db.kysely.selectFrom('fund').select('code').limit(1).executeTakeFirstOrThrow()).code;
    const urls = [
      `/djapi/fund/nav/history/${code}?page=1&size=`,
      `/djapi/fund/nav/history/${code}?size=1&page=`,
      '/xqstock/v5/stock/portfolio/stock/watchlist.json?size=',
      '/xqstock/v5/stock/portfolio/stock/watchlist.json?pid=',
      '/djapi/fund/rank/auto-invest?period=1y&size=',
      '/djapi/v3/filter/fund?order_by=1y&size=',
      '/djapi/v3/filter/fund?order_by=1y&size_min=',
      '/djapi/index/kline/SH000300?count=',
      '/mpaas/config/content?key=home_marquee&last_update=',
    ];
    for (const url of urls) {
      for (const value of ['Infinity', '-Infinity', '1e309', '-1e309', '9007199254740993', 'NaN']) {
        const response = await t.app.inject({ method: 'GET', url: `${url}${value}`, headers: user.headers });
        assert.equal(response.statusCode, 400, `${url}${value} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        const body = json<Envelope>(response);
        assert.equal(body.result_code, 400001);
        assert.match(body.message, /querystring\./);
      }
    }
    const advance = await t.app.inject({ method: 'POST', url: '/__dev/clock/advance', headers: form, payload: 'days=Infinity' });
    assert.equal(json<Envelope>(advance).result_code, 400001);
  });

  test('text PostgreSQL cannot store (NUL, lone surrogates) is a 400, wherever it hides', async () => {
    const upload = (line: string) =>
      t.app.inject({
        method: 'POST',
        url: '/xqapi/upload/web?category=web_behavior',
        headers: { 'content-type': 'text/plain' },
        payload: line,
      });
    // (A lone surrogate in raw UTF-8 text cannot arrive: it decodes as U+FFFD. JSON escapes are where it hides.)
    for (const line of [
      'v1|1700000000000|ios|375x812|ev|p\u0000||{}',
      'v1|1700000000000|ios|375x812|ev|p||{"a":"\\u0000"}',
      'v1|1700000000000|ios|375x812|ev|p||{"a":"\\ud800"}',
      'v1|1700000000000|ios|375x812|ev|p||{"\\u0000":"a"}',
    ]) {
      const response = await upload(line);
      assert.equal(response.statusCode, 400, `${JSON.stringify(line)} → ${response.body}`);
      assert.equal(json<Envelope>(response).result_code, 400001);
    }
    const answers = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, 'a']));
    for (const extra of [{ q12: '\u0000' }, { q12: 'a' }, { note: 'x' }]) {
      const body = await post(t, user, '/djapi/risk/assessment', { answers: JSON.stringify({ ...answers, ...extra }) });
      assert.equal(body.result_code, 400060, JSON.stringify(extra));
    }
    const stored = await post(t, user, '/djapi/risk/assessment', { answers: JSON.stringify(answers) });
    assert.equal(stored.result_code, 0);
    const json1 = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/weapp/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":"\\ud800"}',
    });
    assert.equal(json1.statusCode, 400);
    assert.equal(json<Envelope>(json1).result_code, 400001);
  });

  test('a bad percent-encoding is our envelope on an API path, a plain 400 elsewhere', async () => {
    for (const url of ['/djapi/fund/%zz', '/djapi/fund/%E0%A4%A', '/xqapi/provider/oauth/%', '/djapi/fund/%C0%AF']) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 400, url);
      const body = json<Envelope>(response);
      assert.equal(body.result_code, 400001, url);
      assert.match(body.message, /^参数 url 不正确/);
    }
    const page = await t.app.inject({ method: 'GET', url: '/funding/%zz' });
    assert.equal(page.statusCode, 400);
    assert.doesNotMatch(page.body, /FST_ERR/);
  });
});

describe('the key exchange', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });
  const exchange = (publicKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: form,
      payload: new URLSearchParams({ public_key: publicKey }).toString(),
    });

  test('accepts only an SPKI RSA public key, and stores its canonical PEM', async () => {
    const pkcs8 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const der = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    for (const [name, key] of Object.entries({
      'PKCS#8 private key': pkcs8.privateKey,
      'PKCS#8 private key, bare base64': der(pkcs8.privateKey),
      'PKCS#1 private key': pkcs1.privateKey,
      'PKCS#1 public key': pkcs1.publicKey,
      'EC public key': ec.publicKey,
      'a valid key and a NUL': `${pkcs8.publicKey}\u0000`,
      'a valid key and more': `${pkcs8.publicKey}${pkcs1.privateKey}`,
      'two blocks': `${pkcs8.publicKey}\n${pkcs8.publicKey}`,
    })) {
      const response = await exchange(key);
      assert.equal(response.statusCode, 400, name);
      assert.equal(json<Envelope>(response).result_code, 400001, name);
    }
    const ok = json<Envelope<{ client_id: string }>>(await exchange(`\n  ${pkcs8.publicKey.replaceAll('\n', '\r\n')}  \n`));
    assert.equal(ok.result_code, 0);
    const row = await t.db.kysely
      .selectFrom('devices')
      .select('client_public_key')
      .where('id', '=', ok.data.client_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.client_public_key, pkcs8.publicKey);
  });
});

describe('logs', () => {
  test('a 500 logs the error type, code and stack, never the SQL, its parameters, the message or the query string', async () => {
    const t = await createTestApp();
    let logs = '';
    const app = await buildApp({
      db: t.db,
      clock: t.clock,
      config: testConfig(),
      logger: { level: 'debug', stream: { write: (line: string) => (logs += line) } },
    });
    const secret = 'dev-secret-Zm9vYmFyYmF6cXV4';
    app.get('/djapi/__sql', async () => {
      await sql`SELECT ${secret}::int AS n`.execute(t.db.kysely);
      return {};
    });
    app.get('/djapi/__json', async () => JSON.parse(`{"phone": "13912345678", ${secret}}`) as unknown);
    try {
      assert.equal((await app.inject({ method: 'GET', url: `/djapi/__sql?token=${secret}` })).statusCode, 500);
      assert.equal((await app.inject({ method: 'GET', url: '/djapi/__json' })).statusCode, 500);
      await app.inject({ method: 'GET', url: `/__dev/sms?telephone=13912345678` });
      await app.inject({
        method: 'POST',
        url: `/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret`,
        headers: form,
        payload: TOKEN_BODY,
      });
      assert.match(logs, /request failed/);
      assert.match(logs, /"code":"22P02"/, 'the SQLSTATE is kept');
      assert.match(logs, /"type":"SyntaxError"/);
      assert.match(logs, /"path":"\/djapi\/__sql"/);
      for (const leak of [
        secret,
        'SELECT',
        '::int',
        '13912345678',
        'dj-h5-demo-secret',
        'invalid input syntax',
        'remoteAddress',
        '"params"',
      ]) {
        assert.ok(secretAt(logs, leak) < 0, `the log holds ${leak}:\n${logs.slice(0, 2000)}`);
      }
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describe('development routes and the fake WeChat answer loopback clients only', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('every /__dev route refuses a client of another machine, or one a proxy names', async () => {
    const devRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/__dev/') && route.method !== 'HEAD');
    assert.ok(devRoutes.length >= 5, devRoutes.map((r) => r.url).join(' '));
    for (const route of devRoutes) {
      const url = `${route.url}?telephone=13800000000&redirect_uri=http://localhost/x`;
      const request = {
        method: route.method as 'GET',
        url,
        headers: form,
        payload: route.method === 'POST' ? 'days=0&fail_next=0' : undefined,
      };
      for (const [who, extra] of Object.entries({
        'another machine': { remoteAddress: '203.0.113.9' },
        'another machine over IPv6': { remoteAddress: '2001:db8::9' },
        'X-Forwarded-For': { headers: { ...form, 'x-forwarded-for': '203.0.113.9' } },
        'a chain through this machine': { headers: { ...form, 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } },
        'X-Real-IP': { headers: { ...form, 'x-real-ip': '203.0.113.9' } },
        Forwarded: { headers: { ...form, forwarded: 'for="[2001:db8::9]:443";proto=https' } },
      })) {
        const response = await t.app.inject({ ...request, ...extra });
        assert.equal(response.statusCode, 404, `${route.method} ${route.url} from ${who}`);
        assert.equal(json<Envelope>(response).result_code, 404001);
      }
      const local = await t.app.inject({ ...request, remoteAddress: '::1' });
      assert.notEqual(local.statusCode, 404, `${route.method} ${route.url} from this machine`);
    }
  });

  test('the fake WeChat logs nobody in from another machine (its phone button names any phone)', async () => {
    const remote = { remoteAddress: '198.51.100.7', headers: { 'content-type': 'application/json' } };
    const login = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/weapp/login',
      payload: JSON.stringify({ code: 'fakecode.x.1' }),
      ...remote,
    });
    assert.equal(json<Envelope>(login).result_code, 400023);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/weapp/phone',
      payload: JSON.stringify({ code: 'fakephone.13800000000.x' }),
      ...remote,
    });
    assert.equal(json<Envelope>(phone).result_code, 400023);
    const authorize = await t.app.inject({
      method: 'GET',
      url: '/djapi/wechat/oauth/authorize?redirect=/index',
      remoteAddress: '198.51.100.7',
    });
    assert.equal(json<Envelope>(authorize).result_code, 400023);
    const local = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/weapp/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ code: 'fakecode.x.1' }),
    });
    assert.equal(json<Envelope>(local).result_code, 0);
  });
});

describe('secrets at rest', () => {
  test('sessions and thirdparty tokens are kept as their sha256 only', async () => {
    const t = await createTestApp();
    try {
      const user = await createTestUser(t);
      const rows = await t.db.kysely.selectFrom('sessions').selectAll().execute();
      assert.ok(!JSON.stringify(rows).includes(user.session.token), 'no clear token in sessions');
      assert.ok(rows.some((row) => row.token_hash === createHash('sha256').update(user.session.token).digest('hex')));
      const wechat = json<Envelope<{ thirdparty_token: string }>>(
        await t.app.inject({
          method: 'POST',
          url: '/djapi/provider/weapp/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ code: 'fakecode.pending.1' }),
        }),
      );
      const pending = await t.db.kysely.selectFrom('thirdparty_pending').selectAll().execute();
      assert.ok(!JSON.stringify(pending).includes(wechat.data.thirdparty_token));
      assert.equal(pending[0]!.token_hash, tokenHash(wechat.data.thirdparty_token));
      assert.equal(
        json<Envelope>(await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } })).result_code,
        0,
      );
    } finally {
      await t.close();
    }
  });

  test('migration 0006 hashes the sessions of an existing database in place: their tokens keep working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dj-migrations-'));
    const db = await openDatabase({ memory: true });
    try {
      for (const name of readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql') && file < '0006'))
        copyFileSync(join(MIGRATIONS_DIR, name), join(dir, name));
      await migrate(db, dir);
      const now = new Date(TEST_NOW);
      const user = await sql<{ id: number }>`INSERT INTO users (telephone, created_at) VALUES ('13800000001', ${now}) RETURNING id`.execute(
        db.kysely,
      );
      const token = 'ab'.repeat(20);
      await sql`INSERT INTO sessions (token, user_id, kind, client_id, created_at, expires_at)
        VALUES (${token}, ${user.rows[0]!.id}, 'user', 'dj-h5', ${now}, ${new Date(now.getTime() + 86_400_000)})`.execute(db.kysely);
      assert.ok((await migrate(db)).includes('0006_security.sql'));
      const session = await lookupSession(db.kysely, token, now);
      assert.equal(session?.userId, user.rows[0]!.id);
      const fresh = await issueSession(db.kysely, { userId: user.rows[0]!.id, clientId: 'dj-h5', now });
      assert.equal((await lookupSession(db.kysely, fresh.token, now))?.token, fresh.token);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('codes and certification', () => {
  let t: TestApp;
  let secure: SecureClient;
  before(async () => {
    t = await createTestApp({ market: true, config: { trustProxy: true } });
    secure = await createSecureClient(t);
  });
  after(async () => {
    await t.close();
  });

  test('a stranger spending a phone’s daily codes does not lock its owner out', async () => {
    const phone = '13700001234';
    const stranger = { 'x-forwarded-for': '203.0.113.66' };
    for (let i = 0; i < 10; i += 1) {
      assert.equal((await sendLoginCode(secure, phone, { headers: stranger })).body.result_code, 0, `stranger's send ${i + 1}`);
      t.clock.advance(31 * SECOND);
    }
    const refused = await sendLoginCode(secure, phone, { headers: stranger });
    assert.equal(refused.body.result_code, 400020);
    assert.deepEqual(refused.body.data, { resend_after: null }, 'the stranger’s day is spent');
    const owner = await sendLoginCode(secure, phone, { headers: { 'x-forwarded-for': '198.51.100.20' } });
    assert.equal(owner.body.result_code, 0, 'the owner still gets a code');
    // The service counts the same way (IPv6 clients by their /64).
    const sms = new OutboxSmsProvider();
    const send = (ip: string) =>
      issueCode(t.db.kysely, sms, t.app.personalData, {
        purpose: 'login',
        telephone: '13700005678',
        voice: false,
        ip: clientKey(ip),
        now: t.clock.now(),
      });
    assert.equal((await send('2001:db8:7:7::1')).ok, true);
    assert.deepEqual(await send('2001:db8:7:7::2'), { ok: false, reason: 'wait', seconds: 30 }, 'same /64, same requester');
    assert.equal((await send('2001:db8:7:8::1')).ok, true);
  });

  test('the SMS tables never hold a phone number; certification tells "ID taken" only after a valid code', async () => {
    const alice = await createTestUser(t);
    const bob = await createTestUser(t);
    const idNo = idNumber('1985-02-03', '451');
    const card = cardNumber('622202');
    const phone = '13600004321';
    assert.equal((await post(t, alice, '/djapi/account/open/bank-code', { bank_card_no: card, reserved_phone: phone })).result_code, 0);
    const outbox = t.app.sms as OutboxSmsProvider;
    const certify = (user: TestUser, code: string | undefined, cardNo = card, reserved = phone) =>
      post(t, user, '/djapi/account/open/certification', {
        real_name: '周九',
        id_no: idNo,
        bank_card_no: cardNo,
        reserved_phone: reserved,
        agreements: formatAcceptedAgreements(),
        ...(code === undefined ? {} : { bank_code_sms: code }),
      });
    assert.equal((await certify(alice, outbox.latestFor(phone)!.code)).result_code, 0);
    for (const table of ['sms_codes', 'sms_throttle'] as const) {
      const rows = await t.db.kysely.selectFrom(table).selectAll().execute();
      assert.ok(rows.length > 0);
      for (const number of [phone, '13700001234', alice.telephone])
        assert.ok(!JSON.stringify(rows).includes(number), `${table} holds ${number}`);
    }
    // Bob tries Alice's ID: without a valid code of his own card's phone he learns nothing about the ID.
    const bobCard = cardNumber('621700');
    const bobPhone = '13600008765';
    assert.equal((await certify(bob, undefined, bobCard, bobPhone)).result_code, 400021);
    assert.equal((await certify(bob, '0000', bobCard, bobPhone)).result_code, 400022, 'no code sent yet');
    assert.equal((await post(t, bob, '/djapi/account/open/bank-code', { bank_card_no: bobCard, reserved_phone: bobPhone })).result_code, 0);
    const bobCode = outbox.latestFor(bobPhone)!.code;
    const wrong = String((Number(bobCode) + 1) % 10000).padStart(4, '0');
    assert.equal((await certify(bob, wrong, bobCard, bobPhone)).result_code, 400021);
    assert.equal((await certify(bob, bobCode, bobCard, bobPhone)).result_code, 400044, 'with his valid code: the ID is taken');
  });
});
