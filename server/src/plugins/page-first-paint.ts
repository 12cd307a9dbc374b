import { DEFAULT_BRAND } from '../../../src/lib/brand';
import type { RouteName } from '../../../src/lib/routes';
import { t } from '../../../src/locales/i18n';
import { inLocale, type PaintContext } from './first-paint/frame';
import { fundFirstPaint } from './first-paint/fund';
import { homeFirstPaint } from './first-paint/home';
import { indexMassFirstPaint } from './first-paint/index-mass';
import { autoInvestRankingFirstPaint, rankingFirstPaint } from './first-paint/ranking';
import { valueCenterFirstPaint } from './first-paint/value-center';
import { AUTO_INVEST_RANKING_URL, rankingUrl } from './page-boot';

// A page a shared link opens is drawn by its HTML first (issue 17): the page's first screen — its largest text
// included — shows as soon as the HTML and its stylesheets are in, instead of after ~200 KB of script has
// downloaded and run. page-html.ts puts the block first in <body>, before the app's root, and makes the page's own
// stylesheets blocking, so the block wears the app's real classes (first-paint/frame.ts) and looks like the page.
// It covers the viewport until the app has drawn the page's body under it; the app then removes it
// (src/platform/boot-data.h5.ts `removeFirstPaint`, called by the page shell's deferred body). The block draws what
// the app will draw at the same places and sizes (the same answers, texts and formatters): were the app to paint
// anything larger than the block's largest element, that would become the page's Largest Contentful Paint.
// One module per page in first-paint/; a page whose inlined answer is missing or failed gets none.

export { FIRST_PAINT_ELEMENT_ID, escapeHtml, type PaintContext } from './first-paint/frame';

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

const DEFAULT_CONTEXT: PaintContext = { locale: 'zh-CN', brand: DEFAULT_BRAND, userAgent: '', url: '/', query: {} };

/**
 * The HTML that draws a page's first screen before its script runs, or '' for pages that have none (they draw when
 * the app runs, as before). `answers` are the page's inlined first answers (page-html.ts); `ctx` the visitor's
 * language, the operator's brand and the request.
 */
export function firstPaintFor(
  route: RouteName,
  params: Record<string, string>,
  answers: Record<string, unknown>,
  ctx: PaintContext = DEFAULT_CONTEXT,
): string {
  return inLocale(ctx.locale, () => {
    switch (route) {
      case 'fundDetail':
        return /^\d{6}$/.test(params.fundcode ?? '') ? fundFirstPaint(ctx, params.fundcode!, answers) : '';
      case 'home':
      case 'root':
      case 'appShell':
        return homeFirstPaint(ctx, answers);
      case 'fundFilter':
        return rankingFirstPaint(ctx, answers, { title: t('discover.filter.title'), listUrl: rankingUrl(), screens: true });
      case 'rankIndex':
        return rankingFirstPaint(ctx, answers, { title: t('discover.rank.index.title'), listUrl: rankingUrl(5), screens: false });
      case 'rankQdii':
        return rankingFirstPaint(ctx, answers, { title: t('discover.rank.qdii.title'), listUrl: rankingUrl(11), screens: false });
      case 'rankAutoInvest':
        return autoInvestRankingFirstPaint(ctx, answers, AUTO_INVEST_RANKING_URL);
      case 'valueCenter':
        return valueCenterFirstPaint(ctx, answers);
      case 'indexMass':
        return indexMassFirstPaint(ctx, answers);
      default:
        return '';
    }
  });
}
