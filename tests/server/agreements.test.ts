// Issue 17: account opening records the investor's acceptance of each agreement (id, version, time) and refuses an
// opening without the current versions; GET /djapi/account/agreements reads them back; the brand comes from BRAND_FILE;
// the customer-service form validates, stores the contact encrypted and is rate-limited.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AGREEMENTS, formatAcceptedAgreements } from '../../src/lib/agreements';
import { DEFAULT_BRAND } from '../../src/lib/brand';
import { idCardCheckChar, luhnValid } from '../../src/lib/validators';
import { loadConfig } from '../../server/src/config';
import { createTestApp, createTestUser, json, type TestApp, type TestUser } from './helpers';

interface Envelope<T = unknown> {
  result_code: number;
  data: T;
  message: string;
  error_description: string;
}

function idNumber(birth: string, seq: string): string {
  const first17 = `110101${birth.replaceAll('-', '')}${seq}`;
  return `${first17}${idCardCheckChar(first17)}`;
}

function cardNumber(body: string): string {
  const partial = `622202${body}`.slice(0, 18).padEnd(18, '0');
  for (let digit = 0; digit <= 9; digit += 1) if (luhnValid(`${partial}${digit}`)) return `${partial}${digit}`;
  throw new Error('unreachable');
}

let t: TestApp;
let seq = 0;

before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

async function post<T = unknown>(
  user: TestUser | undefined,
  url: string,
  form: Record<string, string>,
  opts: { lang?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...(user?.headers ?? {}) };
  if (opts.lang) headers['accept-language'] = opts.lang;
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers,
    payload: new URLSearchParams(form).toString(),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  return { statusCode: response.statusCode, body: json<Envelope<T>>(response) };
}

async function get<T = unknown>(user: TestUser | undefined, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  return json<Envelope<T>>(response);
}

/** A user with a bank code sent to a fresh card and phone: the certification form, less the agreements. */
async function readyToOpen(): Promise<{ user: TestUser; form: Record<string, string> }> {
  const user = await createTestUser(t);
  seq += 1;
  const phone = `1390000${String(seq).padStart(4, '0')}`;
  const card = cardNumber(`55500000${seq}`);
  const sent = await post(user, '/djapi/account/open/bank-code', { bank_card_no: card, reserved_phone: phone });
  assert.equal(sent.body.result_code, 0, JSON.stringify(sent.body));
  const box = await get<{ items: Array<{ code: string }> }>(undefined, `/__dev/sms?telephone=${phone}`);
  const code = box.data.items[0]!.code;
  return {
    user,
    form: {
      real_name: '李四',
      id_no: idNumber('1988-08-08', String(200 + seq)),
      bank_card_no: card,
      reserved_phone: phone,
      bank_code_sms: code,
    },
  };
}

interface AgreementsAnswer {
  current: Array<{ id: string; version: string; effective_date: string }>;
  accepted: Array<{ agreement_id: string; version: string; context: string; accepted_at: string }>;
}

describe('agreement acceptance at account opening', () => {
  test('an opening without the agreements is refused, naming them; nothing is opened or recorded', async () => {
    const { user, form } = await readyToOpen();
    const none = await post(user, '/djapi/account/open/certification', form);
    assert.equal(none.body.result_code, 400080);
    assert.equal(
      none.body.error_description,
      '请阅读并同意最新版本的《用户服务协议》、《隐私政策》、《基金投资风险揭示书》、《基金销售服务协议》后再开户',
    );
    const english = await post(user, '/djapi/account/open/certification', form, { lang: 'en-US' });
    assert.match(
      english.body.error_description,
      /^Please read and accept the current version of the Service Agreement, the Privacy Policy/,
    );

    // An old version of one, and a made-up id: refused too.
    const old = formatAcceptedAgreements().replace('privacy@2026.1', 'privacy@2025.9');
    const outdated = await post(user, '/djapi/account/open/certification', { ...form, agreements: old });
    assert.equal(outdated.body.result_code, 400080);
    assert.equal(outdated.body.error_description, '请阅读并同意最新版本的《隐私政策》后再开户');
    const forged = await post(user, '/djapi/account/open/certification', { ...form, agreements: `${formatAcceptedAgreements()},terms@1` });
    assert.equal(forged.body.result_code, 400080);
    assert.match(forged.body.error_description, /协议确认信息格式不正确/);

    const account = await get<{ user: { certified?: boolean } }>(user, '/djapi/account');
    assert.notEqual(account.data.user.certified, true, 'not opened');
    const records = await get<AgreementsAnswer>(user, '/djapi/account/agreements');
    assert.deepEqual(records.data.accepted, []);
  });

  test('an opening with the current versions records each acceptance with its time; the GET reads them', async () => {
    const { user, form } = await readyToOpen();
    const opened = await post(user, '/djapi/account/open/certification', { ...form, agreements: formatAcceptedAgreements() });
    assert.equal(opened.body.result_code, 0, JSON.stringify(opened.body));
    const records = await get<AgreementsAnswer>(user, '/djapi/account/agreements');
    assert.equal(records.result_code, 0);
    assert.deepEqual(
      records.data.current.map((a) => `${a.id}@${a.version}`),
      AGREEMENTS.map((a) => `${a.id}@${a.version}`),
    );
    assert.deepEqual(records.data.accepted.map((a) => `${a.agreement_id}@${a.version}`).sort(), [
      'fund-sale@2026.1',
      'privacy@2026.1',
      'risk-disclosure@2026.1',
      'service@2026.1',
    ]);
    for (const a of records.data.accepted) {
      assert.equal(a.context, 'opening');
      assert.equal(a.accepted_at, t.clock.now().toISOString(), 'the time of the opening call');
    }
    // Another investor sees only their own (none).
    const other = await createTestUser(t);
    assert.deepEqual((await get<AgreementsAnswer>(other, '/djapi/account/agreements')).data.accepted, []);
    // Not logged in: 300001.
    assert.equal((await get(undefined, '/djapi/account/agreements')).result_code, 300001);
  });
});

