// The password step of a purchase flow: the trade-password dialog (components/trade-password-dialog) wired to the
// server's key and the purchase catalogue — a wrong password (400051) keeps the dialog open with the server's
// message (tries left); any other answer closes it and the form says why.
import { get } from '@/platform/http';
import { encryptForServer } from '@/platform/server-encrypt';
import { usePasswordOrder, type PasswordOrder } from '../trade-password-dialog/use-password-order';
import { PURCHASE_RESULT, purchaseErrorText, resultCodeOf } from './purchase-errors';

export type { PasswordOrder, PasswordOrderOutcome, PasswordPrompt } from '../trade-password-dialog/use-password-order';

/** The trade password never travels in clear: RSA (PKCS#1 v1.5) with the server's key, base64. */
export async function encryptTradePassword(password: string): Promise<string> {
  const key = await get<{ public_key: string }>('/djapi/security/public-key', undefined, { silent: true });
  return encryptForServer(key.public_key, password);
}

/**
 * `const password = usePurchasePassword()`; render `{password.dialog}` once; then
 * `const outcome = await password.run({ payee, amount }, (encrypted) => placeX({ …, encryptedPassword: encrypted }))`.
 */
export function usePurchasePassword(): PasswordOrder {
  return usePasswordOrder({
    encrypt: encryptTradePassword,
    isWrongPassword: (error) => resultCodeOf(error) === PURCHASE_RESULT.wrongPassword,
    errorText: purchaseErrorText,
  });
}
