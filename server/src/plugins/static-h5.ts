import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, sendError } from '../http/envelope';
import { isApiPath, pathOf } from '../http/request-url';
import { ResultCode } from '../http/result-codes';
import { PAINT_THEN_LOAD_SCRIPT } from './page-first-paint';
import { sendPageHtml, type BootHeader } from './page-html';
import { ensureXsrfCookie } from './xsrf';

// The page/API split is made on the canonical URL the router routes (http/request-url.ts); kept importable from here.
export { isApiPath };

/** A page path (SPA route) is any non-API path whose last segment has no file extension. */
export function isPagePath(url: string): boolean {
  const path = pathOf(url);
  if (isApiPath(path)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return extname(last) === '';
}

const scriptHash = (body: string): string => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** sha256 sources of the inline <script>s of index.html (and the server's own), so the CSP can allow exactly them. */
export function inlineScriptHashes(h5Dir: string): string[] {
  const indexFile = join(h5Dir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(scriptHash(body));
  }
  // The loader page-html.ts adds to pages with a server-drawn first paint.
  hashes.push(scriptHash(PAINT_THEN_LOAD_SCRIPT));
  return hashes;
}

/**
 * The same hashes, for the CSP header of each page load: read again when index.html changes (a rebuild under a
 * running server, `npm run dev`), or the new build's inline script would be refused until a restart.
 */
export function currentInlineScriptHashes(h5Dir: string): () => string {
  let cached: { mtimeMs: number; value: string } | null = null;
  return () => {
    let mtimeMs = 0;
    try {
      mtimeMs = statSync(join(h5Dir, 'index.html')).mtimeMs;
    } catch {
      // no build: nothing inline to allow
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, value: inlineScriptHashes(h5Dir).join(' ') };
    return cached.value;
  };
}

const missingBuildPage = (h5Dir: string): string => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>H5 build missing</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>H5 应用尚未构建 / The H5 app is not built</h1>
<p>没有找到 <code>${h5Dir}/index.html</code>。请运行 <code>npm run build:h5</code>，或直接 <code>npm start</code>（会自动构建）。</p>
<p>No <code>${h5Dir}/index.html</code> was found. Run <code>npm run build:h5</code>, or <code>npm start</code> without SKIP_H5_BUILD.</p>
<p>API: <a href="/docs">/docs</a></p>
</body></html>`;

/** `.br` / `.gz`: the sibling @fastify/static chose; headers depend on the file it stands for. */
const ENCODED_SIBLING = /\.(br|gz)$/;

/** Webpack's `[contenthash:8]` names under js/, css/ and static/: their bytes never change under that name. */
const HASHED_ASSET = /^(js|css|static)\/(.+\/)?[^/]+\.[0-9a-f]{8}\.[a-z0-9]+$/i;

/** Cache-Control for a file of the build (`relativePath` uses '/'; a compressed sibling counts as its source). */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.replace(ENCODED_SIBLING, '');
  // The shell must revalidate on every load, or a deploy would keep pointing at old chunk names.
  if (path.endsWith('.html')) return 'no-cache';
  if (HASHED_ASSET.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/**
 * Serves the built H5 app. Every page path (spec URLs such as /funding/000001) answers
 * index.html (with that page's preloads and first answers, page-html.ts) so shared links and refreshes work; a missing file with an extension is a
 * plain 404; unknown API paths get a 404 envelope. Files (the index.html fallback too) are
 * sent br- or gzip-compressed from pre-written siblings (`precompressH5Build`, run by `npm start`)
 * when the client accepts it.
 */
export async function registerStaticH5(app: FastifyInstance, h5Dir: string, bootHeader: BootHeader): Promise<void> {
  const built = existsSync(join(h5Dir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: h5Dir,
      // `/` is a page like the others (page-html.ts, below), not the raw index.html.
      index: false,
      // Looks for `<file>.br` / `<file>.gz` per Accept-Encoding, else the file itself; adds Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlFor(relative(h5Dir, filePath).split(sep).join('/')));
      },
    });
  }

  // Page loads hand the client its XSRF token (double-submit cookie); the mini program never loads a
  // page and gets it from `GET /djapi/account` (plugins/xsrf.ts). Assets are skipped so they stay cacheable.
  app.addHook('onRequest', (request, reply, done) => {
    if (isPagePath(request.url)) ensureXsrfCookie(request, reply);
    done();
  });

  // `/` is a page like the others (fastify-static's directory index is off).
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (await sendPageHtml(app, request, reply, h5Dir, bootHeader)) return reply;
    return reply.status(200).type('text/html; charset=utf-8').send(missingBuildPage(h5Dir));
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    if (isApiPath(path)) {
      return sendError(
        request,
        reply,
        ApiError.of(ResultCode.NOT_FOUND, 'notFound', 404, { method: request.method, path: path.slice(0, 200) }),
      );
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && isPagePath(path)) {
      if (await sendPageHtml(app, request, reply, h5Dir, bootHeader)) return reply;
      return reply.status(200).type('text/html; charset=utf-8').send(missingBuildPage(h5Dir));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
