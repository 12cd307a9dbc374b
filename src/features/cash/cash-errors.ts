// The result codes the cash-management calls answer with: the purchase kit's (components/purchase/purchase-errors.ts,
// the trading catalogue of issue 12 §9–10) and the cash product's own (issue 13). The envelope's message is the
// user's text, already localised by the server: shown as it comes (`purchaseErrorText`).
import { PURCHASE_RESULT, leadToFix as leadToFixPurchase } from '@/components/purchase/purchase-errors';
import { t } from '@/locales/cash';

export const CASH_RESULT = {
  ...PURCHASE_RESULT,
  /** 快速取现 over what is left of today's quota: the message names the limit and what is left. */
  quickQuota: 410017,
} as const;

/**
 * The answers that send the user somewhere to fix things: not logged in → login (back here after), no account →
 * opening, no trade password → set one (after a confirm). True when handled.
 */
export function leadToFix(error: unknown, here?: string): Promise<boolean> {
  return leadToFixPurchase(error, { here, passwordNotSet: t('cash.password.notSet') });
}
