// H5: `<script type="application/json" id="dj-boot">{"at": ms, "answers": {"<GET url>": envelope}}</script>`, written
// by the server into the page's HTML (server/src/plugins/page-html.ts). Read once, then each answer is used once.

const BOOT_ELEMENT_ID = 'dj-boot';
/** After this, the page has long drawn its first screen: calls go to the network (fresh data) again. */
export const BOOT_ANSWER_MAX_AGE_MS = 60_000;

let answers: Map<string, unknown> | null = null;
let readAt = 0;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  readAt = Date.now();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element) return answers;
  try {
    const boot = JSON.parse(element.textContent ?? '') as { answers?: Record<string, unknown> };
    for (const [url, body] of Object.entries(boot.answers ?? {})) answers.set(url, body);
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

/** For tests: read the page again. */
export function resetBootDataForTests(): void {
  answers = null;
}
