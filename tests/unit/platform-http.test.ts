import Taro from '@tarojs/taro';
import { taroTransport } from '@/platform/http-taro-transport';
import { setLocale } from '@/locales/i18n';
import {
  ApiError,
  HttpError,
  configureHosts,
  defaultTimeoutMs,
  del,
  get,
  post,
  put,
  resetAlertGuardForTests,
  resetHosts,
  resolveUrl,
  safeRequest,
  setSecureLayer,
  setTransport,
  setTransportWhenLoaded,
  upload,
} from '@/platform/http';
import { TransportError } from '@/platform/http-errors';
import { setToastPresenter } from '@/platform/feedback';
import { envelopeResponse, stubTransport, type StubTransport } from './platform-test-transport';

let transport: StubTransport;
let toasts: string[];
let modal: jest.SpyInstance;

beforeEach(() => {
  setLocale('en-US');
  transport = stubTransport();
  setTransport(transport);
  toasts = [];
  setToastPresenter((text) => toasts.push(text));
  modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'showModal:ok' });
  resetAlertGuardForTests();
  resetHosts();
  setSecureLayer(null);
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

afterEach(() => {
  modal.mockRestore();
  setTransport(null);
  setToastPresenter(null);
  jest.useRealTimers();
  setLocale('zh-CN');
});

describe('envelope', () => {
  it('resolves the data of result_code 0', async () => {
    transport.respond(() => envelopeResponse({ result_code: 0, data: { user: { open_trade: true } } }));
    await expect(get('/djapi/account')).resolves.toEqual({ user: { open_trade: true } });
  });

  it('throws ApiError with code, message, description and body for other codes', async () => {
    const body = { result_code: 400100, data: null, message: 'bad', error_description: 'Fund is closed' };
    transport.respond(() => envelopeResponse(body));
    const error = await get('/djapi/fund/009012').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ resultCode: 400100, message: 'Fund is closed', description: 'Fund is closed', body });
    expect((error as ApiError).isNotLoggedIn).toBe(false);
  });

  it('flags 300001 as not logged in', async () => {
    transport.respond(() => envelopeResponse({ result_code: 300001, data: null, message: 'login first' }));
    const error = (await get('/djapi/account').catch((e: unknown) => e)) as ApiError;
    expect(error.isNotLoggedIn).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('reads a server error envelope sent with a 4xx status as ApiError', async () => {
    transport.respond(() => envelopeResponse({ result_code: 100001, data: null, message: 'Invalid parameter' }, 400));
    await expect(get('/djapi/x')).rejects.toMatchObject({ resultCode: 100001, status: 400 });
  });
});

