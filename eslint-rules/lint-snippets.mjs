// Lints in-memory snippets under fake file paths with the project's real eslint.config.mjs.
// stdin: JSON [{ file, code }] (file relative to the project root); stdout: JSON [[{ ruleId, message }]].
// Used by tests/unit/lint-layers.test.ts: it runs in plain Node, outside jest's transform and jsdom.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const snippets = JSON.parse(input);

const eslint = new ESLint({ cwd: root });
const results = [];
for (const { file, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  results.push((result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
