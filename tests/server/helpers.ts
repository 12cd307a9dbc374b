import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  constants as cryptoConstants,
  createHmac,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  publicEncrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { currentAgreement } from '../../src/lib/agreements';
import { buildApp } from '../../server/src/app';
import { testConfig, type ServerConfig } from '../../server/src/config';
import type { Database } from '../../server/src/db/database';
import { openMarketPGlite, openMigratedPGlite, openPostgresCopy } from './db-images';
import { offsetClock, parseBusinessStart, shanghaiDate, type OffsetClock } from '../../server/src/domain/clock';
import { issueSession, lookupSession, type SessionInfo } from '../../server/src/plugins/session';
import { ensureDefaultConfig } from '../../server/src/services/mpaas-config';
import type { WechatProvider } from '../../server/src/services/wechat';
import type { SmsProvider } from '../../server/src/services/sms';
import { rsaPkcs1Decrypt } from '../../server/src/services/rsa';
import { openMessage, sealMessage } from '../../server/src/services/secure-message';

/** A Tuesday, 10:00 in Shanghai: a trading day, before the 15:00 cut-off. */
export const TEST_NOW = '2025-03-04T02:00:00.000Z';

/**
 * Where a date-sensitive test starts (the money simulations): BUSINESS_DATE — `npm test` sets the run's date, and the
 * date sweep's awkward ones, printed so that a failure can be replayed — else `fallback`, the date the test states.
 * A BUSINESS_DATE without a time takes `fallback`'s time of day.
 */
export function businessStartForTests(fallback: string): string {
  const text = process.env.BUSINESS_DATE?.trim();
  return text ? parseBusinessStart(text, new Date(fallback)).toISOString() : fallback;
}

