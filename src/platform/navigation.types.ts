import type { Environment } from '@/lib/environment';

/** Moving between pages by their public (spec) URL on both targets. */
export interface Navigation {
  /** Opens a spec URL (`/funding/000001?channel=x`), an external http(s) URL, or the 404 page for unknown ones. */
  navigateToSpecUrl(url: string, options?: NavigateOptions): Promise<void>;
  /** Back to the previous page of this visit, or home when the page was the first one opened (a shared link). */
  navigateBackOrHome(): Promise<void>;
  /** The spec URL of the page being shown (path + query), e.g. for a login redirect back here. */
  currentSpecUrl(): string;
  /** Where the current page runs (docs/PRODUCT.md §4 environment detection) from this platform's user agent. */
  pageEnvironment(channel: string | null): Environment;
}

export interface NavigateOptions {
  /** Replace the current page instead of stacking a new one. */
  replace?: boolean;
  /** Close every page and open this one (logout, landing pages). */
  relaunch?: boolean;
}

export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url);
}
