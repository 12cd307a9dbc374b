import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ApiErrorWithData, errorEnvelope, requestLocale, sendError, toApiError } from './envelope';
import { isApiPath } from './request-url';
import { formatMessage, ResultCode } from './result-codes';

/**
 * The one error handler of the API: whatever a route, a hook or Fastify throws becomes the envelope with the
 * error's status and its message in the request's locale; `data` is null, or the details an ApiErrorWithData
 * carries. Unexpected errors (5xx) are logged, never described.
 */
export function apiErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const apiError = describedError(error, request);
  const description = apiError.describe(requestLocale(request));
  const data = apiError instanceof ApiErrorWithData ? apiError.data : null;
  return reply.status(apiError.httpStatus).send(errorEnvelope(apiError.resultCode, description, data));
}

/**
 * The OAuth token call's handler: the same refusal, with `error_code` too, because the login token response
 * (docs: login token response) is read through error_code / error_description.
 */
export function oauthErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const apiError = describedError(error, request);
  const description = apiError.describe(requestLocale(request));
  return reply.status(apiError.httpStatus).send({
    error_code: apiError.resultCode,
    error_description: description,
    result_code: apiError.resultCode,
    message: description,
    data: null,
  });
}

function describedError(error: unknown, request: FastifyRequest): ApiError {
  const apiError = toApiError(error);
  // A client that has already gone (its connection closed) cannot be answered and cannot flood the error log.
  if (apiError.httpStatus >= 500) request.log[request.raw.destroyed ? 'debug' : 'error']({ err: error }, 'request failed');
  return apiError;
}

/**
 * What the router refuses before any route runs (Fastify's `frameworkErrors`): a URL whose percent-encoding does
 * not decode, or a path parameter longer than the router allows. API paths get the envelope, other paths a plain 400.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!isApiPath(request.url)) return reply.status(400).type('text/plain; charset=utf-8').send('Bad Request');
  const reason = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is too long' : 'malformed percent-encoding';
  return sendError(request, reply, ApiError.of(ResultCode.INVALID_PARAMETER, 'invalidParameter', 400, { field: 'url', reason }));
}

/**
 * A connection whose HTTP cannot be read (a bad chunk size, a broken header, a timeout: Node's `clientError`): the
 * envelope of a malformed request when nothing has been answered on it yet, then the connection closes. Logged at
 * debug only — anyone can send these.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'unreadable request');
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const reason =
    status === 408 ? 'the request timed out' : status === 431 ? 'the headers are too large' : 'the HTTP request could not be read';
  const message = formatMessage('malformedBody', 'zh-CN', { reason });
  const body = JSON.stringify(errorEnvelope(ResultCode.MALFORMED_BODY, message));
  // Like Node's own handler: never write into a response that has already begun on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The `.catch` of a code send: the SMS provider failed (logged with the request), answered 502 smsSendFailed.
 */
export function smsProviderFailed(request: FastifyRequest): (error: unknown) => never {
  return (error) => {
    request.log.error({ err: error }, 'SMS provider failed');
    throw ApiError.of(ResultCode.SERVER_ERROR, 'smsSendFailed', 502);
  };
}

/**
 * A code send the throttle refused (services/verification-codes.ts): too soon (data.resend_after: the seconds
 * left) or the day's count used up (data.resend_after: null).
 */
export function smsThrottled(refusal: { reason: 'wait'; seconds: number } | { reason: 'daily' }): ApiErrorWithData {
  if (refusal.reason === 'wait') {
    return new ApiErrorWithData(
      ResultCode.SMS_TOO_FREQUENT,
      'smsResendWait',
      { resend_after: refusal.seconds },
      { seconds: refusal.seconds },
    );
  }
  return new ApiErrorWithData(ResultCode.SMS_TOO_FREQUENT, 'smsDailyLimit', { resend_after: null });
}
