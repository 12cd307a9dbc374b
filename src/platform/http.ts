import { t } from '@/locales/i18n';
import { ALERT_RESULT_CODE, DEVICE_REREGISTER_RESULT_CODES, HTTP_DEFAULT_TIMEOUT, REQUEST_TIMEOUT_MS } from '@/lib/constants';
import { absorbSetCookie, cookieHeaderFor, getCookie } from '@/platform/cookies';
import { takeBootAnswer } from '@/platform/boot-data';
import { defaultApiHost } from '@/platform/runtime-host';
import { alert, showToast } from './feedback';
import { XSRF_COOKIE, XSRF_HEADER } from './cookie-names';
import { ApiError, HttpError, TransportError, isEnvelope, type Envelope } from './http-errors';
import { defaultTransport } from './http-default-transport';
import type { AbortSignalLike, HttpMethod, Transport, TransportRequest, TransportResponse, UploadProgress } from './http-transport';

export { ApiError, HttpError } from './http-errors';
export type { Envelope } from './http-errors';
export type { HttpMethod, Transport, UploadProgress } from './http-transport';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  /** A product path such as `/djapi/account` (host chosen by its prefix) or an absolute URL. */
  url: string;
  method?: HttpMethod;
  /** Query string parameters. */
  params?: QueryParams;
  /** POST: form-encoded body (or JSON/text per `contentType`); PUT: moved to the query string (docs/PRODUCT.md §7). */
  data?: Record<string, unknown> | string;
  contentType?: 'form' | 'json' | 'text';
  headers?: Record<string, string>;
  /** Default `defaultTimeoutMs(url)`: 20 s for a product call, none for a generic one (docs/PRODUCT.md §9); 0 = no timeout. */
  timeoutMs?: number;
  signal?: AbortSignalLike;
  /** Skip the catalogue's toasts and alerts (the caller shows its own). */
  silent?: boolean;
  /** Native bridge only: which app, and whether the native side adds a write token. */
  aid?: number;
  needWriteToken?: boolean;
}

/** Hooks the secure-API layer (secure-api.ts) plugs in; http.ts itself knows nothing of encryption. */
export interface SecureLayer {
  /** May encrypt the outgoing request (returns the request to send). */
  prepare(req: TransportRequest, options: RequestOptions): Promise<TransportRequest>;
  /** May decrypt the response data; throws when it cannot. */
  decode(res: TransportResponse): Promise<TransportResponse>;
  /** The server refused the device (900001/900002) or a response did not decrypt: register again. */
  reRegister(reason: 'rejected' | 'undecryptable'): void;
}

// ---- configuration ---------------------------------------------------------

/** The path prefixes of docs/PRODUCT.md §7 that may each be served by a different host. */
export const HOST_PREFIXES = ['/xqstock', '/xqapi', '/djapi', '/open', '/mpaas'] as const;
export type HostPrefix = (typeof HOST_PREFIXES)[number];

let hosts: Partial<Record<HostPrefix, string>> = {};
let transport: Transport = defaultTransport;
let pendingTransport: Promise<void> | null = null;
let secureLayer: SecureLayer | null = null;

/** Maps prefixes to hosts, e.g. `{ '/mpaas': 'https://config.example.com' }`; unmapped ones use the default. */
export function configureHosts(map: Partial<Record<HostPrefix, string>>): void {
  hosts = { ...hosts, ...map };
}

export function resetHosts(): void {
  hosts = {};
}

/** Swaps how requests leave the page (the native bridge inside our apps; stubs in tests); null restores Taro. */
export function setTransport(next: Transport | null): void {
  pendingTransport = null;
  transport = next ?? defaultTransport;
}

/**
 * Uses the transport `loading` resolves to; requests made meanwhile wait for it (the native bridge's code loads only
 * inside our apps, src/app.ts). If it cannot load, requests keep the current transport.
 */
export function setTransportWhenLoaded(loading: Promise<Transport>): void {
  const settled: Promise<void> = loading
    .then(
      (next) => {
        if (pendingTransport === settled) transport = next;
      },
      () => undefined,
    )
    .finally(() => {
      if (pendingTransport === settled) pendingTransport = null;
    });
  pendingTransport = settled;
}

export function getTransport(): Transport {
  return transport;
}

export function setSecureLayer(layer: SecureLayer | null): void {
  secureLayer = layer;
}

// ---- URL and body encoding ---------------------------------------------------

function encodePairs(values: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const item of list) {
      const text = item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return pairs.join('&');
}

/** application/x-www-form-urlencoded, as the product's POSTs are sent. */
export function formEncode(values: Record<string, unknown>): string {
  return encodePairs(values).replace(/%20/g, '+');
}

