import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatAcceptedAgreements } from '../../src/lib/agreements';
import { idCardCheckChar, luhnValid } from '../../src/lib/validators';
import {
  createSecureClient,
  createTestApp,
  createTestUser,
  encryptForServer,
  json,
  loginBySms,
  type SecureClient,
  type TestApp,
  type TestUser,
} from './helpers';

// Account opening, trade password, personal income and the fund-account registry.

interface Envelope<T = unknown> {
  result_code: number;
  data: T;
  message: string;
  error_description: string;
}

const HOUR = 3600_000;

/** A valid 18-character ID: region, birth date, sequence and the GB 11643 check character. */
export function idNumber(birth: string, seq = '123', region = '110101'): string {
  const first17 = `${region}${birth.replaceAll('-', '')}${seq}`;
  return `${first17}${idCardCheckChar(first17)}`;
}

/** A Luhn-valid card number with the given BIN. */
export function cardNumber(bin: string, length = 19, body = '1234567890123'): string {
  const partial = `${bin}${body}`.slice(0, length - 1).padEnd(length - 1, '0');
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${partial}${digit}`)) return `${partial}${digit}`;
  throw new Error('unreachable');
}

let t: TestApp;
let secure: SecureClient;
let seq = 0;
const newPhone = () => `1350000${String(++seq).padStart(4, '0')}`;

before(async () => {
  t = await createTestApp({ market: true });
  secure = await createSecureClient(t);
});
after(async () => {
  await t.close();
});

async function post<T = unknown>(user: TestUser | undefined, url: string, form: Record<string, string>, lang?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...(user?.headers ?? {}) };
  if (lang) headers['accept-language'] = lang;
  const response = await t.app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(form).toString() });
  return { statusCode: response.statusCode, body: json<Envelope<T>>(response) };
}

async function get<T = unknown>(user: TestUser, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  return json<Envelope<T>>(response);
}

async function bankCode(telephone: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/__dev/sms?telephone=${telephone}` });
  const items = json<Envelope<{ items: Array<{ code: string; purpose: string }> }>>(response).data.items;
  assert.equal(items[0]?.purpose, 'bank');
  return items[0]!.code;
}

interface Opening {
  realName?: string;
  idNo?: string;
  card?: string;
  phone?: string;
}

/** Bank code, then certification; returns the certification answer. */
async function open(user: TestUser, opening: Opening = {}) {
  const form = {
    real_name: opening.realName ?? '张三',
    id_no: opening.idNo ?? idNumber('1990-03-07', String(100 + ++seq).slice(-3)),
    bank_card_no: opening.card ?? cardNumber('622202'),
    reserved_phone: opening.phone ?? newPhone(),
    agreements: formatAcceptedAgreements(),
  };
  const sent = await post(user, '/djapi/account/open/bank-code', { bank_card_no: form.bank_card_no, reserved_phone: form.reserved_phone });
  assert.equal(sent.body.result_code, 0, JSON.stringify(sent.body));
  const code = await bankCode(form.reserved_phone);
  return { form, answer: await post(user, '/djapi/account/open/certification', { ...form, bank_code_sms: code }) };
}

async function setPassword(user: TestUser, password: string, lang?: string) {
  return post(user, '/djapi/account/trade-password', { encrypted_password: encryptForServer(t, password) }, lang);
}

async function verify(user: TestUser, password: string) {
  return post<{ verified?: boolean; remaining?: number; locked_until?: string }>(user, '/djapi/account/trade-password/verify', {
    encrypted_password: encryptForServer(t, password),
  });
}

