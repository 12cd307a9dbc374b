import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { idCardCheckChar, luhnValid } from '../../src/lib/validators';
import { INCOME_BRACKETS } from '../../server/src/domain/income';
import { serverMessages } from '../../server/src/http/result-codes';
import { canonicalUrl, isApiPath, pathOf } from '../../server/src/http/request-url';
import { DEFAULT_CONFIG } from '../../server/src/services/mpaas-config';
import { sealMessage } from '../../server/src/services/secure-message';
import {
  createSecureClient,
  createTestApp,
  createTestUser,
  encryptForServer,
  type SecureClient,
  type TestApp,
  type TestUser,
  secretAt,
} from './helpers';
import { rawRequest, type RawAnswer } from './raw-http';

// The fuzz of docs/SECURITY.md ("Bad input never reaches a 5xx"): generated requests at every registered route —
// as an anonymous client, a logged-in user (cookie or Bearer) and a registered secure-API device, from this machine
// and from others — with the classes of input the outside test of issue 16 used: encoded, dotted and absolute-form
// paths, bad percent-encoding, non-finite and huge numbers, NUL and lone surrogates, unknown keys, broken chunked
// bodies. Whatever comes in:
//   - no answer is a 5xx;
//   - every 4xx of an API path is the envelope with a message of the server catalogue;
//   - no listed secure call (security_api_list) is served in clear, whatever the path looks like;
//   - no development route answers a client of another machine;
//   - no log line holds a body, a query or form parameter, a token or a secret (every request carries canaries).
// Three parts: a systematic sweep (every route × every field × every hostile class, each time in an otherwise valid
// request, so the value reaches the service and the database), a random property over inject, and a random property
// over a real socket. FUZZ_RUNS / FUZZ_SOCKET_RUNS / FUZZ_SEED to change the counts or replay a seed.

let t: TestApp;
let user: TestUser;
let device: SecureClient;
let port: number;
const logLines: string[] = [];

before(async () => {
  // With the small market, so fund routes answer real data, not only "not found"; a logger at debug that keeps
  // every line it writes.
  // The rate limit is on (so it runs on every request, broken ones included) but never reached.
  t = await createTestApp({
    market: true,
    config: { rateLimitPerMinute: 1_000_000 },
    logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
  });
  user = await createTestUser(t);
  device = await createSecureClient(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
after(async () => {
  await t.close();
});

/** Query keys our routes read, so the generator hits real validation, not only unknown keys. */
const KNOWN_KEYS = [
  'key',
  'keys',
  'appkey',
  'last_update',
  'size',
  'pid',
  'url',
  'category',
  'client_id',
  'client_secret',
  'grant_type',
  'public_key',
  'thirdparty_source',
  'data',
  'page',
  'code',
  'fd_code',
  'day',
  'type',
  'order_by',
  'count',
  'period',
  'month',
  'amount',
  'volume',
  'order_id',
  'days',
];
/** Keys no route knows (refused or dropped, never stored as sent). */
const UNKNOWN_KEYS = ['q12', '__proto__', 'constructor', 'x', 'extra', 'note'];

/** Numbers past any bound: ajv's coercion must not let them through (none is a valid small integer). */
const HOSTILE_NUMBERS = [
  'Infinity',
  '-Infinity',
  '+Infinity',
  '1e309',
  '-1e309',
  '9007199254740993',
  '1e21',
  '-0',
  'NaN',
  '1.5',
  '99999999999999999999',
];
/** Text PostgreSQL cannot store, once decoded (in JSON bodies the surrogates arrive escaped). */
const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '000001\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}'];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 20 }),
  fc.constantFrom(
    '',
    '-1',
    '0',
    '10000',
    'null',
    'true',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>',
    "' OR 1=1 --",
    '000001',
    'https://h5.example/x',
    'web_behavior',
    'password',
    'weixin',
    'telephone_auto_login',
  ),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_TEXT),
  fc.integer().map(String),
);

