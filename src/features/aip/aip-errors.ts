// The result codes auto-invest calls answer with (the trading calls' catalogue, issue 12 §9–10, plus the plan states
// the server adds) and what the screens do with each. The envelope's message is the user's text, already localised
// by the server: shown as it comes; an unknown code (a plan state we do not name here) shows the server's message.
// (The trading feature keeps the same numbers in features/trade/trade-errors.ts; features never import each other.)
import { NOT_LOGGED_IN_RESULT_CODE } from '@/lib/constants';
import { specUrl } from '@/lib/routes';
import { t } from '@/locales/aip';
import { confirm } from '@/platform/feedback';
import { ApiError, HttpError } from '@/platform/http';
import { startLogin } from '@/platform/login';
import { currentSpecUrl, navigateToSpecUrl } from '@/platform/navigation';

export const AIP_RESULT = {
  notLoggedIn: NOT_LOGGED_IN_RESULT_CODE,
  wrongPassword: 400051,
  passwordLocked: 400052,
  passwordNotSet: 400053,
  accountNotOpened: 410001,
  noRiskAssessment: 410002,
  riskConfirmRequired: 410003,
  suitabilityRefused: 410004,
  requestInProgress: 410015,
} as const;

export function resultCodeOf(error: unknown): number | null {
  return error instanceof ApiError ? error.resultCode : null;
}

/** The text to show for a failed call: the server's own message, else the transport's (already localised). */
export function aipErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.description || error.body.message || t('aip.error.generic');
  if (error instanceof HttpError) return error.message || t('aip.error.network');
  return t('aip.error.generic');
}

/**
 * Whether the plan may still have been made (no readable refusal came back, or the server is still on it): then the
 * same request id goes again. Any other answer is final; a new attempt is a new intent with a new id.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const code = resultCodeOf(error);
  return code === AIP_RESULT.requestInProgress || code === AIP_RESULT.riskConfirmRequired;
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
    case AIP_RESULT.notLoggedIn:
      await startLogin({ redirect: here });
      return true;
    case AIP_RESULT.accountNotOpened:
      await navigateToSpecUrl(specUrl('openAccount', {}, { redirect: here }));
      return true;
    case AIP_RESULT.noRiskAssessment:
      await navigateToSpecUrl(specUrl('riskAssessment', {}, { redirect: here }));
      return true;
    case AIP_RESULT.passwordNotSet:
      if (await confirm({ content: t('aip.password.notSet'), okText: t('aip.password.goSet'), cancelText: t('aip.common.notNow') })) {
        await navigateToSpecUrl(specUrl('tradePassword', {}, { redirect: here }));
      }
      return true;
    default:
      return false;
  }
}
