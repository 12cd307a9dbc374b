import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { tokenHash } from '../../server/src/domain/tokens';
import { OutboxSmsProvider, smsProviderFor, WebhookSmsProvider } from '../../server/src/services/sms';
import { phoneDigest } from '../../server/src/services/verification-codes';
import {
  anonymousToken,
  createSecureClient,
  createTestApp,
  encryptForServer,
  json,
  latestCode,
  loginBySms,
  sendLoginCode,
  type SecureClient,
  type TestApp,
  type Envelope,
} from './helpers';

// SMS codes and the telephone_auto_login grant (docs/PRODUCT.md §4, §7, §8, §9).

const TOKEN_URL = '/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let secure: SecureClient;
let phoneSeq = 0;
/** A fresh phone per test, so throttles of one test never touch another. */
const newPhone = () => `1390000${String(++phoneSeq).padStart(4, '0')}`;

before(async () => {
  // trustProxy: the per-IP tests pick their client address with X-Forwarded-For.
  t = await createTestApp({ config: { trustProxy: true } });
  secure = await createSecureClient(t);
});
after(async () => {
  await t.close();
});

function login(form: Record<string, string>, headers: Record<string, string> = {}) {
  return secure.post(TOKEN_URL, { grant_type: 'telephone_auto_login', ...form }, headers);
}

async function outbox(telephone: string) {
  const response = await t.app.inject({ method: 'GET', url: `/__dev/sms?telephone=${telephone}` });
  return json<Envelope<{ items: Array<{ code: string; voice: boolean; sent_at: string; purpose: string }> }>>(response);
}