const query = fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS, ...UNKNOWN_KEYS), fc.string({ maxLength: 8 })), text, { maxKeys: 5 });

/** Mostly the route's own keys, with valid-looking and hostile values, sometimes an unknown key too. */
const queryFor = (keys: string[]) =>
  keys.length === 0
    ? query
    : fc.oneof(
        { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...keys), text, { maxKeys: keys.length }) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.dictionary(fc.constantFrom(...keys), text, { maxKeys: keys.length }), fc.constantFrom(...UNKNOWN_KEYS), text)
            .map(([q, k, v]) => ({ ...q, [k]: v })),
        },
        { weight: 1, arbitrary: query },
      );

/** A JSON text with a number JSON.parse turns into Infinity (fc.json never writes one). */
const jsonWithHugeNumber = (keys: string[]) =>
  fc
    .tuple(fc.constantFrom(...(keys.length ? keys : KNOWN_KEYS)), fc.constantFrom('1e400', '-1e400', '9007199254740993', '1e308'))
    .map(([k, n]) => `{"${k}":${n}}`);

/** Form or JSON fields of a body (keepClock: see there). */
const fieldsFor = (keys: string[]) => queryFor(keys).map(keepClock);

const bodyFor = (keys: string[]) =>
  fc.oneof(
    fc.constant(undefined),
    fc.record({
      type: fc.constant('application/json'),
      payload: fc.oneof(
        fc.json(),
        fieldsFor(keys).map((q) => JSON.stringify(q)),
        jsonWithHugeNumber(keys),
        fc.string({ maxLength: 60 }),
      ),
    }),
    fc.record({
      type: fc.constant('application/x-www-form-urlencoded'),
      payload: fc.oneof(
        fieldsFor(keys).map((q) => new URLSearchParams(q).toString()),
        fc.string({ maxLength: 60 }),
        fc.constantFrom('a=%zz', 'a=%', '%00=%00', 'a=%ED%A0%80'),
      ),
    }),
    fc.record({
      type: fc.constant('text/plain'),
      payload: fc.oneof(fc.string({ maxLength: 200 }), fc.base64String({ maxLength: 200 }), fc.constantFrom(...HOSTILE_TEXT)),
    }),
    fc.record({
      type: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'application/octet-stream', 'text/xml'),
      payload: fc.string({ maxLength: 60 }),
    }),
  );

interface Target {
  method: string;
  url: string;
  queryKeys: string[];
  bodyKeys: string[];
}

const headers = fc.record(
  {
    auth: fc.constantFrom('none', 'user', 'bearer', 'garbage'),
    // none: in clear; device: sealed with a registered device's secret (reaches the route); junk: unknown device.
    secure: fc.constantFrom('none', 'none', 'device', 'junk'),
    deviceId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    lang: fc.constantFrom('zh-CN', 'en-US', '*', ''),
    remote: fc.constantFrom('127.0.0.1', '127.0.0.1', '::1', '203.0.113.7', '2001:db8::7'),
    forwardedFor: fc.constantFrom(undefined, undefined, undefined, '203.0.113.8', '127.0.0.1, 198.51.100.1'),
  },
  { requiredKeys: ['auth', 'secure', 'deviceId', 'lang', 'remote'] },
);

/** Ways to write the same path: encoded unreserved characters, dot segments (inject resolves those), or as is. */
const disguise = fc.constantFrom('plain', 'plain', 'encode-first', 'encode-all', 'dot', 'dotdot', 'bad-escape');

