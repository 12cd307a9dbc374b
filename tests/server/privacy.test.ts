import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { formatAcceptedAgreements, parseAcceptedAgreements } from '../../src/lib/agreements';
import { createScheduler } from '../../server/src/jobs/scheduler';
import { retentionJob } from '../../server/src/jobs/retention';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { recordAcceptances } from '../../server/src/services/legal';
import { applyRetention } from '../../server/src/services/retention';
import {
  createSecureClient,
  createTestApp,
  createTestUser,
  json,
  latestCode,
  loginBySms,
  type Envelope,
  type TestApp,
  type TestUser,
} from './helpers';
import { advance, buy, createInvestor, get, post, sell } from './trading-support';
import Big from 'big.js';

// Issue 17, privacy: the rights the privacy policy promises, self-service. A copy of one's data (own rows only, money
// as decimal strings, no secrets), closing the account (refused while money or shares are held or on their way; on
// success the sessions end, the phone is free, what the law keeps stays marked closed), the daily retention job
// (idempotent per date) and the staff view of customer-service messages behind OPERATOR_TOKEN.

const STOCK = FUND_SAMPLES.stock;
// The export is read field by field below; its shape is services/data-export.ts's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ExportDoc = Record<string, any>;

const OPERATOR_TOKEN = 'op-token-for-tests-0123456789abcdef-xyz';

async function addIdentity(t: TestApp, user: TestUser, idNo: string, name: string): Promise<void> {
  const cipher = t.app.personalData;
  await t.db.kysely
    .insertInto('user_identities')
    .values({
      user_id: user.userId,
      id_no_hmac: cipher.digest('id-no', idNo),
      id_no_encrypted: cipher.encrypt(idNo),
      id_no_masked: `${idNo.slice(0, 4)}**********${idNo.slice(-4)}`,
      real_name_encrypted: cipher.encrypt(name),
      real_name_masked: `*${name.slice(1)}`,
      birth_date: '1990-03-07',
      certified_at: t.clock.now(),
    })
    .execute();
  await recordAcceptances(t.db.kysely, {
    userId: user.userId,
    accepted: parseAcceptedAgreements(formatAcceptedAgreements())!,
    context: 'opening',
    ip: '127.0.0.1',
    now: t.clock.now(),
  });
}

const serviceMessage = (t: TestApp, user: TestUser | null, message: string, contact: string) =>
  post<{ ticket: string }>(t, user, '/djapi/service/messages', { topic: 'privacy', message, contact });

