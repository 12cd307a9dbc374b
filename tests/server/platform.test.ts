import assert from 'node:assert/strict';
import { constants, createHash, createPublicKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../../server/src/domain/tokens';
import { sealMessage, openMessage } from '../../server/src/services/secure-message';
import { rsaPkcs1Decrypt } from '../../server/src/services/rsa';
import {
  createSecureClient,
  createTestApp,
  createTestUser,
  json,
  x25519ClientSecret,
  type SecureClient,
  type TestApp,
  type Envelope,
} from './helpers';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
let secure: SecureClient;
before(async () => {
  t = await createTestApp();
  secure = await createSecureClient(t);
});
after(async () => {
  await t.close();
});

describe('GET /djapi/account', () => {
  test('anonymous visitor gets result_code 300001 and no data', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/djapi/account' });
    assert.equal(response.statusCode, 200);
    const body = json<Envelope>(response);
    assert.equal(body.result_code, 300001);
    assert.equal(body.data, null);
    assert.equal(body.error_description, '请先登录');
  });

  test('English message when the browser prefers English', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    assert.equal(json<Envelope>(response).error_description, 'Please log in first');
  });

  test('logged-in user sees the masked phone and open_trade', async () => {
    const user = await createTestUser(t, { telephone: '13812345678', openTrade: true });
    const response = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } });
    const body = json<Envelope<{ user: { id: number; mask_telephone: string; open_trade: boolean } }>>(response);
    assert.equal(body.result_code, 0);
    // The account fields (identity, trade password, risk) are checked in account-*.test.ts.
    const { id, mask_telephone, open_trade } = body.data.user;
    assert.deepEqual({ id, mask_telephone, open_trade }, { id: user.userId, mask_telephone: '138****5678', open_trade: true });
  });

  test('an anonymous token is not a login', async () => {
    const token = await anonymousToken();
    const response = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: `xq_a_token=${token}` } });
    assert.equal(json<Envelope>(response).result_code, 300001);
  });

  test('an expired session is not a login', async () => {
    const user = await createTestUser(t);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .where('token_hash', '=', tokenHash(user.session.token))
      .execute();
    const response = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } });
    assert.equal(json<Envelope>(response).result_code, 300001);
  });
});

async function anonymousToken(): Promise<string> {
  const response = await secure.post('/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret', {
    grant_type: 'password',
  });
  assert.equal(response.statusCode, 200, JSON.stringify(response.body));
  return (response.body.data as { access_token: string }).access_token;
}

describe('POST /xqapi/provider/oauth/token (anonymous)', () => {
  test('issues an anonymous token and sets cookie xq_a_token', async () => {
    const response = await secure.post('/xqapi/provider/oauth/token?client_id=dj-weapp&client_secret=dj-weapp-demo-secret', {
      grant_type: 'password',
    });
    assert.equal(response.headers.isenc, '1');
    assert.equal((response.body as Record<string, unknown>).access_token, undefined, 'the token must not travel in clear');
    const body = response.body.data as { access_token: string; expires_in: number };
    assert.equal(response.body.error_code, 0);
    assert.match(body.access_token, /^[0-9a-f]{40}$/);
    assert.equal(body.expires_in, 7200);
    const cookie = String(response.headers['set-cookie']);
    assert.match(cookie, new RegExp(`xq_a_token=${body.access_token}`));
    const row = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash(body.access_token))
      .executeTakeFirstOrThrow();
    assert.equal(row.kind, 'anonymous');
    assert.equal(row.user_id, null);
    assert.equal(row.client_id, 'dj-weapp');
  });

  test('a listed secure call sent in clear is refused with 900001, and no token is issued', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret',
      headers: form,
      payload: 'grant_type=password',
    });
    assert.equal(response.statusCode, 400);
    const body = json<{ error_code: number; result_code: number; access_token?: string }>(response);
    assert.equal(body.result_code, 900001);
    assert.equal(body.error_code, 900001);
    assert.equal(body.access_token, undefined);
  });

  test('an unknown client gets error_code and a message, and no token', async () => {
    const response = await secure.post('/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=wrong', { grant_type: 'password' });
    assert.equal(response.statusCode, 401);
    const body = response.body as unknown as { error_code: number; error_description: string; access_token?: string };
    assert.equal(body.error_code, 400005);
    assert.equal(body.access_token, undefined);
    assert.ok(body.error_description.length > 0);
  });

  test('a missing grant_type names the field', async () => {
    const response = await secure.post('/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret', { foo: 'bar' });
    assert.equal(response.statusCode, 400);
    assert.match(String(response.body.error_description), /grant_type/);
  });
});

