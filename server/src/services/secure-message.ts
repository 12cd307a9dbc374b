import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPublicKey,
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
 * The client's key of the key exchange: an RSA public key of at least 2048 bits as SPKI, in one PEM block
 * (`-----BEGIN PUBLIC KEY-----`) or bare base64 DER. Nothing else is read as one: a private key (PKCS#8 or PKCS#1,
 * from which Node would happily derive the public half), a PKCS#1 `RSA PUBLIC KEY`, a certificate, or a valid block
 * with anything before or after it.
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
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.type !== 'public' || key.asymmetricKeyType !== 'rsa' || bits < 2048) throw new SecureMessageError('not an RSA-2048 key');
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
