// Answers of the personal-pension calls (server/src/routes/pension.ts, docs/PRODUCT.md §10.13). Money as yuan
// decimal strings ('12000.00'), rates in percent.

export interface PensionAccount {
  bank_code: string;
  account_tail: string;
  platform_account: string;
  opened_on: string;
  /** 'open', or 'drawing' after a withdrawal at the basic-pension age (no more contributions). */
  status: string;
}

export interface PensionHolding {
  fund_code: string;
  fund_name: string;
  volume: string;
  nav: string | null;
  nav_date: string | null;
  market_value: string;
  cost: string;
  dividend_method: string;
}

/** `GET /djapi/pension/summary`. */
export interface PensionSummary {
  opened: boolean;
  account: PensionAccount | null;
  balance: string;
  in_transit: string;
  holdings_value: string;
  total: string;
  year: number;
  cap: string;
  year_contributed: string;
  year_room: string;
  holdings: PensionHolding[];
  tax_rate: number | null;
  tax_saving: { year: string; full: string; year_net: string; full_net: string } | null;
  retirement_date: string | null;
}

/** One Y class of `GET /djapi/pension/funds` (`{ cap, items }`). */
export interface PensionFund {
  code: string;
  name: string;
  type_desc: string;
  risk_level: number;
  a_class: string | null;
  manage_fee: string;
  custody_fee: string;
  sales_service_fee: string;
  nav: string | null;
  nav_date: string | null;
  nav_grl1y: string | null;
  nav_grbase: string | null;
  lock_days: number;
  min_purchase: string;
}

export interface PensionFunds {
  cap: string;
  items: PensionFund[];
}

/** `GET /djapi/pension/statement?year=` (the year's 扣除凭证). */
export interface PensionStatement {
  year: number;
  name: string | null;
  id_no: string | null;
  platform_account: string;
  contributions: Array<{ date: string; amount: string }>;
  total: string;
  withdrawals: Array<{ date: string; condition: string; mode: string; amount: string; tax: string; net: string }>;
  withdrawn_tax: string;
}

export interface PensionContributed {
  contribution: { id: string; amount: string; year: number; date: string };
  balance: string;
  year_contributed: string;
  year_room: string;
}

export interface PensionWithdrawn {
  withdrawal: { id: string; condition: string; mode: string; amount: string; tax: string; net: string; date: string };
}
