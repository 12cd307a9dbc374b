// npm run config:set -- --appkey social --key home_marquee --value '{"items":[]}'
// npm run config:set -- --key home_marquee            (prints the current entry)
// Uses DATA_DIR / DATABASE_URL like the server. With PGlite, stop the server first:
// an embedded database has one process at a time (a running server's lock makes this refuse).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DEFAULT_MPAAS_APPKEY } from '../constants';
import { openDatabase } from '../db/database';
import { lockDataDir } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import type { JsonValue } from '../db/platform-types';
import { systemClock } from '../domain/clock';
import { readConfigEntries, setConfigEntry } from '../services/mpaas-config';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      appkey: { type: 'string', default: DEFAULT_MPAAS_APPKEY },
      key: { type: 'string' },
      value: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.key) {
    console.log('usage: npm run config:set -- [--appkey APPKEY] --key KEY [--value JSON]');
    process.exit(values.help ? 0 : 2);
  }
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(values.key) || !/^[A-Za-z0-9_.-]{1,64}$/.test(values.appkey)) {
    throw new Error('appkey and key: letters, digits, _ . - (max 64)');
  }
  let value: JsonValue | undefined;
  if (values.value !== undefined) {
    try {
      value = JSON.parse(values.value) as JsonValue;
    } catch (error) {
      throw new Error(`--value is not JSON: ${(error as Error).message}`);
    }
  }
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(db);
    if (value !== undefined) {
      const entry = await setConfigEntry(db.kysely, { appkey: values.appkey, key: values.key, value, now: systemClock.now() });
      console.log(`set ${values.appkey}/${entry.key} at ${entry.timestamp}`);
    } else {
      const [entry] = await readConfigEntries(db.kysely, values.appkey, [values.key]);
      console.log(entry ? JSON.stringify(entry, null, 2) : `no entry ${values.appkey}/${values.key}`);
    }
  } finally {
    await db.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