describe('logout and third-party unbind', () => {
  test('logout ends the session and clears the cookie', async () => {
    const user = await createTestUser(t);
    const response = await t.app.inject({ method: 'POST', url: '/djapi/provider/oauth/logout', headers: user.headers });
    assert.equal(json<Envelope>(response).result_code, 0);
    assert.match(String(response.headers['set-cookie']), /xq_a_token=;/);
    const after = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } });
    assert.equal(json<Envelope>(after).result_code, 300001);
  });

  test('logout without a session still succeeds (the client retries it)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/djapi/provider/oauth/logout' });
    assert.equal(json<Envelope>(response).result_code, 0);
  });

  test('unbind removes the chosen binding only; empty source removes all', async () => {
    const user = await createTestUser(t);
    await t.db.kysely
      .insertInto('thirdparty_bindings')
      .values([
        { user_id: user.userId, source: 'weixin', openid: `o-w-${user.userId}`, unionid: null },
        { user_id: user.userId, source: 'xqfdweixin', openid: `o-x-${user.userId}`, unionid: null },
      ])
      .execute();
    const one = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/thirdparty/unbind',
      headers: { ...form, ...user.headers },
      payload: 'thirdparty_source=weixin',
    });
    assert.deepEqual(json<Envelope>(one).data, { removed: 1 });
    const left = await t.db.kysely.selectFrom('thirdparty_bindings').select('source').where('user_id', '=', user.userId).execute();
    assert.deepEqual(left, [{ source: 'xqfdweixin' }]);
    const all = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/thirdparty/unbind',
      headers: { ...form, ...user.headers },
      payload: 'thirdparty_source=',
    });
    assert.deepEqual(json<Envelope>(all).data, { removed: 1 });
  });

  test('unbind refuses an unknown source with the allowed values, and anonymous callers', async () => {
    const user = await createTestUser(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/thirdparty/unbind',
      headers: { ...form, ...user.headers },
      payload: 'thirdparty_source=qq',
    });
    assert.equal(bad.statusCode, 400);
    assert.match(json<Envelope>(bad).error_description, /thirdparty_source.*"weixin", "xqfdweixin", ""/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/thirdparty/unbind',
      headers: form,
      payload: 'thirdparty_source=weixin',
    });
    assert.equal(json<Envelope>(anonymous).result_code, 300001);
  });
});

describe('XSRF', () => {
  test('a logged-in POST without X-XSRF-TOKEN is refused with 403 and changes nothing', async () => {
    const user = await createTestUser(t);
    const response = await t.app.inject({ method: 'POST', url: '/djapi/provider/oauth/logout', headers: { cookie: user.cookie } });
    assert.equal(response.statusCode, 403);
    const body = json<Envelope>(response);
    assert.equal(body.result_code, 403001);
    assert.ok(body.error_description.length > 0);
    const still = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: user.cookie } });
    assert.equal(json<Envelope>(still).result_code, 0);
  });

  test('a header that does not match the cookie is refused', async () => {
    const user = await createTestUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/djapi/provider/oauth/logout',
      headers: { cookie: user.cookie, 'x-xsrf-token': 'something-else' },
    });
    assert.equal(response.statusCode, 403);
  });

  test('anonymous-token requests are not checked', async () => {
    const token = await anonymousToken();
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { cookie: `xq_a_token=${token}`, 'content-type': 'text/plain' },
      payload: `v1|${t.clock.now().getTime()}|ios|375x667|click|index|danjuan|{}`,
    });
    assert.equal(response.statusCode, 200, response.body);
  });
});

