import { NOT_LOGGED_IN_RESULT_CODE } from '@/lib/constants';

/** The response envelope of every product API (docs/PRODUCT.md §3). */
export interface Envelope<T = unknown> {
  result_code: number;
  data: T;
  message?: string;
  error_description?: string;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).result_code === 'number';
}

/** The server answered with a non-zero result_code. */
export class ApiError extends Error {
  readonly resultCode: number;
  readonly description: string | undefined;
  readonly body: Envelope;
  readonly status: number;

  constructor(body: Envelope, status = 200) {
    super(body.error_description || body.message || `result_code ${body.result_code}`);
    this.name = 'ApiError';
    this.resultCode = body.result_code;
    this.description = body.error_description;
    this.body = body;
    this.status = status;
  }

  /** 300001: the visitor must log in (features route to the login page). */
  get isNotLoggedIn(): boolean {
    return this.resultCode === NOT_LOGGED_IN_RESULT_CODE;
  }
}

export type HttpErrorKind = 'status' | 'network' | 'timeout' | 'abort' | 'decrypt' | 'unknown';

/** The request did not produce a usable envelope: transport failure, HTTP status, undecryptable body. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(kind: HttpErrorKind, message: string, options: { status?: number; body?: unknown } = {}) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.status = options.status;
    this.body = options.body;
  }
}

/** Thrown by transports: the three ways a request can fail without a response. */
export class TransportError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout' | 'abort',
    message: string = kind,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
