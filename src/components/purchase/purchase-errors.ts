// The result codes every money-moving call may answer with (the trading catalogue, issue 12 §9–10; the cash
// product's and the plans' add their own in their feature) and what a purchase flow does with each. The envelope's
// message is the user's text, already localised by the server: shown as it comes.
import { NOT_LOGGED_IN_RESULT_CODE } from '@/lib/constants';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/i18n';
import { confirm } from '@/platform/feedback';
import { ApiError, HttpError } from '@/platform/http';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';

export const PURCHASE_RESULT = {
  notLoggedIn: NOT_LOGGED_IN_RESULT_CODE,
  invalidParameter: 400001,
  wrongPassword: 400051,
  passwordLocked: 400052,
  passwordNotSet: 400053,
  accountNotOpened: 410001,
  noRiskAssessment: 410002,
  riskConfirmRequired: 410003,
  suitabilityRefused: 410004,
  overCardPaymentLimit: 410008,
  overCardDailyLimit: 410009,
  paymentFailed: 410010,
  requestIdReused: 410011,
  requestInProgress: 410015,
  /** Paying with (or taking from) the cash product 现金宝: not enough available in it. */
  cashInsufficient: 410018,
  /** The cash product cannot pay for (or receive) this order. */
  cashNotAllowed: 410019,
} as const;

export function resultCodeOf(error: unknown): number | null {
  return error instanceof ApiError ? error.resultCode : null;
}

/** The text to show for a failed call: the server's own message, else the transport's (already localised). */
export function purchaseErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('components.purchase.error.generic');
  if (error instanceof HttpError) return error.message || t('components.purchase.error.network');
  return t('components.purchase.error.generic');
}

/**
 * Whether the order may still have been placed (no readable refusal came back — network, timeout, a proxy's 502, an
 * undecryptable or malformed answer —, or the server is still on it, or it waits for the risk confirmation): then the
 * same request id must be sent again. Any other answer is final; a new attempt is a new intent with a new id.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const code = resultCodeOf(error);
  return code === PURCHASE_RESULT.requestInProgress || code === PURCHASE_RESULT.riskConfirmRequired;
}

/** The risk warning text a 410003 answer carries in `data.risk_warning`. */
export function riskWarningOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.body.data as { risk_warning?: unknown } | null;
  return data && typeof data.risk_warning === 'string' ? data.risk_warning : null;
}

export interface LeadToFixOptions {
  /** The page to come back to (default: this one). */
  here?: string;
  /** The confirm's text when no trade password is set ("set one to trade"): the feature's own words. */
  passwordNotSet: string;
}

/**
 * The answers that send the user somewhere to fix things: not logged in → login (back here after), no account →
 * opening, no valid assessment → the assessment, no trade password → set one (after a confirm). True when handled.
 */
export async function leadToFix(error: unknown, { here = currentSpecUrl(), passwordNotSet }: LeadToFixOptions): Promise<boolean> {
  switch (resultCodeOf(error)) {
    case PURCHASE_RESULT.notLoggedIn:
      await startLogin({ redirect: here });
      return true;
    case PURCHASE_RESULT.accountNotOpened:
      await navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }));
      return true;
    case PURCHASE_RESULT.noRiskAssessment:
      await navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect: here }));
      return true;
    case PURCHASE_RESULT.passwordNotSet:
      if (
        await confirm({
          content: passwordNotSet,
          okText: t('components.purchase.password.goSet'),
          cancelText: t('components.purchase.notNow'),
        })
      ) {
        await navigateToSpecUrl(specUrl('tradePassword', {}, { redirect: here }));
      }
      return true;
    default:
      return false;
  }
}
