// ActivityRefusal (server/src/domain/activity-refusal.ts) → the envelope's result code and catalogue message, and the
// operator's ActivityConfigError → 420003 naming the field. docs/PRODUCT.md §8.4.
import type { FastifyRequest } from 'fastify';
import { ActivityConfigError } from '../domain/activity-config';
import { ActivityRefusal, type ActivityRefusalReason } from '../domain/activity-refusal';
import { TradeRefusal } from '../domain/trade-refusal';
import { ApiError, ApiErrorWithData, requestLocale } from './envelope';
import { ResultCode, type ServerMessageKey } from './result-codes';
import { tradeError } from './trade-errors';

const CODES: Record<ActivityRefusalReason, { code: number; key: ServerMessageKey; status?: number }> = {
  activityNotFound: { code: ResultCode.ACTIVITY_NOT_FOUND, key: 'activityNotFound', status: 404 },
  activityNotStarted: { code: ResultCode.ACTIVITY_NOT_RUNNING, key: 'activityNotStarted' },
  activityEnded: { code: ResultCode.ACTIVITY_NOT_RUNNING, key: 'activityEnded' },
  couponNotNewInvestor: { code: ResultCode.COUPON_CLAIM_REFUSED, key: 'couponNotNewInvestor' },
  couponAlreadyClaimed: { code: ResultCode.COUPON_CLAIM_REFUSED, key: 'couponAlreadyClaimed' },
  bookingNotOpen: { code: ResultCode.BOOKING_REFUSED, key: 'bookingNotOpen' },
  bookingClosed: { code: ResultCode.BOOKING_REFUSED, key: 'bookingClosed' },
  bookingBelowMinimum: { code: ResultCode.BOOKING_REFUSED, key: 'bookingBelowMinimum' },
  bookingAboveMaximum: { code: ResultCode.BOOKING_REFUSED, key: 'bookingAboveMaximum' },
  bookingNotFound: { code: ResultCode.BOOKING_NOT_FOUND, key: 'bookingNotFound', status: 404 },
  bookingNotCancellable: { code: ResultCode.BOOKING_REFUSED, key: 'bookingNotCancellable' },
  competitionAlreadyJoined: { code: ResultCode.COMPETITION_REFUSED, key: 'competitionAlreadyJoined' },
  competitionNotJoined: { code: ResultCode.COMPETITION_REFUSED, key: 'competitionNotJoined' },
  competitionWeightsInvalid: { code: ResultCode.COMPETITION_REFUSED, key: 'competitionWeightsInvalid' },
  competitionFundNotAllowed: { code: ResultCode.COMPETITION_REFUSED, key: 'competitionFundNotAllowed' },
  competitionTooManyFunds: { code: ResultCode.COMPETITION_REFUSED, key: 'competitionTooManyFunds' },
  assetProofDateInvalid: { code: ResultCode.ASSET_PROOF_DATE_INVALID, key: 'assetProofDateInvalid' },
  assetProofNotFound: { code: ResultCode.ASSET_PROOF_NOT_FOUND, key: 'assetProofNotFound', status: 404 },
  assetProofUnavailable: { code: ResultCode.ASSET_PROOF_UNAVAILABLE, key: 'assetProofUnavailable', status: 503 },
};

const BOOKING_STATUS: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  ordered: { 'zh-CN': '转为认购', 'en-US': 'placed as a subscription' },
  cancelled: { 'zh-CN': '取消', 'en-US': 'cancelled' },
  failed: { 'zh-CN': '失败', 'en-US': 'failed' },
};

export function activityError(refusal: ActivityRefusal, request: FastifyRequest): ApiError {
  const { code, key, status = 400 } = CODES[refusal.reason];
  const locale = requestLocale(request);
  const params = { ...refusal.params };
  if (refusal.reason === 'bookingNotCancellable') params.status = BOOKING_STATUS[String(params.status)]?.[locale] ?? String(params.status);
  return Object.keys(refusal.data).length > 0
    ? new ApiErrorWithData(code, key, refusal.data, params, status)
    : ApiError.of(code, key, status, params);
}

/** Runs an activity call, turning its refusals (and the trading refusals a booking or a coupon meets) into answers. */
export async function answerActivity<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ActivityRefusal) throw activityError(error, request);
    if (error instanceof TradeRefusal) throw tradeError(error, requestLocale(request));
    if (error instanceof ActivityConfigError)
      throw ApiError.of(ResultCode.ACTIVITY_CONFIG_INVALID, 'activityConfigInvalid', 400, { field: error.field, reason: error.reason });
    throw error;
  }
}
