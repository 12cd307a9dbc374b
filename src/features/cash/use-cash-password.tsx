// The trade-password dialog of the cash product (components/trade-password-dialog/use-password-order.tsx).
import { usePasswordOrder, type PasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { encryptTradePassword } from './api';
import { CASH_RESULT, cashErrorText, resultCodeOf } from './cash-errors';

export type { PasswordOrder, PasswordOrderOutcome, PasswordPrompt } from '@/components/trade-password-dialog/use-password-order';

/** The shared trade-password dialog driving a deposit or a withdrawal. */
export function useCashPassword(): PasswordOrder {
  return usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (error) => resultCodeOf(error) === CASH_RESULT.wrongPassword,
    errorText: cashErrorText,
  });
}