describe('error catalogue (docs/PRODUCT.md §8)', () => {
  it.each([900001, 900002])('%i shows the hiccup toast and re-registers the device', async (code) => {
    const reRegister = jest.fn();
    setSecureLayer({ prepare: async (r) => r, decode: async (r) => r, reRegister });
    transport.respond(() => envelopeResponse({ result_code: code, data: null }));
    await expect(post('/xqapi/account/sms/send_verification_code.json', { telephone: '13800000000' })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['network is having a hiccup, please retry later']);
    expect(reRegister).toHaveBeenCalledWith('rejected');
  });

  it('9999 opens an alert with error_description, else message, else the default text', async () => {
    const answers = [
      { result_code: 9999, data: null, message: 'm1', error_description: 'Service upgrade in progress' },
      { result_code: 9999, data: null, message: 'Try again tonight' },
      { result_code: 9999, data: null },
    ];
    for (const answer of answers) {
      transport.respond(() => envelopeResponse(answer));
      await get('/djapi/x').catch(() => undefined);
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(modal.mock.calls.map(([options]) => (options as { content: string }).content)).toEqual([
      'Service upgrade in progress',
      'Try again tonight',
      'network error, please try later',
    ]);
  });

  it('9999 is not shown twice while its alert is open', async () => {
    let close: () => void = () => undefined;
    modal.mockImplementation(() => new Promise((resolve) => (close = () => resolve({ confirm: true, cancel: false, errMsg: 'ok' }))));
    transport.respond(() => envelopeResponse({ result_code: 9999, data: null, message: 'Busy' }));
    await Promise.all([get('/a').catch(() => 0), get('/b').catch(() => 0), get('/c').catch(() => 0)]);
    expect(modal).toHaveBeenCalledTimes(1);
    close();
    await new Promise((r) => setTimeout(r, 0));
    await get('/d').catch(() => 0);
    expect(modal).toHaveBeenCalledTimes(2);
  });

  it('safeRequest resolves with the server body, or with the error when there is none', async () => {
    const body = { result_code: 400, data: null, message: 'nope' };
    transport.respond(() => envelopeResponse(body));
    const failed = await safeRequest({ url: '/djapi/x' });
    expect(failed).toMatchObject({ ok: false, body });
    transport.respond(() => Promise.reject(new TransportError('network')));
    const offline = await safeRequest({ url: '/djapi/x' });
    expect(offline.ok).toBe(false);
    expect(offline).toMatchObject({ body: undefined, error: { message: 'Network Error' } });
    transport.respond(() => envelopeResponse({ result_code: 0, data: 7 }));
    await expect(safeRequest({ url: '/djapi/x' })).resolves.toEqual({ ok: true, data: 7 });
  });

  it('uses the HTTP client messages of docs/PRODUCT.md §8, through the catalogue', async () => {
    transport.respond(() => ({ status: 502, headers: {}, data: '<html>Bad gateway</html>' }));
    await expect(get('/djapi/x')).rejects.toMatchObject({ message: 'Request failed with status code 502', status: 502 });
    transport.respond(() => Promise.reject(new TransportError('network')));
    await expect(get('/djapi/x')).rejects.toMatchObject({ message: 'Network Error', kind: 'network' });
    setLocale('zh-CN');
    await expect(get('/djapi/x')).rejects.toMatchObject({ message: '网络错误' });
  });

  it('times out after 20 s with "timeout of 20000ms exceeded"', async () => {
    jest.useFakeTimers();
    transport.respond(() => new Promise(() => undefined));
    const pending = get('/djapi/slow').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(19_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout', message: 'timeout of 20000ms exceeded' });
  });

  it('a generic call (outside the product API prefixes) has no default timeout (HTTP_DEFAULT_TIMEOUT 0)', async () => {
    expect(defaultTimeoutMs('/djapi/account')).toBe(20_000);
    expect(defaultTimeoutMs('https://api.example.com/xqapi/upload/web')).toBe(20_000);
    expect(defaultTimeoutMs('/mpaas/config/content?x=1')).toBe(20_000);
    expect(defaultTimeoutMs('https://monitor.example.com/collect')).toBe(0);
    expect(defaultTimeoutMs('/djapix/not-ours')).toBe(0);
    jest.useFakeTimers();
    transport.respond(() => new Promise(() => undefined));
    const pending = get('https://other.example.com/data.json').catch((e: unknown) => e);
    let settled = false;
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(120_000);
    expect(settled).toBe(false);
    // The caller's own timeout still applies.
    const bounded = get('https://other.example.com/data.json', undefined, { timeoutMs: 5_000 }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(bounded).resolves.toMatchObject({ kind: 'timeout' });
    jest.useRealTimers();
  });

  it('rejects with "Request aborted" when the caller aborts', async () => {
    transport.respond(() => new Promise(() => undefined));
    const controller = new AbortController();
    const pending = get('/djapi/slow', undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'abort', message: 'Request aborted' });
  });
});

describe('request shape (docs/PRODUCT.md §7)', () => {
  it('form-encodes POST bodies', async () => {
    await post('/xqapi/provider/oauth/token', { grant_type: 'telephone_auto_login', telephone: '138 0000', code: '1&2' });
    const [req] = transport.requests;
    expect(req.method).toBe('POST');
    expect(req.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.body).toBe('grant_type=telephone_auto_login&telephone=138+0000&code=1%262');
  });

  it('sends PUT data in the query string, with no body', async () => {
    await put('/djapi/plan/7', { amount: '100.00', status: 'paused' });
    const [req] = transport.requests;
    expect(req.url).toBe('/djapi/plan/7?amount=100.00&status=paused');
    expect(req.body).toBeUndefined();
  });

  it('sends GET and DELETE params in the query string', async () => {
    await get('/djapi/v2/search', { key: '白酒', source: 'index', empty: undefined });
    await del('/djapi/watch', { symbol: 'SH000300' });
    expect(transport.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /djapi/v2/search?key=${encodeURIComponent('白酒')}&source=index`,
      'DELETE /djapi/watch?symbol=SH000300',
    ]);
  });

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN', async () => {
    await get('/djapi/account');
    expect(transport.requests[0].headers['X-XSRF-TOKEN']).toBeUndefined();
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    await post('/djapi/provider/oauth/logout');
    expect(transport.requests[1].headers['X-XSRF-TOKEN']).toBe('abc123');
  });

  it('maps each host prefix to its configured host, same origin by default on H5', async () => {
    expect(resolveUrl('/djapi/account')).toBe('/djapi/account');
    configureHosts({ '/mpaas': 'https://config.example.com/', '/xqstock': 'https://stock.example.com' });
    expect(resolveUrl('/mpaas/config/content?key=a')).toBe('https://config.example.com/mpaas/config/content?key=a');
    expect(resolveUrl('/xqstock/v5/stock/portfolio/stock/watchlist.json')).toBe(
      'https://stock.example.com/xqstock/v5/stock/portfolio/stock/watchlist.json',
    );
    expect(resolveUrl('/djapi/account')).toBe('/djapi/account');
    expect(resolveUrl('https://other.example.com/x')).toBe('https://other.example.com/x');
  });
});

describe('upload', () => {
  it('uploads multipart with progress and resolves the envelope data', async () => {
    const progress: number[] = [];
    transport.respondUpload((req) => {
      req.onProgress?.({ percent: 50, loaded: 5, total: 10 });
      req.onProgress?.({ percent: 100, loaded: 10, total: 10 });
      return envelopeResponse({ result_code: 0, data: { id: 'img-1' } });
    });
    const result = await upload('/djapi/upload/id-card', 'wxfile://tmp/front.jpg', {
      name: 'file',
      formData: { side: 'front' },
      onProgress: (p) => progress.push(p.percent),
    });
    expect(result).toEqual({ id: 'img-1' });
    expect(progress).toEqual([50, 100]);
    expect(transport.uploads[0]).toMatchObject({ name: 'file', filePath: 'wxfile://tmp/front.jpg', formData: { side: 'front' } });
  });

  it('a failure without a response is the unknown-error message', async () => {
    transport.respondUpload(() => Promise.reject(new TransportError('network')));
    await expect(upload('/djapi/upload', 'f', { name: 'file' })).rejects.toMatchObject({
      kind: 'unknown',
      message: 'Unknown error, please retry later',
    });
    transport.respondUpload(() => ({ status: 0, headers: {}, data: null }));
    await expect(upload('/djapi/upload', 'f', { name: 'file' })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('Taro transport (the mini program’s default)', () => {
  it('calls Taro.request with credentials, text parsing and lower-cased headers', async () => {
    setTransport(taroTransport);
    const spy = jest.spyOn(Taro, 'request').mockImplementation(((options: Taro.request.Option) => {
      options.success?.({
        statusCode: 200,
        header: { 'Content-Type': 'application/json', 'Set-Cookie': 'a=1' },
        data: '{"result_code":0,"data":{"n":1}}',
        errMsg: 'request:ok',
        cookies: [],
      } as unknown as Taro.request.SuccessCallbackResult);
      return { abort: jest.fn() } as unknown as Taro.RequestTask<unknown>;
    }) as unknown as typeof Taro.request);
    await expect(post('/djapi/x', { a: 1 })).resolves.toEqual({ n: 1 });
    expect(spy.mock.calls[0][0]).toMatchObject({
      url: '/djapi/x',
      method: 'POST',
      data: 'a=1',
      credentials: 'include',
      dataType: 'text',
    });
    spy.mockRestore();
  });

  it('maps a failed Taro.request to "Network Error"', async () => {
    setTransport(taroTransport);
    const spy = jest.spyOn(Taro, 'request').mockImplementation(((options: Taro.request.Option) => {
      options.fail?.({ errMsg: 'request:fail net::ERR_CONNECTION_REFUSED' } as TaroGeneral.CallbackResult);
      return { abort: jest.fn() } as unknown as Taro.RequestTask<unknown>;
    }) as unknown as typeof Taro.request);
    await expect(get('/djapi/x')).rejects.toMatchObject({ kind: 'network', message: 'Network Error' });
    spy.mockRestore();
  });
});

describe('fetch transport (the H5 default)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function answer(status: number, body: string, headers: Record<string, string> = {}) {
    return { status, headers: new Map(Object.entries(headers)), text: async () => body };
  }

  it('posts the form-encoded body with credentials and reads the envelope', async () => {
    setTransport(null);
    const fetchSpy = jest.fn(async () => answer(200, '{"result_code":0,"data":{"n":1}}', { 'Content-Type': 'application/json' }));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    await expect(post('/djapi/x', { a: 1 })).resolves.toEqual({ n: 1 });
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/djapi/x');
    expect(init).toMatchObject({ method: 'POST', body: 'a=1', credentials: 'include' });
    expect((init.headers as Record<string, string>)['Content-Type']).toMatch(/application\/x-www-form-urlencoded/);
  });

  it('sends no body with a GET, and a status outside 2xx is the catalogue message', async () => {
    setTransport(null);
    const fetchSpy = jest.fn(async () => answer(502, 'Bad gateway'));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    await expect(get('/djapi/x', { q: 'a b' })).rejects.toMatchObject({ message: 'Request failed with status code 502' });
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/djapi/x?q=a%20b');
    expect(init.body).toBeUndefined();
  });

  it('maps a refused connection to "Network Error"', async () => {
    setTransport(null);
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(get('/djapi/x')).rejects.toMatchObject({ kind: 'network', message: 'Network Error' });
  });
});

describe('a transport that is still loading (the native bridge inside our apps)', () => {
  it('holds requests until it has loaded, then sends them through it', async () => {
    const bridgeLike = stubTransport();
    bridgeLike.respond(() => envelopeResponse({ result_code: 0, data: { via: 'bridge' } }));
    let finishLoading: (t: StubTransport) => void = () => undefined;
    setTransportWhenLoaded(new Promise((resolve) => (finishLoading = resolve)));
    const answer = get<{ via: string }>('/djapi/account');
    await Promise.resolve();
    expect(transport.requests).toHaveLength(0);
    expect(bridgeLike.requests).toHaveLength(0);
    finishLoading(bridgeLike);
    await expect(answer).resolves.toEqual({ via: 'bridge' });
    await expect(get('/djapi/x')).resolves.toEqual({ via: 'bridge' });
    expect(transport.requests).toHaveLength(0);
  });

  it('keeps the transport it had when the new one cannot load', async () => {
    setTransportWhenLoaded(Promise.reject(new Error('ChunkLoadError')));
    transport.respond(() => envelopeResponse({ result_code: 0, data: 1 }));
    await expect(get('/djapi/x')).resolves.toBe(1);
    expect(transport.requests).toHaveLength(1);
  });

  it('is overruled by a transport set meanwhile', async () => {
    const late = stubTransport();
    let finishLoading: (t: StubTransport) => void = () => undefined;
    setTransportWhenLoaded(new Promise((resolve) => (finishLoading = resolve)));
    setTransport(transport);
    finishLoading(late);
    await Promise.resolve();
    await get('/djapi/x');
    expect(late.requests).toHaveLength(0);
    expect(transport.requests).toHaveLength(1);
  });
});
