// Response types of the watchlist endpoints (server/src/routes/watchlist.ts, docs/PRODUCT.md §3 "Watchlist item").
import type { NavGrowthRates } from './fund';

/** One entry of `GET /xqstock/v5/stock/portfolio/stock/watchlist.json` (`{ items }`); funds are 'F' + code. */
export interface WatchItem {
  name: string;
  symbol: string;
}

/** `POST …/stock/add.json`. */
export interface WatchlistAdded {
  added: string[];
}

/** `POST …/stock/cancel.json`. */
export interface WatchlistRemoved {
  removed: number;
}

/** One fund of `GET /djapi/fund/quotes?fd_codes=…` (`{ items }`): what the watchlist shows; percents as decimal strings. */
export interface FundQuote extends NavGrowthRates {
  fd_code: string;
  fd_name: string;
  /** '4' = money market. */
  sf_type: string;
  type_desc: string;
  sale_status: string;
  end_date: string | null;
  unit_nav: string | null;
  yield_7d: string | null;
  income_per_10k: string | null;
}
