import CryptoJS from 'crypto-js/core';
import type { lib } from 'crypto-js';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';

// Byte helpers between Uint8Array (what we reason in) and crypto-js WordArrays (what it computes on).

export type Bytes = Uint8Array;

export function bytesToWordArray(bytes: Bytes): lib.WordArray {
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i += 1) {
    words[i >>> 2] = (words[i >>> 2] ?? 0) | (bytes[i] << (24 - (i % 4) * 8));
  }
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

export function wordArrayToBytes(words: lib.WordArray): Bytes {
  const out = new Uint8Array(words.sigBytes);
  for (let i = 0; i < words.sigBytes; i += 1) {
    out[i] = (words.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
  }
  return out;
}

export function concatBytes(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function bytesToBase64(bytes: Bytes): string {
  return Base64.stringify(bytesToWordArray(bytes));
}

/** Strict base64 decode: returns null for anything that is not canonical base64. */
export function base64ToBytes(text: string): Bytes | null {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  return wordArrayToBytes(Base64.parse(clean));
}

export function utf8ToBytes(text: string): Bytes {
  return wordArrayToBytes(Utf8.parse(text));
}

export function bytesToUtf8(bytes: Bytes): string {
  return Utf8.stringify(bytesToWordArray(bytes));
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
