// The ledger's invariants (server/src/ledger/check.ts) on a server's database, for bench/trading.mjs.
//   node --import tsx bench/trading/ledger.ts <databaseUrl>
// Prints one JSON line: { violations, first: ["rule: detail", …], ms }.
import { openDatabase } from '../../server/src/db/database';
import { checkLedger } from '../../server/src/ledger/check';

async function main(): Promise<void> {
  const [databaseUrl] = process.argv.slice(2);
  if (!databaseUrl) throw new Error('usage: ledger.ts <databaseUrl>');
  const db = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const started = performance.now();
    const violations = await checkLedger(db.kysely);
    const ms = Math.round(performance.now() - started);
    console.log(JSON.stringify({ violations: violations.length, first: violations.slice(0, 3).map((v) => `${v.rule}: ${v.detail}`), ms }));
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
