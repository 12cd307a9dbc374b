// npm run import -- --nav FILE.csv
// Loads fund NAV histories from CSV (docs/DATA.md) into the configured database (DATA_DIR or
// DATABASE_URL). All-or-nothing: a bad line stops the import with its line number.
// A running server on PGlite holds the data directory: stop it first, or import into PostgreSQL.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { ImportError, importNavCsv } from '../market/nav-import';

const USAGE = 'usage: npm run import -- --nav FILE.csv   (columns: fund_code,date,nav,acc_nav[,income_per_10k,yield_7d]; see docs/DATA.md)';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { nav: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help || !values.nav) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  let text: string;
  try {
    text = readFileSync(values.nav, 'utf8');
  } catch (error) {
    console.error(`cannot read ${values.nav}: ${(error as Error).message}`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = Date.now();
    const report = await importNavCsv(db, text);
    console.log(
      `Imported ${report.rows} NAV rows for ${report.funds} funds in ${((Date.now() - started) / 1000).toFixed(1)} s (each fund's history replaced).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(`${values.nav}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
