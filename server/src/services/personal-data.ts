import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * Personal data at rest (real name, ID number, card number, reserved phone): AES-256-GCM with a
 * random 12-byte IV per value, and HMAC-SHA256 for lookups that must not reveal the value
 * (one account per ID number: a unique index on the ID's HMAC). The key is created by the first
 * instance in `data_keys`, so every instance reads the same data; see docs/SECURITY.md for what
 * this protects and what it does not. Masking for display is domain/masks.ts.
 */
export interface PersonalDataCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** A stable keyed digest for equality lookups (label separates uses). */
  digest(label: string, value: string): string;
}

const KEY_NAME = 'personal-data';

/**
 * The cipher over the database's key (created on first use). buildApp loads it once and decorates the app with
 * it (`app.personalData`); tests may hand buildApp another.
 */
export async function loadPersonalDataCipher(kysely: Kysely<DB>): Promise<PersonalDataCipher> {
  await kysely
    .insertInto('data_keys')
    .values({ name: KEY_NAME, key_base64: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await kysely.selectFrom('data_keys').select('key_base64').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  const master = Buffer.from(row.key_base64, 'base64');
  const encKey = createHmac('sha256', master).update('dj-pii-enc').digest();
  const macKey = createHmac('sha256', master).update('dj-pii-mac').digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(stored) {
      const raw = Buffer.from(stored.replace(/^v1\./, ''), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', encKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
    digest(label, value) {
      return createHmac('sha256', macKey).update(`${label}\u0000${value}`).digest('base64url');
    },
  };
}
