// The idempotency key of a new plan (as the trading orders', issue 12 §9): made once per intent and sent again on
// every retry of it, so a retry after a lost answer never makes a second plan. 8–64 of [A-Za-z0-9_-].
import { ensureCsprngReady, randomBytes } from '@/platform/csprng';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** `aip-lzx3k2a1-<24 hex>`: the kind, the time (base 36) and 96 random bits. */
export async function newRequestId(): Promise<string> {
  await ensureCsprngReady();
  return `aip-${Date.now().toString(36)}-${hex(randomBytes(12))}`;
}
