// Every package the code imports is declared in package.json (scripts/check-declared-deps.mjs): a package that is
// only installed because something else depends on it vanishes, or changes version, when that something changes.
// The checker runs in a child Node process, as the layer-rule test runs ESLint: it needs TypeScript's own parser.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CHECKER = path.join(ROOT, 'scripts/check-declared-deps.mjs');

interface Problem {
  file: string;
  specifier: string;
  package: string;
}

function check(files: string[] = []): { status: number; files: number; problems: Problem[] } {
  try {
    const out = execFileSync(process.execPath, [CHECKER, '--json', ...files], { cwd: ROOT, encoding: 'utf8' });
    return { status: 0, ...JSON.parse(out) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { status: failed.status, ...JSON.parse(failed.stdout) };
  }
}

it('finds every bare import of src, server, config, scripts, tests and bench declared in package.json', () => {
  const result = check();
  expect(result.files).toBeGreaterThan(300);
  expect(result.problems).toEqual([]);
  expect(result.status).toBe(0);
});

describe('the checker', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'declared-deps-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function write(name: string, text: string): string {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  }

  it('fails on an undeclared package, in every import form', () => {
    const file = write(
      'uses.ts',
      [
        "import left from 'left-pad-not-declared';",
        "import '@scope-not-declared/pkg/deep/file.css';",
        "export { x } from 'reexported-not-declared';",
        "const lazy = () => import('lazy-not-declared');",
        "const old = require('required-not-declared/sub');",
        "const where = require.resolve('resolved-not-declared/package.json');",
      ].join('\n'),
    );
    const result = check([file]);
    expect(result.status).toBe(1);
    expect(result.problems.map((p) => p.package).sort()).toEqual([
      '@scope-not-declared/pkg',
      'lazy-not-declared',
      'left-pad-not-declared',
      'reexported-not-declared',
      'required-not-declared',
      'resolved-not-declared',
    ]);
  });

  it('ignores built-ins, relative paths, aliases, comments and ordinary strings', () => {
    const file = write(
      'fine.ts',
      [
        "import fs from 'node:fs';",
        "import path from 'path';",
        "import { t } from '@/locales/i18n';",
        "import { a } from './a';",
        "import { b } from '../b';",
        "import React from 'react';",
        "// import nothing from 'commented-out-package';",
        "/* require('block-commented-package') */",
        'const text = "from \'a-string-not-an-import\'";',
        'const ns = `@/locales/${fs ? "a" : "b"}`;',
        'export { fs, path, t, a, b, React, text, ns };',
      ].join('\n'),
    );
    const result = check([file]);
    expect(result.problems).toEqual([]);
    expect(result.status).toBe(0);
  });
});