describe('POST /xqapi/account/sms/send_verification_code.json', () => {
  test('sends a 4-digit code: masked phone, resend_after 30, the code in the dev outbox', async () => {
    const phone = newPhone();
    const answer = await sendLoginCode(secure, phone);
    assert.equal(answer.statusCode, 200, JSON.stringify(answer.body));
    assert.equal(answer.headers.isenc, '1', 'the answer is encrypted like every listed call');
    assert.deepEqual(answer.body.data, {
      telephone_masked: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      resend_after: 30,
      voice: false,
      expires_in: 300,
    });
    const box = await outbox(phone);
    assert.equal(box.result_code, 0);
    assert.equal(box.data.items.length, 1);
    assert.match(box.data.items[0]!.code, /^\d{4}$/);
    assert.equal(box.data.items[0]!.voice, false);
    assert.equal(box.data.items[0]!.sent_at, t.clock.now().toISOString());
    // The code is not stored in clear.
    const row = await t.db.kysely
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone_digest', '=', phoneDigest(t.app.personalData, phone))
      .executeTakeFirstOrThrow();
    assert.notEqual(row.code_hash, box.data.items[0]!.code);
    assert.ok(!JSON.stringify(row).includes(`"${box.data.items[0]!.code}"`));
  });

  test('an encrypted_telephone (jsencrypt with the server key) works; telephone "null" counts as absent', async () => {
    const phone = newPhone();
    const token = await anonymousToken(secure);
    const answer = await secure.post(
      '/xqapi/account/sms/send_verification_code.json',
      { telephone: 'null', encrypted_telephone: encryptForServer(t, phone), areacode: '86', source: '0', voice: 'false' },
      { cookie: `xq_a_token=${token}` },
    );
    assert.equal(answer.body.result_code, 0, JSON.stringify(answer.body));
    assert.equal((await outbox(phone)).data.items.length, 1);
  });

  test('the voice flag is recorded and the outbox lists newest first', async () => {
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    t.clock.advance(31 * SECOND);
    const voice = await sendLoginCode(secure, phone, { voice: true });
    assert.equal((voice.body.data as { voice: boolean }).voice, true);
    const items = (await outbox(phone)).data.items;
    assert.deepEqual(
      items.map((item) => item.voice),
      [true, false],
    );
    const rows = await t.db.kysely
      .selectFrom('sms_codes')
      .select('voice')
      .where('phone_digest', '=', phoneDigest(t.app.personalData, phone))
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.voice),
      [false, true],
    );
  });

  test('no token → 400016; an unknown token → 400016; an expired token → 400013', async () => {
    const phone = newPhone();
    const none = await secure.post('/xqapi/account/sms/send_verification_code.json', {
      telephone: phone,
      areacode: '86',
      source: '0',
      voice: 'false',
    });
    assert.equal(none.body.result_code, 400016);
    assert.ok(String(none.body.error_description).length > 0);
    const unknown = await sendLoginCode(secure, phone, { token: 'f'.repeat(40) });
    assert.equal(unknown.body.result_code, 400016);
    const token = await anonymousToken(secure);
    t.clock.advance(2 * 60 * MINUTE + 1);
    const expired = await sendLoginCode(secure, phone, { token });
    assert.equal(expired.body.result_code, 400013);
    assert.equal((await outbox(phone)).data.items.length, 0, 'nothing was sent');
  });

  test('bad phones get "Please enter the correct phone number"; a foreign area code and an undecryptable phone are refused', async () => {
    const token = await anonymousToken(secure);
    for (const telephone of ['1380013800', '138001380000', '12800138000', 'abcdefghijk', '']) {
      const answer = await sendLoginCode(secure, telephone, { token, headers: { 'accept-language': 'en-US' } });
      assert.equal(answer.body.result_code, 400010, telephone);
      assert.equal(answer.body.error_description, 'Please enter the correct phone number');
    }
    const zh = await sendLoginCode(secure, '123', { token });
    assert.equal(zh.body.error_description, '请输入正确的手机号');
    const foreign = await secure.post(
      '/xqapi/account/sms/send_verification_code.json',
      { telephone: newPhone(), areacode: '852', source: '0', voice: 'false' },
      { cookie: `xq_a_token=${token}` },
    );
    assert.equal(foreign.body.result_code, 400011);
    const garbage = await secure.post(
      '/xqapi/account/sms/send_verification_code.json',
      { encrypted_telephone: Buffer.alloc(256, 7).toString('base64'), areacode: '86', source: '0', voice: 'false' },
      { cookie: `xq_a_token=${token}` },
    );
    assert.equal(garbage.body.result_code, 400012);
  });

  test('resend to the same phone within 30 s → 400020 with the wait; at 30 s it goes', async () => {
    const phone = newPhone();
    assert.equal((await sendLoginCode(secure, phone)).body.result_code, 0);
    t.clock.advance(12 * SECOND);
    const early = await sendLoginCode(secure, phone);
    assert.equal(early.statusCode, 400);
    assert.equal(early.body.result_code, 400020);
    assert.deepEqual(early.body.data, { resend_after: 18 });
    assert.equal(early.body.error_description, '发送过于频繁，请 18 秒后再试');
    t.clock.advance(18 * SECOND);
    assert.equal((await sendLoginCode(secure, phone)).body.result_code, 0);
    assert.equal((await outbox(phone)).data.items.length, 2);
  });

  test('at most 10 codes per phone per Shanghai day; the next day it resets', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i += 1) {
      const answer = await sendLoginCode(secure, phone);
      assert.equal(answer.body.result_code, 0, `send ${i + 1}`);
      t.clock.advance(31 * SECOND);
    }
    const eleventh = await sendLoginCode(secure, phone, { headers: { 'accept-language': 'en' } });
    assert.equal(eleventh.body.result_code, 400020);
    assert.equal(eleventh.body.error_description, 'You have requested too many codes today, please try again tomorrow');
    t.clock.advance(DAY);
    assert.equal((await sendLoginCode(secure, phone)).body.result_code, 0);
  });

  test('per-IP limit: over 60 sends an hour from one IP → 429001 (counted in Postgres); another IP still sends', async () => {
    const token = await anonymousToken(secure);
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 3; i += 1) {
      const answer = await sendLoginCode(secure, `1370000${String(i).padStart(4, '0')}`, { token, headers: from('203.0.113.7') });
      assert.equal(answer.body.result_code, 0, `send ${i + 1}: ${JSON.stringify(answer.body)}`);
    }
    const counter = await t.db.kysely
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', 'sms-ip:203.0.113.7')
      .executeTakeFirstOrThrow();
    assert.equal(counter.hits, 3);
    // Spend the rest of the hour's budget without 57 more round trips.
    await t.db.kysely.updateTable('rate_limits').set({ hits: 59 }).where('key', '=', 'sms-ip:203.0.113.7').execute();
    assert.equal((await sendLoginCode(secure, '13700000058', { token, headers: from('203.0.113.7') })).body.result_code, 0, 'the 60th');
    const over = await sendLoginCode(secure, '13700009999', { token, headers: from('203.0.113.7') });
    assert.equal(over.statusCode, 429);
    assert.equal(over.body.result_code, 429001);
    assert.equal(over.body.error_description, '请求过于频繁，请稍后再试');
    assert.equal((await outbox('13700009999')).data.items.length, 0);
    const other = await sendLoginCode(secure, '13700009999', { token, headers: from('203.0.113.8') });
    assert.equal(other.body.result_code, 0);
    t.clock.advance(60 * MINUTE);
    const fresh = await anonymousToken(secure);
    assert.equal((await sendLoginCode(secure, '13700009998', { token: fresh, headers: from('203.0.113.7') })).body.result_code, 0);
  });
});

