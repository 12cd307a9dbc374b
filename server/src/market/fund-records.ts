// The fund page's record answers beyond the NAV history (fund-views.ts navHistoryView): the dividends a fund has
// paid. Danjuan-style field names; per-share amounts as decimal strings (yuan per share, 4 decimals).
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { previousTradingDay, type IsoDate } from '../domain/calendar';
import type { FundRecord, MarketSnapshot } from './market-cache';

/**
 * `GET /djapi/fund/dividend/{code}`: every dividend of the fund whose ex-dividend date has come (the market's
 * future ones are not announced yet), newest first, paged. The record date is the trading day before the
 * ex-date (PRODUCT §10: holders on the record date are paid, at the ex-date NAV when reinvested).
 */
export async function dividendHistoryView(db: Database, snap: MarketSnapshot, f: FundRecord, page: number, size: number) {
  const rows = (
    await sql<{ date: string; per_share: string }>`
      SELECT date::text AS date, per_share::text AS per_share FROM fund_dividend
      WHERE fund_code = ${f.code} AND date <= ${snap.businessDate}
      ORDER BY date DESC`.execute(db.kysely)
  ).rows;
  const items = rows.slice((page - 1) * size, page * size).map((r) => ({
    record_date: previousTradingDay(r.date as IsoDate),
    ex_date: r.date,
    per_share: r.per_share,
    /** What a holder reads: 每10份派现金 x 元 is Tiantian's; Danjuan's text per share. */
    plan_text: `每份派现金${r.per_share}元`,
  }));
  return {
    fd_code: f.code,
    items,
    current_page: page,
    size,
    total_items: rows.length,
    total_pages: Math.ceil(rows.length / size),
  };
}
