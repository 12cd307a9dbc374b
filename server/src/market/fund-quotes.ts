// The watchlist's figures (ours: GET /djapi/fund/quotes): for each listed fund its latest NAV and date, the
// day's change, period returns, and for money-market funds the 7-day yield and the income per 10,000 units.
// Read from the market snapshot (no database), in the order asked; codes the market does not know are left out.
import type { MarketSnapshot } from './market-cache';

/** Codes one call may ask for (the app asks in chunks). */
export const QUOTE_CODES_MAX = 200;

export function fundQuotesView(snap: MarketSnapshot, codes: readonly string[]) {
  const items = [];
  for (const code of new Set(codes)) {
    const f = snap.funds.get(code);
    if (!f) continue;
    const d = f.derived;
    items.push({
      fd_code: f.code,
      fd_name: f.name,
      sf_type: String(f.type),
      type_desc: f.type_desc,
      sale_status: f.sale_status,
      end_date: d?.end_date ?? null,
      unit_nav: d?.unit_nav ?? null,
      nav_grtd: d?.nav_grtd ?? null,
      nav_grl1w: d?.nav_grl1w ?? null,
      nav_grl1m: d?.nav_grl1m ?? null,
      nav_grl3m: d?.nav_grl3m ?? null,
      nav_grl6m: d?.nav_grl6m ?? null,
      nav_grlty: d?.nav_grlty ?? null,
      nav_grl1y: d?.nav_grl1y ?? null,
      nav_grl3y: d?.nav_grl3y ?? null,
      nav_grbase: d?.nav_grbase ?? null,
      yield_7d: d?.yield_7d ?? null,
      income_per_10k: d?.income_per_10k ?? null,
    });
  }
  return { items };
}
