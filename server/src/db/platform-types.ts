import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Any JSON value stored in a jsonb column. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface UsersTable {
  id: Generated<number>;
  telephone: string;
  open_trade: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** 0011_privacy.sql: 'closed' once the account was closed (注销), with its time. */
  status: ColumnType<'active' | 'closed', 'active' | 'closed' | undefined, 'active' | 'closed'>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A closed investor's phone, encrypted with the identity record it belongs to (users.telephone is freed). */
  closed_telephone_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
}

export type SessionKind = 'anonymous' | 'user';

export interface SessionsTable {
  /** sha256 (hex) of the access token; the token itself is never stored (0006_security.sql). */
  token_hash: string;
  user_id: number | null;
  kind: SessionKind;
  client_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface DevicesTable {
  id: string;
  /** base64 of the 32-byte device secret */
  secret: string;
  client_public_key: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface MpaasConfigTable {
  appkey: string;
  key: string;
  value: ColumnType<JsonValue, string, string>;
  updated_at: CreatedAt;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  category: string;
  visitor_id: string;
  occurred_at: Timestamp;
  platform: string;
  screen_size: string;
  event_code: string;
  page: string;
  module: string;
  extras: JSONColumnType<Record<string, JsonValue>, string, string>;
  received_at: CreatedAt;
}

export interface WatchlistTable {
  user_id: number;
  symbol: string;
  name: string;
  created_at: CreatedAt;
}

export type ThirdpartySource = 'weixin' | 'xqfdweixin';

export interface ThirdpartyBindingsTable {
  user_id: number;
  source: ThirdpartySource;
  openid: string;
  unionid: string | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export interface ServerKeysTable {
  name: string;
  private_key_pem: string;
  public_key_pem: string;
  created_at: CreatedAt;
}

export interface AppStateTable {
  key: string;
  value: ColumnType<JsonValue, string, string>;
  updated_at: CreatedAt;
}

export interface JobRunsTable {
  job: string;
  business_date: string;
  finished_at: CreatedAt;
  report: ColumnType<JsonValue, string | undefined, string>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface PlatformTables {
  users: UsersTable;
  sessions: SessionsTable;
  devices: DevicesTable;
  mpaas_config: MpaasConfigTable;
  analytics_events: AnalyticsEventsTable;
  watchlist: WatchlistTable;
  thirdparty_bindings: ThirdpartyBindingsTable;
  rate_limits: RateLimitsTable;
  server_keys: ServerKeysTable;
  app_state: AppStateTable;
  job_runs: JobRunsTable;
  schema_migrations: SchemaMigrationsTable;
}
