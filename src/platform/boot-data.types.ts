/**
 * Answers the server put in a page's HTML for the GET calls that page makes first (server/src/plugins/page-html.ts):
 * the http client takes one instead of asking the network. Each is used once, and only soon after the page loaded.
 */
export interface BootData {
  /** The envelope inlined for this exact GET URL (path and query as the client writes them), once; else undefined. */
  takeBootAnswer(url: string): unknown;
}

/** Business time when the server's demo clock has been moved (never in production); else null. */
export interface DemoClock {
  /** ISO 8601 with +08:00. */
  now: string;
}