function disguised(path: string, how: string): string {
  const encode = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  switch (how) {
    case 'encode-first':
      return path.replace(/[a-z]/, encode);
    case 'encode-all':
      return path.replace(/[a-z0-9._~-]/gi, (c, at: number) => (at % 2 ? encode(c) : encode(c).toUpperCase()));
    case 'dot':
      return path.replace(/\//g, (s, i: number) => (i > 0 && i % 2 === 0 ? '/./' : s));
    case 'dotdot':
      return `/djapi/%2e%2e${path}`;
    case 'bad-escape':
      return `${path}${path.endsWith('/') ? '' : '/'}%zz`;
    default:
      return path;
  }
}

/** encodeURIComponent, for text with lone surrogates too (they go as U+FFFD, as a browser would send them). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(Buffer.from(text).toString());
  }
}

function fillPath(url: string, params: string[]): string {
  let i = 0;
  return url
    .replace(/:[A-Za-z_]+/g, () => encodeSegment(params[i++ % params.length] ?? 'x'))
    .replace(/\*$/, () => encodeSegment(params[0] ?? 'x'));
}

/** Every message the server can say, as a pattern (placeholders match anything). */
const CATALOGUE = Object.values(serverMessages).flatMap((locales) =>
  Object.values(locales).map((message) => new RegExp(`^${message.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace(/\{\w+\}/g, '[\\s\\S]*')}$`)),
);
const isCatalogueMessage = (message: unknown): boolean => typeof message === 'string' && CATALOGUE.some((pattern) => pattern.test(message));

/** The listed secure calls (the default security_api_list). */
const LISTED = (DEFAULT_CONFIG.security_api_list as Array<{ path: string; method: string }>).map(
  (entry) => `${entry.method} ${entry.path}`,
);

/**
 * The path a URL stands for, decoded once (as any server decodes) with its dot segments resolved — stricter than the
 * server, since an encoded '/' counts as a separator here. (Not WHATWG URL: it reads a literal "%2e" as a dot.)
 */
function fullyDecodedPath(url: string): string {
  let path = pathOf(url.replace(/^https?:\/\/[^/?#]*/i, '')).split('#')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // not decodable: the router refuses it; compare it as sent
  }
  const out: string[] = [];
  for (const segment of (path.startsWith('/') ? path : `/${path}`).split('/').slice(1)) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  return `/${out.join('/')}`;
}

const isLoopback = (address: string) => address === '127.0.0.1' || address === '::1';

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The assertions every answer must pass, whatever was sent. */
function check(
  what: string,
  method: string,
  url: string,
  answer: Answer,
  from: { remote: string; forwardedFor?: string | undefined; sealed: boolean },
): void {
  assert.ok(answer.statusCode < 500, `${what} → ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  const canonical = canonicalUrl(url);
  // /docs (Swagger UI and the OpenAPI document) is under the API prefixes but answers HTML and JSON of its own.
  const api = isApiPath(canonical) && !pathOf(canonical).startsWith('/docs');
  const decoded = fullyDecodedPath(url);
  let envelope: Record<string, unknown> | undefined;
  if (api && answer.statusCode !== 0) {
    assert.match(String(answer.headers['content-type']), /application\/json/, what);
    envelope = JSON.parse(answer.body) as Record<string, unknown>;
    assert.equal(typeof envelope.result_code, 'number', `${what} → ${answer.body.slice(0, 200)}`);
    if (answer.statusCode >= 400) {
      assert.ok(isCatalogueMessage(envelope.message), `${what} → a message not of the catalogue: ${answer.body.slice(0, 300)}`);
      assert.equal(envelope.error_description, envelope.message, what);
    }
  }
  // No listed call served in clear: a success of a listed path (however written) is an encrypted answer.
  if (LISTED.includes(`${method} ${decoded}`) && answer.statusCode < 400 && answer.statusCode !== 0) {
    const body = envelope ?? (JSON.parse(answer.body) as Record<string, unknown>);
    if (body.result_code === 0) {
      assert.ok(from.sealed, `${what}: a listed call was served to a request in clear`);
      assert.equal(answer.headers.isenc, '1', `${what}: a listed call answered in clear`);
      assert.equal(typeof body.data, 'string', what);
      assert.doesNotMatch(answer.body, /access_token|telephone_masked/, what);
    }
  }
  // Development routes do not exist for other machines.
  const remote =
    !isLoopback(from.remote) || (from.forwardedFor !== undefined && from.forwardedFor.split(',').some((a) => !isLoopback(a.trim())));
  if (decoded.startsWith('/__dev/') && remote) {
    assert.ok(
      answer.statusCode === 0 || answer.statusCode >= 400,
      `${what}: a development route answered ${answer.statusCode} to another machine`,
    );
  }
}

/**
 * The fuzz does not move the business clock (jobs.test.ts does): a whole number of days in range for the dev clock is
 * dropped, or one generated request could run a year of daily jobs.
 */
function keepClock<T extends Record<string, unknown>>(fields: T): T {
  const days = fields.days;
  if (typeof days === 'string' && /^\s*\+?\d+(\.0*)?\s*$/.test(days) && Number(days) >= 1 && Number(days) <= 400)
    return { ...fields, days: '0' };
  if (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= 400) return { ...fields, days: 0 };
  return fields;
}

let canaryCount = 0;
/** A value that must never appear in the log (sent as a query value, a form field, a JSON value, a cookie). */
const canary = () => `cnry${(canaryCount += 1).toString(36)}z${Math.random().toString(36).slice(2, 8)}`;
const sentCanaries: string[] = [];

/** A valid value for every field and path parameter our routes read (the sweep breaks one at a time). */
function validValues(fundCode: string): { fields: Record<string, string>; params: Record<string, string> } {
  const first17 = '11010119850203451';
  const card = Array.from({ length: 10 }, (_, d) => `622202765432109876${d}`).find((c) => luhnValid(c))!;
  const { publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const password = encryptForServer(t, '135790');
  return {
    params: { code: fundCode, fd_code: fundCode, index_code: 'SH000300', order_id: '100000001' },
    fields: {
      page: '1',
      size: '20',
      count: '10',
      pid: '-17',
      day: '1y',
      order_by: '1y',
      period: '1y',
      type: '1',
      key: 'home_marquee',
      keys: 'home_marquee,home_banners',
      appkey: 'social',
      last_update: '0',
      url: 'https://h5.example/x',
      category: 'web_behavior',
      fd_code: fundCode,
      fund_code: fundCode,
      post_status: '1',
      month: '2025-03',
      amount: '100',
      volume: '10',
      request_id: 'fuzz-request-0001',
      trade_password: password,
      order_id: '100000001',
      method: 'cash',
      risk_confirm: '1',
      pay_method: 'bankcard',
      symbols: `F${fundCode}`,
      days: '0',
      fail_next: '0',
      grant_type: 'password',
      client_id: 'dj-h5',
      client_secret: 'dj-h5-demo-secret',
      public_key: publicKey,
      answers: JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i + 1}`, 'a']))),
      data: `v-fuzz|1700000000000|ios|375x812|ev|/index||{"from":"fuzz"}`,
      bracket: INCOME_BRACKETS[1],
      amount_fen: '20000000',
      thirdparty_source: 'weixin',
      code: 'fakecode.fuzz.1',
      state: 'x',
      telephone: '13800000000',
      areacode: '86',
      source: '0',
      voice: 'false',
      real_name: '张三',
      id_no: `${first17}${idCardCheckChar(first17)}`,
      bank_card_no: card,
      reserved_phone: '13800000000',
      bank_code_sms: '0000',
      encrypted_password: password,
      redirect: '/index',
      redirect_uri: 'http://localhost/x',
      fake_user: 'u1',
      size_min: '1',
      size_max: '100',
      found_years_min: '1',
      found_years_max: '10',
    },
  };
}

