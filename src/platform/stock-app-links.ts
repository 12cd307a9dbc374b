import type { Environment } from '@/lib/environment';

// Links into the stock-community app (docs/PRODUCT.md §4.2: "a different link prefix from version 12.32.0",
// `usesStockAppNewLinkPrefix`). The spec does not give the two prefixes: these are placeholders a deployment
// replaces with `configureStockAppLinks` (docs/PRODUCT.md §12), like the app registry's keys.

export interface StockAppLinkPrefixes {
  /** Before 12.32.0: the app opens its own screens for links on its website. */
  legacy: string;
  /** From 12.32.0: the app's own scheme. */
  current: string;
}

const DEFAULT_PREFIXES: StockAppLinkPrefixes = { legacy: 'https://xueqiu.com', current: 'xueqiu://xueqiu.com' };
let prefixes: StockAppLinkPrefixes = { ...DEFAULT_PREFIXES };

export function configureStockAppLinks(next: Partial<StockAppLinkPrefixes>): void {
  prefixes = { ...prefixes, ...next };
}

export function resetStockAppLinks(): void {
  prefixes = { ...DEFAULT_PREFIXES };
}

/**
 * The link that opens `path` (a stock-community path such as `/S/SH600000`) in the stock-community app the page runs
 * in — its new prefix from 12.32.0, the old one before; null outside that app (the page has no screen for it).
 */
export function stockAppLink(path: string, environment: Pick<Environment, 'isStockApp' | 'usesStockAppNewLinkPrefix'>): string | null {
  if (!environment.isStockApp) return null;
  const prefix = environment.usesStockAppNewLinkPrefix ? prefixes.current : prefixes.legacy;
  return `${prefix.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
