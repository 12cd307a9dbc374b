// Issue 17: the login form's tick for 用户服务协议 / 隐私政策 is recorded. The token call carries the ticked agreements
// (optional `agreements`, the account opening's id@version format); once logged in, each is recorded with context
// 'login', its version and the time, once per user, agreement and version. Clients that do not send the field (the
// native apps, older mini program builds) log in as before and nothing is recorded.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatAcceptedAgreements, LOGIN_AGREEMENTS } from '../../src/lib/agreements';
import {
  createSecureClient,
  createTestApp,
  json,
  latestCode,
  loginBySms,
  sendLoginCode,
  type SecureClient,
  type TestApp,
  type TestUser,
  assertLoginAcceptances,
} from './helpers';

interface Accepted {
  agreement_id: string;
  version: string;
  context: string;
  accepted_at: string;
}

let t: TestApp;
let secure: SecureClient;
let seq = 0;
const newPhone = () => `1370000${String(++seq).padStart(4, '0')}`;
const LOGIN_FIELD = formatAcceptedAgreements(LOGIN_AGREEMENTS);

before(async () => {
  t = await createTestApp();
  secure = await createSecureClient(t);
});
after(async () => {
  await t.close();
});

async function accepted(user: TestUser): Promise<Accepted[]> {
  const response = await t.app.inject({ method: 'GET', url: '/djapi/account/agreements', headers: { cookie: user.cookie } });
  return json<{ data: { accepted: Accepted[] } }>(response).data.accepted;
}

describe('login records the ticked agreements', () => {
  it('a login with agreements records 用户服务协议 and 隐私政策 in their current version, context login, at the login time', async () => {
    assert.equal(LOGIN_FIELD, 'service@2026.1,privacy@2026.1');
    const user = await loginBySms(t, secure, newPhone(), { agreements: LOGIN_FIELD });
    const rows = await accepted(user);
    assertLoginAcceptances(rows, t.clock.now().toISOString());
    const stored = await t.db.kysely.selectFrom('agreement_acceptances').select(['ip']).where('user_id', '=', user.userId).execute();
    assert.equal(stored.length, 2);
    for (const row of stored) assert.ok(row.ip, 'the address is kept');
  });

  it('logging in again with the same versions adds no row and keeps the first time', async () => {
    const phone = newPhone();
    const first = await loginBySms(t, secure, phone, { agreements: LOGIN_FIELD });
    const before = await accepted(first);
    t.clock.advance(60 * 60 * 1000);
    const second = await loginBySms(t, secure, phone, { agreements: LOGIN_FIELD });
    assert.equal(second.userId, first.userId);
    assert.deepEqual(await accepted(second), before);
  });

  it('without the field (native apps, older clients) the login works as before and records nothing', async () => {
    const user = await loginBySms(t, secure, newPhone());
    assert.deepEqual(await accepted(user), []);
  });

  it('only the login agreements in their current version are recorded', async () => {
    const user = await loginBySms(t, secure, newPhone(), { agreements: 'service@1999.1,privacy@2026.1,fund-sale@2026.1' });
    assert.deepEqual(
      (await accepted(user)).map((a) => `${a.agreement_id}@${a.version}`),
      ['privacy@2026.1'],
    );
  });

  it('an unreadable field is refused with 400080 and does not use up the code', async () => {
    const phone = newPhone();
    const sent = await sendLoginCode(secure, phone);
    assert.equal(sent.body.result_code, 0);
    const code = await latestCode(t, phone);
    const url = '/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret';
    const bad = await secure.post(url, { grant_type: 'telephone_auto_login', telephone: phone, code, agreements: 'service,,x' });
    assert.equal(bad.body.result_code, 400080);
    assert.match(String(bad.body.error_description), /协议确认信息格式不正确|agreement acceptance could not be read/);
    const good = await secure.post(url, { grant_type: 'telephone_auto_login', telephone: phone, code, agreements: LOGIN_FIELD });
    assert.equal(good.body.result_code, 0, JSON.stringify(good.body));
  });
});
