import type { RouteName } from '../../../src/lib/routes';

// The first paint of a shared fund link, drawn by the HTML itself (issue 17): the page's largest text — the fund's name
// — shows as soon as the HTML and its stylesheets are in, instead of after ~200 KB of script has downloaded and run.
// page-html.ts puts this block before the app's root and makes the page's own stylesheets blocking, so the block
// wears the app's real classes (header bar, page frame, fund header) and looks like the page's top. It covers the
// viewport until the app has drawn the page's body under it; the app then removes it
// (src/platform/boot-data.h5.ts `removeFirstPaint`, called by the page shell's deferred body).
// Only what the inlined fund answer says is shown: the name and code; the figures are grey bars until the app draws.

/** Element id of the block; the app removes it (src/platform/boot-data.h5.ts). */
export const FIRST_PAINT_ELEMENT_ID = 'dj-first-paint';

/** Element id of the scripts a page with a first paint starts once that paint is on screen (JSON, not run). */
export const DEFERRED_SCRIPTS_ELEMENT_ID = 'dj-scripts';

// Paint first, then load. A page the server draws shows as soon as its HTML and stylesheets are in; its scripts
// (~170 KB compressed) would otherwise start downloading at the same moment, competing with those stylesheets for a
// slow connection and holding the first paint back. So their tags leave the HTML for a list, and this script —
// after the last stylesheet, so it runs once they are in — starts them after the next frame has been painted:
// the preloads of the page's chunks, then the app's scripts in their order (async=false keeps it). A tab opened in
// the background paints no frame: the timer starts them anyway. Fixed text: the CSP allows it by its hash
// (static-h5.ts `inlineScriptHashes`).
export const PAINT_THEN_LOAD_SCRIPT =
  `!function(d){var l=JSON.parse(d.getElementById("${DEFERRED_SCRIPTS_ELEMENT_ID}").textContent),n=0;` +
  'function go(){if(n++)return;l.preload.forEach(function(h){var e=d.createElement("link");e.rel="preload";e.as="script";e.href=h;d.head.appendChild(e)});' +
  'l.run.forEach(function(h){var e=d.createElement("script");e.src=h;e.async=!1;d.head.appendChild(e)})}' +
  'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)}(document);';

const DEFERRED_SCRIPT_TAG = /<script\b(?=[^>]*\bdefer\b)[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const SCRIPT_PRELOAD_TAG = /<link rel="preload" as="script" href="([^"]+)">/g;

/**
 * A page head without its script tags (deferred scripts and script preloads), and the tags that start them after the
 * first paint (`PAINT_THEN_LOAD_SCRIPT`), for the end of <body>. Stylesheets and everything else stay where they are.
 */
export function paintThenLoad(head: string): { head: string; loader: string } {
  const run: string[] = [];
  const preload: string[] = [];
  const rest = head
    .replace(DEFERRED_SCRIPT_TAG, (_tag, src: string) => {
      run.push(src);
      return '';
    })
    .replace(SCRIPT_PRELOAD_TAG, (_tag, href: string) => {
      preload.push(href);
      return '';
    });
  if (run.length === 0) return { head, loader: '' };
  // Build file names (/js/name.hash.js): nothing to unescape; `<` is escaped all the same, as in every inline JSON.
  const json = JSON.stringify({ run, preload }).replace(/</g, '\\u003c');
  return {
    head: rest,
    loader: `<script type="application/json" id="${DEFERRED_SCRIPTS_ELEMENT_ID}">${json}</script><script>${PAINT_THEN_LOAD_SCRIPT}</script>`,
  };
}

/** Text for HTML element content and attribute values: every character that could end either is an entity. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface FundSummaryAnswer {
  result_code?: unknown;
  data?: { fd_name?: unknown; fd_code?: unknown };
}

// Position, cover and the line height the app's page text has (1.6, inherited there); the look comes from the app's own classes. Inline: the CSP allows page styles inline.
// Should the app never take over (a script that failed to load), the block steps aside after 15 s for whatever the
// app's root shows, rather than covering it for good.
const FIRST_PAINT_STYLE =
  `<style>#${FIRST_PAINT_ELEMENT_ID}{position:absolute;top:0;left:0;right:0;min-height:100vh;z-index:2147483000;pointer-events:none;line-height:1.6;` +
  `animation:dj-fp-out 0s 15s forwards}@keyframes dj-fp-out{to{visibility:hidden}}` +
  `#${FIRST_PAINT_ELEMENT_ID} .dj-fp-bar{display:block;height:.7em;margin:.9em 0 .2em;border-radius:.2em;background:#eef0f3;max-width:60%}` +
  `#${FIRST_PAINT_ELEMENT_ID} .dj-fp-bar--wide{max-width:100%;height:1.4em}` +
  // The header's height with its title row (drawn by the app): the fund header starts where the app's will.
  `#${FIRST_PAINT_ELEMENT_ID} .dj-header{box-sizing:border-box;min-height:48px}` +
  `@media (min-width:768px){#${FIRST_PAINT_ELEMENT_ID} .dj-header{min-height:97px}}</style>`;

/** The fund page's first paint: the header bar, the fund's name and code, grey bars where its figures go. */
function fundFirstPaint(code: string, answers: Record<string, unknown>): string {
  const summary = answers[`/djapi/fund/${code}`] as FundSummaryAnswer | undefined;
  const name = summary?.result_code === 0 ? summary.data?.fd_name : undefined;
  const fundCode = summary?.data?.fd_code;
  if (typeof name !== 'string' || name === '' || typeof fundCode !== 'string') return '';
  return (
    FIRST_PAINT_STYLE +
    `<div id="${FIRST_PAINT_ELEMENT_ID}" aria-hidden="true"><div class="page-shell">` +
    `<div class="dj-header"><div class="dj-header__bar"></div></div>` +
    `<div class="page-shell__body"><div class="fund-detail"><div class="fund-header">` +
    `<div class="fund-header__title"><span class="fund-header__name">${escapeHtml(name)}</span>` +
    `<span class="fund-header__code">${escapeHtml(fundCode)}</span></div>` +
    `<span class="dj-fp-bar"></span><span class="dj-fp-bar dj-fp-bar--wide"></span><span class="dj-fp-bar"></span>` +
    `</div></div></div></div></div>`
  );
}

/**
 * The HTML that draws a page's first screen before its script runs, or '' for pages that have none (they draw when
 * the app runs, as before). `answers` are the page's inlined first answers (page-html.ts).
 */
export function firstPaintFor(route: RouteName, params: Record<string, string>, answers: Record<string, unknown>): string {
  if (route === 'fundDetail' && /^\d{6}$/.test(params.fundcode ?? '')) return fundFirstPaint(params.fundcode!, answers);
  return '';
}
