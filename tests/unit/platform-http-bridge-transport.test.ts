// The http client's native-bridge transport (src/platform/http-bridge-transport.ts): what a delegated request
// asks of the app (docs/BRIDGE.md, `request`) and how both answer forms come back.
import { setLocale } from '@/locales/i18n';
import type { BridgeRequest } from '@/platform/bridge.types';
import { ApiError, HttpError, get, post, request, setSecureLayer, setTransport } from '@/platform/http';
import { createBridgeTransport } from '@/platform/http-bridge-transport';
import { TransportError } from '@/platform/http-errors';
import type { TransportRequest } from '@/platform/http-transport';

/** A native app stand-in: records what the page asked and answers with `reply`. */
function fakeApp(reply: (req: BridgeRequest) => unknown | Promise<unknown>) {
  const calls: BridgeRequest[] = [];
  return {
    calls,
    request: async <T>(req: BridgeRequest): Promise<T> => {
      calls.push(req);
      return (await reply(req)) as T;
    },
  };
}

const envelope = (body: unknown) => JSON.stringify(body);

beforeEach(() => {
  setLocale('en-US');
  setSecureLayer(null);
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

afterEach(() => {
  setTransport(null);
  setLocale('zh-CN');
});

describe('what the page asks of the app', () => {
  it('POST: the encoded body with its content type, the data for older apps, extra headers, full_response', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    const app = fakeApp(() => ({ status: 200, headers: {}, body: envelope({ result_code: 0, data: { ok: 1 } }) }));
    setTransport(createBridgeTransport(app));
    await expect(
      request({ url: '/djapi/order', method: 'POST', data: { amount: '10.00', note: 'a b' }, needWriteToken: true, aid: 3 }),
    ).resolves.toEqual({ ok: 1 });
    expect(app.calls).toEqual([
      {
        url: '/djapi/order',
        type: 'POST',
        data: { amount: '10.00', note: 'a b' },
        body: 'amount=10.00&note=a+b',
        content_type: 'application/x-www-form-urlencoded;charset=UTF-8',
        // Content-Type travels as content_type; the XSRF echo must reach the server for a cookie session.
        headers: { Accept: 'application/json, text/plain, */*', 'X-XSRF-TOKEN': 'xsrf-1' },
        full_response: true,
        need_write_token: true,
        aid: 3,
      },
    ]);
  });

  it('a JSON body keeps its own content type', async () => {
    const app = fakeApp(() => ({ status: 200, headers: {}, body: envelope({ result_code: 0, data: null }) }));
    setTransport(createBridgeTransport(app));
    await request({ url: '/djapi/x', method: 'POST', data: { a: 1 }, contentType: 'json' });
    expect(app.calls[0]).toMatchObject({ body: '{"a":1}', content_type: 'application/json;charset=UTF-8' });
  });

  it('GET/PUT/DELETE: the data is already in the URL, so `data` is empty (no duplicated query) and there is no body', async () => {
    const app = fakeApp(() => ({ status: 200, headers: {}, body: envelope({ result_code: 0, data: null }) }));
    setTransport(createBridgeTransport(app));
    await request({ url: '/djapi/plan/1', method: 'PUT', data: { amount: '5' } });
    await get('/djapi/v2/search', { key: '沪深' });
    expect(app.calls.map((c) => [c.type, c.url, c.data, 'body' in c])).toEqual([
      ['PUT', '/djapi/plan/1?amount=5', {}, false],
      ['GET', `/djapi/v2/search?key=${encodeURIComponent('沪深')}`, {}, false],
    ]);
  });

  it('never forwards a Cookie header (the app sends its own cookies)', async () => {
    const app = fakeApp(() => ({ status: 200, headers: {}, body: 'null' }));
    const transport = createBridgeTransport(app);
    const req: TransportRequest = { url: '/djapi/a', method: 'GET', headers: { Cookie: 'a=1', 'X-Extra': 'y' } };
    await transport.request(req);
    expect(app.calls[0]!.headers).toEqual({ 'X-Extra': 'y' });
  });
});

describe('what the app answers', () => {
  it('the full form: status, headers (lower-cased) and the body text parsed', async () => {
    const app = fakeApp(() => ({
      status: 201,
      headers: { IsEnc: '1', 'Content-Type': 'application/json' },
      body: '{"result_code":0,"data":"x"}',
    }));
    const res = await createBridgeTransport(app).request({ url: '/xqapi/a', method: 'POST', headers: {}, body: 'x', data: { a: 1 } });
    expect(res).toEqual({ status: 201, headers: { isenc: '1', 'content-type': 'application/json' }, data: { result_code: 0, data: 'x' } });
  });

  it("a 400 envelope in the full form is the server's error (status and result_code kept)", async () => {
    const app = fakeApp(() => ({
      status: 400,
      headers: {},
      body: envelope({ result_code: 900001, data: null, error_description: 'device unknown' }),
    }));
    setTransport(createBridgeTransport(app));
    const error = await post('/djapi/a', { a: 1 }, { silent: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ resultCode: 900001, status: 400 });
  });

  it('an older app answers the body alone (text or parsed JSON): status 200, no headers', async () => {
    const app = fakeApp(() => envelope({ result_code: 0, data: { n: 1 } }));
    setTransport(createBridgeTransport(app));
    await expect(post('/djapi/a', { a: 1 })).resolves.toEqual({ n: 1 });
    const parsed = fakeApp(() => ({ result_code: 0, data: { n: 2 } }));
    await expect(createBridgeTransport(parsed).request({ url: '/djapi/a', method: 'GET', headers: {} })).resolves.toEqual({
      status: 200,
      headers: {},
      data: { result_code: 0, data: { n: 2 } },
    });
  });

  it('an older app cannot send a body that `data` does not express (e.g. an encrypted one): update the app', async () => {
    const app = fakeApp(() => envelope({ result_code: 900001, data: null }));
    const transport = createBridgeTransport(app);
    const error = await transport
      .request({ url: '/xqapi/s', method: 'POST', headers: { isenc: '1' }, body: 'c2VhbGVk' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'network', message: 'This app version does not support this feature, please update the app' });
  });

  it('a native error or timeout rejects as a network failure or a timeout', async () => {
    const failing = createBridgeTransport({
      request: () => Promise.reject(Object.assign(new Error('native said no'), { code: 'NATIVE' })),
    });
    await expect(failing.request({ url: '/a', method: 'GET', headers: {} })).rejects.toEqual(
      new TransportError('network', 'native said no'),
    );
    const silent = createBridgeTransport({ request: () => Promise.reject(Object.assign(new Error('late'), { code: 'TIMEOUT' })) });
    await expect(silent.request({ url: '/a', method: 'GET', headers: {} })).rejects.toMatchObject({ kind: 'timeout' });
    setTransport(failing);
    await expect(get('/djapi/account')).rejects.toMatchObject({ kind: 'network', message: 'Network Error' });
  });
});
