/**
 * The four native apps of the family (docs/PRODUCT.md §3 "App registry"): numeric aid, display name, app key
 * (used as the remote-config appkey) and activity base URL.
 * The spec does not show the real keys and URLs: these defaults are ours and a deployment replaces
 * them with `configureAppRegistry` (see docs/BRIDGE.md "App registry").
 */
import { APP_ID, DEFAULT_AID, type AppId } from '@/lib/constants';
import type { CommonMessageKey } from '@/locales/messages/common';

export interface AppEntry {
  aid: AppId;
  /** Catalogue key of the display name. */
  nameKey: CommonMessageKey;
  /** Remote-config appkey and analytics module of this app. */
  appKey: string;
  /** Base URL of this app's activity pages (an activity id is appended); our activity pages live under the fund app's. */
  activityBaseUrl: string;
  // No realtime-sync URL: fund prices change once a trading day and nothing in the pages is pushed live (docs/PRODUCT.md §12).
}

const DEFAULT_REGISTRY: Readonly<Record<AppId, AppEntry>> = {
  [APP_ID.SOCIAL]: {
    aid: APP_ID.SOCIAL,
    nameKey: 'common.app.social',
    appKey: 'social',
    activityBaseUrl: '/n/activity/',
  },
  [APP_ID.SECURITIES]: {
    aid: APP_ID.SECURITIES,
    nameKey: 'common.app.securities',
    appKey: 'securities',
    activityBaseUrl: '/n/activity/',
  },
  [APP_ID.FUND]: {
    aid: APP_ID.FUND,
    nameKey: 'common.app.fund',
    appKey: 'fund',
    activityBaseUrl: '/n/activity/',
  },
  [APP_ID.TRADING]: {
    aid: APP_ID.TRADING,
    nameKey: 'common.app.trading',
    appKey: 'trading',
    activityBaseUrl: '/n/activity/',
  },
};

let registry: Record<AppId, AppEntry> = { ...DEFAULT_REGISTRY };

/** Every app, by ascending aid. */
export function listApps(): AppEntry[] {
  return [APP_ID.SOCIAL, APP_ID.SECURITIES, APP_ID.FUND, APP_ID.TRADING].map((aid) => registry[aid]);
}

export function isAppId(value: unknown): value is AppId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** The app for `aid`; an unknown or missing aid means the default app (aid 1). */
export function getApp(aid?: number | null): AppEntry {
  return isAppId(aid) ? registry[aid] : registry[DEFAULT_AID];
}

/** The default appkey for a config call that names no appkey (docs/PRODUCT.md §7 mpaas). */
export function defaultAppKey(aid?: number | null): string {
  return getApp(aid).appKey;
}

/** Deployment overrides (keys and URLs per aid); call once at start-up. */
export function configureAppRegistry(overrides: Partial<Record<AppId, Partial<Omit<AppEntry, 'aid'>>>>): void {
  const next = { ...registry };
  for (const aid of [APP_ID.SOCIAL, APP_ID.SECURITIES, APP_ID.FUND, APP_ID.TRADING]) {
    const change = overrides[aid];
    if (change) next[aid] = { ...next[aid], ...change, aid };
  }
  registry = next;
}

/**
 * The path under which this app's activity pages live (docs/PRODUCT.md §2.1 `/n/activity/…`): the fund app's
 * `activityBaseUrl`, its path only when a deployment gives a full URL (the pages are on this origin).
 */
export function activityBasePath(): string {
  const base = getApp(APP_ID.FUND).activityBaseUrl;
  let path = base;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) {
    try {
      path = new URL(base).pathname;
    } catch {
      path = '/n/activity/';
    }
  }
  return path.endsWith('/') ? path : `${path}/`;
}

/** Back to the built-in defaults (tests). */
export function resetAppRegistry(): void {
  registry = { ...DEFAULT_REGISTRY };
}
