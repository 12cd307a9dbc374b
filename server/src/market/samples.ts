// Fixed fund codes for every fund-type sample of docs/PRODUCT.md §2 (the demo page links to them).
// The market generator always creates exactly these funds in these states, whatever the seed.
// `src/lib/fund-samples.ts` in the app must list the same codes (a test checks it).
export const FUND_SAMPLES = {
  /** 未开放: exists, cannot be bought. */
  notOnSale: '009001',
  /** New fund in its building period (募集期): subscription open, founding date ahead. */
  building: '009002',
  moneyMarket: '009003',
  bond: '009004',
  stock: '009005',
  fof: '009006',
  /** Hybrid fund in conversion (转型), purchasable. */
  hybridConversion: '009007',
  /** Hong Kong QDII, purchasable, confirmed T+2. */
  qdiiHk: '009008',
  /** Holding lock period (持有期) of one year per lot. */
  lockPeriod: '009009',
  tradingSuspended: '009010',
  purchaseSuspended: '009011',
  /** 清盘/终止. */
  closed: '009012',
  delisted: '009013',
  /** 大额申购限制: at most 1,000 CNY per day per investor. */
  purchaseLimited: '009014',
  /** The cash-management product (xjb) money-market fund. */
  xjb: '009015',
} as const;

export type FundSampleKey = keyof typeof FUND_SAMPLES;

/** Daily purchase cap of the purchase-limited sample, in fen (1,000 CNY). */
export const PURCHASE_LIMITED_DAILY_CAP_FEN = 100_000;
/** Lock period of the lock-period sample, in calendar days. */
export const LOCK_PERIOD_SAMPLE_DAYS = 365;
