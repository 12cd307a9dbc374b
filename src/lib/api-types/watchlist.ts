// Response types of the watchlist endpoints (server/src/routes/watchlist.ts, docs/PRODUCT.md §3 "Watchlist item").

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
export interface FundQuote {
  fd_code: string;
  fd_name: string;
  /** '4' = money market. */
  sf_type: string;
  type_desc: string;
  sale_status: string;
  end_date: string | null;
  unit_nav: string | null;
  nav_grtd: string | null;
  nav_grl1w: string | null;
  nav_grl1m: string | null;
  nav_grl3m: string | null;
  nav_grl6m: string | null;
  nav_grlty: string | null;
  nav_grl1y: string | null;
  nav_grl3y: string | null;
  nav_grbase: string | null;
  yield_7d: string | null;
  income_per_10k: string | null;
}
