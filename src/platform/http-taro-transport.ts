import Taro from '@tarojs/taro';
import { lowerCaseHeaders, parseBody, type Transport, type TransportResponse, type UploadRequest } from './http-transport';
import { TransportError } from './http-errors';

// Taro.request / Taro.uploadFile: the mini program's transport; H5 uses fetch (http-default-transport.h5.ts) and
// loads this file only for uploads.
// The client core owns the timeout; Taro's own is set far away so it never fires first.
const TARO_TIMEOUT_MS = 10 * 60 * 1000;

function toTransportError(err: unknown, aborted: boolean): TransportError {
  if (aborted) return new TransportError('abort');
  const message = String((err as { errMsg?: string; message?: string } | null)?.errMsg ?? err ?? '');
  if (/abort/i.test(message)) return new TransportError('abort');
  if (/time ?out/i.test(message)) return new TransportError('timeout');
  return new TransportError('network', message);
}

function settleQuietly(task: unknown): void {
  const maybePromise = task as { catch?: (onRejected: () => void) => unknown };
  if (typeof maybePromise.catch === 'function') maybePromise.catch(() => undefined);
}

export const taroTransport: Transport = {
  name: 'taro',
  request(req) {
    return new Promise<TransportResponse>((resolve, reject) => {
      let aborted = false;
      const task = Taro.request({
        url: req.url,
        method: req.method,
        header: req.headers,
        data: req.body,
        dataType: 'text', // parsed below: identical on both targets, and survives non-JSON bodies
        responseType: 'text',
        timeout: TARO_TIMEOUT_MS,
        credentials: 'include',
        success: (res) =>
          resolve({
            status: res.statusCode,
            headers: lowerCaseHeaders({
              ...(res.header as Record<string, unknown>),
              // weapp hands Set-Cookie over separately as an array in newer base libraries
              ...((res as { cookies?: string[] }).cookies?.length ? { 'set-cookie': (res as { cookies?: string[] }).cookies } : {}),
            }),
            data: parseBody(res.data),
          }),
        fail: (err) => reject(toTransportError(err, aborted)),
      });
      // The task is also a promise that rejects on failure; `fail` already settles ours, so swallow it
      // here or every failed request becomes an unhandled rejection on weapp.
      settleQuietly(task);
      req.signal?.addEventListener('abort', () => {
        aborted = true;
        task.abort();
      });
    });
  },
  upload: taroUpload,
};

/** Taro.uploadFile with progress (H5 loads this file for uploads only). */
export function taroUpload(req: UploadRequest): Promise<TransportResponse> {
  return new Promise<TransportResponse>((resolve, reject) => {
    let aborted = false;
    const task = Taro.uploadFile({
      url: req.url,
      filePath: req.filePath,
      name: req.name,
      formData: req.formData,
      header: req.headers,
      timeout: TARO_TIMEOUT_MS,
      success: (res) =>
        resolve({
          status: res.statusCode,
          headers: lowerCaseHeaders((res as { header?: Record<string, unknown> }).header),
          data: parseBody(res.data),
        }),
      fail: (err) => reject(toTransportError(err, aborted)),
    });
    settleQuietly(task);
    task.onProgressUpdate?.((progress) =>
      req.onProgress?.({
        percent: progress.progress,
        loaded: progress.totalBytesSent,
        total: progress.totalBytesExpectedToSend,
      }),
    );
    req.signal?.addEventListener('abort', () => {
      aborted = true;
      task.abort();
    });
  });
}
