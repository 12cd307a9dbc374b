import { constants, generateKeyPairSync, privateDecrypt, type KeyLike } from 'node:crypto';

/**
 * Decrypts RSA PKCS#1 v1.5 (the only padding jsencrypt produces).
 * Node ≥ 20 refuses RSA_PKCS1_PADDING in privateDecrypt (CVE-2023-46809, Marvin), so we
 * decrypt raw and check the padding ourselves. Callers must answer every failure with the
 * same message so the check is no padding oracle.
 * Returns undefined when the block is not valid PKCS#1 v1.5 type 2.
 */
export function rsaPkcs1Decrypt(privateKey: KeyLike, ciphertext: Buffer): Buffer | undefined {
  const block = rawPrivateDecrypt(privateKey, ciphertext);
  return block && pkcs1Unpad(block);
}

/** The raw RSA private-key operation (no padding): the block, or undefined when the key refuses the input. */
export function rawPrivateDecrypt(privateKey: KeyLike, ciphertext: Buffer): Buffer | undefined {
  try {
    return privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, ciphertext);
  } catch {
    return undefined;
  }
}

/** The message of a decrypted (raw) block: undefined when the block is not valid PKCS#1 v1.5 type 2. */
export function pkcs1Unpad(block: Buffer): Buffer | undefined {
  // 0x00 0x02 PS (≥ 8 non-zero bytes) 0x00 M
  if (block[0] !== 0x00 || block[1] !== 0x02) return undefined;
  const separator = block.indexOf(0x00, 2);
  if (separator < 10) return undefined;
  return block.subarray(separator + 1);
}

export function generateRsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
