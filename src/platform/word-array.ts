import CryptoJS from 'crypto-js/core';
import type { lib } from 'crypto-js';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import type { Bytes } from './bytes';

// Between Uint8Array (what we reason in) and crypto-js WordArrays (what it computes on). Only the crypto half
// (device-crypto, secure-device, hmac-drbg) imports this file, so crypto-js stays in its lazy chunk on H5.

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
