import Taro from '@tarojs/taro';
import { splitUrl, stringifyQuery } from '@/lib/routes';
import { brandName } from '@/lib/brand';
import { getLocale, t } from '@/locales/i18n';
import { currentBrand } from './brand';
import { currentSpecUrl } from './navigation';
import type { ShareContent, ShareInput } from './share.types';

// What both share implementations agree on: which content a page shares, and the link it shares.

/** Query flags that describe how this visit is embedded, not the page: a shared link drops them. */
const VISIT_ONLY_QUERY = ['hideHomeBtn'];

/** The page's spec URL as it should be shared: same path and query, minus the visit-only flags. */
export function shareablePath(url: string): string {
  const { path, query } = splitUrl(url);
  const kept = Object.fromEntries(Object.entries(query).filter(([key]) => !VISIT_ONLY_QUERY.includes(key)));
  return `${path}${stringifyQuery(kept)}`;
}

/** Fills the gaps of `input` from the page's URL and the app's name and tagline. */
export function completeShare(input: ShareInput, pageUrl: string): ShareContent {
  // The operator's name (src/lib/brand.ts), as configured on the server.
  const name = brandName(currentBrand(), getLocale());
  const content: ShareContent = {
    title: input.title?.trim() || name,
    desc: input.desc?.trim() || t('share.defaultDesc', { name }),
    path: shareablePath(input.path || pageUrl),
  };
  if (input.imgUrl) content.imgUrl = input.imgUrl;
  return content;
}

/** The page a share hook belongs to, read once when it mounts (like `usePageUrl`). */
export interface SharePage {
  /** Taro's id of the page instance (two fund pages in the stack are two keys); the URL outside a Taro page. */
  key: string;
  /** This page instance's spec URL. */
  url: string;
  /** Taro's event for "this page shows again", when known. */
  showEvent?: string;
}

export function readSharePage(): SharePage {
  const url = currentSpecUrl();
  const router = Taro.getCurrentInstance().router;
  return { key: router?.$taroPath || url, url, ...(router?.onShow ? { showEvent: router.onShow } : {}) };
}

interface Slot {
  own?: ShareContent;
  fallback?: ShareContent;
}

// Per page instance (Taro's page id): the page's own content beats the shell's fallback.
const slots = new Map<string, Slot>();

export function setShareSlot(pageKey: string, kind: keyof Slot, content: ShareContent | undefined): void {
  const slot = slots.get(pageKey) ?? {};
  if (content) slot[kind] = content;
  else delete slot[kind];
  if (slot.own || slot.fallback) slots.set(pageKey, slot);
  else slots.delete(pageKey);
}

/** What the page shares now: its own content, else the shell's defaults, else null (nothing registered). */
export function effectiveShare(pageKey: string): ShareContent | null {
  const slot = slots.get(pageKey);
  return slot?.own ?? slot?.fallback ?? null;
}

/** Forgets every page (tests). */
export function resetShareSlots(): void {
  slots.clear();
}
