// Byte helpers on Uint8Array with no library behind them: analytics (on every page) uses them, so nothing here
// may pull crypto-js into the first load. Conversions to crypto-js WordArrays live in word-array.ts.

export type Bytes = Uint8Array;

export function concatBytes(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function bytesToHex(bytes: Bytes): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function hexToBytes(hex: string): Bytes {
  const even = hex.length % 2 ? `0${hex}` : hex;
  const out = new Uint8Array(even.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(even.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Compares in time independent of where the first difference is (tag checks). */
export function constantTimeEqual(a: Bytes, b: Bytes): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i] ^ b[i];
  return diff === 0;
}
