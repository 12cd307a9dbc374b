// TradeRefusal (server/src/domain/trade-refusal.ts) → the envelope's result code and catalogue message.
import common from '../../../src/locales/messages/common';
import { shanghaiTime } from '../domain/clock';
import type { FastifyRequest } from 'fastify';
import { TradeRefusal, type TradeRefusalReason } from '../domain/trade-refusal';
import { ApiError, ApiErrorWithData, requestLocale } from './envelope';
import { formatMessage, ResultCode, type ServerLocale, type ServerMessageKey } from './result-codes';

const CODES: Record<TradeRefusalReason, { code: number; key: ServerMessageKey; status?: number }> = {
  accountNotOpened: { code: ResultCode.ACCOUNT_NOT_OPENED, key: 'accountNotOpened' },
  riskAssessmentRequired: { code: ResultCode.RISK_ASSESSMENT_REQUIRED, key: 'riskAssessmentRequired' },
  riskConfirmRequired: { code: ResultCode.RISK_CONFIRM_REQUIRED, key: 'riskConfirmRequired' },
  riskRefused: { code: ResultCode.RISK_REFUSED, key: 'riskRefused' },
  fundNotFound: { code: ResultCode.FUND_NOT_PURCHASABLE, key: 'fundNotFound', status: 404 },
  fundNotPurchasable: { code: ResultCode.FUND_NOT_PURCHASABLE, key: 'fundNotPurchasable' },
  amountBelowMinimum: { code: ResultCode.AMOUNT_BELOW_MINIMUM, key: 'amountBelowMinimum' },
  fundDailyLimit: { code: ResultCode.FUND_DAILY_LIMIT, key: 'fundDailyLimit' },
  bankPerPaymentLimit: { code: ResultCode.BANK_PER_PAYMENT_LIMIT, key: 'bankPerPaymentLimit' },
  bankDailyLimit: { code: ResultCode.BANK_DAILY_LIMIT, key: 'bankDailyLimit' },
  paymentFailed: { code: ResultCode.PAYMENT_FAILED, key: 'paymentFailed', status: 402 },
  requestIdConflict: { code: ResultCode.REQUEST_ID_CONFLICT, key: 'requestIdConflict', status: 409 },
  requestInProgress: { code: ResultCode.REQUEST_IN_PROGRESS, key: 'requestInProgress', status: 409 },
  insufficientShares: { code: ResultCode.INSUFFICIENT_SHARES, key: 'insufficientShares' },
  fundNotRedeemable: { code: ResultCode.FUND_NOT_REDEEMABLE, key: 'fundNotRedeemable' },
  noHolding: { code: ResultCode.FUND_NOT_REDEEMABLE, key: 'noHolding' },
  orderNotFound: { code: ResultCode.ORDER_NOT_FOUND, key: 'orderNotFound', status: 404 },
  orderNotCancellable: { code: ResultCode.ORDER_NOT_CANCELLABLE, key: 'orderNotCancellable' },
  orderAlreadyClosed: { code: ResultCode.ORDER_NOT_CANCELLABLE, key: 'orderAlreadyClosed' },
  tradePasswordWrong: { code: ResultCode.TRADE_PASSWORD_WRONG, key: 'tradePasswordWrong' },
  tradePasswordLocked: { code: ResultCode.TRADE_PASSWORD_LOCKED, key: 'tradePasswordLocked' },
  tradePasswordNotSet: { code: ResultCode.TRADE_PASSWORD_NOT_SET, key: 'tradePasswordNotSet' },
  invalidAmount: { code: ResultCode.INVALID_PARAMETER, key: 'invalidParameter' },
  invalidVolume: { code: ResultCode.INVALID_PARAMETER, key: 'invalidParameter' },
  cashQuickQuota: { code: ResultCode.CASH_QUICK_QUOTA, key: 'cashQuickQuota' },
  cashInsufficient: { code: ResultCode.CASH_INSUFFICIENT, key: 'cashInsufficient' },
  cashNotAllowed: { code: ResultCode.CASH_NOT_ALLOWED, key: 'cashNotAllowed' },
  aipInvalidSchedule: { code: ResultCode.AIP_INVALID, key: 'aipInvalidSchedule' },
  aipSmartUnavailable: { code: ResultCode.AIP_INVALID, key: 'aipSmartUnavailable' },
  aipNotFound: { code: ResultCode.AIP_NOT_FOUND, key: 'aipNotFound', status: 404 },
  aipStopped: { code: ResultCode.AIP_STATE, key: 'aipStopped' },
  aipNotRunning: { code: ResultCode.AIP_STATE, key: 'aipNotRunning' },
  aipNotPaused: { code: ResultCode.AIP_STATE, key: 'aipNotPaused' },
  couponNotFound: { code: ResultCode.COUPON_UNUSABLE, key: 'couponNotFound', status: 404 },
  couponUsed: { code: ResultCode.COUPON_UNUSABLE, key: 'couponUsed' },
  couponExpired: { code: ResultCode.COUPON_UNUSABLE, key: 'couponExpired' },
  couponBelowMinimum: { code: ResultCode.COUPON_UNUSABLE, key: 'couponBelowMinimum' },
  couponFundNotEligible: { code: ResultCode.COUPON_UNUSABLE, key: 'couponFundNotEligible' },
  couponNoFee: { code: ResultCode.COUPON_UNUSABLE, key: 'couponNoFee' },
  pensionNotOpened: { code: ResultCode.PENSION_NOT_OPENED, key: 'pensionNotOpened' },
  pensionAlreadyOpened: { code: ResultCode.PENSION_OPEN_REFUSED, key: 'pensionAlreadyOpened', status: 409 },
  pensionSocialAccountMissing: { code: ResultCode.PENSION_OPEN_REFUSED, key: 'pensionSocialAccountMissing' },
  pensionFundOnly: { code: ResultCode.PENSION_CLOSED_LOOP, key: 'pensionFundOnly' },
  pensionNotEligible: { code: ResultCode.PENSION_CLOSED_LOOP, key: 'pensionNotEligible' },
  pensionInsufficient: { code: ResultCode.PENSION_INSUFFICIENT, key: 'pensionInsufficient' },
  pensionCapExceeded: { code: ResultCode.PENSION_CAP_EXCEEDED, key: 'pensionCapExceeded' },
  pensionContributionClosed: { code: ResultCode.PENSION_CAP_EXCEEDED, key: 'pensionContributionClosed' },
  pensionConditionNotMet: { code: ResultCode.PENSION_WITHDRAWAL_REFUSED, key: 'pensionConditionNotMet' },
  pensionConditionNotInForce: { code: ResultCode.PENSION_WITHDRAWAL_REFUSED, key: 'pensionConditionNotInForce' },
  advisorySharesReserved: { code: ResultCode.ADVISORY_SHARES_RESERVED, key: 'advisorySharesReserved' },
  pensionCategoryNotApplicable: { code: ResultCode.PENSION_CATEGORY_INVALID, key: 'pensionCategoryNotApplicable' },
};

