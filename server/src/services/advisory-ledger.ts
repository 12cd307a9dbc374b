// The advisory's part of the chart of accounts (issue 23; ledger/chart.ts: a product adds its own kinds in its own
// module). The advisory fee charged on the first trading day of each quarter (a 098 plan order) moves from the
// investor's card to the advisor's fee account of the portfolio. Imported by services/advisory.ts, which the app's
// routes and the daily job `advisory-day` import, so both know these kinds before the ledger is checked.
import { BANK, defineAccountKind, defineTransferKind } from '../ledger/chart';

/** The advisory fees charged to the investor for one portfolio (key: the portfolio's code). */
export const ADVISORY_FEE = defineAccountKind({
  name: 'advisory_fee',
  key: 'id',
  asset: 'money',
  normal: 'credit',
  product: 'advisory',
  meaning: "advisory fees charged for the portfolio (its code): the advisor's income from this investor",
});

export const ADVISORY_FEE_CHARGE = defineTransferKind({
  name: 'advisory_fee_charge',
  asset: 'money',
  debit: [BANK],
  credit: [ADVISORY_FEE],
  product: 'advisory',
  meaning: "a quarter's accrued advisory fee (098), to the fen, paid from the card",
});