describe('brand', () => {
  test('GET /djapi/platform/brand answers the neutral default, with the demo mark outside production', async () => {
    const brand = await get<Record<string, unknown>>(undefined, '/djapi/platform/brand');
    assert.equal(brand.data.name, DEFAULT_BRAND.name);
    assert.equal(brand.data.service_hours, DEFAULT_BRAND.serviceHours);
    assert.equal(brand.data.demo, true);
    assert.doesNotMatch(JSON.stringify(brand.data), /蛋卷|Danjuan|雪球/);
  });

  test('BRAND_FILE replaces the default; production drops the demo mark; a bad file is refused at start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'brand-'));
    const file = join(dir, 'brand.json');
    writeFileSync(file, JSON.stringify({ name: '示例财富', service_phone: '400-123-4567', service_hours: '工作日 8:30–17:30' }));
    const config = loadConfig({ BRAND_FILE: file, NODE_ENV: 'production' }, dir);
    assert.equal(config.brand.name, '示例财富');
    assert.equal(config.brand.servicePhone, '400-123-4567');
    assert.equal(config.brand.serviceHours, '工作日 8:30–17:30');
    assert.equal(config.brand.company, DEFAULT_BRAND.company, 'fields not given keep the default');
    assert.equal(config.brand.demo, false);
    assert.equal(loadConfig({ BRAND_FILE: file, NODE_ENV: 'production', DEMO_NOTICE: '1' }, dir).brand.demo, true);
    writeFileSync(file, JSON.stringify({ nmae: 'typo' }));
    assert.throws(() => loadConfig({ BRAND_FILE: file }, dir), /unknown field "nmae"/);
    writeFileSync(file, JSON.stringify({ service_phone: 'call us' }));
    assert.throws(() => loadConfig({ BRAND_FILE: file }, dir), /field "service_phone" is not usable/);
    writeFileSync(file, '{ not json');
    assert.throws(() => loadConfig({ BRAND_FILE: file }, dir), /BRAND_FILE/);
  });
});

describe('customer-service messages', () => {
  test('a valid message is stored with the contact encrypted, and answered with a ticket', async () => {
    const user = await createTestUser(t);
    const sent = await post<{ ticket: string; contact_masked: string }>(
      user,
      '/djapi/service/messages',
      { topic: 'trade', message: '赎回的钱三天了还没到账，请帮忙查一下', contact: '13912345678' },
      { ip: '10.1.0.1' },
    );
    assert.equal(sent.body.result_code, 0, JSON.stringify(sent.body));
    assert.match(sent.body.data.ticket, /^KF\d{8}$/);
    assert.equal(sent.body.data.contact_masked, '139****5678');
    const row = await t.db.kysely
      .selectFrom('service_messages')
      .selectAll()
      .where('id', '=', Number(sent.body.data.ticket.slice(2)))
      .executeTakeFirstOrThrow();
    assert.equal(row.user_id, user.userId);
    assert.equal(row.topic, 'trade');
    assert.equal(row.message, '赎回的钱三天了还没到账，请帮忙查一下');
    assert.doesNotMatch(row.contact_encrypted, /13912345678/);
    assert.equal(t.app.personalData.decrypt(row.contact_encrypted), '13912345678');
    // Anonymous visitors may write too, with an e-mail address.
    const anonymous = await post<{ contact_masked: string }>(
      undefined,
      '/djapi/service/messages',
      { message: 'How do I open an account?', contact: 'li.si@example.com' },
      { ip: '10.1.0.2' },
    );
    assert.equal(anonymous.body.result_code, 0);
    assert.equal(anonymous.body.data.contact_masked, 'l***@example.com');
  });

  test('bad input gets its message, and nothing is stored', async () => {
    const before = await t.db.kysely
      .selectFrom('service_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, string>, string]> = [
      [{ message: '', contact: '13912345678' }, '请填写问题描述'],
      [{ message: '  到账  ', contact: '13912345678' }, '问题描述至少 5 个字'],
      [{ message: '很'.repeat(501), contact: '13912345678' }, '问题描述最多 500 个字'],
      [{ message: '赎回没有到账怎么办', contact: '12345' }, '请填写正确的手机号或邮箱，方便客服联系您'],
      [{ message: '赎回没有到账怎么办', contact: '' }, '请填写正确的手机号或邮箱，方便客服联系您'],
      [{ topic: 'lottery', message: '赎回没有到账怎么办', contact: '13912345678' }, '请选择问题类型'],
    ];
    for (const [form, message] of cases) {
      const answer = await post(undefined, '/djapi/service/messages', form, { ip: '10.1.0.3' });
      assert.equal(answer.statusCode, 400, message);
      assert.equal(answer.body.result_code, 400081, message);
      assert.equal(answer.body.error_description, message);
    }
    const afterCount = await t.db.kysely
      .selectFrom('service_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n));
  });

  test('five messages an hour per client address, then 429001', async () => {
    const form = { message: '请问定投可以修改金额吗', contact: 'test@example.com' };
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await post(undefined, '/djapi/service/messages', form, { ip: '10.9.9.9' })).body.result_code, 0, `message ${i + 1}`);
    }
    const sixth = await post(undefined, '/djapi/service/messages', form, { ip: '10.9.9.9' });
    assert.equal(sixth.statusCode, 429);
    assert.equal(sixth.body.result_code, 429001);
    assert.equal((await post(undefined, '/djapi/service/messages', form, { ip: '10.9.9.10' })).body.result_code, 0, 'another address');
  });
});
