import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { generateRsaKeyPair, pkcs1Unpad, rsaPkcs1Decrypt } from './rsa';
import { rsaThread } from './rsa-thread';

/**
 * The server's RSA-2048 key pair. Clients encrypt secrets (telephone, trade password) to
 * its public key with jsencrypt; it lives in the database so every instance can decrypt.
 */
export interface ServerKeys {
  readonly publicKeyPem: string;
  /** Decrypts a base64 jsencrypt ciphertext to UTF-8 text; undefined when it does not decrypt. */
  decryptText(base64: string): string | undefined;
  /**
   * decryptText with the RSA operation on a thread of its own (rsa-thread.ts): for the hot path (an order's trade
   * password), so the main thread is not held ~0.3 ms a request.
   */
  decryptTextAsync(base64: string): Promise<string | undefined>;
  /** Stops the thread (the app's close). */
  close(): Promise<void>;
}

const KEY_NAME = 'client-encryption';

export async function loadServerKeys(kysely: Kysely<DB>): Promise<ServerKeys> {
  let row = await kysely.selectFrom('server_keys').selectAll().where('name', '=', KEY_NAME).executeTakeFirst();
  if (!row) {
    const pair = generateRsaKeyPair();
    // Two instances starting together: the first insert wins, both read it back.
    await kysely
      .insertInto('server_keys')
      .values({ name: KEY_NAME, private_key_pem: pair.privateKeyPem, public_key_pem: pair.publicKeyPem })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await kysely.selectFrom('server_keys').selectAll().where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  }
  const privateKey: KeyObject = createPrivateKey(row.private_key_pem);
  const thread = rsaThread(privateKey, row.private_key_pem);
  return {
    publicKeyPem: row.public_key_pem,
    decryptText(base64) {
      const ciphertext = ciphertextOf(base64);
      return ciphertext ? textOf(rsaPkcs1Decrypt(privateKey, ciphertext)) : undefined;
    },
    async decryptTextAsync(base64) {
      const ciphertext = ciphertextOf(base64);
      if (!ciphertext) return undefined;
      const block = await thread.decrypt(ciphertext);
      return block ? textOf(pkcs1Unpad(block)) : undefined;
    },
    close: () => thread.close(),
  };
}

/** The bytes of a base64 ciphertext (whitespace ignored), or undefined when it is not base64. */
function ciphertextOf(base64: string): Buffer | undefined {
  const compact = base64.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : undefined;
}

/** A decrypted message as UTF-8 text; undefined when there is none or it is not UTF-8. */
function textOf(plain: Buffer | undefined): string | undefined {
  if (!plain) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return undefined;
  }
}
