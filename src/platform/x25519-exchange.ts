import { montgomery } from '@noble/curves/abstract/montgomery.js';
import { pow } from '@noble/curves/abstract/modular.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, constantTimeEqual, type Bytes } from './bytes';
import { CryptoInputError } from './device-crypto';
import { base64ToBytes, bytesToBase64, utf8ToBytes } from './word-array';

/**
 * The device key exchange of docs/SECURITY.md "Key exchange": X25519 (@noble/curves, audited) instead of an RSA key
 * pair made on the device. Both sides derive the same 32-byte device secret, from which the message keys come as
 * before (encKey = HMAC-SHA256(secret, "dj-enc"), macKey = HMAC-SHA256(secret, "dj-mac")):
 *   shared = X25519(clientPrivate, serverPublic)                        (all-zero refused)
 *   secret = HKDF-SHA256(ikm = shared, salt = "dj-ee2e-x25519-v1", info = clientPublic ‖ serverPublic ‖ utf8(client_id), 32)
 *   key_confirmation = base64 HMAC-SHA256(secret, "dj-confirm")         (checked before the secret is kept)
 * Public keys travel as SPKI: PEM from the client, PEM (or bare base64 DER) back from the server.
 * This module uses BigInt (noble): it is loaded through x25519-loader, and engines without BigInt fall back to RSA.
 *
 * X25519 is noble's Montgomery ladder (`abstract/montgomery.js`, RFC 7748) with curve25519's parameters, as noble's own
 * `ed25519.js` builds it. That module is not imported: loading it also builds Ed25519, FROST and hash-to-curve, and
 * the FROST setup calls TextEncoder, which the mini program lacks. Checked against RFC 7748's vectors and node:crypto
 * (tests/unit/platform-x25519.test.ts). No BigInt literal or `**` here: the mini program's babel targets would break them.
 */

/** DER prefix of an X25519 SPKI: SEQUENCE { SEQUENCE { OID 1.3.101.110 }, BIT STRING (32 bytes) }. */
const SPKI_PREFIX = Uint8Array.of(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00);
const KEY_BYTES = 32;
export const X25519_HKDF_SALT = 'dj-ee2e-x25519-v1';
const KEY_CONFIRMATION_LABEL = 'dj-confirm';
const SPKI_PEM = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/;

type X25519 = ReturnType<typeof montgomery>;
let curve: X25519 | null = null;

/** RFC 7748 X25519, built on first use (module evaluation must not need BigInt: the loader checks for it first). */
export function x25519(): X25519 {
  if (curve) return curve;
  // p = 2^255 - 19
  const P = BigInt('0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed');
  const pMinus2 = P - BigInt(2);
  curve = montgomery({
    P,
    type: 'x25519',
    powPminus2: (x: bigint) => pow(x, pMinus2, P),
    // RFC 7748 §5: clear the three low bits and the top bit, set bit 254 (on a copy: the caller keeps its key).
    adjustScalarBytes: (bytes: Uint8Array) => {
      const clamped = bytes.slice();
      clamped[0] &= 248;
      clamped[31] &= 127;
      clamped[31] |= 64;
      return clamped;
    },
  });
  return curve;
}

/** The raw key as an SPKI PEM block (what the server parses with node:crypto). */
export function x25519PublicKeyPem(publicKey: Bytes): string {
  if (publicKey.length !== KEY_BYTES) throw new CryptoInputError('invalidPublicKey');
  return `-----BEGIN PUBLIC KEY-----\n${bytesToBase64(concatBytes(SPKI_PREFIX, publicKey))}\n-----END PUBLIC KEY-----\n`;
}

/** The raw 32 bytes of an X25519 SPKI key (PEM or bare base64 DER); CryptoInputError for anything else. */
export function parseX25519PublicKey(text: string): Bytes {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const der = base64ToBytes(SPKI_PEM.exec(trimmed)?.[1] ?? trimmed);
  if (!der || der.length !== SPKI_PREFIX.length + KEY_BYTES || !constantTimeEqual(der.subarray(0, SPKI_PREFIX.length), SPKI_PREFIX)) {
    throw new CryptoInputError('invalidPublicKey');
  }
  return der.slice(SPKI_PREFIX.length);
}

export function deriveX25519Secret(shared: Bytes, clientPublic: Bytes, serverPublic: Bytes, deviceId: string): Bytes {
  return hkdf(sha256, shared, utf8ToBytes(X25519_HKDF_SALT), concatBytes(clientPublic, serverPublic, utf8ToBytes(deviceId)), KEY_BYTES);
}

export function keyConfirmation(secret: Bytes): string {
  return bytesToBase64(hmac(sha256, secret, utf8ToBytes(KEY_CONFIRMATION_LABEL)));
}

/** The server's answer to an X25519 exchange. */
export interface X25519Answer {
  client_id: string;
  public_key: string;
  key_confirmation?: string;
}

export interface X25519Exchange {
  /** The client's public key, SPKI PEM: the exchange's `public_key` field. */
  publicKeyPem: string;
  /** The device secret agreed with the server's answer; throws CryptoInputError when it does not verify. */
  finish(answer: X25519Answer): Bytes;
}

/** Starts an exchange with a fresh private key (32 CSPRNG bytes, clamped by X25519); it lives only in this closure. */
export function startX25519Exchange(privateKey: Bytes): X25519Exchange {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== KEY_BYTES) throw new CryptoInputError('invalidKey');
  const clientPublic = x25519().getPublicKey(privateKey);
  return {
    publicKeyPem: x25519PublicKeyPem(clientPublic),
    finish(answer) {
      const serverPublic = parseX25519PublicKey(answer.public_key);
      const deviceId = typeof answer.client_id === 'string' ? answer.client_id : '';
      if (!deviceId) throw new CryptoInputError('invalidMessage');
      let shared: Bytes;
      try {
        shared = x25519().getSharedSecret(privateKey, serverPublic);
      } catch {
        throw new CryptoInputError('invalidPublicKey'); // a small-order key: no shared secret
      }
      if (shared.every((byte) => byte === 0)) throw new CryptoInputError('invalidPublicKey');
      const secret = deriveX25519Secret(shared, clientPublic, serverPublic, deviceId);
      // The answer must prove the server holds the same secret (a replayed or altered answer does not).
      const expected = base64ToBytes(keyConfirmation(secret));
      const received = typeof answer.key_confirmation === 'string' ? base64ToBytes(answer.key_confirmation) : null;
      if (!expected || !received || !constantTimeEqual(expected, received)) throw new CryptoInputError('tampered');
      return secret;
    },
  };
}
