import { TOKEN_RETRY_ERROR_CODES, TOKEN_RETRY_MAX } from '@/lib/constants';
import { LOGIN_AGREEMENTS, formatAcceptedAgreements } from '@/lib/agreements';
import { trimInput, validateCode, validatePhone } from '@/lib/validators';
import { t } from '@/locales/account';
import { setCookie } from '@/platform/cookies';
import { showToast } from '@/platform/feedback';
import { ApiError } from '@/platform/http';
import { ACCESS_TOKEN_COOKIE, accessTokenCookieOptions } from '@/platform/login.types';
import { localStore } from '@/platform/storage';
import type { SmsSent, TokenData } from '@/lib/api-types/account';
import { fetchAnonymousToken, loginWithTelephoneCode, sendVerificationCode } from './api';
import { reloadAccount } from './store';

// The SMS code and login rules of docs/PRODUCT.md §4/§5/§8, apart from the screens so they are tested directly.

/** Local storage key of the last phone that logged in here (one-tap login offers it again). */
export const LAST_LOGIN_PHONE_KEY = 'dj-last-login-phone';

/** 13812345678 → 138****5678 (the server masks the same way). */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export function rememberedPhone(): string | null {
  const phone = localStore.getString(LAST_LOGIN_PHONE_KEY);
  return phone && validatePhone(phone).ok ? phone : null;
}

export function rememberPhone(phone: string): void {
  localStore.setString(LAST_LOGIN_PHONE_KEY, phone);
}

export function forgetPhone(): void {
  localStore.remove(LAST_LOGIN_PHONE_KEY);
}

/** Key exchanges tried while a login screen is open (see prepareSecureChannel). */
export const SECURE_CHANNEL_ATTEMPTS = 3;

/**
 * Starts the secure channel's device registration while the visitor reads and types, so the first code request does
 * not wait for it: the crypto chunks and one call for the X25519 exchange, but an RSA key pair (seconds on a slow
 * phone) where X25519 cannot run (docs/SECURITY.md "Key exchange"). A failed exchange is tried again (the network;
 * on the RSA fallback jsencrypt makes a 2047-bit modulus about one time in four, which the server refuses).
 * H5 only: the mini program registers at launch.
 */
export async function prepareSecureChannel(attempts: number = SECURE_CHANNEL_ATTEMPTS): Promise<void> {
  // A build-time constant: the weapp build drops this branch (and its chunk) entirely.
  if (process.env.TARO_ENV === 'h5') {
    try {
      const { getDevice } = await import('@/platform/secure-device');
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (await getDevice()) return;
      }
    } catch {
      // The send itself reports any failure.
    }
  }
}

/**
 * Toasts are drawn by the page on top, so one shown just before leaving would vanish with the page: a success
 * message is held this long before the next page opens.
 */
export const SUCCESS_TOAST_HOLD_MS = 800;

export function holdForToast(ms: number = SUCCESS_TOAST_HOLD_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** docs/PRODUCT.md §8: the server's error_description, else "Network error, please retry". */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.description) return error.description;
  return t('account.toast.networkRetry');
}

export interface SendCodeDeps {
  send(telephone: string, voice: boolean): Promise<SmsSent>;
  fetchToken(): Promise<unknown>;
  toast(text: string): void;
}

const defaultSendDeps: SendCodeDeps = {
  // The send is a listed secure API: make sure the device is registered (with its retries) first.
  send: async (telephone, voice) => {
    await prepareSecureChannel();
    return sendVerificationCode(telephone, voice);
  },
  fetchToken: fetchAnonymousToken,
  toast: (text) => showToast(text),
};

function needsNewToken(error: unknown): boolean {
  return error instanceof ApiError && TOKEN_RETRY_ERROR_CODES.includes(error.resultCode);
}

/**
 * Sends a code (docs/PRODUCT.md §4, §8). 400016 / 400013 mean the anonymous token is missing or stale: fetch a new one
 * and send again, at most TOKEN_RETRY_MAX (3) retries, then give up. Other errors toast the server's
 * description (or "Network error, please retry"). "Verification code sent" is toasted for text codes only.
 * Resolves true when a code went out.
 */
export async function sendCode(phoneInput: string, voice: boolean, overrides: Partial<SendCodeDeps> = {}): Promise<boolean> {
  const deps: SendCodeDeps = { ...defaultSendDeps, ...overrides };
  const telephone = trimInput(phoneInput);
  const phoneCheck = validatePhone(telephone);
  if (!phoneCheck.ok) {
    deps.toast(t(phoneCheck.reason));
    return false;
  }
  let retries = 0;
  for (;;) {
    try {
      await deps.send(telephone, voice);
      if (!voice) deps.toast(t('account.toast.codeSent'));
      return true;
    } catch (error) {
      if (needsNewToken(error) && retries < TOKEN_RETRY_MAX) {
        retries += 1;
        try {
          await deps.fetchToken();
        } catch {
          // A failed token call still counts as a retry; the next send tells what is wrong.
        }
        continue;
      }
      deps.toast(errorText(error));
      return false;
    }
  }
}

export interface LoginDeps {
  login(telephone: string, code: string, agreements?: string): Promise<TokenData>;
  toast(text: string, success?: boolean): void;
  afterLogin(): Promise<void>;
  hold(): Promise<void>;
}

const defaultLoginDeps: LoginDeps = {
  login: loginWithTelephoneCode,
  toast: (text, success) => showToast(text, success ? { type: 'success' } : {}),
  afterLogin: reloadAccount,
  hold: () => holdForToast(),
};

/**
 * Logs in by phone and code (docs/PRODUCT.md §4): inputs trimmed; the token goes into cookie xq_a_token (the server sets
 * it too; inside native apps the page may not see Set-Cookie); "Login successful", or the login error's
 * description / "Network error, please retry". Resolves true when logged in.
 */
export async function loginWithCode(phoneInput: string, codeInput: string, overrides: Partial<LoginDeps> = {}): Promise<boolean> {
  const deps: LoginDeps = { ...defaultLoginDeps, ...overrides };
  const telephone = trimInput(phoneInput);
  const code = trimInput(codeInput);
  const phoneCheck = validatePhone(telephone);
  if (!phoneCheck.ok) {
    deps.toast(t(phoneCheck.reason));
    return false;
  }
  const codeCheck = validateCode(code);
  if (!codeCheck.ok) {
    deps.toast(t(codeCheck.reason));
    return false;
  }
  let token: TokenData;
  try {
    // Every login form submits only with its agreement box ticked (用户服务协议, 隐私政策): the server records them.
    token = await deps.login(telephone, code, formatAcceptedAgreements(LOGIN_AGREEMENTS));
  } catch (error) {
    deps.toast(errorText(error));
    return false;
  }
  if (token?.access_token) {
    setCookie(ACCESS_TOKEN_COOKIE, token.access_token, accessTokenCookieOptions(token.expires_in));
  }
  rememberPhone(telephone);
  deps.toast(t('account.toast.loginSuccess'), true);
  await Promise.all([deps.afterLogin(), deps.hold()]);
  return true;
}
