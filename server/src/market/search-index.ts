// In-memory fund search: code prefix, pinyin-initials prefix/substring and name substring.
// Runs over the snapshot's arrays (no database), so it costs microseconds per distinct key
// and nothing for a repeated key (the response body is cached).
import type { FundRecord, MarketSnapshot } from './market-cache';

export const SEARCH_LIMIT = 20;
/** The largest page of the search answer (`size`). */
export const SEARCH_PAGE_MAX = 50;

/** Index of the first fund whose code is ≥ prefix (binary search over the code-sorted list). */
function lowerBound(funds: readonly FundRecord[], prefix: string): number {
  let lo = 0;
  let hi = funds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((funds[mid] as FundRecord).code < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Funds matching key, best matches first: exact/prefix code, initials prefix, then name or initials substring. */
export function searchFunds(snap: MarketSnapshot, rawKey: string, limit = SEARCH_LIMIT): FundRecord[] {
  const key = rawKey.trim().toLowerCase();
  if (!key) return [];
  const out: FundRecord[] = [];
  const seen = new Set<string>();
  const add = (f: FundRecord) => {
    if (out.length < limit && !seen.has(f.code)) {
      seen.add(f.code);
      out.push(f);
    }
  };
  if (/^\d+$/.test(key)) {
    for (let i = lowerBound(snap.byCode, key); i < snap.byCode.length && out.length < limit; i += 1) {
      const f = snap.byCode[i] as FundRecord;
      if (!f.code.startsWith(key)) break;
      add(f);
    }
  }
  if (out.length >= limit) return out;
  const initialsPrefix: FundRecord[] = [];
  const contains: FundRecord[] = [];
  const { byCode, searchInitials, searchTexts } = snap;
  for (let i = 0; i < byCode.length; i += 1) {
    if ((searchInitials[i] as string).startsWith(key)) {
      const f = byCode[i] as FundRecord;
      if (seen.has(f.code)) continue;
      initialsPrefix.push(f);
      if (initialsPrefix.length >= limit) break;
    } else if (contains.length < limit && (searchTexts[i] as string).includes(key)) {
      const f = byCode[i] as FundRecord;
      if (!seen.has(f.code)) contains.push(f);
    }
  }
  for (const f of initialsPrefix) add(f);
  for (const f of contains) add(f);
  return out;
}

/**
 * One page of every match of key, in the order of searchFunds, and how many there are (the search answer's
 * current_page / size / total_items / total_pages). A scan of the snapshot's arrays: milliseconds at most, and
 * the answer is cached per key and page.
 */
export function searchPage(snap: MarketSnapshot, rawKey: string, page: number, size: number): { items: FundRecord[]; total: number } {
  const all = searchFunds(snap, rawKey, Number.MAX_SAFE_INTEGER);
  return { items: all.slice((page - 1) * size, page * size), total: all.length };
}
