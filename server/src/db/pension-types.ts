import type { Generated } from 'kysely';

// Pension tables (migrations/0030_pension.sql, issue 24). bigint → number, date → 'YYYY-MM-DD'.

export interface PensionAccountsTable {
  user_id: number;
  bank_code: string;
  account_tail: string;
  platform_account: string;
  opened_on: string;
  opened_at: Date;
  status: Generated<string>;
  request_id: string;
}

export interface PensionContributionsTable {
  user_id: number;
  id: Generated<number>;
  request_id: string;
  request_hash: string;
  amount_fen: number;
  year: number;
  business_date: string;
  created_at: Date;
}

export interface PensionWithdrawalsTable {
  user_id: number;
  id: Generated<number>;
  request_id: string;
  request_hash: string;
  condition: string;
  mode: string;
  amount_fen: number;
  tax_fen: number;
  net_fen: number;
  business_date: string;
  created_at: Date;
}

export interface PensionTables {
  pension_accounts: PensionAccountsTable;
  pension_contributions: PensionContributionsTable;
  pension_withdrawals: PensionWithdrawalsTable;
}
