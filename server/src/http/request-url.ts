// The one request path every decision is made on (docs/SECURITY.md "One path"). Fastify's `rewriteUrl` (app.ts)
// replaces each request's URL with canonicalUrl(raw) before routing, so the router, the secure-API list, the rate
// limit's allow-list, the page/API split and the page HTML all read the same string: `/%78qapi/…`, `/djapi/../xqapi/…`
// and `POST http://host/xqapi/…` are the path they stand for, never a way around a rule that compares paths.
import { API_PREFIXES } from '../constants';

const HEX = '0123456789ABCDEF';

/** Unreserved characters (RFC 3986 §2.3): their percent-encoded form means the same, so it is decoded. */
function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e // - . _ ~
  );
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

/**
 * Percent-escapes of unreserved characters decoded (`%64japi` → `djapi`, `%2e` → `.`), every other escape kept with
 * upper-case hex (`%2f` → `%2F`, so an encoded slash never becomes a separator). A `%` not followed by two hex
 * digits is left as it is: the router refuses that URL (400, app.ts frameworkErrors).
 */
function normalizeEscapes(path: string): string {
  if (!path.includes('%')) return path;
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!;
    if (char !== '%') {
      out += char;
      continue;
    }
    const high = hexValue(path.charCodeAt(i + 1));
    const low = hexValue(path.charCodeAt(i + 2));
    if (high < 0 || low < 0) {
      out += char;
      continue;
    }
    const code = high * 16 + low;
    out += isUnreserved(code) ? String.fromCharCode(code) : `%${HEX[high]}${HEX[low]}`;
    i += 2;
  }
  return out;
}

/** RFC 3986 §5.2.4 remove_dot_segments on an absolute path ('/a/./b/../c' → '/a/c'; never above '/'). */
function removeDotSegments(path: string): string {
  if (!/(^|\/)\.\.?(\/|$)/.test(path)) return path;
  const segments = path.split('/').slice(1);
  const out: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === '.') {
      if (last) out.push('');
    } else if (segment === '..') {
      out.pop();
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  }
  return `/${out.join('/')}`;
}

/** `http://host:port/p?q` → `/p?q` (absolute-form request target, RFC 9112 §3.2.2); other targets as they are. */
function originForm(url: string): string {
  if (url.charCodeAt(0) === 0x2f) return url;
  const absolute = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!absolute) return url;
  const rest = url.slice(absolute[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The canonical form of a request target: origin-form, unreserved escapes decoded and the others upper-cased, dot
 * segments resolved, no fragment; the query string as sent. Idempotent. A plain path (no '%', no dot segment, no
 * scheme) comes back as the same string, so the common request pays one scan.
 */
export function canonicalUrl(rawUrl: string): string {
  const url = originForm(rawUrl);
  if (url.charCodeAt(0) !== 0x2f) return url; // '*', garbage: the router answers it (404 / 400)
  const hash = url.indexOf('#');
  const query = url.indexOf('?');
  // Fragments are never part of a request; the router would read what follows '#' as the query.
  const end = hash >= 0 && (query < 0 || hash < query) ? hash : query;
  const path = end < 0 ? url : url.slice(0, end);
  const rest = end < 0 ? '' : hash === end ? '' : url.slice(end);
  if (!path.includes('%') && !path.includes('/.')) return hash === end && hash >= 0 ? path : url;
  return `${removeDotSegments(normalizeEscapes(path))}${rest}`;
}

/** The path of a (canonical) URL, without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** True for /djapi, /djapi/…, not /djapix (on the canonical URL: `request.url`). */
export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