describe('the copy of my data, and closing the account', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ market: true }); // Tuesday 2025-03-04 10:00
  });
  after(async () => t.close());

  it('the export holds my identity, assessments, agreements, card, orders and messages — and nothing of anyone else', async () => {
    const alice = await createInvestor(t, { level: 4 });
    const bob = await createInvestor(t, { level: 5 });
    await addIdentity(t, alice, '11010119900307123X', '张三');
    await addIdentity(t, bob, '110101198501011234', '李四');
    const aliceOrder = await buy(t, alice, STOCK, '317.00');
    const bobOrder = await buy(t, bob, STOCK, '520.00');
    assert.equal(aliceOrder.body.result_code, 0, aliceOrder.body.message);
    assert.equal(bobOrder.body.result_code, 0, bobOrder.body.message);
    const aliceTicket = (await serviceMessage(t, alice, '请帮我导出个人信息副本', 'alice@example.com')).body.data.ticket;
    const bobTicket = (await serviceMessage(t, bob, '我想咨询定投的扣款时间', '13912345678')).body.data.ticket;

    const answer = await get<ExportDoc>(t, alice, '/djapi/account/data-export');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.result_code, 0, answer.body.message);
    const data = answer.body.data;
    assert.equal(data.format, 'danjuan-open.personal-data');
    assert.equal(data.profile.telephone, alice.telephone);
    assert.equal(data.profile.user_id, String(alice.userId));
    assert.equal(data.profile.trade_password_set, true);
    assert.deepEqual(
      { name: data.identity.real_name, id: data.identity.id_no },
      { name: '张三', id: '11010119900307123X' },
      'identity as stored, decrypted for its owner',
    );
    assert.deepEqual(
      data.risk_assessments.map((a: { level: string }) => a.level),
      ['C4'],
    );
    assert.deepEqual(data.agreements_accepted.map((a: { agreement_id: string }) => a.agreement_id).sort(), [
      'fund-sale',
      'privacy',
      'risk-disclosure',
      'service',
    ]);
    assert.deepEqual(data.bank_cards, [
      {
        bank_code: 'ICBC',
        card_no_masked: '**** **** **** 2565',
        reserved_phone_masked: '138****0000',
        bound_at: data.bank_cards[0].bound_at,
      },
    ]);
    assert.equal(data.orders.length, 1);
    assert.equal(data.orders[0].order_id, (aliceOrder.body.data as { order_id: string }).order_id);
    assert.equal(data.orders[0].amount, '317.00', 'money as a decimal string');
    assert.equal(data.orders[0].fee, (aliceOrder.body.data as { fee: string }).fee);
    assert.match(data.orders[0].fee, /^\d+\.\d{2}$/);
    assert.equal(data.orders[0].status, 'paid');
    assert.deepEqual(data.cash, { fund_code: FUND_SAMPLES.xjb, balance: '0.00', movements: [] });
    assert.deepEqual(
      data.service_messages.map((m: { ticket: string; contact: string }) => [m.ticket, m.contact]),
      [[aliceTicket, 'alice@example.com']],
    );
    assert.ok(data.login_history.length >= 1);

    const text = JSON.stringify(answer.body);
    for (const other of [
      bob.telephone,
      '李四',
      '110101198501011234',
      bobTicket,
      '13912345678',
      (bobOrder.body.data as { order_id: string }).order_id,
    ])
      assert.ok(!text.includes(other), `Bob's ${other} is not in Alice's export`);
    assert.ok(!text.includes(`"user_id":"${bob.userId}"`));
    for (const secret of ['scrypt$', 'hmac$', 'hash', 'token', 'secret', 'key_base64', alice.session.token])
      assert.ok(!text.includes(secret), `no ${secret} in the export`);
    assert.equal((await get(t, null, '/djapi/account/data-export')).body.result_code, 300001);
  });

  it('refuses to close while shares, pending orders, money in transit or a plan remain; closes once everything is out', async () => {
    const investor = await createInvestor(t);
    await addIdentity(t, investor, '110101199203041239', '王五');
    const placed = await buy(t, investor, STOCK, '317.00');
    assert.equal(placed.body.result_code, 0, placed.body.message);

    const check = await get<{ can_close: boolean; blockers: string[]; reasons: string[] }>(t, investor, '/djapi/account/close/check');
    assert.deepEqual(check.body.data.blockers, ['pending_orders', 'in_transit']);
    assert.equal(check.body.data.can_close, false);
    const refused = await post<{ blockers: string[] }>(t, investor, '/djapi/account/close/code', {});
    assert.equal(refused.status, 400);
    assert.equal(refused.body.result_code, 400090);
    assert.equal(
      refused.body.message,
      '暂时无法注销账户：有交易尚未确认，请等待确认或撤单；有资金在途（卖出款或分红款尚未到账）。处理完毕后可再申请注销',
    );
    assert.deepEqual(refused.body.data.blockers, ['pending_orders', 'in_transit']);
    const english = await post(t, investor, '/djapi/account/close/code', {}, 'en-US');
    assert.match(english.body.message, /^Your account cannot be closed yet: an order is still pending/);

    await advance(t, 1); // 03-05: confirmed, the shares held
    assert.deepEqual((await get<{ blockers: string[] }>(t, investor, '/djapi/account/close/check')).body.data.blockers, ['holdings']);
    const plan = await t.db.kysely
      .insertInto('aip_plans')
      .values({
        user_id: investor.userId,
        request_id: 'privacy-plan-1',
        fund_code: STOCK,
        amount_fen: 10000,
        cycle: 'monthly',
        cycle_day: 28,
        anchor_date: '2025-03-28',
        status: 'paused',
        pause_reason: 'investor',
        next_date: null,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    assert.deepEqual((await get<{ blockers: string[] }>(t, investor, '/djapi/account/close/check')).body.data.blockers, [
      'holdings',
      'auto_invest',
    ]);
    await t.db.kysely.updateTable('aip_plans').set({ status: 'stopped' }).where('id', '=', plan.id).execute();

    const held = await t.db.kysely
      .selectFrom('lots')
      .select((eb) => eb.fn.sum<string>('volume').as('v'))
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    const sold = await sell(t, investor, STOCK, new Big(held.v).div(100).toFixed(2));
    assert.equal(sold.body.result_code, 0, sold.body.message);
    assert.deepEqual((await get<{ blockers: string[] }>(t, investor, '/djapi/account/close/check')).body.data.blockers, [
      'pending_orders',
      'in_transit',
    ]);
    await advance(t, 1); // 03-06: the sale confirmed, the money on its way to the card
    assert.deepEqual((await get<{ blockers: string[] }>(t, investor, '/djapi/account/close/check')).body.data.blockers, ['in_transit']);
    await advance(t, 7); // paid out
    const free = await get<{ can_close: boolean; blockers: string[] }>(t, investor, '/djapi/account/close/check');
    assert.deepEqual(free.body.data, { can_close: true, blockers: [], reasons: [] });

    const sent = await post<{ telephone_masked: string }>(t, investor, '/djapi/account/close/code', {});
    assert.equal(sent.body.result_code, 0, sent.body.message);
    assert.equal(sent.body.data.telephone_masked, `${investor.telephone.slice(0, 3)}****${investor.telephone.slice(-4)}`);
    const code = await latestCode(t, investor.telephone);
    const wrong = await post(t, investor, '/djapi/account/close', { code: code === '0000' ? '0001' : '0000' });
    assert.equal(wrong.body.result_code, 400021);
    assert.equal((await post(t, investor, '/djapi/account/close', {})).body.result_code, 400021, 'no code');
    const closed = await post<{ closed: boolean }>(t, investor, '/djapi/account/close', { code });
    assert.equal(closed.body.result_code, 0, closed.body.message);
    assert.equal(closed.body.data.closed, true);

    // The session is gone; the phone no longer names this account.
    assert.equal((await get(t, investor, '/djapi/account/settings')).body.result_code, 300001);
    const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', investor.userId).executeTakeFirstOrThrow();
    assert.equal(row.status, 'closed');
    assert.equal(row.telephone, `closed:${investor.userId}`);
    assert.equal(t.app.personalData.decrypt(row.closed_telephone_encrypted!), investor.telephone, 'kept encrypted with the identity');
    const left = async (table: 'trade_passwords' | 'sessions' | 'orders' | 'risk_assessments' | 'agreement_acceptances' | 'bank_cards') =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)} WHERE user_id = ${investor.userId}`.execute(
            t.db.kysely,
          )
        ).rows[0]?.n,
      );
    assert.equal(await left('trade_passwords'), 0);
    assert.equal(await left('sessions'), 0);
    assert.equal(await left('orders'), 2, 'trade records kept');
    assert.equal(await left('risk_assessments'), 1, 'suitability records kept');
    assert.equal(await left('agreement_acceptances'), 4);
    assert.equal(await left('bank_cards'), 1);
    const identity = await t.db.kysely
      .selectFrom('user_identities')
      .select('closed_at')
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    assert.ok(identity.closed_at, 'identity kept, marked closed');

    // The same phone registers a new, empty account; the same ID number may open again.
    const secure = await createSecureClient(t);
    const again = await loginBySms(t, secure, investor.telephone);
    assert.notEqual(again.userId, investor.userId);
    const fresh = await get<ExportDoc>(t, again, '/djapi/account/data-export');
    assert.equal(fresh.body.data.orders.length, 0);
    assert.equal(fresh.body.data.identity, null);
    await addIdentity(t, again, '110101199203041239', '王五');
  });

  it('a visitor who never opened closes at once; nothing of the phone is kept', async () => {
    const visitor = await createTestUser(t);
    assert.equal((await post(t, visitor, '/djapi/account/close/code', {})).body.result_code, 0);
    const closed = await post(t, visitor, '/djapi/account/close', { code: await latestCode(t, visitor.telephone) });
    assert.equal(closed.body.result_code, 0, closed.body.message);
    const row = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', visitor.userId).executeTakeFirstOrThrow();
    assert.equal(row.closed_telephone_encrypted, null);
    assert.ok(!JSON.stringify(row).includes(visitor.telephone));
  });
});

describe('the retention job', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  it('deletes what the policy keeps no longer, once per date; a second run deletes nothing', async () => {
    const db = t.db.kysely;
    const date = '2025-03-10';
    const at = (iso: string) => new Date(iso);
    const user = await createTestUser(t);
    await db
      .insertInto('sessions')
      .values([
        {
          token_hash: 'a'.repeat(64),
          kind: 'anonymous',
          user_id: null,
          client_id: 'x',
          created_at: at('2025-03-01T00:00:00Z'),
          expires_at: at('2025-03-07T00:00:00Z'),
        },
        {
          token_hash: 'b'.repeat(64),
          kind: 'user',
          user_id: user.userId,
          client_id: 'x',
          created_at: at('2025-03-01T00:00:00Z'),
          expires_at: at('2025-06-01T00:00:00Z'),
        },
      ])
      .execute();
    await db
      .insertInto('sms_codes')
      .values({
        purpose: 'login',
        phone_digest: 'd',
        code_salt: 's',
        code_hash: 'h',
        voice: false,
        ip: '',
        created_at: at('2025-03-05T00:00:00Z'),
        expires_at: at('2025-03-05T00:05:00Z'),
      })
      .execute();
    const event = (occurred: string) => ({
      category: 'c',
      visitor_id: 'v',
      occurred_at: at(occurred),
      platform: 'h5',
      screen_size: '390x844',
      event_code: 'e',
      page: 'p',
      module: 'm',
      extras: JSON.stringify({}),
    });
    await db
      .insertInto('analytics_events')
      .values([event('2023-03-01T00:00:00Z'), event('2024-03-01T00:00:00Z')])
      .execute();
    const message = (status: 'new' | 'answered', created: string, handled: string | null) => ({
      topic: 'other' as const,
      message: 'hello there',
      contact_encrypted: t.app.personalData.encrypt('a@b.cn'),
      status,
      created_at: at(created),
      handled_at: handled ? at(handled) : null,
    });
    await db
      .insertInto('service_messages')
      .values([
        message('answered', '2021-01-01T00:00:00Z', '2022-03-01T00:00:00Z'), // handled 3 years ago: goes
        message('answered', '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z'), // stays
        message('new', '2020-01-01T00:00:00Z', null), // not answered yet: stays
      ])
      .execute();
    const closedUser = async (closedAt: string) => {
      const row = await db
        .insertInto('users')
        .values({ telephone: `closed-test-${closedAt}`, status: 'closed', closed_at: at(closedAt), created_at: at('2000-01-01T00:00:00Z') })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAcceptances(db, {
        userId: row.id,
        accepted: parseAcceptedAgreements('privacy@2026.1')!,
        context: 'opening',
        ip: '',
        now: at('2001-01-01T00:00:00Z'),
      });
      await db
        .insertInto('orders')
        .values({
          user_id: row.id,
          request_id: `r-${row.id}`,
          request_hash: 'h',
          fund_code: STOCK,
          action: '022',
          status: 'confirmed',
          amount_fen: 100,
          trade_date: '2001-01-02',
          confirm_date: '2001-01-03',
          query_date: '2001-01-04',
          created_at: at('2001-01-02T00:00:00Z'),
          updated_at: at('2001-01-03T00:00:00Z'),
        })
        .execute();
      return row.id;
    };
    const oldClosed = await closedUser('2005-03-01T00:00:00Z'); // 20 years before 2025-03-10: goes
    const recentClosed = await closedUser('2010-03-01T00:00:00Z');
    await db
      .insertInto('app_state')
      .values({ key: 'jobs_through', value: JSON.stringify('2025-03-09') })
      .execute();

    const scheduler = createScheduler({ db: t.db, clock: t.clock, marketChanged: () => undefined, log: () => undefined }, [retentionJob]);
    const first = await scheduler.runThrough(date);
    assert.deepEqual(
      first.runs.map((r) => [r.job, r.date]),
      [['retention', date]],
    );
    assert.deepEqual(first.runs[0]?.report, {
      sessions: 1,
      thirdparty_pending: 0,
      devices: 0,
      sms_codes: 1,
      sms_throttle: 0,
      rate_limits: 0,
      analytics_events: 1,
      service_messages: 1,
      closed_accounts: 1,
    });
    const count = async (query: string) =>
      Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.raw(query)}`.execute(db)).rows[0]?.n);
    assert.equal(await count(`sessions WHERE user_id = ${user.userId} AND token_hash = '${'b'.repeat(64)}'`), 1, 'a live session stays');
    assert.equal(await count('analytics_events'), 1);
    assert.equal(await count('service_messages'), 2);
    assert.equal(await count(`users WHERE id = ${oldClosed}`), 0);
    assert.equal(await count(`orders WHERE user_id = ${oldClosed}`), 0);
    assert.equal(await count(`agreement_acceptances WHERE user_id = ${oldClosed}`), 0);
    assert.equal(await count(`orders WHERE user_id = ${recentClosed}`), 1, 'within 20 years: kept');
    assert.equal(await count(`agreement_acceptances WHERE user_id = ${recentClosed}`), 1);

    // The same date again: the scheduler does not run it, and the job itself finds nothing more.
    assert.deepEqual((await scheduler.runThrough(date)).runs, []);
    const again = await applyRetention(db, date);
    assert.ok(
      Object.values(again).every((n) => n === 0),
      JSON.stringify(again),
    );
    assert.equal(await count('service_messages'), 2);
  });
});

