export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Minimal AbortSignal shape (the mini program has no AbortController). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface TransportRequest {
  /** Absolute or same-origin URL, query string included. */
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  /** The encoded body (form, JSON, text or an encrypted message). */
  body?: string;
  /** The payload before encoding, for transports that encode themselves (the native bridge). */
  data?: Record<string, unknown>;
  /** App id and write-token flag, only meaningful to the native bridge. */
  aid?: number;
  needWriteToken?: boolean;
  signal?: AbortSignalLike;
}

export interface UploadProgress {
  /** 0–100 */
  percent: number;
  loaded: number;
  total: number;
}

export interface UploadRequest {
  url: string;
  filePath: string;
  name: string;
  formData: Record<string, string>;
  headers: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignalLike;
}

export interface TransportResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | string[]>;
  /** Parsed JSON when the body is JSON, else the text. */
  data: unknown;
}

/** How a request leaves the page: Taro.request by default, the native bridge inside our apps, a stub in tests. */
export interface Transport {
  readonly name: string;
  request(req: TransportRequest): Promise<TransportResponse>;
  /** Rejects with TransportError, or resolves with status 0 and no data when the upload got no response. */
  upload?(req: UploadRequest): Promise<TransportResponse>;
}

export function lowerCaseHeaders(headers: Record<string, unknown> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string' || Array.isArray(value)) out[name.toLowerCase()] = value as string | string[];
    else if (value !== undefined && value !== null) out[name.toLowerCase()] = String(value);
  }
  return out;
}

/** JSON when it parses, otherwise the text itself (an error page, an encrypted string). */
export function parseBody(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return raw;
  }
}
