import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { generateRsaKeyPair, rsaPkcs1Decrypt } from './rsa';

/**
 * The server's RSA-2048 key pair. Clients encrypt secrets (telephone, trade password) to
 * its public key with jsencrypt; it lives in the database so every instance can decrypt.
 */
export interface ServerKeys {
  readonly publicKeyPem: string;
  /** Decrypts a base64 jsencrypt ciphertext to UTF-8 text; undefined when it does not decrypt. */
  decryptText(base64: string): string | undefined;
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
  return {
    publicKeyPem: row.public_key_pem,
    decryptText(base64) {
      const compact = base64.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
      const plain = rsaPkcs1Decrypt(privateKey, Buffer.from(compact, 'base64'));
      if (!plain) return undefined;
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(plain);
      } catch {
        return undefined;
      }
    },
  };
}
