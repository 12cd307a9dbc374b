// The trade-password dialog of the trading screens (components/trade-password-dialog/use-password-order.tsx).
import { usePasswordOrder as usePasswordDialog, type PasswordOrder } from '@/components/trade-password-dialog/use-password-order';
import { encryptTradePassword } from './api';
import { TRADE_RESULT, tradeErrorText, resultCodeOf } from './trade-errors';

export type { PasswordOrder, PasswordOrderOutcome, PasswordPrompt } from '@/components/trade-password-dialog/use-password-order';

/** The shared trade-password dialog driving an order call (buy, sell, cancel). */
export function usePasswordOrder(): PasswordOrder {
  return usePasswordDialog({
    encrypt: encryptTradePassword,
    isWrongPassword: (error) => resultCodeOf(error) === TRADE_RESULT.wrongPassword,
    errorText: tradeErrorText,
  });
}
