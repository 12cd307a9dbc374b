#!/usr/bin/env node
// Every bare package the code imports must be declared in package.json (dependencies or devDependencies):
// a package that is only there because something else pulled it into node_modules disappears when that
// something changes. Scans import/export-from, import(), require() and require.resolve() in the folders
// below; node: built-ins, Node's own module names and path aliases (@/…) are not packages.
// Usage: node scripts/check-declared-deps.mjs [--json] [file …]   (files: check only these)
// Exit code 1 and one line per undeclared import when something is missing. Run by tests/unit/declared-deps.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'server', 'config', 'scripts', 'tests', 'bench', 'eslint-rules', 'types'];
const ROOT_FILES = ['babel.config.js', 'jest.config.js', 'eslint.config.mjs'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', '.cache', 'data']);
/** Import specifiers that are aliases resolved by our own config, not packages. */
const ALIASES = [/^@\//];

const ts = createRequire(import.meta.url)('typescript');

function sourceFiles(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (SKIP_DIRS.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The package a bare specifier names (`@scope/name/deep/path` → `@scope/name`), or null when it is not one. */
export function packageOf(specifier) {
  if (!specifier || specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (ALIASES.some((alias) => alias.test(specifier))) return null;
  if (/^[a-z]+:/i.test(specifier)) return null; // data:, http:, virtual: …
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (builtinModules.includes(name) || builtinModules.includes(specifier)) return null;
  if (!/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) return null; // templates such as `${x}`
  return name;
}

/** Specifiers imported by a source text (comments and ordinary strings are not imports). */
export function importsOf(text, fileName = 'file.ts') {
  const found = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  // require.resolve('pkg/…') names a package too; preProcessFile does not report it.
  const scanner = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length >= 1 &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.expression.getText(scanner) === 'require.resolve'
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  if (text.includes('require.resolve')) visit(scanner);
  return found;
}

export function declaredPackages(root = ROOT) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return new Set([
    pkg.name,
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ]);
}

/** [{file, specifier, package}] for every import of an undeclared package in the given files. */
export function undeclaredImports(files, declared = declaredPackages()) {
  const problems = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const specifier of importsOf(text, file)) {
      const name = packageOf(specifier);
      if (name && !declared.has(name)) problems.push({ file: path.relative(ROOT, file), specifier, package: name });
    }
  }
  return problems;
}

export function projectFiles() {
  return [
    ...FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))),
    ...ROOT_FILES.map((name) => path.join(ROOT, name)).filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    }),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const given = args.filter((a) => a !== '--json').map((f) => path.resolve(f));
  const files = given.length ? given : projectFiles();
  const problems = undeclaredImports(files);
  if (json) {
    process.stdout.write(`${JSON.stringify({ files: files.length, problems })}\n`);
  } else {
    for (const p of problems) console.log(`${p.file}: imports '${p.specifier}', but package.json does not declare ${p.package}`);
    if (!problems.length) console.log(`${files.length} files: every imported package is declared in package.json`);
  }
  process.exitCode = problems.length ? 1 : 0;
}