describe('the staff view of service messages', () => {
  it('does not exist without OPERATOR_TOKEN', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ops/service-messages', headers: { authorization: 'Bearer anything' } });
      assert.equal(res.statusCode, 404);
      assert.equal(json<Envelope>(res).result_code, 404001);
    } finally {
      await t.close();
    }
  });

  it('with the token: lists messages with the contact decrypted, marks one answered; any other bearer gets 401', async () => {
    const t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
    try {
      const ticket = (await serviceMessage(t, null, '我的定投为什么没有扣款？', '13812340000')).body.data.ticket;
      const list = (token?: string, query = '') =>
        t.app.inject({
          method: 'GET',
          url: `/ops/service-messages${query}`,
          headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        });
      for (const token of [undefined, '', 'wrong', OPERATOR_TOKEN.slice(0, -1), `${OPERATOR_TOKEN}x`]) {
        const res = await list(token);
        assert.equal(res.statusCode, 401, `token ${String(token)}`);
        assert.equal(json<Envelope>(res).result_code, 401001);
        assert.ok(!res.body.includes('13812340000'));
      }
      const cookieOnly = await t.app.inject({
        method: 'GET',
        url: '/ops/service-messages',
        headers: { cookie: `xq_a_token=${OPERATOR_TOKEN}` },
      });
      assert.equal(cookieOnly.statusCode, 401);

      const ok = json<Envelope<{ total: number; items: Array<{ id: string; ticket: string; contact: string; status: string }> }>>(
        await list(OPERATOR_TOKEN),
      );
      assert.equal(ok.result_code, 0);
      assert.equal(ok.data.total, 1);
      assert.equal(ok.data.items[0]?.ticket, ticket);
      assert.equal(ok.data.items[0]?.contact, '13812340000', 'decrypted for staff');
      const id = ok.data.items[0]!.id;

      const unauthorised = await t.app.inject({ method: 'POST', url: `/ops/service-messages/${id}/answer`, payload: {} });
      assert.equal(unauthorised.statusCode, 401);
      const answered = await t.app.inject({
        method: 'POST',
        url: `/ops/service-messages/${id}/answer`,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ note: '已电话回复' }),
      });
      assert.equal(json<Envelope<{ status: string }>>(answered).data.status, 'answered');
      const row = await t.db.kysely.selectFrom('service_messages').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
      assert.equal(row.status, 'answered');
      assert.equal(row.staff_note, '已电话回复');
      assert.ok(row.handled_at);
      assert.equal(json<Envelope<{ total: number }>>(await list(OPERATOR_TOKEN)).data.total, 0, 'new ones only by default');
      assert.equal(json<Envelope<{ total: number }>>(await list(OPERATOR_TOKEN, '?status=answered')).data.total, 1);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/ops/service-messages/999999/answer',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      assert.equal(missing.statusCode, 404);
      assert.equal(json<Envelope>(missing).message, '留言不存在：999999');
    } finally {
      await t.close();
    }
  });
});
