// Pinyin initials for search ("沪深300" → "hs300"), computed once at seed time.
import { pinyin } from 'pinyin-pro';

// Names repeat the same Chinese runs (company + theme), so runs are memoised: 20,000 names in ~100 ms.
const runCache = new Map<string, string>();

function runInitials(run: string): string {
  let cached = runCache.get(run);
  if (cached === undefined) {
    cached = pinyin(run, { pattern: 'first', toneType: 'none', type: 'array' }).join('').toLowerCase();
    runCache.set(run, cached);
  }
  return cached;
}

/** First letter of each Chinese character's pinyin (in context, so 银行 → yh); Latin letters and digits kept; lowercase. */
export function nameInitials(name: string): string {
  let out = '';
  for (const part of name.match(/[\u4e00-\u9fff]+|[A-Za-z0-9]+/g) ?? []) {
    out += /^[A-Za-z0-9]/.test(part) ? part.toLowerCase() : runInitials(part);
  }
  return out;
}
