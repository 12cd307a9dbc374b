// Why an activity call is refused: a reason the routes turn into its result code and catalogue message
// (server/src/http/activity-errors.ts). Services throw these; they carry no HTTP. docs/PRODUCT.md §8.4.

export type ActivityRefusalReason =
  | 'activityNotFound'
  | 'activityNotStarted'
  | 'activityEnded'
  | 'couponNotNewInvestor'
  | 'couponAlreadyClaimed'
  | 'bookingNotOpen'
  | 'bookingClosed'
  | 'bookingBelowMinimum'
  | 'bookingAboveMaximum'
  | 'bookingNotFound'
  | 'bookingNotCancellable'
  | 'competitionAlreadyJoined'
  | 'competitionNotJoined'
  | 'competitionWeightsInvalid'
  | 'competitionFundNotAllowed'
  | 'competitionTooManyFunds'
  | 'assetProofDateInvalid'
  | 'assetProofNotFound'
  | 'assetProofUnavailable';

export class ActivityRefusal extends Error {
  constructor(
    readonly reason: ActivityRefusalReason,
    readonly params: Record<string, string | number> = {},
    readonly data: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'ActivityRefusal';
  }
}
