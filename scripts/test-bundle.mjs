// The test processes' code compiled once, before `npm test` starts them (issue 30): every test file of node:test, and
// the programs the browser tests start (the server, the seed, the jobs), bundled by esbuild into .tmp/test-bundle/ with
// the code they share split into common chunks. A test process then loads plain JavaScript instead of compiling
// TypeScript through tsx's loader, module by module, in each of the ~190 processes of a run: a server test file ~1.4 s
// of CPU less, a server start of the browser tests ~2 s less.
//
// Only our own code is bundled: packages load from node_modules as usual (PGlite finds its WebAssembly, pino its
// workers). Each source file keeps its own location: `import.meta.url`, `import.meta.dirname`, `__dirname` and
// `__filename` in it are replaced by the source file's own, so a file read beside the code (the migrations, a fixture,
// a worker started with tsx) is found where it is. Stack traces map back to the TypeScript (--enable-source-maps).
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Replaces the module-location expressions of each of our source files by that file's own location. */
const keepSourcePaths = {
  name: 'keep-source-paths',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let text = await readFile(args.path, 'utf8');
      const here = JSON.stringify(path.dirname(args.path));
      text = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', here)
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replace(/\b__dirname\b/g, here)
        .replace(/\b__filename\b/g, JSON.stringify(args.path));
      return { contents: text, loader: /x$/.test(args.path) ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundles `entries` (paths relative to `root`) into `outdir`, keeping their relative paths (tests/server/x.test.ts →
 * outdir/tests/server/x.test.mjs). Resolves with a function mapping an entry to its bundle.
 */
export async function bundleTests(root, outdir, entries) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outbase: root,
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    outExtension: { '.js': '.mjs' },
    // CommonJS-style `require` in our ESM sources (tsx provides it): resolved from the bundle, inside the project.
    banner: {
      js: "import { createRequire as __testBundleRequire } from 'node:module'; const require = __testBundleRequire(import.meta.url);",
    },
    plugins: [keepSourcePaths],
    logLevel: 'silent',
  });
  return (entry) => path.join(outdir, entry.replace(/\.[cm]?tsx?$/, '.mjs'));
}
