// Investors for the HTTP order benchmarks (bench/trading.mjs, parts 1 and 3), written straight into the database of
// a running server: each an open account with an ICBC card, a trade password, a valid C5 risk assessment and a
// logged-in session (as tests/server/trading-support.ts and the trading simulation make them). Also measures, in this
// process, what one order costs the server before any SQL: the RSA decrypt of the trade password and the password
// check — production's HMAC-SHA256 under the server's pepper, and the former scrypt (N=2^15) for comparison.
//   node --import tsx bench/trading/investors.ts <databaseUrl> <count>
// Prints one JSON line: { funds, publicKeyPem, investors: [{ userId, token }], hash, costs }.
// The trade passwords are stored as production stores them: HMAC-SHA256 under TRADE_PASSWORD_PEPPER (the server's,
// set by bench/trading.mjs). BENCH_FORMER_HASH=1 stores the former scrypt hash instead (migrated at the first order).
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/database';
import { issueSession } from '../../server/src/plugins/session';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword, legacyScryptHash, verifyPassword } from '../../server/src/services/password-hash';
import { loadServerKeys } from '../../server/src/services/server-keys';

const PASSWORD = '246813';

/** Milliseconds of CPU (this thread and the pool's, as process.cpuUsage counts them) per call, over `n` calls. */
async function cpuMsPerCall(n: number, work: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

async function main(): Promise<void> {
  const [databaseUrl, countArg] = process.argv.slice(2);
  if (!databaseUrl || !countArg) throw new Error('usage: investors.ts <databaseUrl> <count>');
  const count = Number(countArg);
  const formerHash = process.env.BENCH_FORMER_HASH === '1';
  const db = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const now = new Date();
    // Funds anyone may buy today for 10.00: on sale, a NAV, no per-investor daily cap, minimum ≤ 10.00.
    const funds = (
      await sql<{ code: string }>`
        SELECT f.code FROM fund f
        WHERE f.sale_status = 'on_sale' AND f.daily_purchase_limit_fen IS NULL AND f.min_purchase_fen <= 1000
          AND EXISTS (SELECT 1 FROM fund_nav n WHERE n.fund_code = f.code)
        ORDER BY f.code LIMIT 5`.execute(db.kysely)
    ).rows.map((r) => r.code);
    // The server's pepper (the bench starts it with TRADE_PASSWORD_PEPPER): production's hash is HMAC-SHA256 under it.
    const pepper = process.env.TRADE_PASSWORD_PEPPER ? Buffer.from(process.env.TRADE_PASSWORD_PEPPER) : DEV_TRADE_PASSWORD_PEPPER;
    const hash = formerHash ? await legacyScryptHash(PASSWORD) : hashPassword(PASSWORD, pepper);
    const users = await db.kysely
      .insertInto('users')
      .values(
        Array.from({ length: count }, () => ({
          telephone: `17${String(randomBytes(4).readUInt32BE() % 1e9).padStart(9, '0')}`,
          open_trade: true,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => Number(u.id));
    await db.kysely
      .insertInto('bank_cards')
      .values(
        ids.map((id) => ({
          user_id: id,
          bank_code: 'ICBC',
          card_hmac: `bench${id}`,
          card_no_encrypted: 'x',
          card_tail: '0000',
          reserved_phone_encrypted: 'x',
          reserved_phone_masked: 'x',
          verified_at: now,
        })),
      )
      .execute();
    await db.kysely
      .insertInto('trade_passwords')
      .values(ids.map((id) => ({ user_id: id, hash, created_at: now, updated_at: now })))
      .execute();
    await db.kysely
      .insertInto('risk_assessments')
      .values(
        ids.map((id) => ({
          user_id: id,
          questionnaire: 'v1',
          answers: '{}',
          score: 90,
          level: 5,
          assessed_at: now,
          valid_until: '2099-01-01',
        })),
      )
      .execute();
    const investors = [];
    for (const id of ids)
      investors.push({ userId: id, token: (await issueSession(db.kysely, { userId: id, clientId: 'dj-h5', now })).token });

    // What the server spends per order before its SQL, measured here on the server's own key and hash code.
    const keys = await loadServerKeys(db.kysely);
    const encrypt = () =>
      publicEncrypt({ key: keys.publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(PASSWORD)).toString('base64');
    const sample = encrypt();
    const rsaEncryptMs = await cpuMsPerCall(200, encrypt);
    const rsaDecryptMs = await cpuMsPerCall(200, () => keys.decryptText(sample));
    const production = hashPassword(PASSWORD, pepper);
    const productionVerifyMs = await cpuMsPerCall(2000, () => verifyPassword(PASSWORD, production, pepper));
    const former = await legacyScryptHash(PASSWORD);
    const formerVerifyMs = await cpuMsPerCall(5, () => verifyPassword(PASSWORD, former, pepper));
    const costs = { rsaEncryptMs, rsaDecryptMs, productionVerifyMs, formerVerifyMs };
    console.log(
      JSON.stringify({
        funds,
        publicKeyPem: keys.publicKeyPem,
        password: PASSWORD,
        investors,
        hash: formerHash ? 'former' : 'production',
        costs,
      }),
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