/** The bank's name in the request's language ('中国工商银行'). */
export function bankName(bankCode: string, locale: ServerLocale): string {
  const key = `common.bank.${bankCode}` as keyof (typeof common)['zh-CN'];
  return common[locale][key] ?? bankCode;
}

export function tradeError(refusal: TradeRefusal, locale: ServerLocale): ApiError {
  const { code, key, status = 400 } = CODES[refusal.reason];
  const params: Record<string, string | number> = { ...refusal.params };
  if (typeof params.bankCode === 'string') params.bank = bankName(params.bankCode, locale);
  if (typeof params.lockedUntil === 'string') params.time = shanghaiTime(new Date(params.lockedUntil)).slice(0, 5);
  if (refusal.reason === 'invalidAmount')
    Object.assign(params, { field: 'body.amount', reason: 'must be a positive amount with at most 2 decimals' });
  if (refusal.reason === 'invalidVolume')
    Object.assign(params, { field: 'body.volume', reason: 'must be a positive number of shares with at most 2 decimals' });
  if (refusal.reason === 'paymentFailed') params.reason = locale === 'en-US' ? 'the bank declined the payment' : '银行拒绝了本次支付';
  if (refusal.reason === 'orderAlreadyClosed') params.status = statusText(String(params.status), locale);
  // A purchase above the investor's level answers the warning text to show and confirm.
  const data =
    refusal.reason === 'riskConfirmRequired'
      ? { ...refusal.data, risk_warning: formatMessage('riskWarningText', locale, refusal.params) }
      : refusal.data;
  return Object.keys(data).length > 0 ? new ApiErrorWithData(code, key, data, params, status) : ApiError.of(code, key, status, params);
}

/** Runs a service call of the money routes, turning its refusals into the catalogue's answers (trading, cash, auto-invest). */
export async function answerRefusals<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TradeRefusal) throw tradeError(error, requestLocale(request));
    throw error;
  }
}

const STATUS_TEXT: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  submitted: { 'zh-CN': '交易进行中', 'en-US': 'in progress' },
  paid: { 'zh-CN': '交易进行中', 'en-US': 'in progress' },
  confirmed: { 'zh-CN': '确认成功', 'en-US': 'confirmed' },
  failed: { 'zh-CN': '交易失败', 'en-US': 'failed' },
  cancelled: { 'zh-CN': '已撤单', 'en-US': 'cancelled' },
};

export function statusText(status: string, locale: ServerLocale): string {
  return STATUS_TEXT[status]?.[locale] ?? status;
}
