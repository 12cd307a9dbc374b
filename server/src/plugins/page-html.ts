import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_PAGE_PATH, isBuilt, matchSpecUrl } from '../../../src/lib/routes';
import { shanghaiIso } from '../domain/clock';
import { isMovableClock } from '../services/business-clock';
import { bootFollowUpsFor, bootRequestsFor } from './page-boot';
import { firstPaintFor, paintThenLoad } from './page-first-paint';
import { pageLocale, withPageLang } from './page-lang';

// The HTML of a page URL (/index, /funding/009005, …) is the build's index.html plus, for the page that URL shows:
// - <link rel="preload"> for that page's chunks (`page-assets.json`, written by the H5 build), so they download
//   beside app.js instead of after it has run and asked for the page;
// - the answers to the GET calls the page makes on its first render (`page-boot.ts`), inlined as JSON that the
//   app's http client takes instead of asking the network (src/platform/boot-data.h5.ts). The page draws its data
//   on its first render: no skeleton → content jump, no round trip before the largest paint;
// - for the pages a shared link opens (a fund, home, valuation, rankings, screening, index picking), their first
//   screen drawn by the HTML itself from those answers (`page-first-paint.ts`), in the visitor's language, with
//   the page's stylesheets made blocking so the block wears the app's own classes.
// The answers come from the API routes themselves (`inject`, with the visitor's cookies), so they are exactly what
// the calls would have returned, the visitor's own account state included: the HTML is private and never cached.

/** Element id of the inlined answers; the app reads it once (src/platform/boot-data.h5.ts). */
export const BOOT_ELEMENT_ID = 'dj-boot';
export const PAGE_ASSETS_FILE = 'page-assets.json';

/** Inlined answers above this size are left to the network (a page's first calls are a few kB). */
const MAX_BOOT_BODY_BYTES = 64 * 1024;

interface PageAssets {
  js: string[];
  css: string[];
}

interface Shell {
  indexMtimeMs: number;
  assetsMtimeMs: number;
  head: string;
  tail: string;
  assets: Record<string, PageAssets>;
}

let shellCache: { dir: string; shell: Shell } | null = null;

