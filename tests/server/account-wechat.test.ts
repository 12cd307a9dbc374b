import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../../server/src/domain/tokens';
import {
  createSecureClient,
  createTestApp,
  json,
  latestCode,
  loginBySms,
  sendLoginCode,
  type SecureClient,
  type TestApp,
  type Envelope,
} from './helpers';

// WeChat logins with the fake WeChat: browser OAuth round trip and the mini program.

interface LoginData {
  logged_in: boolean;
  access_token?: string;
  mask_telephone?: string;
  thirdparty_token?: string;
}

const HOST = 'h5.example.test';
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

/** The Set-Cookie value of one cookie in a response. */
function cookieValue(headers: Record<string, unknown>, name: string): string | undefined {
  const all = [headers['set-cookie']].flat().map(String);
  const line = all.find((cookie) => cookie.startsWith(`${name}=`));
  return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? '') : undefined;
}

/** Browser side of the OAuth round trip up to the landing page: returns its URL and the state cookie. */
async function authorize(redirect: string, fakeUser: string) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/djapi/wechat/oauth/authorize?redirect=${encodeURIComponent(redirect)}`,
    headers: { host: HOST },
  });
  assert.equal(start.statusCode, 302, start.body);
  assert.equal(json<Envelope>(start).result_code, 0, 'an API answer is an envelope even when it redirects');
  const state = cookieValue(start.headers, 'wx_oauth_state');
  assert.ok(state);
  const wechat = new URL(String(start.headers.location), `http://${HOST}`);
  assert.equal(wechat.pathname, '/__dev/wechat/connect/oauth2/authorize');
  assert.equal(wechat.searchParams.get('state'), state);
  assert.equal(wechat.searchParams.get('appid'), 'wx-fake-appid');
  const back = await t.app.inject({
    method: 'GET',
    url: `${wechat.pathname}${wechat.search}`,
    headers: { host: HOST, cookie: `fake_wechat_user=${fakeUser}` },
  });
  assert.equal(back.statusCode, 302, back.body);
  const landing = new URL(String(back.headers.location));
  assert.equal(landing.origin, `http://${HOST}`);
  assert.equal(landing.pathname, '/thirdAppSupport/redirect');
  return { landing, state };
}

async function exchange(code: string, state: string, cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/djapi/provider/oauth/wechat',
    headers: { ...form, cookie },
    payload: new URLSearchParams({ code, state }).toString(),
  });
  return { response, body: json<Envelope<LoginData>>(response) };
}

