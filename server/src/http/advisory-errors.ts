// AdvisoryRefusal (services/advisory-reads.ts) → result code and catalogue message (docs/PRODUCT.md §7.5, §8).
import type { FastifyRequest } from 'fastify';
import { TradeRefusal } from '../domain/trade-refusal';
import { AdvisoryRefusal } from '../services/advisory-reads';
import { ApiError } from './envelope';
import { ResultCode, type ServerMessageKey } from './result-codes';
import { tradeError } from './trade-errors';
import { requestLocale } from './envelope';

const CODES: Record<AdvisoryRefusal['reason'], { code: number; key: ServerMessageKey; status?: number }> = {
  planNotFound: { code: ResultCode.PLAN_NOT_FOUND, key: 'planNotFound', status: 404 },
  advisorNotFound: { code: ResultCode.ADVISORY_NOT_FOUND, key: 'advisorNotFound', status: 404 },
  departureNotFound: { code: ResultCode.ADVISORY_NOT_FOUND, key: 'departureNotFound', status: 404 },
  advisoryKycRequired: { code: ResultCode.ADVISORY_KYC_REQUIRED, key: 'advisoryKycRequired' },
  advisoryKycInvalid: { code: ResultCode.ADVISORY_KYC_INVALID, key: 'advisoryKycInvalid' },
  advisoryRiskAboveLevel: { code: ResultCode.ADVISORY_RISK_ABOVE_LEVEL, key: 'advisoryRiskAboveLevel' },
  advisoryNotSigned: { code: ResultCode.ADVISORY_NOT_SIGNED, key: 'advisoryNotSigned' },
  advisoryWindowClosed: { code: ResultCode.ADVISORY_WINDOW_CLOSED, key: 'advisoryWindowClosed' },
  advisoryRefused: { code: ResultCode.ADVISORY_REFUSED, key: 'advisoryRefused' },
  advisoryOrderNotFound: { code: ResultCode.ADVISORY_ORDER_NOT_FOUND, key: 'advisoryOrderNotFound', status: 404 },
};

export function advisoryError(refusal: AdvisoryRefusal): ApiError {
  const { code, key, status = 400 } = CODES[refusal.reason];
  return ApiError.of(code, key, status, refusal.params);
}

/** Runs an advisory call, turning its refusals (and the trading refusals of its legs) into the catalogue's answers. */
export async function answerAdvisory<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdvisoryRefusal) throw advisoryError(error);
    if (error instanceof TradeRefusal) throw tradeError(error, requestLocale(request));
    throw error;
  }
}
