// The trading calls' result codes (issue 12 §9–10): the purchase kit's (components/purchase/purchase-errors.ts) and
// the ones only trading answers with. The envelope's message is the user-facing text, already localised by the
// server: the screens show it as it comes (`purchaseErrorText`).
import { PURCHASE_RESULT, leadToFix as leadToFixPurchase } from '@/components/purchase/purchase-errors';
import { t } from '@/locales/trade';

export const TRADE_RESULT = {
  ...PURCHASE_RESULT,
  fundNotBuyable: 410005,
  belowMinimum: 410006,
  overFundDailyLimit: 410007,
  notEnoughShares: 410012,
  notCancellable: 410013,
  noSuchOrder: 410014,
  fundNotRedeemable: 410016,
} as const;

/**
 * The answers that send the user somewhere to fix things: not logged in → login (back here after), no account →
 * opening, no valid assessment → the assessment, no trade password → set one (after a confirm). True when handled.
 */
export function leadToFix(error: unknown, here?: string): Promise<boolean> {
  return leadToFixPurchase(error, { here, passwordNotSet: t('trade.password.notSet') });
}
