import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite allows one process per data directory (two would corrupt it): take a pid lock file,
 * refusing when a live process holds it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'server.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      // Signal 0 only checks that the process exists.
      if (pid > 0 && pid !== process.pid) alive = process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`Another process (pid ${pid}) is using ${dataDir}; stop it or set DATA_DIR.`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
