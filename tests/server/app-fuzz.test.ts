import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { isApiPath } from '../../server/src/plugins/static-h5';
import { createTestApp, createTestUser, type TestApp, type TestUser } from './helpers';

// Throws generated paths, queries, bodies and headers at every registered route:
// whatever comes in, the answer is never a 5xx, and API paths always answer a JSON envelope.

let t: TestApp;
let user: TestUser;
before(async () => {
  // With the small market, so fund routes answer real data, not only "not found".
  t = await createTestApp({ market: true });
  user = await createTestUser(t);
});
after(async () => {
  await t.close();
});

/** Query keys our routes read, so the generator hits real validation, not only unknown keys. */
const KNOWN_KEYS = ['key', 'keys', 'appkey', 'last_update', 'size', 'pid', 'url', 'category', 'client_id', 'client_secret', 'grant_type', 'public_key', 'thirdparty_source', 'data', 'page', 'code', 'fd_code', 'day', 'type', 'order_by'];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 20 }),
  fc.constantFrom('', '-1', '0', '10000', '1e309', 'NaN', '-17', 'null', 'true', '%', '%E0%A4%A', '../../etc/passwd', '<script>', "' OR 1=1 --", '000001', 'https://h5.example/x', 'web_behavior', 'password', 'weixin'),
  fc.integer().map(String),
);

const query = fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 8 })), text, { maxKeys: 5 });

/** Mostly the route's own keys, with valid-looking and hostile values. */
const queryFor = (keys: string[]) =>
  keys.length === 0
    ? query
    : fc.oneof(
        { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...keys), text, { maxKeys: keys.length }) },
        { weight: 1, arbitrary: query },
      );

const bodyFor = (keys: string[]) => fc.oneof(
  fc.constant(undefined),
  fc.record({ type: fc.constant('application/json'), payload: fc.oneof(fc.json(), queryFor(keys), fc.string({ maxLength: 60 })) }),
  fc.record({
    type: fc.constant('application/x-www-form-urlencoded'),
    payload: fc.oneof(queryFor(keys).map((q) => new URLSearchParams(q).toString()), fc.string({ maxLength: 60 })),
  }),
  fc.record({ type: fc.constant('text/plain'), payload: fc.oneof(fc.string({ maxLength: 200 }), fc.base64String({ maxLength: 200 })) }),
  fc.record({ type: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=x', 'application/octet-stream', 'text/xml'), payload: fc.string({ maxLength: 60 }) }),
);

interface Target {
  method: string;
  url: string;
  queryKeys: string[];
  bodyKeys: string[];
}

const headers = fc.record(
  {
    auth: fc.constantFrom('none', 'user', 'garbage'),
    isenc: fc.boolean(),
    deviceId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    lang: fc.constantFrom('zh-CN', 'en-US', '*', ''),
  },
  { requiredKeys: ['auth', 'isenc', 'deviceId', 'lang'] },
);

function fillPath(url: string, params: string[]): string {
  let i = 0;
  return url
    .replace(/:[A-Za-z_]+/g, () => encodeURIComponent(params[i++ % params.length] ?? 'x'))
    .replace(/\*$/, () => encodeURIComponent(params[0] ?? 'x'));
}

test('no generated request gets a 5xx; API paths always answer a JSON envelope', async () => {
  const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
  assert.ok(routes.length >= 8, `expected the platform routes, got ${routes.length}`);
  const route = fc.constantFrom(...routes);
  // Each request: a target, then a query and body shaped by that target's schema.
  const request = (target: fc.Arbitrary<Target>) =>
    target.chain((r) => fc.tuple(fc.constant(r), queryFor(r.queryKeys), bodyFor(r.bodyKeys)));
  const randomPath = fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('djapi', 'xqapi', 'xqstock', 'mpaas', 'open', 'funding', '..', '%2e%2e', 'docs')), { maxLength: 4 }).map((parts) => `/${parts.map(encodeURIComponent).join('/')}`);

  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        { weight: 4, arbitrary: request(route.map((r) => ({ ...r }))) },
        {
          weight: 1,
          arbitrary: request(fc.record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), url: randomPath, queryKeys: fc.constant([]), bodyKeys: fc.constant([]) })),
        },
      ),
      fc.array(text, { minLength: 1, maxLength: 3 }),
      headers,
      async ([target, q, b], params, h) => {
        const path = fillPath(target.url, params);
        const search = new URLSearchParams(q).toString();
        const requestHeaders: Record<string, string> = {};
        if (h.auth === 'user') Object.assign(requestHeaders, user.headers);
        if (h.auth === 'garbage') requestHeaders.cookie = 'xq_a_token=deadbeef; XSRF-TOKEN=x';
        if (h.isenc) {
          requestHeaders.isenc = '1';
          requestHeaders['x-device-id'] = h.deviceId;
        }
        if (h.lang) requestHeaders['accept-language'] = h.lang;
        const hasBody = b !== undefined && target.method !== 'GET';
        if (hasBody) requestHeaders['content-type'] = b.type;
        const response = await t.app.inject({
          method: target.method as 'GET',
          url: search ? `${path}?${search}` : path,
          headers: requestHeaders,
          payload: hasBody ? (typeof b.payload === 'string' ? b.payload : JSON.stringify(b.payload)) : undefined,
        });
        assert.ok(response.statusCode < 500, `${target.method} ${path}?${search} → ${response.statusCode} ${response.body.slice(0, 300)}`);
        // The URL the server sees is normalised ('/djapi/..' is '/'), as a browser would send it.
        const apiPath = new URL(`http://localhost${path}`).pathname;
        if (isApiPath(apiPath) && !apiPath.startsWith('/docs')) {
          assert.match(String(response.headers['content-type']), /application\/json/, `${target.method} ${path}`);
          const envelope = JSON.parse(response.body) as { result_code?: unknown };
          assert.equal(typeof envelope.result_code, 'number', `${target.method} ${path} → ${response.body.slice(0, 200)}`);
        }
      },
    ),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
  );
});
