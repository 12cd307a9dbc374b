import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  publicEncrypt,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

// Secure API wire format (docs/SECURITY.md "Secure API wire format"):
//   encKey = HMAC-SHA256(secret, "dj-enc"), macKey = HMAC-SHA256(secret, "dj-mac")
//   message = base64( iv[16] || AES-256-CBC-PKCS7(encKey, iv, utf8 text) || HMAC-SHA256(macKey, iv || ciphertext)[32] )

const IV_BYTES = 16;
const TAG_BYTES = 32;
const BLOCK_BYTES = 16;

export class SecureMessageError extends Error {
  override name = 'SecureMessageError';
}

export function deriveKeys(secret: Buffer): { encKey: Buffer; macKey: Buffer } {
  return {
    encKey: createHmac('sha256', secret).update('dj-enc').digest(),
    macKey: createHmac('sha256', secret).update('dj-mac').digest(),
  };
}

export function sealMessage(secret: Buffer, plaintext: string, iv: Buffer = randomBytes(IV_BYTES)): string {
  const { encKey, macKey } = deriveKeys(secret);
  const cipher = createCipheriv('aes-256-cbc', encKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = createHmac('sha256', macKey).update(iv).update(ciphertext).digest();
  return Buffer.concat([iv, ciphertext, tag]).toString('base64');
}

/** Verifies the tag (constant time) before decrypting; throws SecureMessageError on any failure. */
export function openMessage(secret: Buffer, message: string): string {
  const compact = message.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw new SecureMessageError('message is not base64');
  const raw = Buffer.from(compact, 'base64');
  const ciphertextLength = raw.length - IV_BYTES - TAG_BYTES;
  if (ciphertextLength < BLOCK_BYTES || ciphertextLength % BLOCK_BYTES !== 0) {
    throw new SecureMessageError('message has the wrong length');
  }
  const iv = raw.subarray(0, IV_BYTES);
  const ciphertext = raw.subarray(IV_BYTES, IV_BYTES + ciphertextLength);
  const tag = raw.subarray(IV_BYTES + ciphertextLength);
  const { encKey, macKey } = deriveKeys(secret);
  const expected = createHmac('sha256', macKey).update(iv).update(ciphertext).digest();
  if (!timingSafeEqual(expected, tag)) throw new SecureMessageError('message tag does not verify');
  try {
    const decipher = createDecipheriv('aes-256-cbc', encKey, iv);
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new SecureMessageError('message does not decrypt');
  }
}

/** One PEM block of an SPKI public key (what jsencrypt's getPublicKey writes), and nothing else. */
const SPKI_PEM = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/;

/**
 * The client's key of the key exchange, as SPKI in one PEM block (`-----BEGIN PUBLIC KEY-----`) or bare base64 DER:
 * an X25519 key (today's clients) or an RSA key of at least 2048 bits (the older exchange, kept for the native apps and
 * outside clients). Nothing else is read as one: a private key (PKCS#8 or PKCS#1, from which Node would happily derive
 * the public half), a PKCS#1 `RSA PUBLIC KEY`, a certificate, another key type, or a valid block with anything before
 * or after it.
 */
export function parseClientPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const base64 = (SPKI_PEM.exec(trimmed)?.[1] ?? trimmed).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new SecureMessageError('not a public key');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new SecureMessageError('not a public key');
  }
  if (key.type !== 'public') throw new SecureMessageError('not a public key');
  if (key.asymmetricKeyType === 'x25519') return key;
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 2048) throw new SecureMessageError('not an X25519 or RSA-2048 key');
  return key;
}

/** The key as it is stored: its canonical SPKI PEM (never the text as sent). */
export function publicKeyPem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** RSA PKCS#1 v1.5 (what jsencrypt decrypts) of the device secret, base64. */
export function encryptSecretFor(clientKey: KeyObject, secret: Buffer): string {
  return publicEncrypt({ key: clientKey, padding: constants.RSA_PKCS1_PADDING }, secret).toString('base64');
}

// ---- X25519 key exchange (docs/SECURITY.md "Key exchange") ------------------------------------------

/** DER prefix of an X25519 SPKI: SEQUENCE { SEQUENCE { OID 1.3.101.110 }, BIT STRING (32 bytes) }. */
const X25519_SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
/** HKDF salt of the device secret; the info is clientPublic ‖ serverPublic ‖ utf8(client_id). */
export const X25519_HKDF_SALT = 'dj-ee2e-x25519-v1';
const KEY_CONFIRMATION_LABEL = 'dj-confirm';

/** The raw 32 bytes of an X25519 public key. */
export function x25519RawPublicKey(key: KeyObject): Buffer {
  const der = key.export({ type: 'spki', format: 'der' });
  if (der.length !== X25519_SPKI_PREFIX.length + 32 || !der.subarray(0, X25519_SPKI_PREFIX.length).equals(X25519_SPKI_PREFIX)) {
    throw new SecureMessageError('not an X25519 key');
  }
  return der.subarray(X25519_SPKI_PREFIX.length);
}

/** secret = HKDF-SHA256(ikm = X25519 shared secret, salt, info = clientPublic ‖ serverPublic ‖ client_id), 32 bytes. */
export function deriveX25519Secret(shared: Buffer, clientPublic: Buffer, serverPublic: Buffer, deviceId: string): Buffer {
  const info = Buffer.concat([clientPublic, serverPublic, Buffer.from(deviceId, 'utf8')]);
  return Buffer.from(hkdfSync('sha256', shared, Buffer.from(X25519_HKDF_SALT, 'utf8'), info, 32));
}

/** base64 HMAC-SHA256(secret, "dj-confirm"): lets the client check it derived the same secret before using it. */
export function keyConfirmation(secret: Buffer): string {
  return createHmac('sha256', secret).update(KEY_CONFIRMATION_LABEL).digest('base64');
}

export interface X25519Agreement {
  /** The server's ephemeral X25519 public key, SPKI PEM (a fresh key per exchange). */
  serverPublicKeyPem: string;
  secret: Buffer;
  keyConfirmation: string;
}

/**
 * The server's half of the X25519 exchange: a fresh key pair (its private half never leaves this call), the shared
 * secret with the client's key, and the device secret bound to both keys and the device id. A client key of small
 * order (an all-zero shared secret) is refused.
 */
export function agreeX25519(clientKey: KeyObject, deviceId: string): X25519Agreement {
  const clientPublic = x25519RawPublicKey(clientKey);
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  let shared: Buffer;
  try {
    shared = diffieHellman({ privateKey, publicKey: clientKey });
  } catch {
    throw new SecureMessageError('no shared secret');
  }
  if (shared.length !== 32 || shared.every((byte) => byte === 0)) throw new SecureMessageError('no shared secret');
  const secret = deriveX25519Secret(shared, clientPublic, x25519RawPublicKey(publicKey), deviceId);
  return { serverPublicKeyPem: publicKeyPem(publicKey), secret, keyConfirmation: keyConfirmation(secret) };
}