/** How the sweep breaks one field of a valid request. */
const SWEEP_CLASSES = [
  'Infinity',
  '-Infinity',
  '1e309',
  '9007199254740993',
  'nul',
  'lone-surrogate',
  'json-number',
  'nested-nul',
  'unknown-key',
] as const;
type SweepClass = (typeof SWEEP_CLASSES)[number];

/** The broken value (null when the class cannot travel in that encoding). */
function broken(value: string, how: SweepClass, encoding: 'query' | 'form' | 'json'): string | null {
  switch (how) {
    case 'nul':
      return `${value}\u0000`;
    case 'lone-surrogate':
      // Only a JSON escape carries one: UTF-8 text and percent-encoding turn it into U+FFFD.
      return encoding === 'json' ? `${value}\ud800` : null;
    case 'nested-nul':
      // JSON text inside a field (risk answers, analytics extras): NUL and a lone surrogate as escapes in it.
      if (value.startsWith('{')) return value.replace(/\}$/, ',"q12":"\\u0000","x":"\\ud800"}');
      if (value.endsWith('}')) return value.replace(/\{[^|]*\}$/, '{"a":"\\u0000","\\ud800":1}');
      return null;
    case 'json-number':
    case 'unknown-key':
      return null;
    default:
      return how;
  }
}

