import type { RouteName } from '../../../src/lib/routes';
import { DEFAULT_MPAAS_APPKEY } from '../constants';

// The GET calls a page makes on its first render, exactly as the app's http client writes their URLs (path, then
// the query in the order the caller gives it). page-html.ts inlines their answers in the page's HTML so the first
// render has its data. A URL that no longer matches what the page asks just goes to the network again: the
// browser test `tests/e2e/home.test.ts` checks that home's first load asks none of these.

/** Every page's shell asks who is logged in first (src/features/account/store.ts). */
const EVERY_PAGE: readonly string[] = ['/djapi/account'];

/** Remote config of a key for the default app, as src/platform/mpaas.ts asks it on a first visit (no cache yet). */
const mpaasKey = (key: string): string => `/mpaas/config/content?appkey=${DEFAULT_MPAAS_APPKEY}&key=${key}`;

const HOME: readonly string[] = [
  // src/features/home/api.ts: five funds of the one-year ranking, the valuation summary, banners and marquee.
  '/djapi/v3/filter/fund?order_by=1y&page=1&size=5',
  '/djapi/index_eva/dj',
  mpaasKey('home_banners'),
  mpaasKey('home_marquee'),
];

const PAGE_CALLS: Partial<Record<RouteName, (params: Record<string, string>) => readonly string[]>> = {
  home: () => HOME,
  root: () => HOME,
  appShell: () => HOME,
};

export function bootRequestsFor(route: RouteName, params: Record<string, string>): readonly string[] {
  return [...EVERY_PAGE, ...(PAGE_CALLS[route]?.(params) ?? [])];
}
