import { PAGE_CODES, type PageCode } from '@/platform/page-codes';

/**
 * docs/PRODUCT.md §2.6 "old home / home / tab": the one home screen answers at three URLs and reports which one the
 * visit came in by — `/` (the old home address people still share) → `old_home`, the app shell `/_app` (the native
 * apps' home tab) → `tab`, the canonical `/index` (and the mini program's home tab page) → `home`.
 */
export function homePageCode(url: string): PageCode {
  const path = url.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase();
  if (path === '') return PAGE_CODES.oldHome;
  if (path === '/_app') return PAGE_CODES.tab;
  return PAGE_CODES.home;
}