describe('account opening', () => {
  test('a new SMS user opens an account: identity masked and encrypted at rest, the card bound, the account shows it', async () => {
    const user = await loginBySms(t, secure, newPhone());
    const idNo = idNumber('1990-03-07', '881');
    const card = cardNumber('622848');
    const { answer } = await open(user, { realName: '李小龙', idNo, card });
    assert.equal(answer.body.result_code, 0, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.data, {
      real_name_masked: '**龙',
      id_no_masked: `1101**********${idNo.slice(-4)}`,
      bank_code: 'ABC',
      card_tail: card.slice(-4),
    });
    const row = await t.db.kysely.selectFrom('user_identities').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row) + JSON.stringify(await t.db.kysely.selectFrom('bank_cards').selectAll().execute());
    for (const secret of [idNo, '李小龙', card]) assert.ok(!stored.includes(secret), `${secret} is not stored in clear`);
    assert.equal(row.birth_date, '1990-03-07');
    const account = await get<{ user: Record<string, unknown> }>(user, '/djapi/account');
    assert.equal(account.data.user.certified, true);
    assert.equal(account.data.user.real_name_masked, '**龙');
    assert.deepEqual(account.data.user.bank_card, { bank_code: 'ABC', card_tail: card.slice(-4) });
    assert.equal(account.data.user.open_trade, false, 'not before the trade password');
  });

  test('bad ID cards each get their reason', async () => {
    const user = await createTestUser(t);
    const young = idNumber('2010-01-01');
    const cases: Array<[string, string]> = [
      ['', '请输入身份证号'],
      ['11010119900307123', '请输入18位身份证号'],
      [`99${idNumber('1990-03-07').slice(2)}`, '身份证号的地区码无效，请核对'],
      ['110101199002301234', '身份证号中的出生日期无效，请核对'],
      [`${idNumber('1990-03-07').slice(0, 17)}${idNumber('1990-03-07').endsWith('0') ? '1' : '0'}`, '身份证号有误，请核对'],
      [young, '未满18周岁，暂不能开户'],
    ];
    for (const [idNo, message] of cases) {
      const answer = await post(user, '/djapi/account/open/certification', {
        real_name: '张三',
        id_no: idNo,
        bank_card_no: cardNumber('622202'),
        reserved_phone: newPhone(),
        bank_code_sms: '1234',
      });
      assert.equal(answer.body.result_code, 400040, idNo);
      assert.equal(answer.body.error_description, message, idNo);
    }
    const english = await post(
      user,
      '/djapi/account/open/certification',
      { real_name: '张三', id_no: young, bank_card_no: cardNumber('622202'), reserved_phone: newPhone(), bank_code_sms: '1' },
      'en-US',
    );
    assert.equal(english.body.error_description, 'You must be 18 or older to open an account');
  });

  test('bad names, cards and reserved phones each get their message; nothing is sent', async () => {
    const user = await createTestUser(t);
    const name = await post(user, '/djapi/account/open/certification', {
      real_name: 'Zhang San',
      id_no: idNumber('1990-03-07'),
      bank_card_no: cardNumber('622202'),
      reserved_phone: newPhone(),
      bank_code_sms: '1',
    });
    assert.equal(name.body.result_code, 400045);
    assert.equal(name.body.error_description, '请输入正确的姓名');
    const phone = newPhone();
    const cases: Array<[string, string, number, string]> = [
      ['62220212345', phone, 400041, '请输入16至19位银行卡号'],
      [`${cardNumber('622202').slice(0, 18)}${(Number(cardNumber('622202').slice(-1)) + 1) % 10}`, phone, 400041, '银行卡号有误，请核对'],
      [cardNumber('411111', 16), phone, 400042, '暂不支持该银行卡'],
      [cardNumber('622202'), '1234567890', 400010, '请输入正确的手机号'],
    ];
    for (const [card, reserved, code, message] of cases) {
      const answer = await post(user, '/djapi/account/open/bank-code', { bank_card_no: card, reserved_phone: reserved });
      assert.equal(answer.body.result_code, code, card);
      assert.equal(answer.body.error_description, message, card);
    }
    const box = await t.app.inject({ method: 'GET', url: `/__dev/sms?telephone=${phone}` });
    assert.equal(json<Envelope<{ items: unknown[] }>>(box).data.items.length, 0);
    // Card numbers typed in groups are accepted.
    const spaced = cardNumber('621483').replace(/(\d{4})/g, '$1 ');
    const ok = await post<{ bank_code: string }>(user, '/djapi/account/open/bank-code', { bank_card_no: spaced, reserved_phone: phone });
    assert.equal(ok.body.data.bank_code, 'CMB');
  });

  test('the bank code is bound to the card, the phone and the user; wrong codes count down', async () => {
    const user = await createTestUser(t);
    const other = await createTestUser(t);
    const phone = newPhone();
    const card = cardNumber('622202');
    await post(user, '/djapi/account/open/bank-code', { bank_card_no: card, reserved_phone: phone });
    const code = await bankCode(phone);
    const form = {
      real_name: '王五',
      id_no: idNumber('1985-12-31', '555'),
      bank_card_no: card,
      reserved_phone: phone,
      agreements: formatAcceptedAgreements(),
    };
    const otherCard = await post(user, '/djapi/account/open/certification', {
      ...form,
      bank_card_no: cardNumber('622202', 19, '9999999999999'),
      bank_code_sms: code,
    });
    assert.equal(otherCard.body.result_code, 400022, 'a code for another card');
    const otherUser = await post(other, '/djapi/account/open/certification', { ...form, bank_code_sms: code });
    assert.equal(otherUser.body.result_code, 400022, "another user's code");
    const wrong = await post(user, '/djapi/account/open/certification', {
      ...form,
      bank_code_sms: String((Number(code) + 1) % 10000).padStart(4, '0'),
    });
    assert.equal(wrong.body.result_code, 400021);
    assert.equal(wrong.body.error_description, '验证码错误，还可尝试 4 次');
    const right = await post(user, '/djapi/account/open/certification', { ...form, bank_code_sms: code });
    assert.equal(right.body.result_code, 0, JSON.stringify(right.body));
  });

  test('one account per ID number; an opened account cannot open again', async () => {
    const idNo = idNumber('1979-06-15', '246');
    const first = await createTestUser(t);
    assert.equal((await open(first, { idNo })).answer.body.result_code, 0);
    const second = await createTestUser(t);
    const phone = newPhone();
    const card = cardNumber('621700');
    await post(second, '/djapi/account/open/bank-code', { bank_card_no: card, reserved_phone: phone });
    const duplicate = await post(second, '/djapi/account/open/certification', {
      real_name: '赵六',
      id_no: idNo.toLowerCase(),
      bank_card_no: card,
      reserved_phone: phone,
      bank_code_sms: await bankCode(phone),
      agreements: formatAcceptedAgreements(),
    });
    assert.equal(duplicate.body.result_code, 400044);
    assert.equal(duplicate.body.error_description, '该身份证号已开户，请使用原账户登录');
    const again = await post(first, '/djapi/account/open/bank-code', { bank_card_no: cardNumber('622202'), reserved_phone: newPhone() });
    assert.equal(again.body.result_code, 400043);
  });

  test('anonymous callers get 300001', async () => {
    const answer = await post(undefined, '/djapi/account/open/bank-code', {
      bank_card_no: cardNumber('622202'),
      reserved_phone: newPhone(),
    });
    assert.equal(answer.body.result_code, 300001);
  });
});

