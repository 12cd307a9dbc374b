// npm run activity:set -- --file my-activity.json      (writes one activity, or a JSON list of them)
// npm run activity:set -- --json '{"id":"season-2","kind":"competition",…}'
// npm run activity:set -- --list                        (prints every activity)
// npm run activity:set -- --raising-failed 009002 [--rate 0.35]   (the fund company announced a failed raising)
// The JSON is what PUT /ops/activities/{id} takes (docs/PRODUCT.md §7.4). Uses DATA_DIR / DATABASE_URL like the
// server; with PGlite stop the server first (an embedded database has one process at a time).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { lockDataDir } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { ActivityConfigError } from '../domain/activity-config';
import { systemClock } from '../domain/clock';
import { listActivities, saveActivity } from '../services/activities';
import { failRaising } from '../services/lump-sum';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      json: { type: 'string' },
      list: { type: 'boolean' },
      'raising-failed': { type: 'string' },
      rate: { type: 'string', default: '0.35' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || (!values.file && !values.json && !values.list && !values['raising-failed'])) {
    console.log('usage: npm run activity:set -- --file FILE.json | --json JSON | --list | --raising-failed FUNDCODE [--rate 0.35]');
    process.exit(values.help ? 0 : 2);
  }
  let inputs: unknown[] = [];
  const text = values.file ? readFileSync(values.file, 'utf8') : values.json;
  if (text !== undefined) {
    try {
      const parsed = JSON.parse(text) as unknown;
      inputs = Array.isArray(parsed) ? parsed : [parsed];
    } catch (error) {
      throw new Error(`not JSON: ${(error as Error).message}`);
    }
  }
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrate(db);
    const now = systemClock.now();
    for (const input of inputs) {
      try {
        const saved = await saveActivity(db.kysely, input, now);
        console.log(`set ${saved.kind} ${saved.id}: ${saved.starts_at.toISOString()} → ${saved.ends_at.toISOString()} (${saved.status})`);
      } catch (error) {
        if (error instanceof ActivityConfigError) throw new Error(`refused: ${error.field} ${error.reason}`);
        throw error;
      }
    }
    if (values['raising-failed']) {
      await failRaising(db.kysely, values['raising-failed'], values.rate ?? '0.35', now);
      console.log(`raising of ${values['raising-failed']} recorded as failed (interest ${values.rate} % a year)`);
    }
    if (values.list) {
      for (const a of await listActivities(db.kysely, { includeWithdrawn: true }))
        console.log(`${a.id}\t${a.kind}\t${a.status}\t${a.starts_at.toISOString()} → ${a.ends_at.toISOString()}\t${a.texts.title.zh}`);
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
