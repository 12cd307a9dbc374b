// Issue 17, the mini program's WeChat phone-number login: like the SMS login (login-agreements.test.ts), the button sits
// under the agreement tick and its call (/djapi/provider/weapp/phone) carries the ticked agreements (optional
// `agreements`, id@version). Once logged in, 用户服务协议 and 隐私政策 are recorded with context 'login'. A field
// that cannot be read is refused with 400080 before anything is spent: WeChat's one-time phone code is not exchanged
// and the waiting WeChat identity still logs in with the next, well-formed call.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeWechatProvider } from '../../server/src/services/wechat';
import { formatAcceptedAgreements, LOGIN_AGREEMENTS } from '../../src/lib/agreements';
import { createTestApp, json, type Envelope, type TestApp, assertLoginAcceptances } from './helpers';

interface Accepted {
  agreement_id: string;
  version: string;
  context: string;
  accepted_at: string;
}

interface LoginData {
  logged_in: boolean;
  access_token?: string;
  thirdparty_token?: string;
}

/** The fake WeChat, counting the phone codes it is asked to exchange (each is single-use at WeChat). */
class CountingWechat extends FakeWechatProvider {
  readonly phoneCodes: string[] = [];
  override async getPhoneNumber(code: string): Promise<string> {
    this.phoneCodes.push(code);
    return super.getPhoneNumber(code);
  }
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const LOGIN_FIELD = formatAcceptedAgreements(LOGIN_AGREEMENTS);

let t: TestApp;
let wechat: CountingWechat;
let seq = 0;
const newPhone = () => `1360000${String(++seq).padStart(4, '0')}`;

before(async () => {
  wechat = new CountingWechat();
  t = await createTestApp({ wechat });
});
after(async () => {
  await t.close();
});

async function weapp(url: string, payload: Record<string, string>) {
  const response = await t.app.inject({ method: 'POST', url, headers: form, payload: new URLSearchParams(payload).toString() });
  return json<Envelope<LoginData>>(response);
}

/** wx.login for a WeChat user nobody has bound yet: the thirdparty_token the phone button then uses. */
async function waitingIdentity(): Promise<string> {
  const first = await weapp('/djapi/provider/weapp/login', { code: `fakecode.agree-${++seq}.1` });
  assert.equal(first.data.logged_in, false);
  return first.data.thirdparty_token!;
}

async function phoneLogin(phone: string, thirdpartyToken: string, agreements?: string) {
  return weapp('/djapi/provider/weapp/phone', {
    code: `fakephone.${phone}.x`,
    thirdparty_token: thirdpartyToken,
    ...(agreements === undefined ? {} : { agreements }),
  });
}

async function accepted(accessToken: string): Promise<Accepted[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/djapi/account/agreements',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return json<{ data: { accepted: Accepted[] } }>(response).data.accepted;
}

describe('the WeChat phone-number login records the ticked agreements', () => {
  it('with agreements: 用户服务协议 and 隐私政策 in their current version, context login, at the login time', async () => {
    const answer = await phoneLogin(newPhone(), await waitingIdentity(), LOGIN_FIELD);
    assert.equal(answer.result_code, 0, JSON.stringify(answer));
    assert.equal(answer.data.logged_in, true);
    const rows = await accepted(answer.data.access_token!);
    assertLoginAcceptances(rows, t.clock.now().toISOString());
  });

  it('without the field (older mini program builds) the login works as before and records nothing', async () => {
    const answer = await phoneLogin(newPhone(), await waitingIdentity());
    assert.equal(answer.result_code, 0, JSON.stringify(answer));
    assert.deepEqual(await accepted(answer.data.access_token!), []);
  });

  it('only the login agreements in their current version are recorded', async () => {
    const answer = await phoneLogin(newPhone(), await waitingIdentity(), 'service@1999.1,privacy@2026.1,fund-sale@2026.1');
    assert.equal(answer.result_code, 0, JSON.stringify(answer));
    assert.deepEqual(
      (await accepted(answer.data.access_token!)).map((a) => `${a.agreement_id}@${a.version}`),
      ['privacy@2026.1'],
    );
  });

  it('an unreadable field → 400080 before WeChat is asked for the phone; the waiting identity still logs in', async () => {
    const phone = newPhone();
    const token = await waitingIdentity();
    const asked = wechat.phoneCodes.length;
    const bad = await phoneLogin(phone, token, 'service,,x');
    assert.equal(bad.result_code, 400080);
    assert.match(String(bad.error_description), /协议确认信息格式不正确|agreement acceptance could not be read/);
    assert.equal(wechat.phoneCodes.length, asked, "WeChat's one-time phone code was not exchanged");
    const user = await t.db.kysely.selectFrom('users').select('id').where('telephone', '=', phone).executeTakeFirst();
    assert.equal(user, undefined, 'nobody was logged in or created');

    const good = await phoneLogin(phone, token, LOGIN_FIELD);
    assert.equal(good.result_code, 0, JSON.stringify(good));
    assert.equal(good.data.logged_in, true);
    assert.equal((await accepted(good.data.access_token!)).length, 2);
  });
});
