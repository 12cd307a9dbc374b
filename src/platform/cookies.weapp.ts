import { localStore } from './storage';
import { CookieJar, parseSetCookie, splitSetCookie, type StoredCookie } from './cookie-jar';
import { IDENTITY_COOKIES, type CookieOptions, type LaunchCookieValues } from './cookie-names';

// The mini program has no cookie store: an emulated jar, persisted in storage, sent as the Cookie header.

const JAR_STORAGE_KEY = 'cookie-jar';

let jar: CookieJar | null = null;

function currentJar(): CookieJar {
  if (jar) return jar;
  let stored: StoredCookie[] = [];
  try {
    stored = localStore.getJson<StoredCookie[]>(JAR_STORAGE_KEY) ?? [];
  } catch {
    stored = []; // a corrupt jar is dropped: the server re-issues what it needs
  }
  // Only cookies with an expiry survive a relaunch; session cookies die with the previous launch.
  jar = new CookieJar(Array.isArray(stored) ? stored.filter((cookie) => cookie.expiresAt !== undefined) : []);
  return jar;
}

function persist(): void {
  localStore.setJson(JAR_STORAGE_KEY, currentJar().persistent(Date.now()));
}

/** Forgets the in-memory jar so the next call reloads it from storage (a new launch, in tests). */
export function reloadCookieJarForTests(): void {
  jar = null;
}

export function getCookie(name: string): string | undefined {
  return currentJar().get(name, Date.now());
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  currentJar().set(name, value, options, Date.now());
  persist();
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path' | 'domain'> = {}): void {
  currentJar().remove(name, options);
  persist();
}

export function clearIdentityCookies(): void {
  for (const name of IDENTITY_COOKIES) currentJar().remove(name);
  persist();
}

export function cookieHeaderFor(url: string): string | undefined {
  return currentJar().headerFor(url, Date.now());
}

export function absorbSetCookie(url: string, setCookie: string | string[] | undefined): void {
  const now = Date.now();
  let changed = false;
  for (const line of splitSetCookie(setCookie)) {
    const cookie = parseSetCookie(line, url, now);
    if (cookie && currentJar().put(cookie, now)) changed = true;
  }
  if (changed) persist();
}

export function applyLaunchCookies(values: LaunchCookieValues): void {
  setCookie('isMiniprogram', '1');
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') setCookie(name, String(value));
  }
}
