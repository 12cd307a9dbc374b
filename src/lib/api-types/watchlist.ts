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
