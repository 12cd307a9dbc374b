import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import NoPadding from 'crypto-js/pad-nopadding';
import { t } from '@/locales/i18n';
import { ensureCsprngReady, randomBytes } from '@/platform/csprng';
import { bytesToHex, concatBytes, constantTimeEqual, hexToBytes, type Bytes } from './bytes';
import { base64ToBytes, bytesToBase64, bytesToUtf8, bytesToWordArray, utf8ToBytes, wordArrayToBytes } from './word-array';

/**
 * Secure API wire format (docs/SECURITY.md; the server implements the same):
 *   encKey = HMAC-SHA256(secret, "dj-enc"), macKey = HMAC-SHA256(secret, "dj-mac")
 *   message = base64( iv[16] || AES-256-CBC-PKCS7(encKey, iv, utf8 plaintext) || HMAC-SHA256(macKey, iv || ct)[32] )
 * Encrypt-then-MAC; the tag is checked in constant time before anything is decrypted.
 */

export type CryptoFailure = 'invalidKey' | 'invalidIv' | 'invalidPadding' | 'invalidPublicKey' | 'invalidMessage' | 'tampered';

/** docs/PRODUCT.md §8: the encryption helpers throw on an invalid key, IV, padding or public key. */
export class CryptoInputError extends Error {
  constructor(readonly failure: CryptoFailure) {
    super(t(`platform.crypto.${failure}`));
    this.name = 'CryptoInputError';
  }
}

const IV_BYTES = 16;
const TAG_BYTES = 32;
const BLOCK_BYTES = 16;
const SECRET_BYTES = 32;

export interface MessageKeys {
  encKey: Bytes;
  macKey: Bytes;
}

function hmac(key: Bytes, data: Bytes): Bytes {
  return wordArrayToBytes(HmacSHA256(bytesToWordArray(data), bytesToWordArray(key)));
}

export function deriveMessageKeys(secret: Bytes): MessageKeys {
  if (!(secret instanceof Uint8Array) || secret.length !== SECRET_BYTES) throw new CryptoInputError('invalidKey');
  return { encKey: hmac(secret, utf8ToBytes('dj-enc')), macKey: hmac(secret, utf8ToBytes('dj-mac')) };
}

function pkcs7Pad(data: Bytes): Bytes {
  const padLength = BLOCK_BYTES - (data.length % BLOCK_BYTES);
  return concatBytes(data, new Uint8Array(padLength).fill(padLength));
}

function pkcs7Unpad(data: Bytes): Bytes {
  const padLength = data[data.length - 1];
  if (data.length === 0 || data.length % BLOCK_BYTES !== 0 || padLength < 1 || padLength > BLOCK_BYTES) {
    throw new CryptoInputError('invalidPadding');
  }
  for (let i = data.length - padLength; i < data.length; i += 1) {
    if (data[i] !== padLength) throw new CryptoInputError('invalidPadding');
  }
  return data.subarray(0, data.length - padLength);
}

function checkKeyAndIv(key: Bytes, iv: Bytes): void {
  if (!(key instanceof Uint8Array) || key.length !== 32) throw new CryptoInputError('invalidKey');
  if (!(iv instanceof Uint8Array) || iv.length !== IV_BYTES) throw new CryptoInputError('invalidIv');
}

/** AES-256-CBC with PKCS#7 padding. */
export function aesCbcEncrypt(key: Bytes, iv: Bytes, plaintext: Bytes): Bytes {
  checkKeyAndIv(key, iv);
  const encrypted = AES.encrypt(bytesToWordArray(pkcs7Pad(plaintext)), bytesToWordArray(key), {
    iv: bytesToWordArray(iv),
    mode: CryptoJS.mode.CBC,
    padding: NoPadding,
  });
  return wordArrayToBytes(encrypted.ciphertext);
}

/** AES-256-CBC decryption that rejects (instead of silently trimming) bad PKCS#7 padding. */
export function aesCbcDecrypt(key: Bytes, iv: Bytes, ciphertext: Bytes): Bytes {
  checkKeyAndIv(key, iv);
  if (ciphertext.length === 0 || ciphertext.length % BLOCK_BYTES !== 0) throw new CryptoInputError('invalidPadding');
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: bytesToWordArray(ciphertext) });
  const decrypted = AES.decrypt(params, bytesToWordArray(key), {
    iv: bytesToWordArray(iv),
    mode: CryptoJS.mode.CBC,
    padding: NoPadding,
  });
  return pkcs7Unpad(wordArrayToBytes(decrypted));
}

/** Encrypts text for the secure API; `iv` only for known-answer tests (default: 16 CSPRNG bytes). */
export function encryptMessage(secret: Bytes, plaintext: string, iv: Bytes = randomBytes(IV_BYTES)): string {
  const { encKey, macKey } = deriveMessageKeys(secret);
  const ciphertext = aesCbcEncrypt(encKey, iv, utf8ToBytes(plaintext));
  const tag = hmac(macKey, concatBytes(iv, ciphertext));
  return bytesToBase64(concatBytes(iv, ciphertext, tag));
}

/** Verifies the tag (constant time) and only then decrypts; throws CryptoInputError on any failure. */
export function decryptMessage(secret: Bytes, message: string): string {
  const { encKey, macKey } = deriveMessageKeys(secret);
  const raw = typeof message === 'string' ? base64ToBytes(message) : null;
  if (!raw || raw.length < IV_BYTES + BLOCK_BYTES + TAG_BYTES) throw new CryptoInputError('invalidMessage');
  const iv = raw.subarray(0, IV_BYTES);
  const ciphertext = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  if (!constantTimeEqual(tag, hmac(macKey, concatBytes(iv, ciphertext)))) throw new CryptoInputError('tampered');
  return bytesToUtf8(aesCbcDecrypt(encKey, iv, ciphertext));
}

