// Input that PostgreSQL can store and that means what it says: text without NUL and without unpaired UTF-16
// surrogates (text and jsonb refuse both), numbers finite and no larger than JavaScript counts exactly.

/** A surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL (PostgreSQL text cannot hold one) and no lone surrogate (not UTF-8; jsonb refuses its escape). */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** A finite number within ±(2^53 − 1): what a JSON number, a bigint column and an integer comparison all agree on. */
export function isStorableNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
}

export type Unstorable = { path: string; reason: 'text' | 'number' };

/**
 * The first place in a parsed value (object keys included) that cannot be stored, as a JSON-pointer-like path
 * (`/extras/a`), or null. Depth and size are bounded by whoever parsed the value (body limits).
 */
export function findUnstorable(value: unknown, path = ''): Unstorable | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { path, reason: 'text' };
  if (typeof value === 'number') return isStorableNumber(value) ? null : { path, reason: 'number' };
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, `${path}/${index}`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return { path: `${path}/${key.replace(/[^\x20-\x7e]/g, '?')}`, reason: 'text' };
    const found = findUnstorable(item, `${path}/${key}`);
    if (found) return found;
  }
  return null;
}

export const UNSTORABLE_REASON: Record<Unstorable['reason'], string> = {
  text: 'must not contain NUL characters or unpaired surrogates',
  number: 'must be a finite number no larger than 2^53 - 1',
};
