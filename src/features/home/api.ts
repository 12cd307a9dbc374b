// Home data: remote-config banner and marquee (mpaas), a few ranked funds, the valuation summary. The ranking and
// the valuation table are the discovery pages' endpoints: their response types are @/lib/api-types' (one set each).
import type { FilterItem, FilterPage } from '@/lib/api-types/fund';
import type { ValuationTable } from '@/lib/api-types/index-valuation';
import { get } from '@/platform/http';
import { fetchConfig } from '@/platform/mpaas';
import { HOME_BANNERS_KEY, HOME_MARQUEE_KEY, asBanners, asMarquee, type HomeBanner, type HomeMarquee } from './home-content';

export type { HomeBanner, HomeMarquee } from './home-content';

/** Low / normal / high counts of the valuation table (computed here from `GET /djapi/index_eva/dj`). */
export interface ValuationSummary {
  low: number;
  mid: number;
  high: number;
  /** Data date of the newest valuation. */
  date: string | null;
}

/**
 * Banner entries; cached (stale-while-revalidate, docs/PRODUCT.md §4), so a return visit draws them at once.
 * `onUpdate` receives the refreshed list when a cached copy was served first.
 */
export async function getHomeBanners(onUpdate?: (banners: HomeBanner[]) => void): Promise<HomeBanner[]> {
  const result = await fetchConfig<unknown>({ key: HOME_BANNERS_KEY, cache: true, onUpdate: (r) => onUpdate?.(asBanners(r.data)) });
  return asBanners(result.data);
}

export async function getHomeMarquee(onUpdate?: (marquee: HomeMarquee | null) => void): Promise<HomeMarquee | null> {
  const result = await fetchConfig<unknown>({ key: HOME_MARQUEE_KEY, cache: true, onUpdate: (r) => onUpdate?.(asMarquee(r.data)) });
  return asMarquee(result.data);
}

/** The best funds over one year (the ranking endpoint, first page). */
export async function getRankedFunds(size = 5): Promise<FilterItem[]> {
  // The query (names, order) is the one the server inlines into home's HTML (page-boot.ts): keep them in step.
  const data = await get<Partial<FilterPage>>('/djapi/v3/filter/fund', { order_by: '1y', page: 1, size }, { silent: true });
  // A malformed answer is a failed load (the card shows its retry), never a crash.
  if (!Array.isArray(data?.items)) throw new Error('malformed ranking');
  return data.items;
}

/** Low / normal / high counts of the valuation table. */
export async function getValuationSummary(): Promise<ValuationSummary> {
  const data = await get<Partial<ValuationTable>>('/djapi/index_eva/dj', undefined, { silent: true });
  if (!Array.isArray(data?.items)) throw new Error('malformed valuation table');
  const summary: ValuationSummary = { low: 0, mid: 0, high: 0, date: null };
  for (const item of data.items) {
    if (item.eva_type === 'low') summary.low += 1;
    else if (item.eva_type === 'high') summary.high += 1;
    else summary.mid += 1;
    if (!summary.date || item.date > summary.date) summary.date = item.date;
  }
  return summary;
}