test('sweep: every route × every field × every hostile class, in an otherwise valid request', async () => {
  const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
  const fundCode = (await t.db.kysely.selectFrom('fund').select('code').orderBy('code').limit(1).executeTakeFirstOrThrow()).code;
  const valid = validValues(fundCode);
  let requests = 0;
  for (const route of routes) {
    // A user of its own per route: a logout (or a login) must not end the next route's session.
    const owner = await createTestUser(t);
    const path = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => valid.params[name] ?? 'x').replace(/\*$/, 'x');
    const fieldsOf = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, valid.fields[key] ?? 'x']));
    const query = fieldsOf(route.queryKeys);
    const body = fieldsOf(route.bodyKeys);
    const send = async (what: string, q: Record<string, string>, payload: { type: string; text: string } | undefined) => {
      const mark = canary();
      sentCanaries.push(mark);
      const url = `${path}?${new URLSearchParams({ ...q, cnry: mark }).toString()}`;
      const headers: Record<string, string> = { ...owner.headers, cookie: `${owner.cookie}; cnry=${mark}` };
      if (payload) headers['content-type'] = payload.type;
      const response = await t.app.inject({ method: route.method as 'GET', url, headers, payload: payload?.text });
      requests += 1;
      check(`sweep ${route.method} ${route.url} ${what}`, route.method, url, response, { remote: '127.0.0.1', sealed: false });
    };
    const bodies = (fields: Record<string, string>, raw?: string) =>
      route.method === 'GET' || route.bodyKeys.length === 0
        ? [undefined]
        : [
            { type: 'application/json', text: raw ?? JSON.stringify(fields) },
            ...(raw ? [] : [{ type: 'application/x-www-form-urlencoded', text: new URLSearchParams(fields).toString() }]),
          ];
    for (const how of SWEEP_CLASSES) {
      if (how === 'unknown-key') {
        for (const b of bodies({ ...body, q12: '\u0000', extra: 'Infinity' })) await send(how, { ...query, q12: '\u0000' }, b);
        continue;
      }
      for (const key of route.queryKeys) {
        const value = broken(query[key] ?? 'x', how, 'query');
        if (value !== null) for (const b of bodies(body)) await send(`query.${key} ${how}`, { ...query, [key]: value }, b);
      }
      for (const key of route.bodyKeys) {
        if (route.method === 'GET') continue;
        if (how === 'json-number') {
          // A JSON number JSON.parse reads as Infinity (or past 2^53).
          for (const n of ['1e400', '-1e400', '9007199254740993']) {
            const raw = JSON.stringify(body).replace(new RegExp(`"${key}":"[^"]*"`), `"${key}":${n}`);
            for (const b of bodies(body, raw)) await send(`body.${key} ${n}`, query, b);
          }
          continue;
        }
        for (const encoding of ['json', 'form'] as const) {
          const value = broken(body[key] ?? 'x', how, encoding);
          if (value === null) continue;
          const fields = { ...body, [key]: value };
          const b =
            encoding === 'json'
              ? { type: 'application/json', text: JSON.stringify(fields) }
              : { type: 'application/x-www-form-urlencoded', text: new URLSearchParams(fields).toString() };
          await send(`body.${key} ${how} (${encoding})`, query, b);
        }
      }
      for (const name of route.url.match(/:[A-Za-z_]+/g) ?? []) {
        const value = broken(valid.params[name.slice(1)] ?? 'x', how, 'query');
        if (value === null) continue;
        const mark = canary();
        sentCanaries.push(mark);
        const url = `${route.url.replace(name, encodeURIComponent(value)).replace(/:([A-Za-z_]+)/g, (_, other: string) => valid.params[other] ?? 'x')}?cnry=${mark}`;
        const response = await t.app.inject({ method: route.method as 'GET', url, headers: owner.headers });
        requests += 1;
        check(`sweep ${route.method} ${url} (param ${how})`, route.method, url, response, { remote: '127.0.0.1', sealed: false });
      }
    }
  }
  console.log(`fuzz (sweep): ${requests} requests over ${routes.length} routes × ${SWEEP_CLASSES.length} classes`);
});