export function withQuery(url: string, params?: Record<string, unknown>): string {
  const query = params ? encodePairs(params) : '';
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The absolute URL for a product path: the host configured for its prefix, else the platform default. */
export function resolveUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const prefix = HOST_PREFIXES.find((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
  const host = (prefix && hosts[prefix]) ?? defaultApiHost();
  return `${host.replace(/\/+$/, '')}${url.startsWith('/') ? url : `/${url}`}`;
}

/** A path (or URL) under one of the product's API prefixes (docs/PRODUCT.md §7): a product call. */
function isProductCall(url: string): boolean {
  let path = url;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return false;
    }
  }
  return HOST_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
}

/**
 * docs/PRODUCT.md §9: product calls time out after 20 s (`REQUEST_TIMEOUT_MS`); the generic HTTP client's default is
 * `HTTP_DEFAULT_TIMEOUT` (0: none) — a call outside the product's API prefixes (another site's URL) waits for its
 * answer, or for the caller's own `timeoutMs` / `signal`.
 */
export function defaultTimeoutMs(url: string): number {
  return isProductCall(url) ? REQUEST_TIMEOUT_MS : HTTP_DEFAULT_TIMEOUT;
}

function buildRequest(options: RequestOptions): TransportRequest {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...options.headers };
  const objectData = typeof options.data === 'object' && options.data !== null ? options.data : undefined;
  let query: Record<string, unknown> | undefined = options.params;
  let body: string | undefined;
  if (method === 'PUT' || method === 'GET' || method === 'DELETE') {
    // docs/PRODUCT.md §7: PUT sends its data in the query string (and GET/DELETE have no body).
    if (objectData) query = { ...query, ...objectData };
  } else if (typeof options.data === 'string') {
    body = options.data;
    headers['Content-Type'] ??= options.contentType === 'json' ? 'application/json' : 'text/plain;charset=UTF-8';
  } else if (objectData) {
    if (options.contentType === 'json') {
      body = JSON.stringify(objectData);
      headers['Content-Type'] ??= 'application/json;charset=UTF-8';
    } else {
      body = formEncode(objectData);
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    }
  }
  const url = withQuery(resolveUrl(options.url), query);
  return {
    url,
    method,
    headers: withCredentials(url, headers),
    body,
    data: objectData,
    aid: options.aid,
    needWriteToken: options.needWriteToken,
    signal: options.signal,
  };
}

/** XSRF header from its cookie; on weapp also the Cookie header from the emulated jar. */
function withCredentials(url: string, headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  const xsrf = getCookie(XSRF_COOKIE);
  if (xsrf) out[XSRF_HEADER] = xsrf;
  const cookie = cookieHeaderFor(url);
  if (cookie) out.Cookie = cookie;
  return out;
}

// ---- timeout and abort -------------------------------------------------------

function withTimeout<T>(work: Promise<T>, timeoutMs: number, signal?: AbortSignalLike): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => finish(() => reject(new TransportError('abort')));
    const finish = (settle: () => void): void => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    if (timeoutMs > 0) timer = setTimeout(() => finish(() => reject(new TransportError('timeout'))), timeoutMs);
    work.then(
      (value) => finish(() => resolve(value)),
      (err: unknown) => finish(() => reject(err)),
    );
  });
}

function transportFailure(err: unknown, timeoutMs: number): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof TransportError) {
    if (err.kind === 'timeout') return new HttpError('timeout', t('platform.http.timeout', { ms: timeoutMs }));
    if (err.kind === 'abort') return new HttpError('abort', t('platform.http.aborted'));
  }
  return new HttpError('network', t('platform.http.networkError'));
}

// ---- the error catalogue (docs/PRODUCT.md §8) ---------------------------------------------

let alertOpen = false;

/** 9999: one alert at a time — while one is open, further 9999 answers do not stack another. */
function showServerAlert(body: Envelope): void {
  if (alertOpen) return;
  alertOpen = true;
  const text = body.error_description || body.message || t('platform.networkErrorTryLater');
  alert(text).then(
    () => {
      alertOpen = false;
    },
    () => {
      alertOpen = false;
    },
  );
}

/** For tests: forget an alert that a stubbed dialog never closed. */
export function resetAlertGuardForTests(): void {
  alertOpen = false;
}

function applyCatalogue(body: Envelope, options: RequestOptions): void {
  if (DEVICE_REREGISTER_RESULT_CODES.includes(body.result_code)) {
    if (!options.silent) showToast(t('platform.networkHiccup'));
    secureLayer?.reRegister('rejected');
  } else if (body.result_code === ALERT_RESULT_CODE && !options.silent) {
    showServerAlert(body);
  }
}

// ---- requests ------------------------------------------------------------------

