// Which Chromium the browser tests drive: CHROMIUM_PATH (npm test sets it, scripts/test.mjs chromiumPath), else
// Debian's old headless shell (what playwright runs headless: ~30 % less CPU a page than the full browser), else
// Debian's Chromium.
import { existsSync } from 'node:fs';

export function chromiumExecutable(): string {
  return (
    process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) || '/usr/bin/chromium'
  );
}
