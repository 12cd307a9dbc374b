import { LOGOUT_RETRY } from '@/lib/constants';
import { get, post } from '@/platform/http';

/** `GET /djapi/account` data (SPEC §3 "Account response", "Login user info"). */
export interface AccountData {
  user: {
    id?: string | number;
    mask_telephone?: string;
    open_trade?: boolean;
  };
}

/** The current user; throws the http client's ApiError (result_code 300001 when not logged in). */
export function getAccount(): Promise<AccountData> {
  return get<AccountData>('/djapi/account');
}

/** Logout (SPEC §4): a non-zero result_code is an error; tried up to LOGOUT_RETRY times, the last error is thrown. */
export async function logoutWithRetry(attempts: number = LOGOUT_RETRY): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      await post<unknown>('/djapi/provider/oauth/logout');
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
