// Why a buy, sell or cancel is refused: a reason the routes turn into its result code and catalogue message
// (server/src/http/trade-errors.ts). Domain and service code throw these; they carry no HTTP.

export type TradeRefusalReason =
  | 'accountNotOpened'
  | 'riskAssessmentRequired'
  | 'riskConfirmRequired'
  | 'riskRefused'
  | 'fundNotFound'
  | 'fundNotPurchasable'
  | 'amountBelowMinimum'
  | 'fundDailyLimit'
  | 'bankPerPaymentLimit'
  | 'bankDailyLimit'
  | 'paymentFailed'
  | 'requestIdConflict'
  | 'requestInProgress'
  | 'insufficientShares'
  | 'fundNotRedeemable'
  | 'noHolding'
  | 'orderNotFound'
  | 'orderNotCancellable'
  | 'orderAlreadyClosed'
  | 'tradePasswordWrong'
  | 'tradePasswordLocked'
  | 'tradePasswordNotSet'
  | 'invalidAmount'
  | 'invalidVolume'
  | 'cashQuickQuota'
  | 'cashInsufficient'
  | 'cashNotAllowed'
  | 'aipInvalidSchedule'
  | 'aipSmartUnavailable'
  | 'aipNotFound'
  | 'aipStopped'
  | 'aipNotRunning'
  | 'aipNotPaused'
  // A registration coupon a purchase names (services/coupons.ts).
  | 'couponNotFound'
  | 'couponUsed'
  | 'couponExpired'
  | 'couponBelowMinimum'
  | 'couponFundNotEligible'
  | 'couponNoFee'
  // The personal pension (issue 24, services/pension.ts).
  | 'pensionNotOpened'
  | 'pensionAlreadyOpened'
  | 'pensionSocialAccountMissing'
  | 'pensionFundOnly'
  | 'pensionNotEligible'
  | 'pensionInsufficient'
  | 'pensionCapExceeded'
  | 'pensionConditionNotMet'
  | 'pensionConditionNotInForce'
  | 'pensionContributionClosed'
  | 'pensionCategoryNotApplicable'
  // 投顾 (issue 23): an ordinary sale asking for shares of an advisory account (services/advisory-shares.ts).
  | 'advisorySharesReserved';

export class TradeRefusal extends Error {
  constructor(
    readonly reason: TradeRefusalReason,
    readonly params: Record<string, string | number> = {},
    readonly data: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'TradeRefusal';
  }
}

/** A stored refusal (orders.answer of a failed order), so a replayed request gets the same answer. */
export interface StoredRefusal {
  refusal: { reason: TradeRefusalReason; params: Record<string, string | number>; data: Record<string, unknown> };
}
