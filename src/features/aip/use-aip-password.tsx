// The trade-password dialog of auto-invest (components/trade-password-dialog/use-password-order.tsx).
import { usePasswordOrder, type PasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { encryptTradePassword } from './api';
import { AIP_RESULT, aipErrorText, resultCodeOf } from './aip-errors';

export type { PasswordOrder, PasswordOrderOutcome, PasswordPrompt } from '@/components/trade-password-dialog/use-password-order';

/** The shared trade-password dialog driving a plan’s creation or change. */
export function useAipPassword(): PasswordOrder {
  return usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (error) => resultCodeOf(error) === AIP_RESULT.wrongPassword,
    errorText: aipErrorText,
  });
}
