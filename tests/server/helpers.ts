import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { testConfig, type ServerConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { migrate } from '../../server/src/db/migrate';
import { offsetClock, shanghaiDate, type OffsetClock } from '../../server/src/domain/clock';
import { seedMarket } from '../../server/src/market/seed';
import { issueSession, type SessionInfo } from '../../server/src/plugins/session';
import { ensureDefaultConfig } from '../../server/src/services/mpaas-config';
import type { WechatProvider } from '../../server/src/services/wechat';
import type { SmsProvider } from '../../server/src/services/sms';
import { rsaPkcs1Decrypt } from '../../server/src/services/rsa';
import { openMessage, sealMessage } from '../../server/src/services/secure-message';

/** A Tuesday, 10:00 in Shanghai: a trading day, before the 15:00 cut-off. */
export const TEST_NOW = '2025-03-04T02:00:00.000Z';

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
}

/** Which database the server tests run on: PGlite in memory, or TEST_DATABASE_URL. */
export const testDatabaseKind = (): 'pglite' | 'postgres' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * A migrated database: in-memory PGlite, or (TEST_DATABASE_URL set) a fresh schema on
 * PostgreSQL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ memory: true });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl: url, schema, poolSize: 4 });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { db, drop } = await createTestDatabase();
  const clock = offsetClock(opts.now ?? TEST_NOW, { frozen: true });
  await ensureDefaultConfig(db.kysely, clock.now());
  if (opts.market) {
    // The market ends on the test clock's date, so "today" in tests is the same day for both.
    await seedMarket(db, { seed: 1, small: true, asOf: shanghaiDate(clock.now()) });
  }
  const app = await buildApp({
    db,
    clock,
    config: testConfig(opts.config),
    logger: false,
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

/** Registers a device the way the client does (RSA key exchange) and talks the secure API. */
export async function createSecureClient(testApp: Pick<TestApp, 'app'>): Promise<SecureClient> {
  const client = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/xqapi/ee2e/public_key_web',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ public_key: client.publicKey }).toString(),
  });
  const registered = json<{ result_code: number; data: { client_id: string; secret: string } }>(response);
  if (registered.result_code !== 0) throw new Error(`device registration failed: ${response.body}`);
  const secret = rsaPkcs1Decrypt(client.privateKey, Buffer.from(registered.data.secret, 'base64'));
  if (!secret) throw new Error('device secret did not decrypt');
  const deviceId = registered.data.client_id;
  return {
    deviceId,
    secret,
    async post(url, form, headers = {}) {
      const answer = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { isenc: '1', 'x-device-id': deviceId, 'content-type': 'text/plain', ...headers },
        payload: sealMessage(secret, new URLSearchParams(form).toString()),
      });
      const body = json<SecureAnswer['body']>(answer);
      if (answer.headers.isenc === '1' && typeof body.data === 'string') body.data = JSON.parse(openMessage(secret, body.data));
      return { statusCode: answer.statusCode, headers: answer.headers, body };
    },
  };
}