test('no generated request gets a 5xx; API answers are envelopes with catalogue messages; listed calls never in clear; dev routes local only', async () => {
  const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
  assert.ok(routes.length >= 40, `expected every route, got ${routes.length}`);
  const route = fc.constantFrom(...routes);
  // Each request: a target, then a query and body shaped by that target's schema.
  const request = (target: fc.Arbitrary<Target>) =>
    target.chain((r) => fc.tuple(fc.constant(r), queryFor(r.queryKeys), bodyFor(r.bodyKeys)));
  const randomPath = fc
    .array(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('djapi', 'xqapi', 'xqstock', 'mpaas', 'open', 'funding', '..', '%2e%2e', 'docs', '__dev'),
      ),
      { maxLength: 4 },
    )
    .map((parts) => `/${parts.map(encodeSegment).join('/')}`);
  const counts = { requests: 0, status: new Map<number, number>() };

  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        { weight: 4, arbitrary: request(route.map((r) => ({ ...r }))) },
        {
          weight: 1,
          arbitrary: request(
            fc.record({
              method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
              url: randomPath,
              queryKeys: fc.constant([]),
              bodyKeys: fc.constant([]),
            }),
          ),
        },
      ),
      fc.array(text, { minLength: 1, maxLength: 3 }),
      headers,
      disguise,
      async ([target, q, b], params, h, how) => {
        const path = disguised(fillPath(target.url, params), how);
        const mark = canary();
        sentCanaries.push(mark);
        const search = new URLSearchParams({ ...q, cnry: mark }).toString();
        const requestHeaders: Record<string, string> = { cookie: `cnry=${mark}` };
        // (Not on logout: the user's session must outlive it for the rest of the run.)
        const logout = target.url === '/djapi/provider/oauth/logout';
        if (h.auth === 'user' && !logout) Object.assign(requestHeaders, user.headers, { cookie: `${user.cookie}; cnry=${mark}` });
        if (h.auth === 'bearer' && !logout) requestHeaders.authorization = `Bearer ${user.session.token}`;
        if (h.auth === 'garbage') requestHeaders.cookie = `xq_a_token=deadbeef; XSRF-TOKEN=x; cnry=${mark}`;
        if (h.forwardedFor) requestHeaders['x-forwarded-for'] = h.forwardedFor;
        if (h.lang) requestHeaders['accept-language'] = h.lang;
        const hasBody = b !== undefined && target.method !== 'GET';
        let payload: string | undefined;
        if (hasBody) {
          requestHeaders['content-type'] = b.type;
          payload = typeof b.payload === 'string' ? b.payload : JSON.stringify(b.payload);
          if (b.type === 'application/x-www-form-urlencoded') payload = `${payload}${payload ? '&' : ''}cnry=${mark}`;
          if (b.type === 'text/plain') payload = `${payload}\n${mark}`;
        }
        const sealed = h.secure === 'device';
        if (h.secure !== 'none') {
          requestHeaders.isenc = '1';
          requestHeaders['x-device-id'] = sealed ? device.deviceId : h.deviceId;
          if (sealed && payload !== undefined) payload = sealMessage(device.secret, payload);
        }
        const url = search ? `${path}?${search}` : path;
        const response = await t.app.inject({
          method: target.method as 'GET',
          url,
          headers: requestHeaders,
          payload,
          remoteAddress: h.remote,
        });
        counts.requests += 1;
        counts.status.set(response.statusCode, (counts.status.get(response.statusCode) ?? 0) + 1);
        check(`${target.method} ${url} (${h.auth}, ${h.secure}, from ${h.remote})`, target.method, url, response, {
          remote: h.remote,
          forwardedFor: h.forwardedFor,
          sealed,
        });
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 1500), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  const statuses = [...counts.status.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(`fuzz (inject): ${counts.requests} requests over ${routes.length} routes: ${statuses}`);
});

