import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The encodings @fastify/static's `preCompressed` looks for, as sibling files `<name>.br` / `<name>.gz`. */
export type PrecompressEncoding = 'br' | 'gzip';

const SIBLING_EXTENSION: Record<PrecompressEncoding, string> = { br: '.br', gzip: '.gz' };

/** Text assets worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.map', '.txt', '.xml']);

/** Under this size a compressed copy saves less than its extra headers and file cost. */
const MIN_BYTES = 256;

// Compression runs on libuv's thread pool (async zlib), so the event loop keeps answering meanwhile.
const compressors: Record<PrecompressEncoding, (source: Buffer) => Promise<Buffer>> = {
  gzip: (source) => gzipAsync(source, { level: 9 }),
  // Quality 11 is the smallest output (what every visitor downloads); it costs ~5 s per MB once per build.
  br: (source) =>
    brotliAsync(source, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
};

/** Every compressible file under `dir` (recursively), as absolute paths. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await compressibleFiles(path)));
    else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase())) files.push(path);
  }
  return files;
}

async function mtimeOrZero(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

export interface PrecompressResult {
  /** Siblings written by this call. */
  written: number;
  /** Siblings that were already newer than their source. */
  upToDate: number;
  /** Sources skipped as too small, or because compression would not make them smaller. */
  skipped: number;
}

export interface PrecompressOptions {
  /** Checked between files: once true, the remaining files are left for the next start. */
  cancelled?: () => boolean;
}

/**
 * Writes `<file>.gz` / `<file>.br` beside every text asset of `dir` that lacks an up-to-date one, so the
 * static server can send compressed bytes without compressing per request. Idempotent: a sibling at least
 * as new as its source is kept. Each sibling is written to a temporary name and renamed into place, so a
 * concurrent reader (or a second server on the same folder) never sees half a file.
 */
export async function precompressDir(
  dir: string,
  encoding: PrecompressEncoding,
  options: PrecompressOptions = {},
): Promise<PrecompressResult> {
  const result: PrecompressResult = { written: 0, upToDate: 0, skipped: 0 };
  for (const file of await compressibleFiles(dir)) {
    if (options.cancelled?.()) break;
    const sibling = file + SIBLING_EXTENSION[encoding];
    const sourceStat = await stat(file);
    if (sourceStat.size < MIN_BYTES) {
      result.skipped += 1;
      continue;
    }
    if ((await mtimeOrZero(sibling)) >= sourceStat.mtimeMs) {
      result.upToDate += 1;
      continue;
    }
    const source = await readFile(file);
    const compressed = await compressors[encoding](source);
    if (compressed.length >= source.length) {
      result.skipped += 1;
      continue;
    }
    const temporary = `${sibling}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, compressed);
      await rename(temporary, sibling);
    } finally {
      await rm(temporary, { force: true });
    }
    result.written += 1;
  }
  return result;
}

/**
 * Deletes `.gz` / `.br` siblings older than their source (or whose source is gone), so a stale compressed
 * copy is never served in place of a rebuilt file while its replacement is being written. Returns the count.
 */
export async function removeStaleSiblings(dir: string): Promise<number> {
  let removed = 0;
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += await removeStaleSiblings(path);
      continue;
    }
    const encoding = Object.entries(SIBLING_EXTENSION).find(([, extension]) => entry.name.endsWith(extension));
    if (!encoding) continue;
    const source = path.slice(0, -encoding[1].length);
    const sourceAt = await mtimeOrZero(source);
    if (sourceAt === 0 || (await mtimeOrZero(path)) < sourceAt) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export interface PrecompressLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * What `npm start` runs before serving dist/h5: stale siblings removed and gzip written before the first
 * request (about 0.1 s for a fresh 1 MB build, only stat calls when up to date), brotli in the background
 * (seconds at quality 11; until a `.br` exists, browsers that accept br get the `.gz`). A read-only folder
 * just means uncompressed answers. `stop()` lets the file being compressed finish and skips the rest.
 */
export async function precompressH5Build(
  h5Dir: string,
  log: PrecompressLog,
): Promise<{ background: Promise<void>; stop(): Promise<void> }> {
  let stopping = false;
  const idle = { background: Promise.resolve(), stop: async () => undefined };
  try {
    await removeStaleSiblings(h5Dir);
    const gzipped = await precompressDir(h5Dir, 'gzip');
    if (gzipped.written) log.info(`H5 build: wrote ${gzipped.written} gzip copies.`);
  } catch (error) {
    log.warn(`Could not write gzip copies of the H5 build (${String(error)}); serving it uncompressed.`);
    return idle;
  }
  const started = Date.now();
  const background = precompressDir(h5Dir, 'br', { cancelled: () => stopping }).then(
    (result) => {
      if (result.written) log.info(`H5 build: wrote ${result.written} brotli copies in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    },
    (error: unknown) => log.warn(`Could not write brotli copies of the H5 build (${String(error)}); gzip is served instead.`),
  );
  return {
    background,
    async stop() {
      stopping = true;
      await background;
    },
  };
}
