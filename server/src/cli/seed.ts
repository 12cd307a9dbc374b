// npm run seed -- [--seed N] [--small | --large] [--as-of YYYY-MM-DD] [--reset]
// Generates the deterministic demo market into the configured database (DATA_DIR or DATABASE_URL)
// and prints how long it took. Without --reset an existing market is left alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { dayNumber } from '../domain/calendar';
import { shanghaiDate } from '../domain/clock';
import { formatSeedPhases, seedMarket } from '../market/seed';
import { startMarketSource } from '../market/seed-source';

const USAGE =
  'usage: npm run seed -- [--seed N] [--small | --large] [--as-of YYYY-MM-DD] [--reset]  (default as-of: BUSINESS_DATE, else today)';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      small: { type: 'boolean', default: false },
      large: { type: 'boolean', default: false },
      'as-of': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const seed = values.seed === undefined ? config.seed : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1)
    throw new Error(`--seed must be an integer from 0 to 2147483647\n${USAGE}`);
  if (values.small && values.large) throw new Error(`--small and --large exclude each other\n${USAGE}`);
  const asOf = values['as-of'];
  if (asOf !== undefined) dayNumber(asOf); // throws on a malformed date

  const started = Date.now();
  const large = values.large || config.largeMarket;
  const options = { seed, small: values.small, large, asOf: asOf ?? shanghaiDate(config.businessStart ?? new Date()) };
  // A fresh data directory gets a market for sure: generate it (worker thread) while PGlite runs initdb.
  const fresh = !config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'));
  const source = fresh ? startMarketSource(options) : undefined;
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const opened = Date.now();
    await migrate(db);
    const migrated = Date.now();
    const existing = await db.kysely
      .selectFrom('fund')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0 && !values.reset) {
      await source?.cancel();
      console.log(`The database already has a market (${existing.n} funds); use --reset to replace it.`);
      return;
    }
    const report = await seedMarket(db, { ...options, source });
    // The marker `npm start` checks, so it does not seed over this market.
    await db.kysely
      .insertInto('app_state')
      .values({ key: 'market_seed', value: JSON.stringify({ seed, large }) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ seed, large }) }))
      .execute();
    console.log(
      `Seeded ${report.funds} funds, ${report.navRows} NAV rows and ${report.indexRows} index rows (seed ${seed}, as of ${report.asOf}) ` +
        `in ${(report.millis / 1000).toFixed(1)} s; open ${((opened - started) / 1000).toFixed(1)} s${db.created ? ` (new data directory: ${db.created})` : ''}, ` +
        `migrate ${((migrated - opened) / 1000).toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(`Seed phases: ${formatSeedPhases(report)}.`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
