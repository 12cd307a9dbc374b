import { getRoute, matchSpecUrl, specUrl, TAB_PAGES } from '@/lib/routes';
import type { RouteName } from '@/lib/routes';

// The H5 bottom tab bar (首页 / 自选 / 我的): which pages are top-level and carry it. Kept apart from the markup so
// it is tested directly. The mini program's own tab bar is app.config.ts (weapp `tabBar`).

export type TabKey = 'home' | 'watchlist' | 'myMoney';

export interface Tab {
  key: TabKey;
  href: string;
  /** Message key of the label. */
  label: string;
  /** Routes that show this tab as the current one (home answers at /index, / and /_app). */
  routes: readonly RouteName[];
}

export const TABS: readonly Tab[] = [
  { key: 'home', href: specUrl('home'), label: 'shell.tab.home', routes: ['home', 'root', 'appShell'] },
  { key: 'watchlist', href: specUrl('watchlist'), label: 'shell.tab.watchlist', routes: ['watchlist'] },
  { key: 'myMoney', href: specUrl('myMoney'), label: 'shell.tab.myMoney', routes: ['myMoney'] },
];

/**
 * The label keys of the mini program's tab bar, in its order (app.json's list = TAB_PAGES): the same texts as the H5
 * bar. app.config.ts writes them in Chinese at build time; platform/tab-bar-labels relabels the bar in the app's language.
 */
export function tabBarLabelKeys(): string[] {
  return TAB_PAGES.map((page) => {
    const tab = TABS.find((candidate) => candidate.routes.some((name) => getRoute(name).page === page));
    if (!tab) throw new Error(`tab-bar-rules: no tab for the tab page ${page}`);
    return tab.label;
  });
}

/**
 * Each tab's icon (a 24 × 24 SVG path, filled): drawn inline by the H5 bar, and rendered to the mini program's tab bar
 * PNGs (src/assets/tab-bar/<key>.png and <key>-active.png) by scripts/tab-bar-icons.ts, so both bars show the same.
 */
export const TAB_ICONS: Readonly<Record<TabKey, string>> = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  watchlist: 'm12 3 2.7 5.6 6.1.8-4.4 4.3 1 6.1L12 17l-5.4 2.8 1-6.1-4.4-4.3 6.1-.8z',
  myMoney: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9c0-4 3.6-7 8-7s8 3 8 7z',
};

/** The tab whose page this URL is, or null on every other page (those pages carry no tab bar). */
export function tabOf(url: string): TabKey | null {
  const match = matchSpecUrl(url);
  if (!match) return null;
  const name = match.route.name;
  return TABS.find((tab) => tab.routes.includes(name))?.key ?? null;
}
