#!/usr/bin/env node
// `npm run bench`: runs each benchmark in bench/ in turn; each prints its own figures. Nothing is asserted.
//   npm run bench                 all
//   npm run bench -- server-load  one (file name without .mjs)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const helpers = new Set(['lib.mjs', 'hello-server.mjs']);
const wanted = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.mjs') && !helpers.has(f))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.mjs$/, '')))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  const r = spawnSync(process.execPath, [path.join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
