// The result codes auto-invest calls answer with: the purchase kit's (components/purchase/purchase-errors.ts, the
// trading catalogue of issue 12 §9–10); the plan states the server adds are shown by their message
// (`purchaseErrorText`), already localised by the server.
import { PURCHASE_RESULT, leadToFix as leadToFixPurchase } from '@/components/purchase/purchase-errors';
import { t } from '@/locales/aip';

export const AIP_RESULT = PURCHASE_RESULT;

/**
 * The answers that send the user somewhere to fix things: not logged in → login (back here after), no account →
 * opening, no valid assessment → the assessment, no trade password → set one (after a confirm). True when handled.
 */
export function leadToFix(error: unknown, here?: string): Promise<boolean> {
  return leadToFixPurchase(error, { here, passwordNotSet: t('aip.password.notSet') });
}
