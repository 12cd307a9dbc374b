// The auto-invest (定投) simulation behind the discovery ranking: a monthly plan bought on the first trading day
// of each month, without fees, dividends reinvested. Pure: no I/O; the data comes from market/discover-views.ts.
//
// Exact arithmetic throughout, no floats. Money (the monthly amount, the invested sum, the final value) is integer
// fen through the app's shared money helpers (src/lib/money.ts: fenToYuan, roundHalfUp, yuanToFen, sumFen), so
// the server rounds a yuan amount exactly as the client does. Share counts and the return need a division, which
// the shared digit-string helpers do not offer: those use big.js (exact decimal multiplication; a quotient is
// carried to big.js's 20 decimal places before the half-up rounding to 0.01 share or 0.0001 %).
import Big from 'big.js';
import { fenToYuan, roundHalfUp, subtractFen, sumFen, yuanToFen } from '../../../src/lib/money';
import { addCalendarDays, tradingDayOnOrAfter, type IsoDate } from './calendar';

/** Ranking periods of the auto-invest list. */
export const AUTO_INVEST_PERIODS = ['1y', '2y', '3y', '5y'] as const;
export type AutoInvestPeriod = (typeof AUTO_INVEST_PERIODS)[number];
/** The simulated plan invests this much on the first trading day of every month: 1,000.00 CNY. */
export const AUTO_INVEST_MONTHLY_FEN = 100_000;
/** Types an auto-invest ranking accepts: every filter type but money market (NAV 1.00, nothing to average). */
export const AUTO_INVEST_TYPES = [1, 2, 3, 5, 6, 11] as const;

export interface AutoInvestBuy {
  date: IsoDate;
  /** Unit NAV that day, decimal string. */
  nav: string;
}

export interface AutoInvestDividend {
  /** Ex-dividend date: the dividend is reinvested at that day's NAV. */
  date: IsoDate;
  perShare: string;
  nav: string;
}

export interface AutoInvestResult {
  buys: number;
  investedFen: number;
  valueFen: number;
  /** Shares held at the end, 2 decimals. */
  shares: string;
  /** (value − invested) / invested × 100, rounded half-up to 4 decimals. */
  returnPercent: string;
}

/**
 * A monthly plan simulated without fees: each buy gets amount / NAV shares (rounded half-up to 0.01, as a
 * purchase does), dividends are reinvested at the ex-date NAV (shares × per-share / NAV, rounded the same way;
 * a dividend on a buy day applies to the shares held before that buy), and the holding is valued at `finalNav`
 * rounded half-up to the fen. Null when nothing was bought.
 */
export function simulateAutoInvest(
  buys: readonly AutoInvestBuy[],
  dividends: readonly AutoInvestDividend[],
  finalNav: string,
  amountFen: number = AUTO_INVEST_MONTHLY_FEN,
): AutoInvestResult | null {
  if (buys.length === 0) return null;
  const amount = new Big(fenToYuan(amountFen));
  let shares = new Big(0);
  let d = 0;
  const reinvestUntil = (date: IsoDate | null) => {
    // Dividends strictly before `date` (all remaining ones when null), but only once something is held.
    while (d < dividends.length && (date === null || (dividends[d] as AutoInvestDividend).date < date)) {
      const div = dividends[d] as AutoInvestDividend;
      if (shares.gt(0)) shares = shares.plus(shares.times(div.perShare).div(div.nav).round(2, Big.roundHalfUp));
      d += 1;
    }
  };
  for (const buy of buys) {
    // A dividend on the buy day goes to the shares held before it: process dividends up to and including it.
    reinvestUntil(addCalendarDays(buy.date, 1));
    shares = shares.plus(amount.div(buy.nav).round(2, Big.roundHalfUp));
  }
  reinvestUntil(null);
  const investedFen = sumFen(buys.map(() => amountFen));
  // shares × NAV is exact (a product of decimals); rounded half-up to the fen like any amount.
  const valueFen = yuanToFen(roundHalfUp(shares.times(finalNav).toFixed(), 2));
  const returnPercent = new Big(subtractFen(valueFen, investedFen)).div(investedFen).times(100).round(4, Big.roundHalfUp).toFixed(4);
  return { buys: buys.length, investedFen, valueFen, shares: shares.toFixed(2), returnPercent };
}

/** First trading day of every month after `start` up to `end` (both ISO dates). */
export function monthlyBuyDates(start: IsoDate, end: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  for (;;) {
    const first = tradingDayOnOrAfter(`${year}-${String(month).padStart(2, '0')}-01`);
    if (first > end) break;
    if (first > start && first.slice(0, 7) === `${year}-${String(month).padStart(2, '0')}`) dates.push(first);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return dates;
}