describe('GET /xqstock/v5/stock/portfolio/stock/watchlist.json', () => {
  test("returns the user's items, newest first, limited by size", async () => {
    const user = await createTestUser(t);
    const base = t.clock.now().getTime();
    await t.db.kysely
      .insertInto('watchlist')
      .values([
        { user_id: user.userId, symbol: 'SH000300', name: '沪深300', created_at: new Date(base - 3000) },
        { user_id: user.userId, symbol: 'SZ399006', name: '创业板指', created_at: new Date(base - 2000) },
        { user_id: user.userId, symbol: 'SH600519', name: '贵州茅台', created_at: new Date(base - 1000) },
      ])
      .execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/xqstock/v5/stock/portfolio/stock/watchlist.json?size=10000&pid=-17',
      headers: { cookie: user.cookie },
    });
    const body = json<Envelope<{ items: Array<{ name: string; symbol: string }> }>>(response);
    assert.equal(body.result_code, 0);
    assert.deepEqual(
      body.data.items.map((item) => item.symbol),
      ['SH600519', 'SZ399006', 'SH000300'],
    );
    assert.deepEqual(body.data.items[0], { name: '贵州茅台', symbol: 'SH600519' });
    const two = await t.app.inject({
      method: 'GET',
      url: '/xqstock/v5/stock/portfolio/stock/watchlist.json?size=2&pid=-17',
      headers: { cookie: user.cookie },
    });
    assert.equal(json<Envelope<{ items: unknown[] }>>(two).data.items.length, 2);
  });

  test('anonymous: 300001; bad size: 400 naming size', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/xqstock/v5/stock/portfolio/stock/watchlist.json?size=10000&pid=-17' });
    assert.equal(json<Envelope>(anonymous).result_code, 300001);
    const user = await createTestUser(t);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/xqstock/v5/stock/portfolio/stock/watchlist.json?size=abc&pid=-17',
      headers: { cookie: user.cookie },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(json<Envelope>(bad).error_description, /querystring\.size/);
  });
});

