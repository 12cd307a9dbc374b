import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { formatMessage, localeOf, ResultCode, type ServerLocale, type ServerMessageKey } from './result-codes';

/** The response envelope of every API call (docs/PRODUCT.md §3). */
export interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
  error_description: string;
}

export function ok<T>(data: T): Envelope<T> {
  return { result_code: ResultCode.OK, data, message: '', error_description: '' };
}

/** The success envelope around an already serialised data object (the market cache keeps bodies as JSON text). */
export const envelopeText = (dataJson: string): string => `{"result_code":0,"data":${dataJson},"message":"","error_description":""}`;

/** TypeBox schema of a success envelope around `data` (for response schemas and OpenAPI). */
export function EnvelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    result_code: Type.Integer(),
    data,
    message: Type.String(),
    error_description: Type.String(),
  });
}

export const ErrorEnvelope = Type.Object({
  result_code: Type.Integer(),
  data: Type.Null(),
  message: Type.String(),
  error_description: Type.String(),
});

/** Error envelope whose `data` is null, or an object for an ApiErrorWithData (remaining tries, lock time, resend wait). */
export const ErrorEnvelopeWithData = Type.Object({
  result_code: Type.Integer(),
  data: Type.Unknown(),
  message: Type.String(),
  error_description: Type.String(),
});

/**
 * An error a route means to send: a result_code, a human message and an HTTP status.
 * Give `description` as text, or as a catalogue key (+ params) so it is localised per request.
 */
export class ApiError extends Error {
  readonly messageKey: ServerMessageKey | undefined;
  readonly params: Record<string, string | number>;

  constructor(
    readonly resultCode: number,
    description: string,
    readonly httpStatus = 400,
  ) {
    super(description);
    this.name = 'ApiError';
    this.messageKey = undefined;
    this.params = {};
  }

  /** An error whose message comes from the server catalogue, localised when sent. */
  static of(resultCode: number, key: ServerMessageKey, httpStatus = 400, params: Record<string, string | number> = {}): ApiError {
    const error = new ApiError(resultCode, formatMessage(key, 'zh-CN', params), httpStatus);
    Object.assign(error, { messageKey: key, params });
    return error;
  }

  describe(locale: ServerLocale): string {
    return this.messageKey ? formatMessage(this.messageKey, locale, this.params) : this.message;
  }
}

/** An error whose envelope carries `data` (remaining tries, lock time, resend wait). */
export class ApiErrorWithData extends ApiError {
  constructor(
    resultCode: number,
    key: ServerMessageKey,
    readonly data: Record<string, unknown>,
    params: Record<string, string | number> = {},
    httpStatus = 400,
  ) {
    super(resultCode, formatMessage(key, 'zh-CN', params), httpStatus);
    // The catalogue key, so describe() localises per request like ApiError.of.
    Object.assign(this, { messageKey: key, params });
  }
}

export const notLoggedIn = (): ApiError => ApiError.of(ResultCode.NOT_LOGGED_IN, 'notLoggedIn', 200);

export function requestLocale(request: FastifyRequest): ServerLocale {
  const cookies = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  return localeOf(request.headers['accept-language'], cookies?.lang);
}

export function errorEnvelope<T = null>(resultCode: number, description: string, data: T = null as T): Envelope<T> {
  return { result_code: resultCode, data, message: description, error_description: description };
}

/** Sends an error envelope with the status the error asks for. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.status(error.httpStatus).send(errorEnvelope(error.resultCode, error.describe(requestLocale(request))));
}

/** Translates anything thrown by a route (or by Fastify itself) into an ApiError, never leaking internals. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  if (fastifyError.validation && fastifyError.validation.length > 0) {
    const first = fastifyError.validation[0]!;
    const context = fastifyError.validationContext ?? 'body';
    const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
    const path = [first.instancePath.replace(/^\//, '').replaceAll('/', '.'), missing].filter(Boolean).join('.');
    return ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, {
      field: path ? `${context}.${path}` : context,
      reason:
        first.keyword === 'enum'
          ? `must be one of: ${((first.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`
          : (first.message ?? 'invalid'),
    });
  }
  const status = fastifyError.statusCode ?? 500;
  const code = fastifyError.code ?? '';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return ApiError.of(ResultCode.UNSUPPORTED_MEDIA_TYPE, 'unsupportedMediaType', 415, {
      type: fastifyError.message?.replace(/^Unsupported Media Type: ?/, '') || 'unknown',
    });
  }
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return ApiError.of(ResultCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge', 413);
  }
  if (status === 429) return ApiError.of(ResultCode.RATE_LIMITED, 'rateLimited', 429);
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, empty JSON body, bad content-length, bad URL encoding…).
    return ApiError.of(ResultCode.MALFORMED_BODY, 'malformedBody', status === 404 ? 400 : status, {
      reason: fastifyError.message ?? 'bad request',
    });
  }
  return ApiError.of(ResultCode.SERVER_ERROR, 'serverError', 500);
}
