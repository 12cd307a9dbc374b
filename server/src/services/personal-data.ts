import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/**
 * Personal data at rest (real name, ID number, card number, reserved phone): AES-256-GCM with a
 * random 12-byte IV per value, and HMAC-SHA256 for lookups that must not reveal the value
 * (one account per ID number: a unique index on the ID's HMAC). The key is created by the first
 * instance in `data_keys`, so every instance reads the same data; see docs/SECURITY.md for what
 * this protects and what it does not.
 */
export interface PersonalDataCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** A stable keyed digest for equality lookups (label separates uses). */
  digest(label: string, value: string): string;
}

const KEY_NAME = 'personal-data';
const ciphers = new WeakMap<Kysely<DB>, Promise<PersonalDataCipher>>();

export function personalData(kysely: Kysely<DB>): Promise<PersonalDataCipher> {
  let cipher = ciphers.get(kysely);
  if (!cipher) {
    cipher = loadCipher(kysely);
    // A failed load is retried by the next caller instead of being cached.
    cipher.catch(() => ciphers.delete(kysely));
    ciphers.set(kysely, cipher);
  }
  return cipher;
}

async function loadCipher(kysely: Kysely<DB>): Promise<PersonalDataCipher> {
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

/** 张三 → *三, 欧阳娜娜 → ***娜 (the family name and all but the last character hidden). */
export function maskRealName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  return `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1]}`;
}

/** 110101199003071234 → 1101**********1234 */
export function maskIdNo(idNo: string): string {
  return idNo.length <= 8 ? '*'.repeat(idNo.length) : `${idNo.slice(0, 4)}${'*'.repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}