describe('GET /mpaas/config/content', () => {
  type Entry = { update_type: 0 | 1; timestamp: number; value: unknown };

  test('single key: update_type 1 with the value, then 0 once the client has that timestamp', async () => {
    const first = json<Envelope<{ data: Record<string, Entry> }>>(
      await t.app.inject({ method: 'GET', url: '/mpaas/config/content?appkey=social&key=security_api_list' }),
    );
    const entry = first.data.data.security_api_list!;
    assert.equal(entry.update_type, 1);
    assert.ok(Array.isArray(entry.value));
    for (const item of entry.value as Array<{ path: string; method: string }>) {
      assert.match(item.path, /^\//);
      assert.match(item.method, /^(GET|POST|PUT|DELETE)$/);
    }
    const again = json<Envelope<{ data: Record<string, Entry> }>>(
      await t.app.inject({
        method: 'GET',
        url: `/mpaas/config/content?appkey=social&key=security_api_list&last_update=${entry.timestamp}&channel=x`,
      }),
    );
    assert.deepEqual(again.data.data.security_api_list, { update_type: 0, timestamp: entry.timestamp, value: null });
    const older = json<Envelope<{ data: Record<string, Entry> }>>(
      await t.app.inject({
        method: 'GET',
        url: `/mpaas/config/content?appkey=social&key=security_api_list&last_update=${entry.timestamp - 1}`,
      }),
    );
    assert.equal(older.data.data.security_api_list!.update_type, 1);
  });

  test('a changed entry is sent again to a client holding the old timestamp', async () => {
    const { setConfigEntry } = await import('../../server/src/services/mpaas-config');
    const v1 = await setConfigEntry(t.db.kysely, { appkey: 'app-x', key: 'greeting', value: { text: 'v1' }, now: t.clock.now() });
    t.clock.advance(60_000);
    await setConfigEntry(t.db.kysely, { appkey: 'app-x', key: 'greeting', value: { text: 'v2' }, now: t.clock.now() });
    const body = json<Envelope<{ data: Record<string, Entry> }>>(
      await t.app.inject({ method: 'GET', url: `/mpaas/config/content?appkey=app-x&key=greeting&last_update=${v1.timestamp}` }),
    );
    assert.deepEqual(body.data.data.greeting, { update_type: 1, timestamp: v1.timestamp + 60_000, value: { text: 'v2' } });
  });

  test('keys list returns every known entry in order, full values, no update_type', async () => {
    const body = json<Envelope<{ data: { keys: Array<{ key: string; timestamp: number; value: unknown }> } }>>(
      await t.app.inject({ method: 'GET', url: '/mpaas/config/content?keys=home_marquee,missing_key,home_banners' }),
    );
    assert.deepEqual(
      body.data.data.keys.map((entry) => entry.key),
      ['home_marquee', 'home_banners'],
    );
    assert.equal((body.data.data.keys[0]!.value as { speed: number }).speed, 50);
  });

  test('an unknown key answers update_type 1 with a null value; no key at all is a 400', async () => {
    const unknown = json<Envelope<{ data: Record<string, Entry> }>>(
      await t.app.inject({ method: 'GET', url: '/mpaas/config/content?key=nope' }),
    );
    assert.deepEqual(unknown.data.data.nope, { update_type: 1, timestamp: 0, value: null });
    const none = await t.app.inject({ method: 'GET', url: '/mpaas/config/content?appkey=social' });
    assert.equal(none.statusCode, 400);
    const bad = await t.app.inject({ method: 'GET', url: '/mpaas/config/content?key=a%20b' });
    assert.equal(bad.statusCode, 400);
    assert.match(json<Envelope>(bad).error_description, /querystring\.key/);
  });
});

describe('POST /xqapi/upload/web?category=web_behavior', () => {
  const record = (
    overrides: Partial<Record<'visitor' | 'ts' | 'platform' | 'screen' | 'event' | 'page' | 'module' | 'extras', string>> = {},
  ) =>
    [
      overrides.visitor ?? 'visitor-1',
      overrides.ts ?? String(t.clock.now().getTime()),
      overrides.platform ?? 'WeChatApp',
      overrides.screen ?? '375x812',
      overrides.event ?? 'search_click',
      overrides.page ?? 'fund_detail',
      overrides.module ?? '',
      overrides.extras ?? '{"channel":"XQWX","url":"https://h5.example/funding/000001?a=1|2"}',
    ].join('|');

  test('stores every record with its fields; the module defaults; | inside extras is kept', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { 'content-type': 'text/plain' },
      payload: `${record({ visitor: 'vis-a' })}\n${record({ visitor: 'vis-a', event: 'change_number', module: 'fund-app' })}\n`,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(json<Envelope>(response).data, { accepted: 2 });
    const rows = await t.db.kysely.selectFrom('analytics_events').selectAll().where('visitor_id', '=', 'vis-a').orderBy('id').execute();
    assert.equal(rows.length, 2);
    assert.equal(rows[0]!.platform, 'WeChatApp');
    assert.equal(rows[0]!.module, 'fund');
    assert.equal(rows[1]!.module, 'fund-app');
    assert.equal(rows[0]!.occurred_at.getTime(), t.clock.now().getTime());
    assert.deepEqual(rows[0]!.extras, { channel: 'XQWX', url: 'https://h5.example/funding/000001?a=1|2' });
  });

  test('a form-encoded body (field data) works too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: form,
      payload: `data=${encodeURIComponent(record({ visitor: 'vis-form' }))}`,
    });
    assert.equal(response.statusCode, 200, response.body);
  });

  test('one bad line rejects the batch, naming the line and the reason; nothing is stored', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { 'content-type': 'text/plain' },
      payload: `${record({ visitor: 'vis-bad' })}\n${record({ visitor: 'vis-bad', platform: 'beos' })}`,
    });
    assert.equal(response.statusCode, 400);
    assert.match(json<Envelope>(response).error_description, /第 2 条.*platform/);
    const rows = await t.db.kysely.selectFrom('analytics_events').select('id').where('visitor_id', '=', 'vis-bad').execute();
    assert.equal(rows.length, 0);
  });

  test('wrong category, empty body and bad extras are 400s', async () => {
    const wrongCategory = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=other',
      headers: { 'content-type': 'text/plain' },
      payload: record(),
    });
    assert.equal(wrongCategory.statusCode, 400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { 'content-type': 'text/plain' },
      payload: '\n\n',
    });
    assert.equal(empty.statusCode, 400);
    const extras = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { 'content-type': 'text/plain' },
      payload: record({ extras: '[1,2]' }),
    });
    assert.equal(extras.statusCode, 400);
    assert.match(json<Envelope>(extras).error_description, /extras/);
  });

  test('a multipart/form-data body is a clear 415 naming the formats accepted, not a 500 (issue 22 §4)', async () => {
    const boundary = '----scale22';
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/upload/web?category=web_behavior',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${record({ visitor: 'vis-multi' })}\r\n--${boundary}--\r\n`,
    });
    assert.equal(response.statusCode, 415, response.body);
    const body = json<Envelope>(response);
    assert.equal(body.result_code, 400003);
    assert.match(body.error_description, /multipart\/form-data.*text\/plain/);
    const rows = await t.db.kysely.selectFrom('analytics_events').select('id').where('visitor_id', '=', 'vis-multi').execute();
    assert.equal(rows.length, 0);
  });
});