describe('trade password', () => {
  test('not before certification; weak passwords each get their reason; then set, once, and open_trade is on', async () => {
    const user = await createTestUser(t);
    assert.equal((await setPassword(user, '135790')).body.result_code, 400047);
    assert.equal((await open(user, { idNo: idNumber('1992-08-19', '777') })).answer.body.result_code, 0);
    const weak: Array<[string, string]> = [
      ['111111', '交易密码不能是6个相同的数字'],
      ['123456', '交易密码不能是连续递增或递减的数字'],
      ['987654', '交易密码不能是连续递增或递减的数字'],
      ['081912', '交易密码不能包含您的生日'],
      ['920819', '交易密码不能包含您的生日'],
      ['12345', '交易密码须为6位数字'],
      ['12a456', '交易密码须为6位数字'],
    ];
    for (const [password, reason] of weak) {
      const answer = await setPassword(user, password);
      assert.equal(answer.body.result_code, 400050, password);
      assert.equal(answer.body.error_description, reason, password);
    }
    const english = await setPassword(user, '222222', 'en-US');
    assert.equal(english.body.error_description, 'The trade password cannot be one digit repeated 6 times');
    const garbage = await post(user, '/djapi/account/trade-password', { encrypted_password: 'bm90IHJzYQ==' });
    assert.equal(garbage.body.result_code, 400012);
    const set = await setPassword(user, '135790');
    assert.equal(set.body.result_code, 0, JSON.stringify(set.body));
    assert.deepEqual(set.body.data, { open_trade: true });
    const row = await t.db.kysely.selectFrom('trade_passwords').select('hash').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    assert.match(row.hash, /^hmac\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.ok(!row.hash.includes('135790'));
    assert.equal((await setPassword(user, '246813')).body.result_code, 400054);
    const account = await get<{ user: Record<string, unknown> }>(user, '/djapi/account');
    assert.equal(account.data.user.open_trade, true);
    assert.equal(account.data.user.has_trade_password, true);
  });

  test('verify: right → verified; wrong → remaining; the 5th wrong locks for 3 hours with the time; unlocked after 3 h', async () => {
    const user = await createTestUser(t);
    assert.equal((await verify(user, '135790')).body.result_code, 400053, 'not set yet');
    assert.equal((await verify(user, '135790')).body.error_description, '您还未设置交易密码，请先设置交易密码');
    await open(user, { idNo: idNumber('1988-11-02', '432') });
    assert.equal((await setPassword(user, '258036')).body.result_code, 0);
    assert.deepEqual((await verify(user, '258036')).body.data, { verified: true });
    for (const remaining of [4, 3, 2, 1]) {
      const wrong = await verify(user, '000123');
      assert.equal(wrong.body.result_code, 400051);
      assert.deepEqual(wrong.body.data, { remaining });
      assert.equal(wrong.body.error_description, `交易密码错误，还可尝试 ${remaining} 次`);
    }
    const start = t.clock.now();
    const locked = await verify(user, '000123');
    assert.equal(locked.body.result_code, 400052);
    const until = new Date(start.getTime() + 3 * HOUR);
    assert.deepEqual(locked.body.data, { locked_until: until.toISOString() });
    const shanghai = new Date(until.getTime() + 8 * HOUR).toISOString().slice(11, 16);
    assert.equal(locked.body.error_description, `交易密码已锁定，请于 ${shanghai} 后重试`);
    t.clock.advance(3 * HOUR - 1000);
    const stillLocked = await verify(user, '258036');
    assert.equal(stillLocked.body.result_code, 400052, 'even the right password waits');
    const account = await get<{ user: Record<string, unknown> }>(user, '/djapi/account');
    assert.equal(account.data.user.trade_password_locked_until, until.toISOString());
    t.clock.advance(1000);
    assert.deepEqual((await verify(user, '258036')).body.data, { verified: true });
    assert.deepEqual((await verify(user, '000123')).body.data, { remaining: 4 }, 'the count starts again');
  });

  test('a right password resets the count; parallel wrong guesses cannot pass 5', async () => {
    const user = await createTestUser(t);
    await open(user, { idNo: idNumber('1991-01-20', '135') });
    await setPassword(user, '314159');
    await verify(user, '000000');
    await verify(user, '000000');
    assert.equal((await verify(user, '314159')).body.result_code, 0);
    assert.deepEqual((await verify(user, '000000')).body.data, { remaining: 4 });
    await verify(user, '314159');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(user, `00000${i}`)));
    assert.ok(answers.every((answer) => answer.body.result_code !== 0));
    assert.equal(answers.filter((answer) => answer.body.result_code === 400051).length, 4);
    assert.equal((await verify(user, '314159')).body.result_code, 400052, 'locked after 5 wrong tries');
  });
});