/** What a hand-written HTTP/1.1 request may do to its body. */
const BODY_FORMS = [
  'length',
  'chunked',
  'chunked-bad-size',
  'chunked-negative',
  'chunked-huge',
  'chunked-short',
  'chunked-no-crlf',
  'chunked-extension',
  'length-and-chunked',
  'length-short',
] as const;

function framedBody(form: (typeof BODY_FORMS)[number], body: string): { headers: string; parts: string[] } {
  const bytes = Buffer.byteLength(body);
  const hex = bytes.toString(16);
  switch (form) {
    case 'length':
      return { headers: `content-length: ${bytes}\r\n`, parts: [body] };
    case 'chunked':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`${hex}\r\n${body}\r\n`, '0\r\n\r\n'] };
    case 'chunked-bad-size':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`zz\r\n${body}\r\n0\r\n\r\n`] };
    case 'chunked-negative':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`-${hex}\r\n${body}\r\n0\r\n\r\n`] };
    case 'chunked-huge':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`ffffffffffffffffff\r\n${body}`] };
    case 'chunked-short':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`${(bytes + 50).toString(16)}\r\n${body}`] };
    case 'chunked-no-crlf':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`${hex}\r\n${body}0\r\n\r\n`] };
    case 'chunked-extension':
      return { headers: 'transfer-encoding: chunked\r\n', parts: [`${hex};name="x\r\n${body}\r\n0\r\n\r\n`] };
    case 'length-and-chunked':
      return { headers: `content-length: ${bytes}\r\ntransfer-encoding: chunked\r\n`, parts: [`${hex}\r\n${body}\r\n0\r\n\r\n`] };
    case 'length-short':
      return { headers: `content-length: ${bytes + 20}\r\n`, parts: [body] };
  }
}

