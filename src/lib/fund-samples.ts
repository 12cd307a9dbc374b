/**
 * Fixed fund-type samples (docs/PRODUCT.md §2 demo page). The server's market generator creates exactly these
 * codes (`server/src/market/samples.ts`); a test checks that both lists agree.
 */

export type FundSampleKind =
  | 'notOnSale'
  | 'building'
  | 'moneyMarket'
  | 'bond'
  | 'stock'
  | 'fof'
  | 'hybridConversion'
  | 'qdiiHk'
  | 'lockPeriod'
  | 'tradingSuspended'
  | 'purchaseSuspended'
  | 'closed'
  | 'delisted'
  | 'purchaseLimited'
  | 'xjb';

export interface FundSample {
  readonly kind: FundSampleKind;
  /** Six-digit fund code. */
  readonly code: string;
  /** Catalogue key of the sample's label (namespace "demo"). */
  readonly labelKey: string;
}

export const FUND_SAMPLES: readonly FundSample[] = [
  { kind: 'notOnSale', code: '009001', labelKey: 'demo.fundSample.notOnSale' },
  { kind: 'building', code: '009002', labelKey: 'demo.fundSample.building' },
  { kind: 'moneyMarket', code: '009003', labelKey: 'demo.fundSample.moneyMarket' },
  { kind: 'bond', code: '009004', labelKey: 'demo.fundSample.bond' },
  { kind: 'stock', code: '009005', labelKey: 'demo.fundSample.stock' },
  { kind: 'fof', code: '009006', labelKey: 'demo.fundSample.fof' },
  { kind: 'hybridConversion', code: '009007', labelKey: 'demo.fundSample.hybridConversion' },
  { kind: 'qdiiHk', code: '009008', labelKey: 'demo.fundSample.qdiiHk' },
  { kind: 'lockPeriod', code: '009009', labelKey: 'demo.fundSample.lockPeriod' },
  { kind: 'tradingSuspended', code: '009010', labelKey: 'demo.fundSample.tradingSuspended' },
  { kind: 'purchaseSuspended', code: '009011', labelKey: 'demo.fundSample.purchaseSuspended' },
  { kind: 'closed', code: '009012', labelKey: 'demo.fundSample.closed' },
  { kind: 'delisted', code: '009013', labelKey: 'demo.fundSample.delisted' },
  { kind: 'purchaseLimited', code: '009014', labelKey: 'demo.fundSample.purchaseLimited' },
  // The cash-management product (xjb) is itself a money-market fund.
  { kind: 'xjb', code: '009015', labelKey: 'demo.fundSample.xjb' },
];

/** The sample's code by kind, e.g. `FUND_SAMPLE_CODES.stock === '009005'`. */
export const FUND_SAMPLE_CODES: Readonly<Record<FundSampleKind, string>> = Object.fromEntries(
  FUND_SAMPLES.map((sample) => [sample.kind, sample.code]),
) as Record<FundSampleKind, string>; // fromEntries loses the key type; the list above covers every kind