describe('WeChat browser OAuth with the fake WeChat', () => {
  test('round trip: first visit waits for a phone, the SMS login binds it, the next visit logs straight in', async () => {
    const { landing, state } = await authorize('/my-money?from=wx', 'alice');
    assert.equal(landing.searchParams.get('redirect'), '/my-money?from=wx');
    assert.equal(landing.searchParams.get('state'), state);
    const code = landing.searchParams.get('code')!;
    const first = await exchange(code, state, `wx_oauth_state=${state}`);
    assert.equal(first.body.result_code, 0, JSON.stringify(first.body));
    assert.equal(first.body.data.logged_in, false);
    const thirdparty = first.body.data.thirdparty_token!;
    assert.match(thirdparty, /^[0-9a-f]{40}$/);
    assert.equal(cookieValue(first.response.headers, 'thirdparty_token'), thirdparty);
    assert.equal(cookieValue(first.response.headers, 'xq_a_token'), undefined, 'not logged in yet');

    // The SMS login carries the thirdparty_token cookie and binds the WeChat identity.
    const phone = '13600000001';
    await sendLoginCode(secure, phone);
    const login = await secure.post(
      '/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret',
      { grant_type: 'telephone_auto_login', telephone: phone, code: await latestCode(t, phone) },
      { cookie: `thirdparty_token=${thirdparty}` },
    );
    assert.equal(login.body.result_code, 0, JSON.stringify(login.body));
    const user = await t.db.kysely.selectFrom('users').select('id').where('telephone', '=', phone).executeTakeFirstOrThrow();
    const binding = await t.db.kysely
      .selectFrom('thirdparty_bindings')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.equal(binding.source, 'weixin');
    assert.match(binding.openid, /^fake-openid-/);
    assert.equal(
      (await t.db.kysely.selectFrom('thirdparty_pending').select('token_hash').where('token_hash', '=', tokenHash(thirdparty)).execute())
        .length,
      0,
    );

    const again = await authorize('/index', 'alice');
    const second = await exchange(again.landing.searchParams.get('code')!, again.state, `wx_oauth_state=${again.state}`);
    assert.equal(second.body.data.logged_in, true);
    assert.equal(second.body.data.mask_telephone, '136****0001');
    const token = cookieValue(second.response.headers, 'xq_a_token');
    assert.equal(token, second.body.data.access_token);
    const account = json<Envelope<{ user: { id: number } }>>(
      await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: `xq_a_token=${token}` } }),
    );
    assert.equal(account.data.user.id, user.id);

    const stranger = await authorize('/index', 'bob');
    const bob = await exchange(stranger.landing.searchParams.get('code')!, stranger.state, `wx_oauth_state=${stranger.state}`);
    assert.equal(bob.body.data.logged_in, false, 'another WeChat user is not alice');
  });

  test('a state that does not match the cookie (or no cookie) is refused; a bad code too', async () => {
    const { landing, state } = await authorize('/index', 'carol');
    const code = landing.searchParams.get('code')!;
    assert.equal((await exchange(code, state, 'wx_oauth_state=other')).body.result_code, 400023);
    assert.equal((await exchange(code, state, '')).body.result_code, 400023);
    const bad = await exchange('', state, `wx_oauth_state=${state}`);
    assert.equal(bad.body.result_code, 400001);
  });

  test('redirects only to our own paths; the fake only returns to this site', async () => {
    const { landing } = await authorize('//evil.example/x', 'dave');
    assert.equal(landing.searchParams.get('redirect'), '/');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/__dev/wechat/connect/oauth2/authorize?redirect_uri=${encodeURIComponent('https://evil.example/steal')}&state=s`,
      headers: { host: HOST },
    });
    assert.equal(foreign.statusCode, 400);
    assert.equal(json<Envelope>(foreign).result_code, 400001);
  });
});

describe('mini program login with the fake WeChat', () => {
  async function weapp(url: string, payload: Record<string, string>) {
    const response = await t.app.inject({ method: 'POST', url, headers: form, payload: new URLSearchParams(payload).toString() });
    return { response, body: json<Envelope<LoginData>>(response) };
  }

  test('wx.login → phone-number button → logged in and bound; the next wx.login logs straight in', async () => {
    const first = await weapp('/djapi/provider/weapp/login', { code: 'fakecode.mini-erin.1' });
    assert.equal(first.body.result_code, 0);
    assert.equal(first.body.data.logged_in, false);
    const thirdparty = first.body.data.thirdparty_token!;
    assert.equal(cookieValue(first.response.headers, 'xqfd_thirdparty_token'), thirdparty);
    const phone = await weapp('/djapi/provider/weapp/phone', { code: 'fakephone.13700000077.x', thirdparty_token: thirdparty });
    assert.equal(phone.body.result_code, 0, JSON.stringify(phone.body));
    assert.equal(phone.body.data.logged_in, true);
    assert.equal(phone.body.data.mask_telephone, '137****0077');
    const user = await t.db.kysely.selectFrom('users').select('id').where('telephone', '=', '13700000077').executeTakeFirstOrThrow();
    const session = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash(phone.body.data.access_token!))
      .executeTakeFirstOrThrow();
    assert.equal(session.user_id, user.id);
    assert.equal(session.client_id, 'dj-weapp');
    const binding = await t.db.kysely
      .selectFrom('thirdparty_bindings')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.equal(binding.source, 'xqfdweixin');

    const next = await weapp('/djapi/provider/weapp/login', { code: 'fakecode.mini-erin.2' });
    assert.equal(next.body.data.logged_in, true);
    const bearer = json<Envelope<{ user: { id: number } }>>(
      await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { authorization: `Bearer ${next.body.data.access_token}` } }),
    );
    assert.equal(bearer.data.user.id, user.id, 'the mini program uses the token as a Bearer');
  });

  test('the SMS login in the mini program binds the waiting identity too (form field)', async () => {
    const first = await weapp('/djapi/provider/weapp/login', { code: 'fakecode.mini-frank.1' });
    const user = await loginBySms(t, secure, '13700000088', { thirdparty_token: first.body.data.thirdparty_token! });
    const binding = await t.db.kysely
      .selectFrom('thirdparty_bindings')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    assert.equal(binding.source, 'xqfdweixin');
    assert.equal((await weapp('/djapi/provider/weapp/login', { code: 'fakecode.mini-frank.2' })).body.data.logged_in, true);
  });

  test('an unknown or expired thirdparty_token → 400024', async () => {
    assert.equal(
      (await weapp('/djapi/provider/weapp/phone', { code: 'fakephone.13700000099.x', thirdparty_token: 'f'.repeat(40) })).body.result_code,
      400024,
    );
    assert.equal((await weapp('/djapi/provider/weapp/phone', { code: 'fakephone.13700000099.x' })).body.result_code, 400024);
    const first = await weapp('/djapi/provider/weapp/login', { code: 'fakecode.mini-gina.1' });
    t.clock.advance(30 * 60_000);
    const late = await weapp('/djapi/provider/weapp/phone', {
      code: 'fakephone.13700000099.x',
      thirdparty_token: first.body.data.thirdparty_token!,
    });
    assert.equal(late.body.result_code, 400024);
    assert.equal(late.body.error_description, '微信授权已过期，请重新授权');
  });
});