describe('personal income', () => {
  test('declare a bracket with or without an amount; the amount must fall in the bracket', async () => {
    const user = await createTestUser(t);
    const empty = await get<{ income: unknown; brackets: string[] }>(user, '/djapi/account/personal-income');
    assert.equal(empty.data.income, null);
    assert.deepEqual(empty.data.brackets, ['below_100k', '100k_300k', '300k_500k', '500k_1m', 'above_1m']);
    const saved = await post<{ income: { bracket: string; amount_fen: number } }>(user, '/djapi/account/personal-income', {
      bracket: '100k_300k',
      amount_fen: '25000000',
    });
    assert.equal(saved.body.result_code, 0);
    assert.equal(saved.body.data.income.amount_fen, 25_000_000);
    const outside = await post(user, '/djapi/account/personal-income', { bracket: 'below_100k', amount_fen: '25000000' });
    assert.equal(outside.body.result_code, 400001);
    assert.match(outside.body.error_description, /amount_fen/);
    const unknown = await post(user, '/djapi/account/personal-income', { bracket: 'millions' });
    assert.equal(unknown.body.result_code, 400001);
    const fraction = await post(user, '/djapi/account/personal-income', { bracket: 'above_1m', amount_fen: '1.5' });
    assert.equal(fraction.body.result_code, 400001);
    await post(user, '/djapi/account/personal-income', { bracket: 'above_1m' });
    const read = await get<{ income: { bracket: string; amount_fen: number | null } }>(user, '/djapi/account/personal-income');
    assert.deepEqual(
      { bracket: read.data.income.bracket, amount_fen: read.data.income.amount_fen },
      { bracket: 'above_1m', amount_fen: null },
    );
  });
});

