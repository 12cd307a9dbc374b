import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatAcceptedAgreements } from '../../src/lib/agreements';
import { idCardCheckChar, luhnValid } from '../../src/lib/validators';
import { OutboxSmsProvider } from '../../server/src/services/sms';
import {
  createSecureClient,
  createTestApp,
  encryptForServer,
  json,
  loginBySms,
  sendLoginCode,
  type SecureClient,
  type TestApp,
  type TestUser,
  type Envelope,
  secretAt,
} from './helpers';

// Issue 5 item 10: per-user data only to its owner, XSRF on every state-changing call of a session,
// nothing secret in the logs of a production server, and no development routes there.

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const TOKEN_URL = '/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret';

function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  return `${first17}${idCardCheckChar(first17)}`;
}
function cardNumber(bin: string): string {
  const partial = `${bin}765432109876`;
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${partial}${digit}`)) return `${partial}${digit}`;
  throw new Error('unreachable');
}

/** The account routes (paths of the account plugins). */
const ACCOUNT_PATHS = /^\/(djapi\/account|djapi\/risk|djapi\/provider|xqapi\/account|xqapi\/provider|djapi\/wechat\/oauth|djapi\/security)/;

async function post(app: TestApp, user: TestUser, url: string, payload: Record<string, string>, headers = user.headers) {
  const response = await app.app.inject({
    method: 'POST',
    url,
    headers: { ...form, ...headers },
    payload: new URLSearchParams(payload).toString(),
  });
  return json<Envelope<Record<string, unknown> | null>>(response);
}

async function openFully(app: TestApp, user: TestUser, opts: { idNo: string; card: string; phone: string; password: string }) {
  const sent = await post(app, user, '/djapi/account/open/bank-code', { bank_card_no: opts.card, reserved_phone: opts.phone });
  assert.equal(sent.result_code, 0, JSON.stringify(sent));
  const outbox = app.app.sms as OutboxSmsProvider;
  const code = outbox.latestFor(opts.phone)!.code;
  const certified = await post(app, user, '/djapi/account/open/certification', {
    real_name: '钱七',
    id_no: opts.idNo,
    bank_card_no: opts.card,
    reserved_phone: opts.phone,
    bank_code_sms: code,
    agreements: formatAcceptedAgreements(),
  });
  assert.equal(certified.result_code, 0, JSON.stringify(certified));
  const set = await post(app, user, '/djapi/account/trade-password', { encrypted_password: encryptForServer(app, opts.password) });
  assert.equal(set.result_code, 0, JSON.stringify(set));
}

describe('owner-only data and XSRF', () => {
  let t: TestApp;
  let secure: SecureClient;
  let alice: TestUser;
  let bob: TestUser;
  const aliceId = idNumber('1986-04-12', '371');

  before(async () => {
    t = await createTestApp({ market: true });
    secure = await createSecureClient(t);
    alice = await loginBySms(t, secure, '13300000001');
    bob = await loginBySms(t, secure, '13300000002');
    await openFully(t, alice, { idNo: aliceId, card: cardNumber('622202'), phone: '13300000011', password: '583920' });
    const risk = await post(t, alice, '/djapi/risk/assessment', {
      answers: JSON.stringify({ q1: 'b', q2: 'e', q3: 'e', q4: 'a', q5: 'e', q6: 'd', q7: 'd', q8: 'd', q9: 'd', q10: 'd', q11: 'd' }),
    });
    assert.equal(risk.result_code, 0);
    assert.equal((await post(t, alice, '/djapi/account/personal-income', { bracket: 'above_1m', amount_fen: '150000000' })).result_code, 0);
  });
  after(async () => {
    await t.close();
  });

  test("Bob's token on every read route of Alice's data shows Bob's (empty) data", async () => {
    const read = async (user: TestUser, url: string) =>
      json<Envelope<Record<string, unknown> | null>>(await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } }));
    const aliceAccount = (await read(alice, '/djapi/account')).data!.user as Record<string, unknown>;
    const bobAccount = (await read(bob, '/djapi/account')).data!.user as Record<string, unknown>;
    assert.equal(aliceAccount.certified, true);
    assert.equal(aliceAccount.risk_level, 'C5');
    assert.deepEqual(
      { ...bobAccount, id: 0 },
      {
        id: 0,
        mask_telephone: '133****0002',
        open_trade: false,
        certified: false,
        real_name_masked: null,
        bank_card: null,
        has_trade_password: false,
        trade_password_locked_until: null,
        risk_level: null,
        risk_valid_until: null,
        risk_expired: false,
      },
    );
    assert.equal((await read(alice, '/djapi/risk/assessment')).data!.level, 'C5');
    assert.equal((await read(bob, '/djapi/risk/assessment')).data, null);
    assert.notEqual((await read(alice, '/djapi/account/personal-income')).data!.income, null);
    assert.equal((await read(bob, '/djapi/account/personal-income')).data!.income, null);
    const aliceSettings = (await read(alice, '/djapi/account/settings')).data!;
    assert.equal((aliceSettings.bank_card as { reserved_phone_masked: string }).reserved_phone_masked, '133****0011');
    assert.deepEqual((await read(bob, '/djapi/account/settings')).data, {
      telephone_masked: '133****0002',
      has_trade_password: false,
      bank_card: null,
    });
    assert.equal(((await read(alice, '/djapi/account/agreements')).data!.accepted as unknown[]).length, 4);
    assert.deepEqual((await read(bob, '/djapi/account/agreements')).data!.accepted, []);
    // The copy of one's data (issue 17, privacy): Bob's holds nothing of Alice.
    const aliceExport = JSON.stringify((await read(alice, '/djapi/account/data-export')).data);
    const bobExport = (await read(bob, '/djapi/account/data-export')).data!;
    assert.ok(aliceExport.includes(aliceId) && aliceExport.includes('13300000001'));
    assert.equal(bobExport.identity, null);
    assert.deepEqual([bobExport.risk_assessments, bobExport.bank_cards, bobExport.agreements_accepted], [[], [], []]);
    for (const hers of [aliceId, '13300000001', '13300000011']) assert.ok(!JSON.stringify(bobExport).includes(hers), hers);
    assert.equal((await read(bob, '/djapi/account/close/check')).data!.can_close, true);
    // The asset proofs (issue 25): Alice's proof of today is hers; Bob's list is empty and her PDF reads as none for him.
    const today = t.clock.now().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const issued = await post(t, alice, '/djapi/account/asset-proof', { date: today });
    assert.equal(issued.result_code, 0, JSON.stringify(issued));
    const serial = (issued.data as { serial: string }).serial;
    const aliceProofs = (await read(alice, '/djapi/account/asset-proofs')).data!.items as { serial: string }[];
    assert.deepEqual(
      aliceProofs.map((p) => p.serial),
      [serial],
    );
    assert.deepEqual((await read(bob, '/djapi/account/asset-proofs')).data!.items, []);
    const hersForBob = await t.app.inject({
      method: 'GET',
      url: `/djapi/account/asset-proof/${serial}.pdf`,
      headers: { cookie: bob.cookie },
    });
    assert.notEqual(hersForBob.statusCode, 200);
    assert.ok(!hersForBob.headers['content-type']?.toString().includes('pdf'));
    assert.notEqual(json<Envelope<unknown>>(hersForBob).result_code, 0);
    // Every GET route of the account plugins was covered (a new one must be added here).
    const gets = t.app.registeredRoutes
      .filter((route) => route.method === 'GET' && ACCOUNT_PATHS.test(route.url))
      .map((route) => route.url);
    assert.deepEqual(
      new Set(gets),
      new Set([
        '/djapi/account',
        '/djapi/account/agreements',
        '/djapi/security/public-key',
        '/djapi/risk/questionnaire',
        '/djapi/risk/assessment',
        '/djapi/account/personal-income',
        '/djapi/account/settings',
        '/djapi/account/data-export',
        '/djapi/account/close/check',
        '/djapi/account/asset-proofs',
        '/djapi/account/asset-proof/:file',
        '/djapi/wechat/oauth/authorize',
      ]),
    );
  });

  test("Bob cannot use Alice's trade password, bank code or identity", async () => {
    assert.equal(
      (await post(t, bob, '/djapi/account/trade-password/verify', { encrypted_password: encryptForServer(t, '583920') })).result_code,
      400053,
    );
    assert.equal(
      (await post(t, bob, '/djapi/account/trade-password', { encrypted_password: encryptForServer(t, '583920') })).result_code,
      400047,
    );
    // Settings: Bob's reset code goes nowhere (he has no card), his change has no password to change.
    assert.equal((await post(t, bob, '/djapi/account/settings/code', { action: 'reset_password' })).result_code, 400047);
    assert.equal((t.app.sms as OutboxSmsProvider).latestFor('13300000011')?.purpose, 'bank', 'no code to Alice’s reserved phone');
    const change = await post(t, bob, '/djapi/account/trade-password/change', {
      encrypted_old_password: encryptForServer(t, '583920'),
      encrypted_new_password: encryptForServer(t, '803917'),
    });
    assert.equal(change.result_code, 400053);
    // Alice's bank code request, then Bob tries to certify with her card and phone.
    const card = cardNumber('621700');
    const phone = '13300000012';
    assert.equal((await post(t, bob, '/djapi/account/open/bank-code', { bank_card_no: card, reserved_phone: phone })).result_code, 0);
    const bobCode = (t.app.sms as OutboxSmsProvider).latestFor(phone)!.code;
    const taken = await post(t, bob, '/djapi/account/open/certification', {
      real_name: '孙八',
      id_no: aliceId,
      bank_card_no: card,
      reserved_phone: phone,
      bank_code_sms: bobCode,
      agreements: formatAcceptedAgreements(),
    });
    assert.equal(taken.result_code, 400044, "Alice's ID stays hers");
    assert.equal(
      (await post(t, alice, '/djapi/account/trade-password/verify', { encrypted_password: encryptForServer(t, '583920') })).result_code,
      0,
    );
    // Alice (opened) can look up only her own ID; Bob's lookups never touch her stored identity.
    assert.equal(
      (await post(t, alice, '/djapi/account/find-fund-account', { id_no: idNumber('1990-01-01', '111'), real_name: '钱七' })).result_code,
      400070,
    );
  });

  test('every state-changing account route refuses a logged-in session without X-XSRF-TOKEN and changes nothing', async () => {
    const posts = t.app.registeredRoutes.filter((route) => route.method === 'POST' && ACCOUNT_PATHS.test(route.url));
    assert.ok(posts.length >= 14, `account POST routes: ${posts.map((route) => route.url).join(', ')}`);
    for (const route of posts) {
      const noHeader = await t.app.inject({ method: 'POST', url: route.url, headers: { ...form, cookie: bob.cookie }, payload: 'a=1' });
      assert.equal(noHeader.statusCode, 403, route.url);
      assert.equal(json<Envelope>(noHeader).result_code, 403001, route.url);
      const wrong = await t.app.inject({
        method: 'POST',
        url: route.url,
        headers: { ...form, cookie: bob.cookie, 'x-xsrf-token': 'nope' },
        payload: 'a=1',
      });
      assert.equal(json<Envelope>(wrong).result_code, 403001, route.url);
    }
    const income = await post(t, bob, '/djapi/account/personal-income', { bracket: 'below_100k' }, { cookie: bob.cookie });
    assert.equal(income.result_code, 403001);
    const stored = await t.db.kysely.selectFrom('personal_income').select('user_id').where('user_id', '=', bob.userId).execute();
    assert.equal(stored.length, 0);
  });

  test('outside production GET /__dev/sms lists the codes sent to a phone, newest first', async () => {
    await sendLoginCode(secure, '13100000001');
    t.clock.advance(30_000);
    await sendLoginCode(secure, '13100000001', { voice: true });
    const response = await t.app.inject({ method: 'GET', url: '/__dev/sms?telephone=13100000001' });
    assert.equal(response.statusCode, 200);
    const body = json<Envelope<{ items: Array<{ code: string; voice: boolean }> }>>(response);
    assert.deepEqual(
      body.data.items.map((item) => item.voice),
      [true, false],
    );
    assert.equal(body.data.items[0]!.code, (t.app.sms as OutboxSmsProvider).latestFor('13100000001')!.code);
  });
});

describe('production mode', () => {
  let t: TestApp;
  let secure: SecureClient;
  let logs = '';

  before(async () => {
    t = await createTestApp({
      market: true,
      config: { nodeEnv: 'production' },
      logger: { level: 'info', stream: { write: (line: string) => (logs += line) } },
    });
    secure = await createSecureClient(t);
  });
  after(async () => {
    await t.close();
  });

  test('the log of a whole journey holds no code, token, password, ID or card number', async () => {
    const outbox = t.app.sms as OutboxSmsProvider;
    assert.ok(outbox instanceof OutboxSmsProvider, 'no SMS_WEBHOOK_URL: the outbox');
    const phone = '13200000001';
    const sent = await sendLoginCode(secure, phone);
    assert.equal(sent.body.result_code, 0);
    const loginCode = outbox.latestFor(phone)!.code;
    const wrong = await secure.post(TOKEN_URL, {
      grant_type: 'telephone_auto_login',
      telephone: phone,
      code: String((Number(loginCode) + 1) % 10000).padStart(4, '0'),
    });
    assert.equal(wrong.body.result_code, 400021);
    const login = await secure.post(TOKEN_URL, {
      grant_type: 'telephone_auto_login',
      encrypted_telephone: encryptForServer(t, phone),
      code: loginCode,
    });
    assert.equal(login.body.result_code, 0);
    const token = (login.body.data as { access_token: string }).access_token;
    const user: TestUser = {
      userId: 0,
      telephone: phone,
      session: undefined as never,
      cookie: `xq_a_token=${token}; XSRF-TOKEN=x`,
      headers: { cookie: `xq_a_token=${token}; XSRF-TOKEN=x`, 'x-xsrf-token': 'x' },
    };
    const idNo = idNumber('1983-07-21', '642');
    const card = cardNumber('622588');
    const password = '604918';
    const encryptedPassword = encryptForServer(t, password);
    await openFully(t, user, { idNo, card, phone: '13200000002', password });
    const bankCode = outbox.latestFor('13200000002')!.code;
    assert.equal(
      (await post(t, user, '/djapi/account/trade-password/verify', { encrypted_password: encryptForServer(t, '000000') })).result_code,
      400051,
    );
    assert.equal((await post(t, user, '/djapi/account/trade-password/verify', { encrypted_password: encryptedPassword })).result_code, 0);

    assert.match(logs, /incoming request/, 'the log was captured');
    assert.match(logs, /SMS outbox: text code to 132\*\*\*\*0001/, 'the outbox notice, masked and without the code');
    const secrets = { loginCode: `code ${loginCode}`, bankCode: `code ${bankCode}`, token, password, encryptedPassword, idNo, card, phone };
    for (const [name, secret] of Object.entries(secrets)) assert.ok(secretAt(logs, secret) < 0, `${name} must not be logged`);
    assert.ok(!/"code":"\d{4}"/.test(logs));
  });

  test('GET /__dev/sms and the fake WeChat do not exist; WeChat login says it is not available', async () => {
    const dev = await t.app.inject({ method: 'GET', url: '/__dev/sms?telephone=13200000001' });
    assert.equal(dev.statusCode, 404);
    assert.equal(json<Envelope>(dev).result_code, 404001);
    const fake = await t.app.inject({ method: 'GET', url: '/__dev/wechat/connect/oauth2/authorize?redirect_uri=http://localhost/x' });
    assert.equal(fake.statusCode, 404);
    const authorize = await t.app.inject({ method: 'GET', url: '/djapi/wechat/oauth/authorize?redirect=/index' });
    assert.equal(json<Envelope>(authorize).result_code, 400023);
    const weapp = await t.app.inject({ method: 'POST', url: '/djapi/provider/weapp/login', headers: form, payload: 'code=fakecode.x.1' });
    assert.equal(json<Envelope>(weapp).result_code, 400023);
    assert.equal(json<Envelope>(weapp).error_description, '暂不支持微信登录');
  });
});
