import type { ColumnType, Generated } from 'kysely';
import type { JsonValue } from './platform-types';

// Activity tables (migrations/0040_activities.sql): the operator's activities, lump-sum bookings, the competition's
// virtual portfolios, coupons and asset proofs. bigint → number, numeric → string, date → 'YYYY-MM-DD'.

type Json = ColumnType<JsonValue, string, string>;
type JsonOrNull = ColumnType<JsonValue | null, string | null | undefined, string | null>;

export interface ActivitiesTable {
  id: string;
  kind: string;
  texts: Json;
  config: Json;
  starts_at: Date;
  ends_at: Date;
  status: Generated<string>;
  priority: Generated<number>;
  created_at: Date;
  updated_at: Date;
}

export interface LsdBookingsTable {
  user_id: number;
  id: Generated<number>;
  request_id: string;
  activity_id: string;
  fund_code: string;
  amount_fen: number;
  status: string;
  order_id: number | null;
  fail_reason: string | null;
  risk_warning: JsonOrNull;
  created_at: Date;
  updated_at: Date;
}

export interface FundRaisingOutcomesTable {
  fund_code: string;
  outcome: string;
  interest_rate: string;
  decided_at: Date;
  refunded_on: string | null;
}

export interface CompetitionEntriesTable {
  user_id: number;
  activity_id: string;
  display_name: string;
  cash_fen: number;
  initial_fen: number;
  joined_at: Date;
}

export interface CompetitionPositionsTable {
  user_id: number;
  activity_id: string;
  fund_code: string;
  volume: number;
  cost_fen: number;
  since_date: string;
}

export interface CompetitionRebalancesTable {
  user_id: number;
  id: Generated<number>;
  activity_id: string;
  request_id: string;
  weights: Json;
  trade_date: string;
  status: string;
  trades: JsonOrNull;
  fee_fen: number | null;
  created_at: Date;
  done_at: Date | null;
}

export interface CompetitionValuesTable {
  user_id: number;
  activity_id: string;
  date: string;
  value_fen: number;
}

export interface CompetitionFinalRanksTable {
  activity_id: string;
  rank: number;
  user_id: number;
  display_name: string;
  value_fen: number;
  value_date: string;
}

export interface CouponsTable {
  user_id: number;
  id: Generated<number>;
  activity_id: string;
  fee_rate: string;
  max_discount_fen: number;
  min_amount_fen: number;
  fund_codes: Json;
  claimed_at: Date;
  expires_at: Date;
  status: string;
  order_id: number | null;
  discount_fen: number | null;
  used_at: Date | null;
}

export interface AssetProofsTable {
  user_id: number;
  serial: string;
  as_of: string;
  lang: string;
  verify_code: string;
  total_fen: number;
  holder_masked: string;
  figures: Json;
  issued_at: Date;
}

export interface ActivityTables {
  activities: ActivitiesTable;
  lsd_bookings: LsdBookingsTable;
  fund_raising_outcomes: FundRaisingOutcomesTable;
  competition_entries: CompetitionEntriesTable;
  competition_positions: CompetitionPositionsTable;
  competition_rebalances: CompetitionRebalancesTable;
  competition_values: CompetitionValuesTable;
  competition_final_ranks: CompetitionFinalRanksTable;
  coupons: CouponsTable;
  asset_proofs: AssetProofsTable;
}