/** A simulation's seed: `given` (its env override), else the business date's day number (it rotates), else `fallback`. */
export function rotatingSeed(given: string | undefined, fallback: number): number {
  if (given) return Number(given);
  const text = process.env.BUSINESS_DATE?.trim();
  return text ? Math.floor(Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / 86_400_000) : fallback;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: OffsetClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed a small demo market (seedMarket(db, {seed: 1, small: true, asOf: the clock's date})). */
  market?: boolean;
  now?: string;
  config?: Partial<ServerConfig>;
  wechat?: WechatProvider;
  sms?: SmsProvider;
  /** pino options for the app's logger (default: silent). */
  logger?: boolean | object;
  /** The database the app is given, made from the test's (e.g. statement-count.ts's counting copy); `db` stays the test's. */
  appDb?: (db: Database) => Database;
}

/** Which database the server tests run on: PGlite in memory, or TEST_DATABASE_URL. */
export const testDatabaseKind = (): 'pglite' | 'postgres' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * A migrated database: in-memory PGlite, or (TEST_DATABASE_URL set) a new database on PostgreSQL, dropped again on
 * close; both copied from a ready image (db-images.ts).
 */
export async function createTestDatabase(options: { market?: { seed: number; asOf: string } } = {}): Promise<{
  db: Database;
  drop(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // From a ready image (db-images.ts): a restore instead of initdb, migrations and the seed.
    const db = options.market ? await openMarketPGlite(options.market.seed, options.market.asOf) : await openMigratedPGlite();
    return { db, drop: () => db.close() };
  }
  return openPostgresCopy(url, options.market);
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const clock = offsetClock(opts.now ?? TEST_NOW, { frozen: true });
  // The market ends on the test clock's date, so "today" in tests is the same day for both.
  const { db, drop } = await createTestDatabase(opts.market ? { market: { seed: 1, asOf: shanghaiDate(clock.now()) } } : {});
  await ensureDefaultConfig(db.kysely, clock.now());
  const app = await buildApp({
    db: opts.appDb ? opts.appDb(db) : db,
    clock,
    config: testConfig(opts.config),
    logger: opts.logger ?? false,
    wechat: opts.wechat,
    sms: opts.sms,
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface TestUser {
  userId: number;
  telephone: string;
  session: SessionInfo;
  /** Cookie header value carrying the session and a matching XSRF cookie. */
  cookie: string;
  /** Headers for a state-changing request (cookie + X-XSRF-TOKEN). */
  headers: Record<string, string>;
}

/** Creates a user and a logged-in session directly in the database (SMS login is another issue). */
export async function createTestUser(
  testApp: Pick<TestApp, 'db' | 'clock'>,
  opts: { telephone?: string; openTrade?: boolean } = {},
): Promise<TestUser> {
  const telephone = opts.telephone ?? `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const user = await testApp.db.kysely
    .insertInto('users')
    .values({ telephone, open_trade: opts.openTrade ?? false, created_at: testApp.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await issueSession(testApp.db.kysely, { userId: user.id, clientId: 'dj-h5', now: testApp.clock.now() });
  const xsrf = 'test-xsrf-token';
  const cookie = `xq_a_token=${session.token}; XSRF-TOKEN=${xsrf}`;
  return { userId: user.id, telephone, session, cookie, headers: { cookie, 'x-xsrf-token': xsrf } };
}

/** Parses a JSON response body (fails the test with the raw body when it is not JSON). */
/** The response envelope of every call: `{result_code, data, message, error_description}`. */
export interface Envelope<T = unknown> {
  result_code: number;
  data: T;
  message: string;
  error_description: string;
}

/**
 * Where a log holds `secret` (-1 when it does not). A number (a phone, a password, a code) counts only whole, not
 * inside a longer run of digits: pino's float `responseTime` once read 0.9851380000000063, which holds 13800000000.
 */
export function secretAt(log: string, secret: string): number {
  if (!/^\d+$/.test(secret)) return log.indexOf(secret);
  return log.search(new RegExp(`(?<!\\d)${secret}(?!\\d)`));
}

/**
 * What a login with the ticked box must have recorded: 用户服务协议 and 隐私政策 in their current version, context
 * login, at the login time (`at`, ISO) — whichever login it was (SMS, the mini program's phone).
 */
export function assertLoginAcceptances(
  rows: { agreement_id: string; version: string; context: string; accepted_at: string }[],
  at: string,
): void {
  assert.deepEqual(rows.map((a) => `${a.agreement_id}@${a.version}`).sort(), [
    `privacy@${currentAgreement('privacy').version}`,
    `service@${currentAgreement('service').version}`,
  ]);
  for (const row of rows) {
    assert.equal(row.context, 'login');
    assert.equal(row.accepted_at, at);
  }
}

export function json<T = Record<string, unknown>>(response: { body: string }): T {
  try {
    return JSON.parse(response.body) as T;
  } catch {
    throw new Error(`not JSON: ${response.body.slice(0, 300)}`);
  }
}

export interface SecureClient {
  deviceId: string;
  secret: Buffer;
  /** POSTs `form` (form-encoded, then encrypted) as a listed secure call; decrypts `data` of the answer. */
  post(url: string, form: Record<string, string>, headers?: Record<string, string>): Promise<SecureAnswer>;
}

export interface SecureAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  /** The envelope with `data` decrypted (when the server encrypted it). */
  body: Record<string, unknown> & { result_code: number; data: unknown };
}

/** The client's half of the X25519 exchange (docs/SECURITY.md "Key exchange"), written with node:crypto only. */
export function x25519ClientSecret(
  clientPrivate: KeyObject,
  clientPublic: KeyObject,
  answer: { client_id: string; public_key: string; key_confirmation?: string },
): Buffer {
  const serverPublic = createPublicKey(answer.public_key);
  if (serverPublic.asymmetricKeyType !== 'x25519') throw new Error('the server key is not X25519');
  const raw = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).subarray(12);
  const shared = diffieHellman({ privateKey: clientPrivate, publicKey: serverPublic });
  const info = Buffer.concat([raw(clientPublic), raw(serverPublic), Buffer.from(answer.client_id, 'utf8')]);
  const secret = Buffer.from(hkdfSync('sha256', shared, 'dj-ee2e-x25519-v1', info, 32));
  const expected = createHmac('sha256', secret).update('dj-confirm').digest();
  const received = Buffer.from(answer.key_confirmation ?? '', 'base64');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new Error('key confirmation does not verify');
  return secret;
}

/**
 * Registers a device the way the client does — X25519 (today's clients) or, with `exchange: 'rsa'`, the older RSA
 * exchange (native apps, outside clients) — and talks the secure API.
 */
export async function createSecureClient(
  testApp: Pick<TestApp, 'app'>,
  options: { exchange?: 'x25519' | 'rsa' } = {},
): Promise<SecureClient> {
  let secret: Buffer | undefined;
  let registered: { result_code: number; data: { client_id: string; public_key: string; secret?: string; key_confirmation?: string } };
  const exchange = (publicKey: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/xqapi/ee2e/public_key_web',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ public_key: publicKey }).toString(),
    });
  if (options.exchange === 'rsa') {
    const client = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const response = await exchange(client.publicKey);
    registered = json<typeof registered>(response);
    if (registered.result_code !== 0) throw new Error(`device registration failed: ${response.body}`);
    secret = rsaPkcs1Decrypt(client.privateKey, Buffer.from(registered.data.secret ?? '', 'base64'));
  } else {
    const client = generateKeyPairSync('x25519');
    const response = await exchange(client.publicKey.export({ type: 'spki', format: 'pem' }) as string);
    registered = json<typeof registered>(response);
    if (registered.result_code !== 0) throw new Error(`device registration failed: ${response.body}`);
    secret = x25519ClientSecret(client.privateKey, client.publicKey, registered.data);
  }
  if (!secret) throw new Error('device secret did not decrypt');
  const deviceSecret = secret;
  const deviceId = registered.data.client_id;
  return {
    deviceId,
    secret: deviceSecret,
    async post(url, form, headers = {}) {
      const answer = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { isenc: '1', 'x-device-id': deviceId, 'content-type': 'text/plain', ...headers },
        payload: sealMessage(deviceSecret, new URLSearchParams(form).toString()),
      });
      const body = json<SecureAnswer['body']>(answer);
      if (answer.headers.isenc === '1' && typeof body.data === 'string') body.data = JSON.parse(openMessage(deviceSecret, body.data));
      return { statusCode: answer.statusCode, headers: answer.headers, body };
    },
  };
}

// ---- Accounts -----------------------------------------------------------------------

/** Encrypts text to the server's RSA key the way jsencrypt does (PKCS#1 v1.5, base64). */
export function encryptForServer(testApp: Pick<TestApp, 'app'>, text: string): string {
  return publicEncrypt(
    { key: testApp.app.serverKeys.publicKeyPem, padding: cryptoConstants.RSA_PKCS1_PADDING },
    Buffer.from(text, 'utf8'),
  ).toString('base64');
}

/** A fresh anonymous token (password grant through the secure API, as the client does). */
export async function anonymousToken(secure: SecureClient, clientId = 'dj-h5'): Promise<string> {
  const answer = await secure.post(`/xqapi/provider/oauth/token?client_id=${clientId}&client_secret=${clientId}-demo-secret`, {
    grant_type: 'password',
  });
  if (answer.body.result_code !== 0) throw new Error(`anonymous token failed: ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { access_token: string }).access_token;
}

/** Sends a login code to `telephone` (SMS send through the secure API with an anonymous token). */
export async function sendLoginCode(
  secure: SecureClient,
  telephone: string,
  opts: { token?: string; voice?: boolean; headers?: Record<string, string> } = {},
): Promise<SecureAnswer> {
  const token = opts.token ?? (await anonymousToken(secure));
  return secure.post(
    '/xqapi/account/sms/send_verification_code.json',
    { telephone, areacode: '86', source: '0', voice: String(opts.voice ?? false) },
    { cookie: `xq_a_token=${token}`, ...opts.headers },
  );
}

/** The newest code the SMS outbox holds for a phone (what `GET /__dev/sms` shows). */
export async function latestCode(testApp: Pick<TestApp, 'app'>, telephone: string): Promise<string> {
  const response = await testApp.app.inject({ method: 'GET', url: `/__dev/sms?telephone=${telephone}` });
  const items = json<{ data: { items: Array<{ code: string }> } }>(response).data.items;
  if (!items[0]) throw new Error(`no code sent to ${telephone}`);
  return items[0].code;
}

/** Logs `telephone` in by SMS exactly as the client does; returns a TestUser for the new session. */
export async function loginBySms(
  testApp: Pick<TestApp, 'app'>,
  secure: SecureClient,
  telephone: string,
  form: Record<string, string> = {},
): Promise<TestUser> {
  const sent = await sendLoginCode(secure, telephone);
  if (sent.body.result_code !== 0) throw new Error(`code send failed: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(testApp, telephone);
  const answer = await secure.post('/xqapi/provider/oauth/token?client_id=dj-h5&client_secret=dj-h5-demo-secret', {
    grant_type: 'telephone_auto_login',
    telephone,
    code,
    ...form,
  });
  if (answer.body.result_code !== 0) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  const token = (answer.body.data as { access_token: string }).access_token;
  const session = await lookupSession(testApp.app.db.kysely, token, testApp.app.clock.now());
  if (!session?.userId) throw new Error('login left no user session');
  const xsrf = 'test-xsrf-token';
  const cookie = `xq_a_token=${token}; XSRF-TOKEN=${xsrf}`;
  return { userId: session.userId, telephone, session, cookie, headers: { cookie, 'x-xsrf-token': xsrf } };
}

/**
 * A minimal H5 build (index.html only) in a temporary folder: pages are served by the static plugin's route, as
 * with a real build, whether or not `dist/h5` exists on this machine (CI runs the server suite before building).
 */
export function stubH5Dir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'h5-stub-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>stub</title></head><body><div id="app"></div></body></html>');
  return dir;
}