test('over a real socket: absolute-form and dotted targets, broken chunked bodies, split packets', async () => {
  const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
  const counts = { requests: 0, unanswered: 0, status: new Map<number, number>() };
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.array(text, { minLength: 1, maxLength: 2 }),
      fc.constantFrom('origin', 'absolute', 'absolute-other-host', 'dot-segments', 'encoded', 'double-slash'),
      fc.constantFrom(...BODY_FORMS),
      fc.constantFrom('form', 'json', 'text'),
      queryFor([]),
      fc.constantFrom('none', 'user'),
      fc.constantFrom(0, 0, 5),
      async (route, params, targetForm, bodyForm, bodyKind, fields, auth, gapMs) => {
        const path = fillPath(route.url, params);
        const target =
          {
            origin: path,
            absolute: `http://127.0.0.1:${port}${path}`,
            'absolute-other-host': `https://evil.example${path}`,
            'dot-segments': `/djapi/./x/..${path}`,
            encoded: disguised(path, 'encode-all'),
            'double-slash': `/${path}`,
          }[targetForm] ?? path;
        const mark = canary();
        sentCanaries.push(mark);
        const bodyFields = { ...keepClock(fields), telephone: '13800000000', grant_type: 'password', cnry: mark };
        const body =
          bodyKind === 'json'
            ? JSON.stringify(bodyFields)
            : bodyKind === 'form'
              ? new URLSearchParams(bodyFields).toString()
              : `${Object.values(bodyFields).join('|')}`;
        const type = { form: 'application/x-www-form-urlencoded', json: 'application/json', text: 'text/plain' }[bodyKind];
        const framed = route.method === 'GET' ? { headers: '', parts: [] as string[] } : framedBody(bodyForm, body);
        const logout = route.url === '/djapi/provider/oauth/logout';
        const cookie = auth === 'user' && !logout ? `${user.cookie}; cnry=${mark}` : `cnry=${mark}`;
        const xsrf = auth === 'user' ? `x-xsrf-token: ${user.headers['x-xsrf-token'] ?? ''}\r\n` : '';
        const head = `${route.method} ${target}?client_id=dj-h5&client_secret=dj-h5-demo-secret&cnry=${mark} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close\r\ncookie: ${cookie}\r\n${xsrf}content-type: ${type}\r\n${framed.headers}\r\n`;
        // A body that cannot be read ends with the client's half-close (Node then drops the request); others wait.
        const readable = route.method === 'GET' || bodyForm === 'length' || bodyForm === 'chunked';
        const answer: RawAnswer = await rawRequest(port, gapMs ? [head, ...framed.parts] : [head + framed.parts.join('')], {
          gapMs,
          // Room for a slow machine (a CI host, PGlite's single thread): every request here is answered or dropped in
          // milliseconds, so the limit costs nothing; at 2 s a busy host could read a late answer as none.
          timeoutMs: 10_000,
          end: !readable,
        });
        counts.requests += 1;
        if (answer.status === 0) counts.unanswered += 1;
        counts.status.set(answer.status, (counts.status.get(answer.status) ?? 0) + 1);
        // Only a request whose body cannot be read may go unanswered (the connection closes).
        if (readable) assert.notEqual(answer.status, 0, `${route.method} ${target} (${bodyForm}): no answer`);
        check(
          `${route.method} ${target} (${bodyForm}, ${bodyKind}, ${auth})`,
          route.method,
          target,
          { statusCode: answer.status, headers: answer.headers, body: answer.body },
          { remote: '127.0.0.1', sealed: false },
        );
      },
    ),
    { numRuns: Number(process.env.FUZZ_SOCKET_RUNS ?? 300), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
  const statuses = [...counts.status.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'closed' : status}×${n}`)
    .join(' ');
  console.log(`fuzz (socket): ${counts.requests} requests: ${statuses}`);
});

test('the log of all of it holds no canary, token, secret or error', async () => {
  // Let the last answers' log lines arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const log = logLines.join('');
  assert.ok(logLines.length > 1000, `the log was captured (${logLines.length} lines)`);
  const leaks = sentCanaries.filter((mark) => log.includes(mark));
  assert.deepEqual(leaks.slice(0, 5), [], `${leaks.length} of ${sentCanaries.length} canaries are in the log`);
  for (const [name, secret] of Object.entries({
    'session token': user.session.token,
    'device secret': device.secret.toString('base64'),
    'client secret': 'demo-secret',
    'a telephone': '13800000000',
  })) {
    const at = secretAt(log, secret);
    assert.ok(at < 0, `the log holds the ${name}: …${log.slice(Math.max(0, at - 300), at + 60)}`);
  }
  for (const field of ['"params"', '"query"', '"body"', '"remoteAddress"', '"cookie"', '"authorization"'])
    assert.ok(!log.includes(field), `the log has ${field}`);
  const errors = logLines.filter((line) => /"level":(50|60)/.test(line));
  assert.deepEqual(errors.slice(0, 3), [], `${errors.length} error lines`);
});
