import { TransportError } from './http-errors';
import { parseBody, type Transport, type TransportResponse } from './http-transport';

// H5: requests go straight to fetch, which is what Taro.request does in a browser, so Taro's request API code
// stays out of every page's first load. Uploads (rare: a photo for account opening) load Taro's uploadFile,
// which reads the picked file's blob URL and reports progress, on first use.

function responseHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

export const defaultTransport: Transport = {
  name: 'fetch',
  async request(req) {
    const controller = new AbortController();
    const abort = (): void => controller.abort();
    req.signal?.addEventListener('abort', abort);
    try {
      const res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.method === 'GET' ? undefined : req.body,
        credentials: 'include',
        signal: controller.signal,
      });
      const text = await res.text();
      return { status: res.status, headers: responseHeaders(res.headers), data: parseBody(text) } satisfies TransportResponse;
    } catch (err) {
      if (controller.signal.aborted) throw new TransportError('abort');
      throw new TransportError('network', String((err as Error | null)?.message ?? err));
    } finally {
      req.signal?.removeEventListener('abort', abort);
    }
  },
  async upload(req) {
    const { taroUpload } = await import('./http-taro-transport');
    return taroUpload(req);
  },
};
