import { IDENTITY_COOKIES, type CookieOptions, type LaunchCookieValues } from './cookie-names';

// H5: the browser's own cookie store; it sends and receives cookies itself (credentials: include).

function readAll(): Map<string, string> {
  const jar = new Map<string, string>();
  if (typeof document === 'undefined' || !document.cookie) return jar;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (!jar.has(name)) jar.set(name, safeDecode(raw));
  }
  return jar;
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function getCookie(name: string): string | undefined {
  return readAll().get(name);
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  let cookie = `${name}=${encodeURIComponent(value)}; path=${options.path ?? '/'}`;
  if (options.domain) cookie += `; domain=${options.domain}`;
  if (options.maxAgeSeconds !== undefined) cookie += `; max-age=${options.maxAgeSeconds}`;
  document.cookie = cookie;
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}): void {
  if (typeof document === 'undefined') return;
  let cookie = `${name}=; path=${options.path ?? '/'}; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0`;
  if (options.domain) cookie += `; domain=${options.domain}`;
  document.cookie = cookie;
}

export function clearIdentityCookies(): void {
  for (const name of IDENTITY_COOKIES) removeCookie(name);
}

export function cookieHeaderFor(_url: string): string | undefined {
  return undefined; // the browser attaches cookies itself
}

export function absorbSetCookie(_url: string, _setCookie: string | string[] | undefined): void {
  // the browser stores Set-Cookie itself (and hides it from scripts)
}

export function applyLaunchCookies(values: LaunchCookieValues): void {
  setCookie('isMiniprogram', '0');
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') setCookie(name, String(value));
  }
}