// ---- RSA (jsencrypt) -------------------------------------------------------------

/** The parts of jsencrypt's (untyped-internals) BigInteger and RSA key this file uses. */
interface BigIntegerLike {
  toString(radix: number): string;
  bitLength(): number;
}
type BigIntegerCtor = new (hex: string, radix: number) => BigIntegerLike;
interface RsaKeyLike {
  n?: BigIntegerLike;
  d?: BigIntegerLike;
  doPrivate(x: BigIntegerLike): BigIntegerLike;
  encrypt(text: string, pad: (text: string, length: number) => BigIntegerLike | null): string | null;
}
interface JsEncryptLike {
  getKey(callback?: () => void): RsaKeyLike | undefined;
  getPublicKey(): string;
  setPublicKey(pem: string): void;
}
type JsEncryptCtor = new (options?: { default_key_size?: string }) => JsEncryptLike;

let jsEncryptCtor: Promise<JsEncryptCtor> | null = null;

/**
 * jsencrypt seeds its random pool from `crypto` when the module is first evaluated, so it is evaluated only
 * after the CSPRNG is ready (on weapp that is when `crypto` exists at all). "eager" keeps it in this chunk.
 */
async function loadJsEncrypt(): Promise<JsEncryptCtor> {
  jsEncryptCtor ??= ensureCsprngReady()
    .then(() => import(/* webpackMode: "eager" */ 'jsencrypt'))
    .then((module) => {
      const exported = module as unknown as { default?: JsEncryptCtor };
      return exported.default ?? (module as unknown as JsEncryptCtor);
    });
  return jsEncryptCtor;
}

// jsencrypt does not export BigInteger; every key's modulus is one, so its constructor is taken from there.
function bigIntegerFrom(key: RsaKeyLike, hex: string): BigIntegerLike {
  if (!key.n) throw new CryptoInputError('invalidKey');
  return new (key.n.constructor as BigIntegerCtor)(hex, 16);
}

export interface RsaKeyPair {
  publicKeyPem: string;
  /** Decrypts base64 RSA-PKCS#1 v1.5 ciphertext to raw bytes (jsencrypt's own decrypt assumes UTF-8 text). */
  decrypt(base64Ciphertext: string): Bytes;
}

/** A fresh RSA key pair (default 2048 bits), generated without blocking the UI thread. */
export async function generateRsaKeyPair(bits = 2048): Promise<RsaKeyPair> {
  const JSEncrypt = await loadJsEncrypt();
  // jsencrypt multiplies two bits/2-bit primes, so about one modulus in four comes out a bit short
  // (2047 bits); the server requires the full size, so draw again until the modulus has it.
  for (let attempt = 0; attempt < 16; attempt++) {
    const jse = new JSEncrypt({ default_key_size: String(bits) });
    await new Promise<void>((resolve) => jse.getKey(resolve));
    const key = jse.getKey();
    if (!key?.n) throw new CryptoInputError('invalidKey');
    if (key.n.bitLength() !== bits) continue;
    return { publicKeyPem: jse.getPublicKey(), decrypt: (ciphertext) => rsaPkcs1Decrypt(key, ciphertext) };
  }
  throw new CryptoInputError('invalidKey');
}

function rsaPkcs1Decrypt(key: RsaKeyLike, base64Ciphertext: string): Bytes {
  const cipherBytes = base64ToBytes(base64Ciphertext);
  if (!key.n || !key.d) throw new CryptoInputError('invalidKey');
  const modulusBytes = (key.n.bitLength() + 7) >> 3;
  if (!cipherBytes || cipherBytes.length !== modulusBytes) throw new CryptoInputError('invalidMessage');
  const plain = key.doPrivate(bigIntegerFrom(key, bytesToHex(cipherBytes)));
  const hex = plain.toString(16);
  const block = hexToBytes(hex.padStart(modulusBytes * 2, '0'));
  // EM = 0x00 || 0x02 || PS (≥ 8 non-zero bytes) || 0x00 || M
  if (block[0] !== 0 || block[1] !== 2) throw new CryptoInputError('invalidPadding');
  const separator = block.indexOf(0, 2);
  if (separator < 10) throw new CryptoInputError('invalidPadding');
  return block.slice(separator + 1);
}

/** RSA-PKCS#1 v1.5 encryption of UTF-8 text (e.g. a trade password) with padding from our CSPRNG; base64. */
export async function rsaEncrypt(publicKeyPem: string, text: string): Promise<string> {
  const JSEncrypt = await loadJsEncrypt();
  const jse = new JSEncrypt();
  let key: RsaKeyLike | undefined;
  try {
    jse.setPublicKey(publicKeyPem);
    key = jse.getKey();
  } catch {
    throw new CryptoInputError('invalidPublicKey');
  }
  if (!key?.n || key.n.bitLength() < 1024) throw new CryptoInputError('invalidPublicKey');
  const rsaKey = key;
  const message = utf8ToBytes(text);
  const pad = (_text: string, length: number): BigIntegerLike | null => {
    if (message.length > length - 11) return null;
    const padding = new Uint8Array(length - message.length - 3);
    let filled = 0;
    while (filled < padding.length) {
      for (const byte of randomBytes(padding.length)) {
        if (byte !== 0 && filled < padding.length) padding[filled++] = byte; // PS bytes must be non-zero
      }
    }
    return bigIntegerFrom(rsaKey, bytesToHex(concatBytes(Uint8Array.of(0, 2), padding, Uint8Array.of(0), message)));
  };
  const hex = rsaKey.encrypt(text, pad);
  if (!hex) throw new CryptoInputError('invalidMessage');
  return bytesToBase64(hexToBytes(hex));
}