function mtimeOrZero(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** index.html split where the page's own tags go, and the page asset list; re-read when a build replaces them. */
function loadShell(h5Dir: string): Shell | null {
  const indexFile = join(h5Dir, 'index.html');
  const assetsFile = join(h5Dir, PAGE_ASSETS_FILE);
  const indexMtimeMs = mtimeOrZero(indexFile);
  if (indexMtimeMs === 0) return null;
  const assetsMtimeMs = mtimeOrZero(assetsFile);
  const cached = shellCache?.dir === h5Dir ? shellCache.shell : null;
  if (cached && cached.indexMtimeMs === indexMtimeMs && cached.assetsMtimeMs === assetsMtimeMs) return cached;
  const html = readFileSync(indexFile, 'utf8');
  const cut = html.indexOf('</head>');
  if (cut < 0) return null;
  let assets: Record<string, PageAssets> = {};
  try {
    if (existsSync(assetsFile)) assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as Record<string, PageAssets>;
  } catch {
    assets = {}; // a half-written file during a rebuild: no preloads this time
  }
  const shell = { indexMtimeMs, assetsMtimeMs, head: html.slice(0, cut), tail: html.slice(cut), assets };
  shellCache = { dir: h5Dir, shell };
  return shell;
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Preload tags for a page's files that index.html does not already name; with `blockingCss`, its stylesheets as
 * `<link rel="stylesheet">` instead (all of them: index.html only preloads app-shared's), so HTML drawn by the server
 * is styled at its first paint. The app's chunk loader finds those links and does not load the sheets again.
 */
export function preloadTags(shell: Pick<Shell, 'head' | 'assets'>, page: string, blockingCss = false): string {
  const files = shell.assets[page];
  if (!files) return '';
  if (blockingCss) {
    const sheets = files.css.map((file) => `<link rel="stylesheet" href="${escapeAttribute(`/${file}`)}">`);
    return [...sheets, ...files.js.map((file) => tagFor(shell, file, 'script'))].join('');
  }
  return [...files.css.map((file) => tagFor(shell, file, 'style')), ...files.js.map((file) => tagFor(shell, file, 'script'))].join('');
}

function tagFor(shell: Pick<Shell, 'head'>, file: string, as: 'script' | 'style'): string {
  const href = `/${file}`;
  return shell.head.includes(`"${href}"`) ? '' : `<link rel="preload" as="${as}" href="${escapeAttribute(href)}">`;
}

/** JSON that is safe inside <script>: no `</script>`, no line separators that old parsers choke on. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The inlined answers: `{ "<GET url>": <envelope> }`, only those that answered 200 with a JSON envelope. */
async function bootAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: readonly string[],
  bootHeader: BootHeader,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { [bootHeader.name]: bootHeader.value };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers['accept-language']) headers['accept-language'] = String(request.headers['accept-language']);
  const answers = await Promise.all(
    urls.map(async (url) => {
      try {
        // From the visitor's address, so an in-process call never looks like one of this machine's (dev-routes.ts).
        const res = await app.inject({ method: 'GET', url, headers, ...(request.ip ? { remoteAddress: request.ip } : {}) });
        if (res.statusCode !== 200 || res.body.length > MAX_BOOT_BODY_BYTES) return null;
        if (!String(res.headers['content-type'] ?? '').includes('application/json')) return null;
        return [url, JSON.parse(res.body) as unknown] as const;
      } catch {
        return null; // the page asks the network itself
      }
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}

/** Business time moved this far from the wall clock (or more) is shown as "demo time" on the page. */
const DEMO_CLOCK_MIN_OFFSET_MS = 60_000;

/**
 * The business time when the dev clock has moved it away from the wall clock: the page shows a demo-time badge.
 * A development server only (`npm start`); never in production, and not under tests' fixed clocks.
 */
function demoClock(app: FastifyInstance): { now: string } | null {
  if (app.config.nodeEnv !== 'development' || !isMovableClock(app.clock)) return null;
  if (Math.abs(app.clock.offsetMs()) < DEMO_CLOCK_MIN_OFFSET_MS) return null;
  return { now: shanghaiIso(app.clock.now()) };
}

/** A header only in-process requests carry (its value is random per process), so the rate limit can skip them. */
export interface BootHeader {
  name: string;
  value: string;
}

function compressFor(request: FastifyRequest, html: string): { body: Buffer | string; encoding?: 'br' | 'gzip' } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  // Quality 5 / level 6: a few kB of HTML per request, compressed in well under a millisecond.
  if (/\bbr\b/.test(accepted)) {
    return { body: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}

/**
 * Answers a page URL with index.html plus that page's preloads and boot answers; false when there is no build
 * (the caller shows its "not built" page).
 */
export async function sendPageHtml(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  h5Dir: string,
  bootHeader: BootHeader,
): Promise<boolean> {
  const shell = loadShell(h5Dir);
  if (!shell) return false;
  const found = matchSpecUrl(request.url);
  // An unknown path, or a route whose page is not built yet, shows the 404 page.
  const match = found && isBuilt(found.route) ? found : null;
  let bootScript = '';
  let firstPaint = '';
  if (request.method === 'GET') {
    const answers = match ? await bootAnswers(app, request, bootRequestsFor(match.route.name, match.params), bootHeader) : {};
    // Calls the page makes with what a first answer says (index picking: the first index's funds).
    const followUps = match ? bootFollowUpsFor(match.route.name, answers) : [];
    if (followUps.length > 0) Object.assign(answers, await bootAnswers(app, request, followUps, bootHeader));
    const clock = demoClock(app);
    if (Object.keys(answers).length > 0 || clock) {
      bootScript = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson({ at: Date.now(), answers, ...(clock ? { clock } : {}) })}</script>`;
    }
    if (match) {
      firstPaint = firstPaintFor(match.route.name, match.params, answers, {
        locale: pageLocale(request),
        brand: app.brand.current(),
        userAgent: String(request.headers['user-agent'] ?? ''),
        url: request.url,
        query: match.query,
      });
    }
  }
  const extraHead = preloadTags(shell, match ? match.route.page : NOT_FOUND_PAGE_PATH, firstPaint !== '');
  // The answers go at the end of <body>: the deferred app scripts run after the whole document is parsed. The first
  // paint goes first in <body>, before the app's root. (Replacer functions: `$&` in the inserted text stays text.)
  let tail = bootScript ? shell.tail.replace('</body>', () => `${bootScript}</body>`) : shell.tail;
  if (firstPaint) tail = tail.replace(/<body([^>]*)>/, (open) => `${open}${firstPaint}`);
  // The operator's name in the tab before the app sets the page's own title (BRAND_FILE, docs/DEPLOY.md "Brand").
  const head = withPageLang(
    shell.head.replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(app.brand.current().name)}</title>`),
    request,
  );
  let html = `${head}${extraHead}`;
  // A page the server draws paints before its scripts start downloading (page-first-paint.ts `paintThenLoad`).
  if (firstPaint) {
    const moved = paintThenLoad(html);
    html = moved.head;
    tail = tail.replace('</body>', () => `${moved.loader}</body>`);
  }
  html += tail;
  const { body, encoding } = compressFor(request, html);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    // Holds the visitor's own account answer and today's data: revalidated on every load, never shared.
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (encoding) reply.header('content-encoding', encoding);
  await reply.status(200).send(request.method === 'HEAD' ? '' : body);
  return true;
}