async function send(options: RequestOptions): Promise<{ res: TransportResponse; req: TransportRequest }> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs(options.url);
  if (pendingTransport) await pendingTransport;
  let req = buildRequest(options);
  // H5: the page's HTML may already hold this GET's answer (boot-data.h5.ts); used once, on the first render. Not
  // inside our native apps: there every request goes through the app, which speaks with the app's own session.
  if (req.method === 'GET' && transport === defaultTransport) {
    const boot = takeBootAnswer(req.url);
    if (boot !== undefined) return { res: { status: 200, headers: {}, data: boot }, req };
  }
  if (secureLayer) req = await secureLayer.prepare(req, options);
  let res: TransportResponse;
  try {
    res = await withTimeout(transport.request(req), timeoutMs, options.signal);
  } catch (err) {
    throw transportFailure(err, timeoutMs);
  }
  absorbSetCookie(req.url, res.headers['set-cookie']);
  return { res, req };
}

async function decodeEnvelope<T>(res: TransportResponse, options: RequestOptions): Promise<T> {
  let decoded = res;
  if (secureLayer) {
    try {
      decoded = await secureLayer.decode(res);
    } catch {
      // docs/PRODUCT.md §8: same message as a device refusal, data emptied, registration again after 1.2 s.
      if (!options.silent) showToast(t('platform.networkHiccup'));
      secureLayer.reRegister('undecryptable');
      const emptied = isEnvelope(res.data) ? { ...res.data, data: null } : null;
      throw new HttpError('decrypt', t('platform.networkHiccup'), { status: res.status, body: emptied });
    }
  }
  const body = decoded.data;
  if (res.status < 200 || res.status > 299) {
    if (isEnvelope(body) && body.result_code !== 0) {
      applyCatalogue(body, options);
      throw new ApiError(body, res.status);
    }
    throw new HttpError('status', t('platform.http.statusFailed', { status: res.status }), {
      status: res.status,
      body,
    });
  }
  if (!isEnvelope(body)) return body as T; // a plain (non-envelope) resource
  if (body.result_code !== 0) {
    applyCatalogue(body, options);
    throw new ApiError(body, res.status);
  }
  return body.data as T;
}

/** Sends a request and resolves the envelope's data; throws ApiError (result_code ≠ 0) or HttpError. */
export async function request<T>(options: RequestOptions): Promise<T> {
  const { res } = await send(options);
  return decodeEnvelope<T>(res, options);
}

export type SafeResult<T> = { ok: true; data: T } | { ok: false; error: ApiError | HttpError; body: unknown };

/**
 * docs/PRODUCT.md §8 "Failed request resolves with the server response body or the error": never rejects.
 * `body` is the server's envelope when there was one, else undefined.
 */
export async function safeRequest<T>(options: RequestOptions): Promise<SafeResult<T>> {
  try {
    return { ok: true, data: await request<T>(options) };
  } catch (err) {
    const error = err instanceof ApiError || err instanceof HttpError ? err : new HttpError('unknown', String(err));
    return { ok: false, error, body: error.body ?? undefined };
  }
}

export function get<T>(url: string, params?: QueryParams, options: Partial<RequestOptions> = {}): Promise<T> {
  return request<T>({ ...options, url, method: 'GET', params });
}

export function post<T>(url: string, data?: Record<string, unknown> | string, options: Partial<RequestOptions> = {}): Promise<T> {
  return request<T>({ ...options, url, method: 'POST', data });
}

export function put<T>(url: string, data?: Record<string, unknown>, options: Partial<RequestOptions> = {}): Promise<T> {
  return request<T>({ ...options, url, method: 'PUT', data });
}

export function del<T>(url: string, params?: QueryParams, options: Partial<RequestOptions> = {}): Promise<T> {
  return request<T>({ ...options, url, method: 'DELETE', params });
}

export interface UploadOptions {
  /** Multipart field name of the file. */
  name: string;
  formData?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignalLike;
  silent?: boolean;
}

/** Multipart upload with progress; a failure without any response is the unknown-error message (docs/PRODUCT.md §8). */
export async function upload<T>(url: string, filePath: string, options: UploadOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs(url);
  if (pendingTransport) await pendingTransport;
  const uploadVia = transport.upload ?? defaultTransport.upload;
  if (!uploadVia) throw new HttpError('unknown', t('platform.unknownError'));
  const absolute = resolveUrl(url);
  let res: TransportResponse;
  try {
    res = await withTimeout(
      uploadVia.call(transport, {
        url: absolute,
        filePath,
        name: options.name,
        formData: options.formData ?? {},
        headers: withCredentials(absolute, options.headers ?? {}),
        onProgress: options.onProgress,
        signal: options.signal,
      }),
      timeoutMs,
      options.signal,
    );
  } catch (err) {
    if (err instanceof TransportError && err.kind !== 'network') throw transportFailure(err, timeoutMs);
    throw new HttpError('unknown', t('platform.unknownError'));
  }
  if (!res.status || res.data === null || res.data === undefined) {
    throw new HttpError('unknown', t('platform.unknownError'), { status: res.status });
  }
  absorbSetCookie(absolute, res.headers['set-cookie']);
  return decodeEnvelope<T>(res, { url, silent: options.silent });
}
