import { statSync } from 'node:fs';
import type { Brand } from '../../../src/lib/brand';
import { readBrandFile, type ServerConfig } from '../config';

// The operator's brand while the server runs (docs/DEPLOY.md "Brand"): BRAND_FILE is looked at again at most every
// BRAND_RECHECK_MS, and read again only when its modification time or size has changed, so an edit of the file shows
// on the next pages without a restart. A change that cannot be used (half-written, a typo, a value the app would not
// show, the file gone) keeps the last good brand and logs a warning once per change; the next edit is tried again.

/** How often the file's modification time is looked at (ms): a stat per this long at most, not per request. */
export const BRAND_RECHECK_MS = 3_000;

export interface BrandSource {
  /** The brand to serve now. */
  current(): Brand;
}

export interface LiveBrandOptions {
  /** The brand the server started with (read from `file` then, or the default). */
  initial: Brand;
  /** BRAND_FILE's absolute path; undefined: the brand never changes. */
  file: string | undefined;
  /** Where a refused change is reported. */
  warn: (message: string) => void;
  recheckMs?: number;
  /** Wall-clock milliseconds (tests move it). */
  now?: () => number;
}

/** `mtime:size` of the file, or null when it cannot be looked at. */
function fileStamp(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

export function liveBrand({ initial, file, warn, recheckMs = BRAND_RECHECK_MS, now = Date.now }: LiveBrandOptions): BrandSource {
  if (!file) return { current: () => initial };
  let brand = initial;
  let stamp = fileStamp(file);
  let checkedAt = now();
  return {
    current(): Brand {
      if (now() - checkedAt < recheckMs) return brand;
      checkedAt = now();
      const seen = fileStamp(file);
      if (seen === stamp) return brand;
      stamp = seen;
      if (seen === null) {
        warn(`BRAND_FILE ${file}: cannot be read; keeping the brand in use (${brand.name})`);
        return brand;
      }
      try {
        brand = { ...readBrandFile(file), demo: initial.demo };
      } catch (error) {
        warn(`${(error as Error).message}; keeping the brand in use (${brand.name})`);
      }
      return brand;
    },
  };
}

/** The app's brand source: over BRAND_FILE when one is configured, else the start-up brand. */
export function brandSourceFor(config: ServerConfig, warn: (message: string) => void): BrandSource {
  return liveBrand({ initial: config.brand, file: config.brandFile, warn });
}
