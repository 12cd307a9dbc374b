import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorWithData, errorEnvelope, requestLocale, toApiError, type ApiError } from './envelope';
import { ResultCode } from './result-codes';

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
  if (apiError.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
  return apiError;
}

/**
 * A code send the throttle refused (services/verification-codes.ts): too soon (data.resend_after: the seconds
 * left) or the day's count used up (data.resend_after: null).
 */
export function smsThrottled(refusal: { reason: 'wait'; seconds: number } | { reason: 'daily' }): ApiErrorWithData {
  if (refusal.reason === 'wait') {
    return new ApiErrorWithData(ResultCode.SMS_TOO_FREQUENT, 'smsResendWait', { resend_after: refusal.seconds }, { seconds: refusal.seconds });
  }
  return new ApiErrorWithData(ResultCode.SMS_TOO_FREQUENT, 'smsDailyLimit', { resend_after: null });
}