describe('grant_type=telephone_auto_login', () => {
  test('the first login creates the user, sets xq_a_token for 120 days and ends the anonymous session', async () => {
    const phone = newPhone();
    const token = await anonymousToken(secure);
    await sendLoginCode(secure, phone, { token });
    const code = await latestCode(t, phone);
    const answer = await login({ telephone: phone, code }, { cookie: `xq_a_token=${token}` });
    assert.equal(answer.statusCode, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.error_code, 0);
    const data = answer.body.data as { access_token: string; expires_in: number };
    assert.match(data.access_token, /^[0-9a-f]{40}$/);
    assert.equal(data.expires_in, 120 * 24 * 3600);
    assert.match(String(answer.headers['set-cookie']), new RegExp(`xq_a_token=${data.access_token}`));
    const user = await t.db.kysely.selectFrom('users').selectAll().where('telephone', '=', phone).executeTakeFirstOrThrow();
    const session = await t.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash(data.access_token))
      .executeTakeFirstOrThrow();
    assert.equal(session.kind, 'user');
    assert.equal(session.user_id, user.id);
    const anonymous = await t.db.kysely
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    assert.equal(anonymous, undefined);

    const account = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: `xq_a_token=${data.access_token}` } });
    const body = json<Envelope<{ user: Record<string, unknown> }>>(account);
    assert.equal(body.result_code, 0);
    assert.equal(body.data.user.mask_telephone, `${phone.slice(0, 3)}****${phone.slice(-4)}`);
    assert.equal(body.data.user.open_trade, false);
    assert.equal(body.data.user.certified, false);
    assert.equal(body.data.user.risk_level, null);
  });

  test('a second login is the same user; the token dies after 120 days', async () => {
    const phone = newPhone();
    const first = await loginBySms(t, secure, phone);
    t.clock.advance(31 * SECOND);
    const second = await loginBySms(t, secure, phone);
    assert.equal(second.userId, first.userId);
    assert.notEqual(second.session.token, first.session.token);
    const count = await t.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('telephone', '=', phone)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
    t.clock.advance(120 * DAY - 1000);
    const alive = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: second.cookie } });
    assert.equal(json<Envelope>(alive).result_code, 0);
    t.clock.advance(1000);
    const dead = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: second.cookie } });
    assert.equal(json<Envelope>(dead).result_code, 300001);
    // The secure-API device (2 days) expired with the move: register again, as the client would.
    secure = await createSecureClient(t);
  });

  test('a code is single use', async () => {
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    const code = await latestCode(t, phone);
    assert.equal((await login({ telephone: phone, code })).body.result_code, 0);
    const again = await login({ telephone: phone, code });
    assert.equal(again.body.result_code, 400022);
    assert.equal(again.body.error_code, 400022);
    assert.equal(again.body.error_description, '验证码已失效，请重新获取');
  });

  test('a code lives 5 minutes (moving the clock)', async () => {
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    const code = await latestCode(t, phone);
    t.clock.advance(5 * MINUTE - 1);
    assert.equal((await login({ telephone: phone, code })).body.result_code, 0, 'still valid just before 5 minutes');

    const other = newPhone();
    await sendLoginCode(secure, other);
    const late = await latestCode(t, other);
    t.clock.advance(5 * MINUTE);
    assert.equal((await login({ telephone: other, code: late })).body.result_code, 400022, 'dead at 5 minutes');
  });

  test('wrong codes count down; the 5th wrong try kills the code, even for the right code after it', async () => {
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    const code = await latestCode(t, phone);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (const remaining of [4, 3, 2, 1]) {
      const answer = await login({ telephone: phone, code: wrong }, { 'accept-language': 'en' });
      assert.equal(answer.body.result_code, 400021);
      assert.equal(answer.body.error_description, `Wrong verification code, ${remaining} tries left`);
    }
    assert.equal((await login({ telephone: phone, code: wrong })).body.result_code, 400022, '5th wrong try');
    assert.equal((await login({ telephone: phone, code })).body.result_code, 400022, 'the right code is dead too');
    const users = await t.db.kysely.selectFrom('users').select('id').where('telephone', '=', phone).execute();
    assert.equal(users.length, 0, 'no user was created');
  });

  test('parallel guesses cannot exceed 5 tries', async () => {
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    const code = await latestCode(t, phone);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 10000).padStart(4, '0'));
    await Promise.all(guesses.map((guess) => login({ telephone: phone, code: guess })));
    const row = await t.db.kysely
      .selectFrom('sms_codes')
      .select(['tries', 'dead_at'])
      .where('phone_digest', '=', phoneDigest(t.app.personalData, phone))
      .executeTakeFirstOrThrow();
    assert.equal(row.tries, 5);
    assert.ok(row.dead_at);
  });

  test('a new code replaces the previous one', async () => {
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    const first = await latestCode(t, phone);
    t.clock.advance(30 * SECOND);
    await sendLoginCode(secure, phone);
    const second = await latestCode(t, phone);
    // Only the newest code counts: the old one is now a wrong code (and costs a try).
    if (first !== second) assert.equal((await login({ telephone: phone, code: first })).body.result_code, 400021);
    const rows = await t.db.kysely
      .selectFrom('sms_codes')
      .select(['dead_at'])
      .where('phone_digest', '=', phoneDigest(t.app.personalData, phone))
      .orderBy('id')
      .execute();
    assert.ok(rows[0]!.dead_at, 'the first code was retired when the second was sent');
    assert.equal((await login({ telephone: phone, code: second })).body.result_code, 0);
  });

  test('no code sent, a missing code, a bad phone', async () => {
    assert.equal((await login({ telephone: newPhone(), code: '1234' })).body.result_code, 400022);
    const missing = await login({ telephone: newPhone() });
    assert.equal(missing.body.result_code, 400021);
    assert.equal(missing.body.error_description, '请输入验证码');
    assert.equal((await login({ telephone: '1234', code: '1234' })).body.result_code, 400010);
    const encrypted = newPhone();
    await sendLoginCode(secure, encrypted);
    const code = await latestCode(t, encrypted);
    const answer = await login({ encrypted_telephone: encryptForServer(t, encrypted), code });
    assert.equal(answer.body.result_code, 0, 'the encrypted telephone logs in too');
  });

  test('an unknown grant names the supported ones', async () => {
    const answer = await secure.post(TOKEN_URL, { grant_type: 'authorization_code' });
    assert.equal(answer.body.result_code, 400001);
    assert.match(String(answer.body.error_description), /telephone_auto_login/);
  });

  test('per-IP limit on the token call: over 300 calls in 10 minutes → 429001', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    assert.equal((await secure.post(TOKEN_URL, { grant_type: 'password' }, headers)).body.result_code, 0);
    await t.db.kysely.updateTable('rate_limits').set({ hits: 299 }).where('key', '=', 'token-ip:198.51.100.9').execute();
    assert.equal((await secure.post(TOKEN_URL, { grant_type: 'password' }, headers)).body.result_code, 0, 'the 300th');
    const over = await secure.post(TOKEN_URL, { grant_type: 'telephone_auto_login', telephone: newPhone(), code: '1234' }, headers);
    assert.equal(over.statusCode, 429);
    assert.equal(over.body.result_code, 429001);
    assert.equal((over.body as { error_code?: number }).error_code, 429001);
    t.clock.advance(10 * MINUTE);
    assert.equal((await secure.post(TOKEN_URL, { grant_type: 'password' }, headers)).body.result_code, 0);
  });

  test('logging in as another account ends the session the browser held', async () => {
    const first = await loginBySms(t, secure, newPhone());
    const phone = newPhone();
    await sendLoginCode(secure, phone);
    const answer = await login(
      { telephone: phone, code: await latestCode(t, phone) },
      { cookie: first.cookie, 'x-xsrf-token': 'test-xsrf-token' },
    );
    assert.equal(answer.body.result_code, 0, JSON.stringify(answer.body));
    const old = await t.app.inject({ method: 'GET', url: '/djapi/account', headers: { cookie: first.cookie } });
    assert.equal(json<Envelope>(old).result_code, 300001);
  });
});

