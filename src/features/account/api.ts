import { AREA_CODE, LOGOUT_RETRY, SMS_SOURCE } from '@/lib/constants';
import { encryptForServer as rsaToServer } from '@/platform/server-encrypt';
import { get, post } from '@/platform/http';
import { authClient } from '@/platform/login';
import type {
  AccountData,
  BankCodeSent,
  CertificationResult,
  FundAccountItem,
  IncomeBracket,
  PersonalIncome,
  RiskAssessment,
  RiskQuestionnaire,
  SmsSent,
  TokenData,
  WechatLoginResult,
} from '@/lib/api-types/account';

// Typed calls of the accounts API (docs/PRODUCT.md §7.2–§7.3; response types: @/lib/api-types/account). Every
// call is silent: the features show their own messages (docs/PRODUCT.md §8 "Other code-send errors" / "Login error" toasts,
// form reasons).
const SILENT = { silent: true } as const;

/** The current user; throws the http client's ApiError (result_code 300001 when not logged in). */
export function getAccount(): Promise<AccountData> {
  return get<AccountData>('/djapi/account', undefined, SILENT);
}

// ---- tokens and SMS ----------------------------------------------------------

/** A new anonymous token (grant_type=password, client credentials in the query); the server sets xq_a_token. */
export function fetchAnonymousToken(): Promise<TokenData> {
  return post<TokenData>('/xqapi/provider/oauth/token', { grant_type: 'password' }, { ...SILENT, params: { ...authClient() } });
}

/** docs/PRODUCT.md §7: form-encoded telephone, areacode 86, source 0, voice (a listed secure API: the body goes encrypted). */
export function sendVerificationCode(telephone: string, voice: boolean): Promise<SmsSent> {
  return post<SmsSent>(
    '/xqapi/account/sms/send_verification_code.json',
    { telephone, areacode: AREA_CODE, source: SMS_SOURCE, voice },
    SILENT,
  );
}

/**
 * grant_type=telephone_auto_login: the user's token (cookie xq_a_token); creates the user on first login. `agreements`
 * (`id@version,…`, src/lib/agreements.ts) are the agreements ticked on the form: the server records them (issue 17).
 */
export function loginWithTelephoneCode(telephone: string, code: string, agreements?: string): Promise<TokenData> {
  return post<TokenData>(
    '/xqapi/provider/oauth/token',
    { grant_type: 'telephone_auto_login', ...authClient(), telephone, code, areacode: AREA_CODE, ...(agreements ? { agreements } : {}) },
    SILENT,
  );
}

/** Logout (docs/PRODUCT.md §4): a non-zero result_code is an error; tried up to LOGOUT_RETRY times, the last error is thrown. */
export async function logoutWithRetry(attempts: number = LOGOUT_RETRY): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      await post<unknown>('/djapi/provider/oauth/logout', undefined, SILENT);
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

export type ThirdpartySource = 'weixin' | 'xqfdweixin' | '';

/** Unbinds the WeChat login of this user (empty source: every binding). */
export async function unbindThirdParty(source: ThirdpartySource): Promise<void> {
  await post<unknown>('/djapi/provider/thirdparty/unbind', { thirdparty_source: source }, SILENT);
}

// ---- WeChat ------------------------------------------------------------------

/** The OAuth loading page posts WeChat's code: logged in when the openid is bound, else a token to bind. */
export function exchangeWechatOauthCode(code: string, state: string): Promise<WechatLoginResult> {
  return post<WechatLoginResult>('/djapi/provider/oauth/wechat', { code, state }, SILENT);
}

/** Mini program: a wx.login code → code2session on the server. */
export function weappLogin(code: string): Promise<WechatLoginResult> {
  return post<WechatLoginResult>('/djapi/provider/weapp/login', { code }, SILENT);
}

/**
 * Mini program: the phone-number button's code (+ the pending thirdparty_token) logs that phone in; `agreements`, the
 * ticked login agreements (`id@version,…`), are recorded by the server like the SMS login's.
 */
export function weappPhoneLogin(code: string, thirdpartyToken?: string, agreements?: string): Promise<WechatLoginResult> {
  return post<WechatLoginResult>(
    '/djapi/provider/weapp/phone',
    { code, thirdparty_token: thirdpartyToken, ...(agreements ? { agreements } : {}) },
    SILENT,
  );
}

// ---- opening and trade password ----------------------------------------------

export async function getServerPublicKey(): Promise<string> {
  const data = await get<{ public_key: string }>('/djapi/security/public-key', undefined, SILENT);
  return data.public_key;
}

/** The trade password never travels in clear: RSA (PKCS#1 v1.5, our CSPRNG padding) with the server key. */
async function encryptForServer(text: string): Promise<string> {
  return rsaToServer(await getServerPublicKey(), text);
}

export function requestBankCode(bankCardNo: string, reservedPhone: string): Promise<BankCodeSent> {
  return post<BankCodeSent>('/djapi/account/open/bank-code', { bank_card_no: bankCardNo, reserved_phone: reservedPhone }, SILENT);
}

export interface CertificationForm {
  real_name: string;
  id_no: string;
  bank_card_no: string;
  reserved_phone: string;
  bank_code_sms: string;
  /** The agreements accepted, `id@version,…` (src/lib/agreements.ts formatAcceptedAgreements): all four, current. */
  agreements: string;
}

export function certify(form: CertificationForm): Promise<CertificationResult> {
  return post<CertificationResult>('/djapi/account/open/certification', { ...form }, SILENT);
}

export async function setTradePassword(password: string): Promise<{ open_trade: boolean }> {
  return post<{ open_trade: boolean }>('/djapi/account/trade-password', { encrypted_password: await encryptForServer(password) }, SILENT);
}

export async function verifyTradePassword(password: string): Promise<{ verified: boolean }> {
  return post<{ verified: boolean }>(
    '/djapi/account/trade-password/verify',
    { encrypted_password: await encryptForServer(password) },
    SILENT,
  );
}

// ---- risk assessment ---------------------------------------------------------

export function getRiskQuestionnaire(): Promise<RiskQuestionnaire> {
  return get<RiskQuestionnaire>('/djapi/risk/questionnaire', undefined, SILENT);
}

export function submitRiskAssessment(answers: Record<string, string>): Promise<RiskAssessment> {
  return post<RiskAssessment>('/djapi/risk/assessment', { answers: JSON.stringify(answers) }, SILENT);
}

export function getRiskAssessment(): Promise<RiskAssessment | null> {
  return get<RiskAssessment | null>('/djapi/risk/assessment', undefined, SILENT);
}

// ---- personal income and fund-account lookup ---------------------------------

export function getPersonalIncome(): Promise<{ income: PersonalIncome | null }> {
  return get<{ income: PersonalIncome | null }>('/djapi/account/personal-income', undefined, SILENT);
}

export function savePersonalIncome(bracket: IncomeBracket, amountFen: number | null): Promise<{ income: PersonalIncome }> {
  return post<{ income: PersonalIncome }>(
    '/djapi/account/personal-income',
    amountFen === null ? { bracket } : { bracket, amount_fen: amountFen },
    SILENT,
  );
}

export function findFundAccounts(idNo: string, realName: string): Promise<{ items: FundAccountItem[] }> {
  return post<{ items: FundAccountItem[] }>('/djapi/account/find-fund-account', { id_no: idNo, real_name: realName }, SILENT);
}
