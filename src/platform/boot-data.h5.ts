// H5: `<script type="application/json" id="dj-boot">{"at": ms, "answers": {"<GET url>": envelope}}</script>`, written
// by the server into the page's HTML (server/src/plugins/page-html.ts). Read once, then each answer is used once.

import type { DemoClock } from './boot-data.types';

const BOOT_ELEMENT_ID = 'dj-boot';
/** After this, the page has long drawn its first screen: calls go to the network (fresh data) again. */
export const BOOT_ANSWER_MAX_AGE_MS = 60_000;

let answers: Map<string, unknown> | null = null;
let clock: DemoClock | null = null;
let readAt = 0;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  readAt = Date.now();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element) return answers;
  try {
    const boot = JSON.parse(element.textContent ?? '') as { answers?: Record<string, unknown>; clock?: { now?: unknown } };
    for (const [url, body] of Object.entries(boot.answers ?? {})) answers.set(url, body);
    if (typeof boot.clock?.now === 'string') clock = { now: boot.clock.now };
  } catch {
    // A damaged block: the page asks the network like any other.
  }
  element.remove();
  return answers;
}

export function takeBootAnswer(url: string): unknown {
  const map = load();
  if (!map.has(url)) return undefined;
  const body = map.get(url);
  map.delete(url);
  return Date.now() - readAt <= BOOT_ANSWER_MAX_AGE_MS ? body : undefined;
}

/** Business time when the server's demo clock is moved (the page's HTML says so), for the whole visit. */
export function demoClock(): DemoClock | null {
  load();
  return clock;
}

/** Element id of the first screen the server drew for some pages (server/src/plugins/page-first-paint.ts). */
const FIRST_PAINT_ELEMENT_ID = 'dj-first-paint';

/**
 * Removes the server-drawn first screen, once the app has drawn the page's body under it (the page shell's deferred
 * body calls this): from then on the app's own page is what shows. Nothing to do on pages without one.
 */
export function removeFirstPaint(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

/** For tests: read the page again. */
export function resetBootDataForTests(): void {
  answers = null;
  clock = null;
}
