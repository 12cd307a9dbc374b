import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { JsonValue, Timestamp } from './platform-types';

/** Tables of migration 0003_accounts.sql (SMS login, opening, trade password, risk). */

export type SmsPurpose = 'login' | 'bank' | 'account';

export interface SmsCodesTable {
  id: Generated<number>;
  purpose: SmsPurpose;
  /** Keyed digest of the phone (services/verification-codes.ts phoneDigest), never the number. */
  phone_digest: string;
  user_id: number | null;
  context_hash: string | null;
  code_salt: string;
  code_hash: string;
  voice: boolean;
  ip: string;
  tries: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  dead_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SmsThrottleTable {
  purpose: SmsPurpose;
  phone_digest: string;
  /** The client key of who asked (http/client-address.ts clientKey). */
  requester: string;
  last_sent_at: Timestamp;
  /** Shanghai date 'YYYY-MM-DD'. */
  day: string;
  day_count: number;
}

export interface DataKeysTable {
  name: string;
  key_base64: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UserIdentitiesTable {
  user_id: number;
  id_no_hmac: string;
  id_no_encrypted: string;
  id_no_masked: string;
  real_name_encrypted: string;
  real_name_masked: string;
  /** 'YYYY-MM-DD' */
  birth_date: string;
  certified_at: Timestamp;
  /** Set when the account was closed: the record stays (20 years), the ID number may open a new account. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  bank_code: string;
  card_hmac: string;
  card_no_encrypted: string;
  card_tail: string;
  reserved_phone_encrypted: string;
  reserved_phone_masked: string;
  verified_at: Timestamp;
}

export interface TradePasswordsTable {
  user_id: number;
  hash: string;
  failed_tries: ColumnType<number, number | undefined, number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RiskAssessmentsTable {
  id: Generated<number>;
  user_id: number;
  questionnaire: string;
  answers: JSONColumnType<Record<string, JsonValue>, string, string>;
  score: number;
  level: number;
  assessed_at: Timestamp;
  /** 'YYYY-MM-DD' (Shanghai date, inclusive). */
  valid_until: string;
}

export interface PersonalIncomeTable {
  user_id: number;
  bracket: string;
  amount_fen: number | null;
  updated_at: Timestamp;
}

export interface ThirdpartyPendingTable {
  /** sha256 (hex) of the thirdparty_token. */
  token_hash: string;
  source: 'weixin' | 'xqfdweixin';
  openid: string;
  unionid: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface AccountTables {
  sms_codes: SmsCodesTable;
  sms_throttle: SmsThrottleTable;
  data_keys: DataKeysTable;
  user_identities: UserIdentitiesTable;
  bank_cards: BankCardsTable;
  trade_passwords: TradePasswordsTable;
  risk_assessments: RiskAssessmentsTable;
  personal_income: PersonalIncomeTable;
  thirdparty_pending: ThirdpartyPendingTable;
}
