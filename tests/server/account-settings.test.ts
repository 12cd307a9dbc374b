import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { idCardCheckChar } from '../../src/lib/validators';
import { SMS_RESEND_MS, TRADE_PASSWORD_LOCK_MS } from '../../server/src/constants';
import { issueSession } from '../../server/src/plugins/session';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { createTestApp, createTestUser, encryptForServer, json, type Envelope, type TestApp, type TestUser } from './helpers';
import { get, post } from './trading-support';

// Account settings (routes/account-settings.ts): the bound card, changing and resetting the trade password, changing
// the phone — each refusal as the user reads it, and what the database holds afterwards.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const PASSWORD = '258036';
const idFor = (birth: string, sequence = '123') => `110101${birth}${sequence}` + idCardCheckChar(`110101${birth}${sequence}`);
let phoneSeq = 0;
const phone = (prefix = '137') => `${prefix}${String(process.pid % 10000).padStart(4, '0')}${String((phoneSeq += 1)).padStart(4, '0')}`;

interface Account extends TestUser {
  idNo: string;
  reservedPhone: string;
}

/** An opened account: identity (ID born 1990-03-07), a CMB card with its reserved phone, the trade password. */
async function openedAccount(): Promise<Account> {
  const user = await createTestUser(t, { telephone: phone(), openTrade: true });
  const cipher = t.app.personalData;
  const now = t.clock.now();
  const idNo = idFor('19900307', String(100 + (user.userId % 800)));
  const reservedPhone = phone('136');
  await t.db.kysely
    .insertInto('user_identities')
    .values({
      user_id: user.userId,
      id_no_hmac: cipher.digest('id-no', idNo),
      id_no_encrypted: cipher.encrypt(idNo),
      id_no_masked: '1101**********' + idNo.slice(-4),
      real_name_encrypted: cipher.encrypt('张三'),
      real_name_masked: '*三',
      birth_date: '1990-03-07',
      certified_at: now,
    })
    .execute();
  await t.db.kysely
    .insertInto('bank_cards')
    .values({
      user_id: user.userId,
      bank_code: 'CMB',
      card_hmac: `card-${user.userId}`,
      card_no_encrypted: cipher.encrypt('6225880000000000'),
      card_tail: '0000',
      reserved_phone_encrypted: cipher.encrypt(reservedPhone),
      reserved_phone_masked: `${reservedPhone.slice(0, 3)}****${reservedPhone.slice(-4)}`,
      verified_at: now,
    })
    .execute();
  await t.db.kysely
    .insertInto('trade_passwords')
    .values({ user_id: user.userId, hash: hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
    .execute();
  return { ...user, idNo, reservedPhone };
}

/** Another session of the same user (another device). */
async function secondSession(user: TestUser): Promise<TestUser> {
  const session = await issueSession(t.db.kysely, { userId: user.userId, clientId: 'dj-h5', now: t.clock.now() });
  const cookie = `xq_a_token=${session.token}; XSRF-TOKEN=x2`;
  return { ...user, session, cookie, headers: { cookie, 'x-xsrf-token': 'x2' } };
}

async function codeTo(telephone: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/__dev/sms?telephone=${telephone}` });
  const items = json<Envelope<{ items: Array<{ code: string; purpose: string }> }>>(response).data.items;
  assert.ok(items[0], `a code went to ${telephone}`);
  assert.equal(items[0].purpose, 'account');
  return items[0].code;
}

const wrongCode = (code: string) => (code === '0000' ? '0001' : '0000');

const change = (user: TestUser, oldPassword: string, newPassword: string) =>
  post<{ changed: boolean; remaining?: number; locked_until?: string }>(t, user, '/djapi/account/trade-password/change', {
    encrypted_old_password: encryptForServer(t, oldPassword),
    encrypted_new_password: encryptForServer(t, newPassword),
  });

const verify = (user: TestUser, password: string) =>
  post(t, user, '/djapi/account/trade-password/verify', { encrypted_password: encryptForServer(t, password) });

/** Moves the clock past the SMS resend wait (30 s). */
function afterResendWait(): void {
  t.clock.set(new Date(t.clock.now().getTime() + SMS_RESEND_MS + 1000));
}

describe('the bound card', () => {
  test('masked number, bank, reserved phone, the simulated bank’s limits per payment and day', async () => {
    const user = await openedAccount();
    const answer = await get<{
      telephone_masked: string;
      has_trade_password: boolean;
      bank_card: Record<string, string>;
    }>(t, user, '/djapi/account/settings');
    assert.equal(answer.body.result_code, 0);
    assert.equal(answer.body.data.telephone_masked, `${user.telephone.slice(0, 3)}****${user.telephone.slice(-4)}`);
    assert.equal(answer.body.data.has_trade_password, true);
    const card = answer.body.data.bank_card;
    assert.equal(card.bank_name, '招商银行');
    assert.equal(card.card_no_masked, '**** **** **** 0000');
    assert.equal(card.reserved_phone_masked, `${user.reservedPhone.slice(0, 3)}****${user.reservedPhone.slice(-4)}`);
    // CMB in domain/banks.ts: 200,000 per payment, 500,000 a day (yuan).
    assert.equal(card.per_payment_limit, '200000.00');
    assert.equal(card.daily_limit, '500000.00');
    assert.equal(card.daily_left, '500000.00');
    assert.ok(!JSON.stringify(answer.body).includes(user.reservedPhone), 'the reserved phone only masked');
  });

  test('not logged in → 300001', async () => {
    const answer = await get(t, null, '/djapi/account/settings');
    assert.equal(answer.body.result_code, 300001);
  });
});

describe('changing the trade password', () => {
  test('right old password: the new one works for trading, the old one no longer', async () => {
    const user = await openedAccount();
    const answer = await change(user, PASSWORD, '803917');
    assert.equal(answer.body.result_code, 0, JSON.stringify(answer.body));
    assert.equal((await verify(user, '803917')).body.result_code, 0);
    const old = await verify(user, PASSWORD);
    assert.equal(old.body.result_code, 400051);
  });

  test('a weak or birthday new password is refused before the old one is tried; the same one too', async () => {
    const user = await openedAccount();
    const sequential = await change(user, '000000', '123456');
    assert.equal(sequential.body.result_code, 400050);
    assert.equal(sequential.body.message, '交易密码不能是连续递增或递减的数字');
    const birthday = await change(user, '000000', '030712');
    assert.equal(birthday.body.result_code, 400050);
    assert.equal(birthday.body.message, '交易密码不能包含您的生日');
    const row = await t.db.kysely
      .selectFrom('trade_passwords')
      .select('failed_tries')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    assert.equal(row.failed_tries, 0, 'no try counted for a refused new password');
    const same = await change(user, PASSWORD, PASSWORD);
    assert.equal(same.body.result_code, 400055);
    assert.equal(same.body.message, '新交易密码不能与原交易密码相同');
  });

  test('a wrong old password counts toward the lock: 4 left … the fifth locks for 3 hours, even the right one waits', async () => {
    const user = await openedAccount();
    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await change(user, '111000', '803917');
      assert.equal(wrong.body.result_code, 400051);
      assert.equal(wrong.body.message, `交易密码错误，还可尝试 ${left} 次`);
    }
    const locked = await change(user, '111000', '803917');
    assert.equal(locked.body.result_code, 400052);
    const until = new Date(t.clock.now().getTime() + TRADE_PASSWORD_LOCK_MS);
    assert.equal(locked.body.data.locked_until, until.toISOString());
    assert.match(locked.body.message, /^交易密码已锁定，请于 \d\d:\d\d 后重试$/);
    const right = await change(user, PASSWORD, '803917');
    assert.equal(right.body.result_code, 400052, 'locked: only a reset helps');
    assert.equal((await verify(user, PASSWORD)).body.result_code, 400052, 'trading is locked too');
  });

  test('wrong and lock answers read in English too', async () => {
    const user = await openedAccount();
    const wrong = await post(
      t,
      user,
      '/djapi/account/trade-password/change',
      { encrypted_old_password: encryptForServer(t, '111000'), encrypted_new_password: encryptForServer(t, '803917') },
      'en-US',
    );
    assert.equal(wrong.body.message, 'Wrong trade password, 4 tries left');
  });
});

describe('resetting the trade password', () => {
  const sendResetCode = (user: TestUser) =>
    post<{ telephone_masked: string; resend_after: number }>(t, user, '/djapi/account/settings/code', { action: 'reset_password' });
  const resetVerify = (user: TestUser, code: string, idNo: string) =>
    post<{ ticket: string; expires_in: number }>(t, user, '/djapi/account/trade-password/reset/verify', { code, id_no: idNo });
  const reset = (user: TestUser, ticket: string, password: string) =>
    post(t, user, '/djapi/account/trade-password/reset', { ticket, encrypted_password: encryptForServer(t, password) });

  test('code to the reserved phone + the account’s ID → a new password; the lock goes, the ticket works once', async () => {
    const user = await openedAccount();
    // Locked first: five wrong tries.
    for (let i = 0; i < 5; i += 1) await verify(user, '111000');
    assert.equal((await verify(user, PASSWORD)).body.result_code, 400052);

    const sent = await sendResetCode(user);
    assert.equal(sent.body.result_code, 0, JSON.stringify(sent.body));
    assert.equal(sent.body.data.telephone_masked, `${user.reservedPhone.slice(0, 3)}****${user.reservedPhone.slice(-4)}`);
    const code = await codeTo(user.reservedPhone);

    const wrong = await resetVerify(user, wrongCode(code), user.idNo);
    assert.equal(wrong.body.result_code, 400021);
    assert.equal(wrong.body.message, '验证码错误，还可尝试 4 次');

    const verified = await resetVerify(user, code, user.idNo.toLowerCase());
    assert.equal(verified.body.result_code, 0, JSON.stringify(verified.body));
    const { ticket } = verified.body.data;

    const weak = await reset(user, ticket, '666666');
    assert.equal(weak.body.result_code, 400050);
    const other = await secondSession(user);
    assert.equal((await reset(other, ticket, '803917')).body.result_code, 400026, 'a ticket is no good in another session');

    const done = await reset(user, ticket, '803917');
    assert.equal(done.body.result_code, 0, JSON.stringify(done.body));
    assert.equal((await verify(user, '803917')).body.result_code, 0, 'unlocked, the new password trades');
    const again = await reset(user, ticket, '840261');
    assert.equal(again.body.result_code, 400026, 'the ticket was used');
    assert.equal(again.body.message, '验证已过期，请重新验证');
  });

  test('a wrong ID number (valid, someone else’s) is refused and uses up the code', async () => {
    const user = await openedAccount();
    await sendResetCode(user);
    const code = await codeTo(user.reservedPhone);
    const wrongId = await resetVerify(user, code, idFor('19850612', '456'));
    assert.equal(wrongId.body.result_code, 400046);
    assert.equal(wrongId.body.message, '身份证号与开户信息不一致，请重新获取验证码');
    const retry = await resetVerify(user, code, user.idNo);
    assert.equal(retry.body.result_code, 400022, 'the code is spent: each ID guess costs a code');
    const malformed = await resetVerify(user, code, '1101011990');
    assert.equal(malformed.body.result_code, 400040);
    assert.equal((await reset(user, 'forged.ticket', '803917')).body.result_code, 400026);
  });

  test('the code resend waits like the login code; an account without a card cannot reset', async () => {
    const user = await openedAccount();
    assert.equal((await sendResetCode(user)).body.result_code, 0);
    const soon = await sendResetCode(user);
    assert.equal(soon.body.result_code, 400020);
    const bare = await createTestUser(t, { telephone: phone() });
    const refused = await sendResetCode(bare);
    assert.equal(refused.body.result_code, 400047);
  });
});

describe('changing the phone', () => {
  const sendCode = (user: TestUser, fields: Record<string, string>) =>
    post<{ telephone_masked: string }>(t, user, '/djapi/account/settings/code', fields);

  test('old phone’s code, then the new phone’s: the session stays, the account answers with the new number', async () => {
    const user = await openedAccount();
    const newPhone = phone('135');
    assert.equal((await sendCode(user, { action: 'phone_new', telephone: newPhone })).body.result_code, 400026, 'not before the old phone');

    assert.equal((await sendCode(user, { action: 'phone_old' })).body.result_code, 0);
    const oldCode = await codeTo(user.telephone);
    const wrong = await post(t, user, '/djapi/account/phone/verify-old', { code: wrongCode(oldCode) });
    assert.equal(wrong.body.result_code, 400021);
    const verified = await post<{ ticket: string }>(t, user, '/djapi/account/phone/verify-old', { code: oldCode });
    assert.equal(verified.body.result_code, 0);
    const { ticket } = verified.body.data;

    const sent = await sendCode(user, { action: 'phone_new', telephone: newPhone, ticket });
    assert.equal(sent.body.result_code, 0, JSON.stringify(sent.body));
    const newCode = await codeTo(newPhone);
    const changed = await post<{ telephone_masked: string }>(t, user, '/djapi/account/phone', {
      ticket,
      telephone: newPhone,
      code: newCode,
    });
    assert.equal(changed.body.result_code, 0, JSON.stringify(changed.body));
    assert.equal(changed.body.data.telephone_masked, `${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`);

    const account = await get<{ user: { id: number; mask_telephone: string } }>(t, user, '/djapi/account');
    assert.equal(account.body.result_code, 0, 'the session is still valid');
    assert.equal(account.body.data.user.id, user.userId);
    assert.equal(account.body.data.user.mask_telephone, `${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`);
    const row = await t.db.kysely.selectFrom('users').select('telephone').where('id', '=', user.userId).executeTakeFirstOrThrow();
    assert.equal(row.telephone, newPhone);
    const reused = await post(t, user, '/djapi/account/phone', { ticket, telephone: phone('135'), code: '1234' });
    assert.equal(reused.body.result_code, 400026, 'the old phone’s ticket died with the old phone');
  });

  test('another account’s phone, or the same phone, is refused before any code goes out', async () => {
    const user = await openedAccount();
    const someoneElse = await createTestUser(t, { telephone: phone() });
    afterResendWait();
    await sendCode(user, { action: 'phone_old' });
    const verified = await post<{ ticket: string }>(t, user, '/djapi/account/phone/verify-old', { code: await codeTo(user.telephone) });
    const { ticket } = verified.body.data;
    const taken = await sendCode(user, { action: 'phone_new', telephone: someoneElse.telephone, ticket });
    assert.equal(taken.body.result_code, 400025);
    assert.equal(taken.body.message, '该手机号已绑定其他账户，请更换');
    const outbox = await t.app.inject({ method: 'GET', url: `/__dev/sms?telephone=${someoneElse.telephone}` });
    assert.equal(json<Envelope<{ items: unknown[] }>>(outbox).data.items.length, 0, 'no code to the other account’s phone');
    const same = await sendCode(user, { action: 'phone_new', telephone: user.telephone, ticket });
    assert.equal(same.body.message, '新手机号不能与当前手机号相同');
    const direct = await post(t, user, '/djapi/account/phone', { ticket, telephone: someoneElse.telephone, code: '1234' });
    assert.equal(direct.body.result_code, 400025);
    const bad = await sendCode(user, { action: 'phone_new', telephone: '12345', ticket });
    assert.equal(bad.body.result_code, 400010);
  });
});
