// The trading calls' result codes (issue 12 §9–10) and what the app does with each. The envelope's message is the
// user-facing text, already localised by the server: the screens show it as it comes.
import { specUrl } from '@/lib/routes';
import { NOT_LOGGED_IN_RESULT_CODE } from '@/lib/constants';
import { t } from '@/locales/trade';
import { confirm } from '@/platform/feedback';
import { ApiError, HttpError } from '@/platform/http';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';

export const TRADE_RESULT = {
  notLoggedIn: NOT_LOGGED_IN_RESULT_CODE,
  invalidParameter: 400001,
  wrongPassword: 400051,
  passwordLocked: 400052,
  passwordNotSet: 400053,
  accountNotOpened: 410001,
  noRiskAssessment: 410002,
  riskConfirmRequired: 410003,
  suitabilityRefused: 410004,
  fundNotBuyable: 410005,
  belowMinimum: 410006,
  overFundDailyLimit: 410007,
  overCardPaymentLimit: 410008,
  overCardDailyLimit: 410009,
  paymentFailed: 410010,
  requestIdReused: 410011,
  notEnoughShares: 410012,
  notCancellable: 410013,
  noSuchOrder: 410014,
  requestInProgress: 410015,
  fundNotRedeemable: 410016,
  /** Paying with the cash product (现金宝): not enough available in it. */
  cashInsufficient: 410018,
  /** The cash product cannot pay for (or receive) this order. */
  cashNotAllowed: 410019,
} as const;

export function resultCodeOf(error: unknown): number | null {
  return error instanceof ApiError ? error.resultCode : null;
}

/** The text to show for a failed call: the server's own message, else the transport's (already localised). */
export function tradeErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('trade.error.generic');
  if (error instanceof HttpError) return error.message || t('trade.error.network');
  return t('trade.error.generic');
}

/**
 * Whether the order may still have been placed (the answer was lost, or the server is still on it): then the same
 * request id must be sent again. Any other answer is final, and a new attempt is a new intent with a new id.
 */
export function outcomeUnknown(error: unknown): boolean {
  // No readable refusal came back (network, timeout, a proxy's 502, an undecryptable or malformed answer): the order
  // may exist. Keeping the id is harmless when nothing was sent at all.
  if (!(error instanceof ApiError)) return true;
  const code = resultCodeOf(error);
  return code === TRADE_RESULT.requestInProgress || code === TRADE_RESULT.riskConfirmRequired;
}

/** The risk warning text a 410003 answer carries in `data.risk_warning`. */
export function riskWarningOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.body.data as { risk_warning?: unknown } | null;
  return data && typeof data.risk_warning === 'string' ? data.risk_warning : null;
}

/**
 * The answers that send the user somewhere to fix things: not logged in → login (back here after), no account →
 * opening, no valid assessment → the assessment, no trade password → set one (after a confirm). True when handled.
 */
export async function leadToFix(error: unknown, here: string = currentSpecUrl()): Promise<boolean> {
  switch (resultCodeOf(error)) {
    case TRADE_RESULT.notLoggedIn:
      await startLogin({ redirect: here });
      return true;
    case TRADE_RESULT.accountNotOpened:
      await navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }));
      return true;
    case TRADE_RESULT.noRiskAssessment:
      await navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect: here }));
      return true;
    case TRADE_RESULT.passwordNotSet:
      if (await confirm({ content: t('trade.password.notSet'), okText: t('trade.password.goSet'), cancelText: t('trade.common.notNow') })) {
        await navigateToSpecUrl(specUrl('tradePassword', {}, { redirect: here }));
      }
      return true;
    default:
      return false;
  }
}
