// Issue 27: every constant of src/lib/constants.ts and every analytics page code of src/platform/page-codes.ts is used
// somewhere else in src/ — a value the spec names but nothing reads is a requirement silently left unbuilt.
import * as fs from 'fs';
import * as path from 'path';
import { PAGE_CODES } from '@/platform/page-codes';

const SRC = path.join(__dirname, '../../src');
const CONSTANTS_FILE = path.join(SRC, 'lib/constants.ts');
const PAGE_CODES_FILE = path.join(SRC, 'platform/page-codes.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every source file of src/ but the declaring ones, with comments removed (a mention in a comment is not a use). */
function otherSources(exclude: readonly string[]): string {
  return sourceFiles(SRC)
    .filter((file) => !exclude.includes(file))
    .map((file) => stripComments(fs.readFileSync(file, 'utf8')))
    .join('\n');
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function wordUsed(source: string, word: string): boolean {
  return new RegExp(`\\b${word}\\b`).test(source);
}

describe('nothing declared and never used', () => {
  const others = otherSources([CONSTANTS_FILE, PAGE_CODES_FILE]);

  it('every export of src/lib/constants.ts is read elsewhere in src/', () => {
    const text = fs.readFileSync(CONSTANTS_FILE, 'utf8');
    const names = [...text.matchAll(/^export const (\w+)/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(40);
    const unused = names.filter((name) => !wordUsed(others, name));
    expect(unused).toEqual([]);
  });

  it('every page code of src/platform/page-codes.ts is sent by a screen (PAGE_CODES.<key> elsewhere in src/)', () => {
    const keys = Object.keys(PAGE_CODES);
    expect(keys.length).toBeGreaterThan(40);
    const unsent = keys.filter((key) => !new RegExp(`PAGE_CODES\\.${key}\\b`).test(others));
    expect(unsent).toEqual([]);
  });

  it('the check can fail: a name nobody uses is reported', () => {
    expect(wordUsed(others, 'NO_SUCH_CONSTANT_27')).toBe(false);
    expect(wordUsed(others, 'REQUEST_TIMEOUT_MS')).toBe(true);
    // A use only inside a comment does not count.
    const commented = stripComments('/** HTTP_DEFAULT_TIMEOUT */\nconst a = 1; // PASSCODE_DEFAULT_LENGTH\nconst u = "https://x";');
    expect([wordUsed(commented, 'HTTP_DEFAULT_TIMEOUT'), wordUsed(commented, 'PASSCODE_DEFAULT_LENGTH')]).toEqual([false, false]);
    expect(commented).toContain('https://x');
  });
});
