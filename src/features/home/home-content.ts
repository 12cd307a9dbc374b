import type { RouteName } from '@/lib/routes';

// What home's first screen is made of, as plain values and rules (no Taro): the screen (home-screen.tsx,
// home-banners.tsx) draws from them, and so does the server's first paint of home
// (server/src/plugins/first-paint/home.ts), so the two show the same entries, banner and notices.

/** The entry grid: the page each opens, its label and its glyph (message keys). */
export const HOME_ENTRIES: readonly { route: RouteName; label: string; glyph: string }[] = [
  { route: 'xjb', label: 'home.entry.xjb', glyph: 'home.glyph.xjb' },
  { route: 'autoInvestIntro', label: 'home.entry.autoInvest', glyph: 'home.glyph.autoInvest' },
  { route: 'pensionActivity', label: 'home.entry.pension', glyph: 'home.glyph.pension' },
  { route: 'valueCenter', label: 'home.entry.valuation', glyph: 'home.glyph.valuation' },
  { route: 'rankIndex', label: 'home.entry.rankings', glyph: 'home.glyph.rankings' },
  { route: 'fundFilter', label: 'home.entry.filter', glyph: 'home.glyph.filter' },
  { route: 'indexMass', label: 'home.entry.indexMass', glyph: 'home.glyph.indexMass' },
  { route: 'watchlist', label: 'home.entry.watchlist', glyph: 'home.glyph.watchlist' },
];

/** How many of the one-year ranking's funds home lists. */
export const RANKED_COUNT = 5;

/**
 * Elder mode's home (关怀版, issue 26): besides the search box, only these entries, in plain words (label and a line
 * saying what it is for), then a short fund list and the disclosures — no banners, marquee or valuation grid.
 */
export const ELDER_HOME_ENTRIES: readonly { route: 'myMoney' | 'xjb' | 'customerService'; label: string; hint: string }[] = [
  { route: 'myMoney', label: 'home.elder.myMoney', hint: 'home.elder.myMoneyHint' },
  { route: 'xjb', label: 'home.elder.xjb', hint: 'home.elder.xjbHint' },
  { route: 'customerService', label: 'home.elder.service', hint: 'home.elder.serviceHint' },
];

/** How many funds elder mode's home lists. */
export const ELDER_RANKED_COUNT = 3;

/** The banners' background colours, in turn (dark enough for their white titles: 4.5:1), and their height. */
export const BANNER_TONES = ['#b84f00', '#2f66e0', '#d4271f'];
export const BANNER_HEIGHT_PX = 80;

export interface HomeBanner {
  id: string;
  title: string;
  /** The title for an English reader (issue 17); absent → the Chinese title shows. */
  title_en?: string;
  image?: string;
  /** A spec URL of this app ('/xjb') or an external URL. */
  link: string;
}

export interface HomeMarquee {
  /** `text_en`: the notice for an English reader (issue 17); absent → the Chinese text shows. */
  items: { text: string; text_en?: string; link: string }[];
  speed?: number;
  gap?: number;
}

/** Remote config keys of the home page (defaults: server/src/services/mpaas-config.ts). */
export const HOME_BANNERS_KEY = 'home_banners';
export const HOME_MARQUEE_KEY = 'home_marquee';

/** The banners of a config value: entries with a title and a link, anything else left out. */
export function asBanners(value: unknown): HomeBanner[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (b): b is HomeBanner =>
      !!b && typeof b === 'object' && typeof (b as HomeBanner).title === 'string' && typeof (b as HomeBanner).link === 'string',
  );
}

/** The marquee of a config value (its notices with a text), or null. */
export function asMarquee(value: unknown): HomeMarquee | null {
  if (!value || typeof value !== 'object' || !Array.isArray((value as HomeMarquee).items)) return null;
  const m = value as HomeMarquee;
  return { ...m, items: m.items.filter((i) => i && typeof i.text === 'string') };
}
