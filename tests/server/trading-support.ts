// Investors with an open account for the trading tests, and form posts of the trading calls.
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { addCalendarDays } from '../../server/src/domain/calendar';
import { shanghaiDate } from '../../server/src/domain/clock';
import { createTestUser, encryptForServer, json, type Envelope, type TestApp, type TestUser } from './helpers';

export const TRADE_PASSWORD = '135790';

export interface Investor extends TestUser {
  cardId: number;
}

/** A user with an open account: real name, an ICBC card, the trade password above and a valid C`level` assessment. */
export async function createInvestor(t: TestApp, opts: { level?: number; bankCode?: string; assessed?: boolean } = {}): Promise<Investor> {
  const user = await createTestUser(t, { openTrade: true });
  const now = t.clock.now();
  const card = await t.db.kysely
    .insertInto('bank_cards')
    .values({
      user_id: user.userId,
      bank_code: opts.bankCode ?? 'ICBC',
      card_hmac: `h${user.userId}`,
      card_no_encrypted: 'x',
      card_tail: '2565',
      reserved_phone_encrypted: 'x',
      reserved_phone_masked: '138****0000',
      verified_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('trade_passwords')
    .values({ user_id: user.userId, hash: hashPassword(TRADE_PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
    .execute();
  if (opts.assessed !== false) {
    await t.db.kysely
      .insertInto('risk_assessments')
      .values({
        user_id: user.userId,
        questionnaire: 'v1',
        answers: JSON.stringify({}),
        score: 50,
        level: opts.level ?? 5,
        assessed_at: now,
        valid_until: addCalendarDays(shanghaiDate(now), 730),
      })
      .execute();
  }
  return { ...user, cardId: Number(card.id) };
}

export async function post<T = unknown>(t: TestApp, user: TestUser | null, url: string, fields: Record<string, string>, lang = 'zh-CN') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...(user?.headers ?? {}), 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: json<Envelope<T>>(res) };
}

export async function get<T = unknown>(t: TestApp, user: TestUser | null, url: string, lang = 'zh-CN') {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...(user?.headers ?? {}), 'accept-language': lang } });
  return { status: res.statusCode, body: json<Envelope<T>>(res) };
}

let requestCounter = 0;
export const newRequestId = () => `req-${process.pid}-${Date.now()}-${(requestCounter += 1)}`;

export function buy(t: TestApp, user: TestUser, fdCode: string, amount: string, extra: Record<string, string> = {}) {
  return post<Record<string, unknown>>(t, user, '/djapi/order/buy', {
    fd_code: fdCode,
    amount,
    pay_method: 'bankcard',
    request_id: extra.request_id ?? newRequestId(),
    trade_password: encryptForServer(t, extra.password ?? TRADE_PASSWORD),
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'password' && k !== 'request_id')),
  });
}

export function sell(t: TestApp, user: TestUser, fdCode: string, volume: string, extra: Record<string, string> = {}) {
  return post<Record<string, unknown>>(t, user, '/djapi/order/sell', {
    fd_code: fdCode,
    volume,
    request_id: extra.request_id ?? newRequestId(),
    trade_password: encryptForServer(t, extra.password ?? TRADE_PASSWORD),
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'password' && k !== 'request_id')),
  });
}

export function cancel(t: TestApp, user: TestUser, orderId: string, password = TRADE_PASSWORD) {
  return post<Record<string, unknown>>(t, user, '/djapi/order/cancel', {
    order_id: orderId,
    trade_password: encryptForServer(t, password),
  });
}

/** Moves business time forward and runs the jobs that fell due (the dev clock route). */
export async function advance(t: TestApp, days: number): Promise<void> {
  const res = await post(t, null, '/__dev/clock/advance', { days: String(days) });
  if (res.body.result_code !== 0) throw new Error(`advance failed: ${JSON.stringify(res.body)}`);
}
