import { t } from '@/locales/i18n';
import { isAppId } from './app-registry';
import { bridge } from './bridge';
import type { Bridge, BridgeFullResponse, BridgeRequest } from './bridge.types';
import { HttpError, TransportError } from './http-errors';
import { lowerCaseHeaders, parseBody, type Transport, type TransportRequest } from './http-transport';
import { setTransport } from './http';

/** Headers the native side sets itself: the body's type travels as `content_type`, cookies are the app's. */
const NOT_FORWARDED = new Set(['content-type', 'cookie']);

/** The bridge request for a client request (docs/BRIDGE.md "Actions", `request`). */
export function toBridgeRequest(req: TransportRequest): BridgeRequest {
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') contentType = value;
    if (!NOT_FORWARDED.has(lower)) headers[name] = value;
  }
  const hasBody = req.body !== undefined;
  return {
    url: req.url,
    type: req.method,
    // GET/PUT/DELETE data is already in the URL's query; POST data is also offered as an object for apps that
    // predate `body`. The secure layer drops `data` from an encrypted request: the plaintext never leaves.
    data: req.method === 'POST' ? (req.data ?? {}) : {},
    ...(hasBody ? { body: req.body, content_type: contentType ?? 'text/plain;charset=UTF-8' } : {}),
    headers,
    full_response: true,
    need_write_token: req.needWriteToken,
    ...(isAppId(req.aid) ? { aid: req.aid } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ status, headers, body }` from an app that knows `full_response`; null for the body alone (older apps). */
export function asFullResponse(answer: unknown): BridgeFullResponse | null {
  if (!isRecord(answer) || typeof answer.status !== 'number' || !isRecord(answer.headers) || !('body' in answer)) return null;
  return answer as unknown as BridgeFullResponse;
}

/**
 * Inside our native apps, requests are delegated to the app (docs/PRODUCT.md §7): it adds the user's tokens and
 * cookies, sends our body and headers as given (so listed secure APIs go encrypted) and answers with the
 * status, headers and body. A native error rejects the request (docs/PRODUCT.md §8).
 */
export function createBridgeTransport(target: Pick<Bridge, 'request'> = bridge): Transport {
  return {
    name: 'bridge',
    async request(req) {
      const delegated = toBridgeRequest(req);
      let answer: unknown;
      try {
        answer = await target.request<unknown>(delegated);
      } catch (err) {
        const code = (err as { code?: string } | null)?.code;
        throw new TransportError(code === 'TIMEOUT' ? 'timeout' : 'network', String((err as Error)?.message ?? err));
      }
      const full = asFullResponse(answer);
      if (full) return { status: full.status, headers: lowerCaseHeaders(full.headers), data: parseBody(full.body) };
      // An app from before `body`/`full_response` answers the body alone, and sent `data` form-encoded. A body
      // that `data` could not express (an encrypted message, a text body) did not go out as intended.
      if (delegated.body !== undefined && req.data === undefined) {
        throw new HttpError('network', t('common.bridge.unsupported'));
      }
      return { status: 200, headers: {}, data: parseBody(answer) };
    },
  };
}

/** Switches the http client to the bridge when a native app is there to answer; returns whether it did. */
export function switchToBridgeTransportIfAvailable(target: Pick<Bridge, 'request' | 'isAvailable'> = bridge): boolean {
  if (!target.isAvailable()) return false;
  setTransport(createBridgeTransport(target));
  return true;
}