describe('SMS providers', () => {
  test('SMS_WEBHOOK_URL picks the webhook: each code is POSTed as JSON; a failing gateway is an error', async () => {
    const received: unknown[] = [];
    let status = 200;
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ type: request.headers['content-type'], body: JSON.parse(body) });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
      const provider = smsProviderFor({ smsWebhookUrl: url, nodeEnv: 'production' }, () => undefined);
      assert.ok(provider instanceof WebhookSmsProvider);
      await provider.send({
        telephone: '13800000001',
        code: '0427',
        voice: true,
        sentAt: new Date('2025-03-04T02:00:00Z'),
        purpose: 'login',
      });
      assert.deepEqual(received, [
        {
          type: 'application/json',
          body: { telephone: '13800000001', code: '0427', voice: true, sentAt: '2025-03-04T02:00:00.000Z', purpose: 'login' },
        },
      ]);
      status = 503;
      await assert.rejects(provider.send({ telephone: '13800000001', code: '1111', voice: false, sentAt: new Date() }), /503/);
    } finally {
      server.close();
    }
  });

  test('without a webhook: the outbox, whose log line has neither the code nor the full number', async () => {
    const lines: string[] = [];
    const dev = smsProviderFor({ nodeEnv: 'development' }, (line) => lines.push(line));
    const prod = smsProviderFor({ nodeEnv: 'production' }, (line) => lines.push(line));
    assert.ok(dev instanceof OutboxSmsProvider && prod instanceof OutboxSmsProvider);
    await dev.send({ telephone: '13800000001', code: '0427', voice: false, sentAt: new Date() });
    await prod.send({ telephone: '13800000001', code: '0428', voice: false, sentAt: new Date() });
    assert.deepEqual(lines, [
      'SMS_WEBHOOK_URL is not set: verification codes stay in the outbox and reach nobody',
      'SMS outbox: text code to 138****0001 (read it at GET /__dev/sms on this machine)',
      'SMS outbox: text code to 138****0001 (not delivered: set SMS_WEBHOOK_URL)',
    ]);
  });
});
