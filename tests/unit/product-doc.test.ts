// docs/PRODUCT.md §8 quotes the messages a user reads, in both locales; they must be the catalogues' own texts,
// letter for letter, and every result code and server message must be in it. (The doc is the contract code
// comments point to; a quote that drifted from the code would mislead whoever reads it.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { catalogue } from '@/locales/catalogue';
import { ResultCode, serverMessages } from '../../server/src/http/result-codes';

const ROOT = path.resolve(__dirname, '../..');
const doc = readFileSync(path.join(ROOT, 'docs/PRODUCT.md'), 'utf8');

/** The text of one numbered section, up to the next heading of the same or a higher level. */
function section(number: string): string {
  const level = number.includes('.') ? '###' : '##';
  const start = doc.indexOf(`\n${level} ${number} `);
  if (start < 0) throw new Error(`docs/PRODUCT.md has no section ${number}`);
  const rest = doc.slice(start + 1);
  const next = rest.slice(level.length).search(level === '###' ? /\n#{2,3} / : /\n## /);
  return next < 0 ? rest : rest.slice(0, next + level.length);
}

/** Rows `| \`key\` | zh-CN | en-US |` of a section's tables. */
function messageRows(text: string): Array<{ key: string; zh: string; en: string }> {
  return text
    .split('\n')
    .map((line) => /^\| `([\w.]+)` \| (.+?) \| (.+?) \|$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ key: m[1]!, zh: m[2]!, en: m[3]! }));
}

function sourceTexts(dir: string): string {
  return readdirSync(dir)
    .map((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return sourceTexts(full);
      return /\.ts$/.test(name) ? readFileSync(full, 'utf8') : '';
    })
    .join('\n');
}

const server = serverMessages as Record<string, { 'zh-CN': string; 'en-US': string }>;
const rows = ['8.2', '8.3', '8.5', '8.6'].flatMap((n) => messageRows(section(n)));

it('quotes a table of messages in §8', () => {
  expect(rows.length).toBeGreaterThan(100);
});

it('quotes every message exactly as the catalogues have it', () => {
  const serverSource = sourceTexts(path.join(ROOT, 'server/src'));
  const wrong: string[] = [];
  for (const { key, zh, en } of rows) {
    const client =
      catalogue['zh-CN'][key] !== undefined ? { 'zh-CN': catalogue['zh-CN'][key], 'en-US': catalogue['en-US'][key] } : undefined;
    const known = client ?? server[key];
    if (known) {
      if (known['zh-CN'] !== zh) wrong.push(`${key} zh-CN: doc "${zh}", code "${known['zh-CN']}"`);
      if (known['en-US'] !== en) wrong.push(`${key} en-US: doc "${en}", code "${known['en-US']}"`);
    } else if (!serverSource.includes(`'${zh}'`) || !serverSource.includes(`'${en}'`)) {
      wrong.push(`${key}: no such message in src/locales or server/src`);
    }
  }
  expect(wrong).toEqual([]);
});

it('lists every server message in §8.3 or §8.5', () => {
  const quoted = new Set(rows.map((row) => row.key));
  const missing = Object.keys(server).filter((key) => !quoted.has(key));
  expect(missing.map((key) => `server message ${key}: add its row (key, zh-CN, en-US) to docs/PRODUCT.md §8.5`)).toEqual([]);
});

it('lists every result_code in §8.4', () => {
  const table = section('8.4');
  const listed = new Set([...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1])));
  const missing = Object.entries(ResultCode).filter(([, code]) => !listed.has(code));
  expect(missing.map(([name, code]) => `result_code ${code} (${name}): add its row to docs/PRODUCT.md §8.4`)).toEqual([]);
});