describe('WeChat JS-SDK config', () => {
  const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

  test('wxconfig signs the page URL (without #fragment) with the ticket', async () => {
    const url = 'https://h5.example.com/funding/000001?channel=XQWX';
    const response = await t.app.inject({ method: 'GET', url: `/djapi/wechat/wxconfig?url=${encodeURIComponent(`${url}#top`)}` });
    const body = json<Envelope<{ appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }>>(response);
    assert.equal(body.result_code, 0);
    assert.equal(body.data.appId, 'wx-fake-appid');
    // The wall clock's seconds, not the business clock's: WeChat checks the signature's time against the real time.
    const wall = Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(body.data.timestamp - wall) <= 60, `timestamp ${body.data.timestamp}, wall clock ${wall}`);
    assert.equal(
      body.data.signature,
      sha1(`jsapi_ticket=fake-jsapi-ticket&noncestr=${body.data.nonceStr}&timestamp=${body.data.timestamp}&url=${url}`),
    );
    assert.ok(body.data.jsApiList.includes('updateAppMessageShareData'));
  });

  test('wechat-opentag adds the open tags; a missing or non-http url is a 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/djapi/wechat/wechat-opentag?url=${encodeURIComponent('https://h5.example.com/index')}`,
    });
    assert.deepEqual(json<Envelope<{ openTagList: string[] }>>(response).data.openTagList, ['wx-open-launch-app', 'wx-open-launch-weapp']);
    assert.equal((await t.app.inject({ method: 'GET', url: '/djapi/wechat/wxconfig' })).statusCode, 400);
    assert.equal((await t.app.inject({ method: 'GET', url: '/djapi/wechat/wxconfig?url=javascript:alert(1)' })).statusCode, 400);
  });
});

