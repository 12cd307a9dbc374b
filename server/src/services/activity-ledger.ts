// The activities' part of the chart of accounts (issue 25; ledger/chart.ts: a product adds its own kinds in its own
// module). The registration coupon's discount is paid by the platform's marketing account into the fund's fee
// account when the purchase is confirmed; a failed raising's interest is paid by the fund company into the
// subscription's account, then refunded with it (services/settlement.ts posts both). Imported by the settlement,
// so whatever runs it (the app, the jobs) knows these kinds before the ledger is checked.
import { COMPANY, FEE, PURCHASE, defineAccountKind, defineTransferKind } from '../ledger/chart';

/** The platform's marketing budget: what it has paid for coupons. Its balance is minus the discounts given. */
export const MARKETING = defineAccountKind({
  name: 'marketing',
  key: 'none',
  asset: 'money',
  normal: 'debit',
  product: 'activities',
  meaning: 'what the platform has paid for registration coupons (the discounts of confirmed purchases): minus their sum',
});

export const COUPON_SUBSIDY = defineTransferKind({
  name: 'coupon_subsidy',
  asset: 'money',
  debit: [MARKETING],
  credit: [FEE],
  product: 'activities',
  meaning: "a confirmed purchase's coupon discount: the marketing account pays that part of the fee",
});

export const RAISING_INTEREST = defineTransferKind({
  name: 'raising_interest',
  asset: 'money',
  debit: [COMPANY],
  credit: [PURCHASE],
  product: 'activities',
  meaning: "a failed raising's interest on a subscription, paid by the fund company and refunded with it",
});
