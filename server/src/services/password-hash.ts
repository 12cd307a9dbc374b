import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Trade passwords at rest (docs/SECURITY.md "Trade password"): HMAC-SHA256 keyed by a server-side pepper
 * (TRADE_PASSWORD_PEPPER, kept apart from the database) over a random 16-byte salt per user and the password.
 *
 * A six-digit password has only 10^6 values: no hash, however slow, makes a stolen table safe for long (scrypt at
 * 140 ms a try is 39 CPU-hours for all of them, and every order paid those 140 ms). Its strength online is the
 * 5-tries lockout; offline it is the pepper: without it the table's digests cannot be tested at all, and with it
 * nothing is lost that a slow hash would have saved. The check costs microseconds.
 *
 * Format: `hmac$<salt base64>$<digest base64>`. The former format, `scrypt$N$r$p$salt$hash`, is still verified, and
 * verifyTradePassword replaces it by the HMAC form at the next right password (`rehash`).
 */
export type Pepper = Buffer;

const SCHEME = 'hmac';
const SALT_BYTES = 16;

function digest(password: string, salt: Buffer, pepper: Pepper): Buffer {
  return createHmac('sha256', pepper).update(salt).update(password.normalize('NFKC'), 'utf8').digest();
}

/** The stored form of `password` under `pepper`, with a new salt. */
export function hashPassword(password: string, pepper: Pepper): string {
  const salt = randomBytes(SALT_BYTES);
  return [SCHEME, salt.toString('base64'), digest(password, salt, pepper).toString('base64')].join('$');
}

export interface PasswordVerdict {
  ok: boolean;
  /** Right, but stored in the former (scrypt) form: the HMAC form to store instead. */
  rehash?: string;
}

/** Whether `password` is the one `stored` (either form); a right one in the former form comes with its new form. */
export async function verifyPassword(password: string, stored: string, pepper: Pepper): Promise<PasswordVerdict> {
  const parts = stored.split('$');
  if (parts[0] === SCHEME && parts.length === 3) {
    const expected = Buffer.from(parts[2]!, 'base64');
    const actual = digest(password, Buffer.from(parts[1]!, 'base64'), pepper);
    return { ok: actual.length === expected.length && timingSafeEqual(actual, expected) };
  }
  if (parts[0] === 'scrypt') {
    const ok = await verifyScrypt(password, stored);
    return ok ? { ok, rehash: hashPassword(password, pepper) } : { ok };
  }
  return { ok: false };
}

// ---- the former form: scrypt, verified until each user's next right password -------------------------------------

const SCRYPT_KEY_LENGTH = 32;

function deriveScrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, SCRYPT_KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The former form, `scrypt$N$r$p$salt$hash`, as it was made (production's was N=2^15, r=8, p=1). Kept to make such
 * hashes in tests of the migration and in the bench; nothing in the server makes them any more.
 */
export async function legacyScryptHash(password: string, params = { N: 2 ** 15, r: 8, p: 1 }): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveScrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // Only the shapes scrypt accepts (N a power of two; bounded, so a corrupt row cannot ask for gigabytes).
  if (!(params.N >= 2 && params.N <= 2 ** 20 && (params.N & (params.N - 1)) === 0 && params.r >= 1 && params.r <= 32 && params.p === 1))
    return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await deriveScrypt(password, Buffer.from(salt, 'base64'), params);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// ---- the pepper --------------------------------------------------------------------------------------------------

/**
 * The pepper of development and tests when none is configured: public (it is in this file), so only for data that
 * protects nothing. Production refuses to start without its own (config.ts, app.ts).
 */
export const DEV_TRADE_PASSWORD_PEPPER: Pepper = Buffer.from('danjuan-open development pepper: public, not for production', 'utf8');

/** The shortest pepper accepted: 32 characters (`openssl rand -hex 32` gives 64). */
export const MIN_PEPPER_LENGTH = 32;
