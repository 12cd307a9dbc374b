import type { CookieOptions } from './cookie-names';

/** One stored cookie; `expiresAt` in epoch ms, absent for a session (per-launch) cookie. */
export interface StoredCookie {
  name: string;
  value: string;
  /** Lower-case domain without a leading dot; absent = sent to every host (set by our own code). */
  domain?: string;
  /** True when the server set it without a Domain attribute: sent to that exact host only. */
  hostOnly?: boolean;
  path: string;
  expiresAt?: number;
}

/** Splits a Set-Cookie header that may hold several cookies joined by commas (Expires dates contain commas too). */
export function splitSetCookie(header: string | string[] | undefined): string[] {
  if (!header) return [];
  const list = Array.isArray(header) ? header : [header];
  return list
    .flatMap((item) => item.split(/,(?=\s*[^;,=\s]+=)/))
    .map((item) => item.trim())
    .filter(Boolean);
}

function hostAndPath(url: string): { host: string; path: string } {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)(?::\d+)?([^?#]*)/i.exec(url);
  if (!match) return { host: '', path: url.split(/[?#]/)[0] || '/' };
  return { host: match[1].toLowerCase(), path: match[2] || '/' };
}

function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 ? '/' : requestPath.slice(0, last);
}

/**
 * Parses one Set-Cookie line received from `url` (RFC 6265 §5.2, the parts a mini program needs):
 * Max-Age wins over Expires; a past expiry or Max-Age ≤ 0 means "delete".
 */
export function parseSetCookie(line: string, url: string, now: number): StoredCookie | null {
  const [pair, ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const { host, path: requestPath } = hostAndPath(url);
  const cookie: StoredCookie = {
    name: pair.slice(0, eq).trim(),
    value: pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1'),
    path: defaultPath(requestPath),
  };
  if (host) {
    cookie.domain = host;
    cookie.hostOnly = true;
  }
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const aeq = attribute.indexOf('=');
    const key = (aeq < 0 ? attribute : attribute.slice(0, aeq)).trim().toLowerCase();
    const value = aeq < 0 ? '' : attribute.slice(aeq + 1).trim();
    if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires') {
      const time = Date.parse(value);
      if (!Number.isNaN(time)) expires = time;
    } else if (key === 'domain' && value) {
      cookie.domain = value.replace(/^\./, '').toLowerCase();
      cookie.hostOnly = false;
    } else if (key === 'path' && value.startsWith('/')) cookie.path = value;
  }
  if (maxAge !== undefined) cookie.expiresAt = maxAge <= 0 ? 0 : now + maxAge * 1000;
  else if (expires !== undefined) cookie.expiresAt = expires;
  return cookie;
}

function sameSlot(a: StoredCookie, b: StoredCookie): boolean {
  return a.name === b.name && (a.domain ?? '') === (b.domain ?? '') && a.path === b.path;
}

function domainMatches(cookie: StoredCookie, host: string): boolean {
  if (!cookie.domain || !host) return true;
  if (cookie.hostOnly) return host === cookie.domain;
  return host === cookie.domain || host.endsWith(`.${cookie.domain}`);
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath || cookiePath === '/') return true;
  return requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
}

/** An in-memory cookie jar with browser semantics; persistence is the caller's (cookies.weapp.ts). */
export class CookieJar {
  constructor(private cookies: StoredCookie[] = []) {}

  all(now: number): StoredCookie[] {
    this.cookies = this.cookies.filter((cookie) => cookie.expiresAt === undefined || cookie.expiresAt > now);
    return [...this.cookies];
  }

  /** Stores (or, when already expired, deletes) a cookie; returns true when the jar changed. */
  put(cookie: StoredCookie, now: number): boolean {
    const before = this.cookies.length;
    this.cookies = this.cookies.filter((existing) => !sameSlot(existing, cookie));
    if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) return this.cookies.length !== before;
    this.cookies.push(cookie);
    return true;
  }

  set(name: string, value: string, options: CookieOptions, now: number): void {
    this.put(
      {
        name,
        value,
        path: options.path ?? '/',
        ...(options.domain ? { domain: options.domain.replace(/^\./, '').toLowerCase(), hostOnly: false } : {}),
        ...(options.maxAgeSeconds !== undefined ? { expiresAt: now + options.maxAgeSeconds * 1000 } : {}),
      },
      now,
    );
  }

  /** Removes every cookie of that name (in any domain/path unless given). */
  remove(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}): void {
    const domain = options.domain?.replace(/^\./, '').toLowerCase();
    this.cookies = this.cookies.filter(
      (cookie) =>
        cookie.name !== name ||
        (domain !== undefined && cookie.domain !== domain) ||
        (options.path !== undefined && cookie.path !== options.path),
    );
  }

  get(name: string, now: number): string | undefined {
    return this.all(now).find((cookie) => cookie.name === name)?.value;
  }

  /** The Cookie header for a request, most specific path first as browsers do. */
  headerFor(url: string, now: number): string | undefined {
    const { host, path } = hostAndPath(url);
    const matching = this.all(now)
      .filter((cookie) => domainMatches(cookie, host) && pathMatches(cookie.path, path))
      .sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
  }

  /** Session cookies end with the launch: what survives to the next launch. */
  persistent(now: number): StoredCookie[] {
    return this.all(now).filter((cookie) => cookie.expiresAt !== undefined);
  }
}
