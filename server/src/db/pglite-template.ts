// A cached copy of a freshly initialised PGlite cluster. PGlite's initdb costs several seconds of CPU on
// every new data directory; its output depends only on the PGlite build, so the first fresh directory
// on a machine keeps a compressed dump of it (PGlite's dumpDataDir, taken before anything else is
// written) and later fresh directories start from that dump (loadDataDir) instead of running initdb.
// The cache lives in node_modules/.cache (per installation, per PGlite build); PGLITE_TEMPLATE=0 turns it
// off, PGLITE_TEMPLATE_DIR moves it. A template that fails to start is deleted and initdb runs instead.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The template file for this PGlite build, or undefined when templates are off or the build cannot be identified. */
export function templatePath(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PGLITE_TEMPLATE === '0') return undefined;
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const dist = dirname(entry);
    const pkg = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version: string };
    // The version, and the binaries' sizes in case a build is patched in place.
    const build = [
      pkg.version,
      ...['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => (existsSync(join(dist, f)) ? statSync(join(dist, f)).size : 0)),
    ];
    const key = createHash('sha256').update(build.join(':')).digest('hex').slice(0, 16);
    const dir = env.PGLITE_TEMPLATE_DIR?.trim() || join(ROOT, 'node_modules', '.cache', 'danjuan-open');
    return join(dir, `pglite-initdb-${pkg.version}-${key}.tar.gz`);
  } catch {
    return undefined;
  }
}

/** The template's bytes when one exists. */
export function readTemplate(path: string | undefined): Blob | undefined {
  if (!path || !existsSync(path)) return undefined;
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return undefined;
  }
}

/** Stores a dump as the template (written aside and renamed, so a concurrent reader never sees half a file). */
export function writeTemplate(path: string, dump: Uint8Array): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, dump);
    renameSync(temporary, path);
  } catch {
    // A read-only installation just keeps running initdb.
  }
}

export function discardTemplate(path: string): void {
  rmSync(path, { force: true });
}
