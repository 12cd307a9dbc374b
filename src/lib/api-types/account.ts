// Response types of the accounts endpoints (server/src/routes/account*.ts, docs/PRODUCT.md §3/§7): the current user,
// tokens and SMS, WeChat login, opening, trade password, risk assessment, personal income, fund-account lookup.

export type RiskLevel = 'C1' | 'C2' | 'C3' | 'C4' | 'C5';

/** `GET /djapi/account` data (docs/PRODUCT.md §3 "Account response", "Login user info", plus the accounts fields). */
export interface AccountUser {
  id?: string | number;
  mask_telephone?: string;
  open_trade?: boolean;
  certified?: boolean;
  real_name_masked?: string | null;
  bank_card?: { bank_code: string; card_tail: string } | null;
  has_trade_password?: boolean;
  trade_password_locked_until?: string | null;
  risk_level?: RiskLevel | null;
  risk_valid_until?: string | null;
  risk_expired?: boolean;
}

export interface AccountData {
  user: AccountUser;
}

/** `POST /xqapi/provider/oauth/token`. */
export interface TokenData {
  access_token: string;
  expires_in: number;
}

/** `POST /xqapi/account/sms/send_verification_code.json`. */
export interface SmsSent {
  telephone_masked: string;
  resend_after: number;
  voice: boolean;
}

/** `POST /djapi/provider/oauth/wechat`, `/djapi/provider/weapp/login`, `/djapi/provider/weapp/phone`. */
export interface WechatLoginResult {
  logged_in: boolean;
  access_token?: string;
  thirdparty_token?: string;
  mask_telephone?: string;
}

/** `POST /djapi/account/open/bank-code`. */
export interface BankCodeSent {
  bank_code: string;
  telephone_masked: string;
  resend_after: number;
}

/** `POST /djapi/account/open/certification`. */
export interface CertificationResult {
  real_name_masked: string;
  id_no_masked: string;
  bank_code: string;
  card_tail: string;
}

export interface RiskQuestion {
  id: string;
  title: string;
  multiple?: boolean;
  options: { id: string; text: string }[];
}

/** `GET /djapi/risk/questionnaire`. */
export interface RiskQuestionnaire {
  id: string;
  questions: RiskQuestion[];
}

/** `GET` (null before the first) and `POST /djapi/risk/assessment`. */
export interface RiskAssessment {
  level: RiskLevel;
  level_name: string;
  score: number;
  max_score?: number;
  description: string;
  max_fund_risk?: string;
  valid_until: string;
  assessed_at?: string;
  expired?: boolean;
}

export const INCOME_BRACKETS = ['below_100k', '100k_300k', '300k_500k', '500k_1m', 'above_1m'] as const;
export type IncomeBracket = (typeof INCOME_BRACKETS)[number];

/** `GET`/`POST /djapi/account/personal-income` (`{ income }`). */
export interface PersonalIncome {
  bracket: IncomeBracket;
  amount_fen: number | null;
  updated_at?: string;
}

/** One row of `POST /djapi/account/find-fund-account` (`{ items }`). */
export interface FundAccountItem {
  company_code?: string;
  company_name: string;
  account_no_masked: string;
  opened_at: string;
}