describe('find fund account', () => {
  test("deterministic per ID, from the market's fund companies; an opened account may only look up its own ID", async () => {
    const user = await createTestUser(t);
    const lookups = await Promise.all(
      ['001', '002', '003', '004', '005', '006'].map((s) =>
        post<{ items: Array<Record<string, string>> }>(user, '/djapi/account/find-fund-account', {
          id_no: idNumber('1980-05-05', s),
          real_name: '张三',
        }),
      ),
    );
    const companies = new Set((await t.db.kysely.selectFrom('fund_company').select('name').execute()).map((row) => row.name));
    const all = lookups.flatMap((lookup) => lookup.body.data.items);
    assert.ok(all.length > 0, 'some IDs hold accounts');
    for (const item of all) {
      assert.ok(companies.has(item.company_name!), item.company_name);
      assert.match(item.account_no_masked!, /^\d{4}\*{6}\d{4}$/);
      assert.ok(item.opened_at! >= '2005-01-01' && item.opened_at! <= '2025-03-04', item.opened_at);
    }
    const again = await post<{ items: unknown[] }>(user, '/djapi/account/find-fund-account', {
      id_no: idNumber('1980-05-05', '001'),
      real_name: '张三',
    });
    assert.deepEqual(again.body.data, lookups[0]!.body.data);
    const bad = await post(user, '/djapi/account/find-fund-account', { id_no: '123', real_name: '张三' });
    assert.equal(bad.body.result_code, 400040);

    const opened = await createTestUser(t);
    const own = idNumber('1975-09-09', '909');
    await open(opened, { idNo: own });
    assert.equal((await post(opened, '/djapi/account/find-fund-account', { id_no: own, real_name: '张三' })).body.result_code, 0);
    const foreign = await post(opened, '/djapi/account/find-fund-account', { id_no: idNumber('1980-05-05', '001'), real_name: '张三' });
    assert.equal(foreign.body.result_code, 400070);
  });
});
