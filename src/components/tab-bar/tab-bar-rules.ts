import { matchSpecUrl, specUrl } from '@/lib/routes';
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

/** The tab whose page this URL is, or null on every other page (those pages carry no tab bar). */
export function tabOf(url: string): TabKey | null {
  const match = matchSpecUrl(url);
  if (!match) return null;
  const name = match.route.name;
  return TABS.find((tab) => tab.routes.includes(name))?.key ?? null;
}