describe('Secure API', () => {
  const client = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

  async function register(): Promise<{ deviceId: string; secret: Buffer; serverPublicKey: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: form,
      payload: `public_key=${encodeURIComponent(client.publicKey)}`,
    });
    const body = json<Envelope<{ client_id: string; public_key: string; secret: string }>>(response);
    assert.equal(body.result_code, 0, response.body);
    // The client decrypts PKCS#1 v1.5 as jsencrypt does.
    const secret = rsaPkcs1Decrypt(client.privateKey, Buffer.from(body.data.secret, 'base64'));
    assert.ok(secret);
    return { deviceId: body.data.client_id, secret, serverPublicKey: body.data.public_key };
  }

  test("the RSA exchange (native apps, outside clients): a 32-byte secret encrypted to the client key, and the server's RSA public key", async () => {
    const device = await register();
    assert.equal(device.secret.length, 32);
    assert.match(device.serverPublicKey, /^-----BEGIN PUBLIC KEY-----/);
    // And it is really PKCS#1 v1.5: OAEP decryption must fail.
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: form,
      payload: `public_key=${encodeURIComponent(client.publicKey)}`,
    });
    const secret = Buffer.from(json<Envelope<{ secret: string }>>(response).data.secret, 'base64');
    assert.throws(() => privateDecrypt({ key: client.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, secret));
  });

  type X25519Answer = { client_id: string; public_key: string; key_confirmation: string; secret?: string };
  async function exchangeX25519(publicKeyText?: string) {
    const client = generateKeyPairSync('x25519');
    const text = publicKeyText ?? (client.publicKey.export({ type: 'spki', format: 'pem' }) as string);
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: form,
      payload: `public_key=${encodeURIComponent(text)}`,
    });
    return { client, response, body: json<Envelope<X25519Answer>>(response) };
  }

  test('the X25519 exchange: the server key and a key confirmation, no secret on the wire; both sides derive the same secret', async () => {
    const { client, body } = await exchangeX25519();
    assert.equal(body.result_code, 0);
    assert.deepEqual(Object.keys(body.data).sort(), ['client_id', 'key_confirmation', 'public_key']);
    assert.match(body.data.client_id, /^[0-9a-f-]{36}$/);
    assert.equal(createPublicKey(body.data.public_key).asymmetricKeyType, 'x25519');
    const secret = x25519ClientSecret(client.privateKey, client.publicKey, body.data);
    const row = await t.db.kysely
      .selectFrom('devices')
      .select(['secret', 'client_public_key'])
      .where('id', '=', body.data.client_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.secret, secret.toString('base64'));
    assert.equal(row.client_public_key, client.publicKey.export({ type: 'spki', format: 'pem' }));
    // The device talks the unchanged wire format.
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/provider/oauth/token',
      headers: { isenc: '1', 'x-device-id': body.data.client_id, 'content-type': 'text/plain' },
      payload: sealMessage(secret, 'grant_type=password&client_id=dj-h5&client_secret=dj-h5-demo-secret'),
    });
    assert.equal(response.headers.isenc, '1');
    const data = JSON.parse(openMessage(secret, json<Envelope<string>>(response).data)) as { access_token: string };
    assert.match(data.access_token, /^[0-9a-f]{40}$/);
  });

  test('X25519: a bare base64 DER key is accepted; a replayed exchange gets a fresh server key and another secret', async () => {
    const first = await exchangeX25519();
    const der = (first.client.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: form,
      payload: `public_key=${encodeURIComponent(der)}`,
    });
    const again = json<Envelope<X25519Answer>>(replayed).data;
    assert.notEqual(again.client_id, first.body.data.client_id);
    assert.notEqual(again.public_key, first.body.data.public_key);
    const one = x25519ClientSecret(first.client.privateKey, first.client.publicKey, first.body.data);
    const two = x25519ClientSecret(first.client.privateKey, first.client.publicKey, again);
    assert.ok(!one.equals(two));
    // Whoever replays the request without the private key cannot use the device: its secret is not theirs.
    const attacker = generateKeyPairSync('x25519');
    assert.throws(() => x25519ClientSecret(attacker.privateKey, first.client.publicKey, again), /key confirmation/);
  });

  test('X25519: a wrong MAC from an X25519 device is 900001 and never reaches the route', async () => {
    const device = await createSecureClient(t);
    const sealed = Buffer.from(sealMessage(device.secret, 'grant_type=password&client_id=dj-h5&client_secret=dj-h5-demo-secret'), 'base64');
    sealed[sealed.length - 1] = sealed[sealed.length - 1]! ^ 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/provider/oauth/token',
      headers: { isenc: '1', 'x-device-id': device.deviceId, 'content-type': 'text/plain' },
      payload: sealed.toString('base64'),
    });
    assert.equal(json<Envelope>(response).result_code, 900001);
    assert.equal(response.headers.isenc, undefined);
  });

  test('X25519: small-order keys, Ed25519 keys and a private key are 400s', async () => {
    const prefix = Buffer.from('302a300506032b656e032100', 'hex');
    const ed = generateKeyPairSync('ed25519');
    const x = generateKeyPairSync('x25519');
    const keys = {
      zero: Buffer.concat([prefix, Buffer.alloc(32)]).toString('base64'),
      one: Buffer.concat([prefix, Buffer.from([1, ...new Array(31).fill(0)])]).toString('base64'),
      ed25519: ed.publicKey.export({ type: 'spki', format: 'pem' }) as string,
      'X25519 private key': x.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      'X25519 key and more': `${x.publicKey.export({ type: 'spki', format: 'pem' }) as string}x`,
    };
    for (const [name, key] of Object.entries(keys)) {
      const { response, body } = await exchangeX25519(key);
      assert.equal(response.statusCode, 400, name);
      assert.equal(body.result_code, 400001, name);
    }
  });

  test('the RSA exchange through the test client (what the native apps do) still talks the secure API', async () => {
    const rsa = await createSecureClient(t, { exchange: 'rsa' });
    const answer = await rsa.post('/xqapi/provider/oauth/token', {
      grant_type: 'password',
      client_id: 'dj-h5',
      client_secret: 'dj-h5-demo-secret',
    });
    assert.equal(answer.body.result_code, 0);
    assert.match((answer.body.data as { access_token: string }).access_token, /^[0-9a-f]{40}$/);
  });

  test('base64 SPKI (no PEM armour) is accepted; garbage and short keys are 400s', async () => {
    const der = client.publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: form,
      payload: `public_key=${encodeURIComponent(der)}`,
    });
    assert.equal(json<Envelope>(ok).result_code, 0);
    const small = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    for (const key of ['x'.repeat(100), small.publicKey]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/xqapi/ee2e/public_key_web',
        headers: form,
        payload: `public_key=${encodeURIComponent(key)}`,
      });
      assert.equal(bad.statusCode, 400);
      assert.match(json<Envelope>(bad).error_description, /RSA-2048/);
    }
  });

  test('round trip: encrypted form body is decrypted for the route, the response data comes back encrypted', async () => {
    const device = await register();
    const body = sealMessage(device.secret, 'grant_type=password&client_id=dj-h5&client_secret=dj-h5-demo-secret');
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/provider/oauth/token',
      headers: { isenc: '1', 'x-device-id': device.deviceId, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers.isenc, '1');
    const envelope = json<Envelope<string>>(response);
    assert.equal(envelope.result_code, 0);
    const data = JSON.parse(openMessage(device.secret, envelope.data)) as { access_token: string };
    assert.match(data.access_token, /^[0-9a-f]{40}$/);
  });

  test('a tampered message is 900001 and never reaches the route', async () => {
    const device = await register();
    const sealed = Buffer.from(sealMessage(device.secret, 'grant_type=password&client_id=dj-h5&client_secret=dj-h5-demo-secret'), 'base64');
    sealed[20] = sealed[20]! ^ 1;
    const before = await t.db.kysely
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: '/xqapi/provider/oauth/token',
      headers: { isenc: '1', 'x-device-id': device.deviceId, 'content-type': 'text/plain' },
      payload: sealed.toString('base64'),
    });
    const envelope = json<Envelope>(response);
    assert.equal(envelope.result_code, 900001);
    assert.match(envelope.error_description, /网络开小差/);
    const afterCount = await t.db.kysely
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n));
  });

  test("a message sealed with another device's secret is 900001; not base64 is 900001", async () => {
    const device = await register();
    const other = await register();
    for (const payload of [sealMessage(other.secret, 'grant_type=password'), '%%% not base64 %%%']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/xqapi/provider/oauth/token',
        headers: { isenc: '1', 'x-device-id': device.deviceId, 'content-type': 'text/plain' },
        payload,
      });
      assert.equal(json<Envelope>(response).result_code, 900001);
    }
  });

  test('unknown device is 900001; a device older than 2 days is 900002', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/xqapi/provider/oauth/token',
      headers: { isenc: '1', 'x-device-id': '00000000-0000-4000-8000-000000000000', 'content-type': 'text/plain' },
      payload: 'AAAA',
    });
    assert.equal(json<Envelope>(unknown).result_code, 900001);
    const device = await register();
    t.clock.advance(2 * 24 * 3600 * 1000 + 1);
    try {
      const expired = await t.app.inject({
        method: 'POST',
        url: '/xqapi/provider/oauth/token',
        headers: { isenc: '1', 'x-device-id': device.deviceId, 'content-type': 'text/plain' },
        payload: sealMessage(device.secret, 'grant_type=password'),
      });
      assert.equal(json<Envelope>(expired).result_code, 900002);
    } finally {
      t.clock.advance(-(2 * 24 * 3600 * 1000 + 1));
    }
  });
});
