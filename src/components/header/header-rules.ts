import type { Environment } from '@/lib/environment';
import { matchSpecUrl, specUrl, splitUrl, stringifyQuery } from '@/lib/routes';
import type { RouteName } from '@/lib/routes';

// The rules of docs/PRODUCT.md §2 "Global header", kept apart from the markup so they are tested directly.

/** Paths under which no header is drawn (activity landing pages and the OAuth loading page). */
const HEADERLESS_PREFIXES = ['/n/activity/', '/thirdAppSupport/redirect'];

export function shouldShowHeader(path: string): boolean {
  const { path: clean } = splitUrl(path);
  return !HEADERLESS_PREFIXES.some((prefix) => clean === prefix.replace(/\/$/, '') || clean.startsWith(prefix));
}

export interface NavLink {
  key: string;
  route: RouteName;
  href: string;
  /** Message key of the label. */
  label: string;
  /** Other routes of the link's section, highlighted with it (an index's page belongs to the valuation table). */
  section?: readonly RouteName[];
}

export const NAV_LINKS: readonly NavLink[] = [
  { key: 'home', route: 'root', href: '/', label: 'shell.nav.home' },
  { key: 'fundFilter', route: 'fundFilter', href: specUrl('fundFilter'), label: 'shell.nav.fundFilter' },
  { key: 'indexMass', route: 'indexMass', href: specUrl('indexMass'), label: 'shell.nav.indexMass' },
  { key: 'qdii', route: 'rankQdii', href: specUrl('rankQdii'), label: 'shell.nav.qdii' },
  { key: 'valueCenter', route: 'valueCenter', href: specUrl('valueCenter'), label: 'shell.nav.valueCenter', section: ['valueCenterIndex'] },
];

const HOME_PATHS = ['/', '/index', '/_app'];

/** Home answers at /, /index and /_app. */
export function isHomeUrl(currentUrl: string): boolean {
  return HOME_PATHS.includes(splitUrl(currentUrl).path);
}

/**
 * Whether the page's host already draws a title bar with a back button above the page: our own and the
 * stock-community native apps (their navigation bar, docs/BRIDGE.md), the WeChat browser and the mini program's
 * web-view. There the header draws neither (the host shows `document.title`); in a plain browser it draws both.
 */
export function hostDrawsTitleBar(environment: Pick<Environment, 'isNativeApp' | 'isWechat' | 'isMiniprogram'>): boolean {
  return environment.isNativeApp || environment.isWechat || environment.isMiniprogram;
}

/**
 * Whether a nav link is the page being shown, or a page of its section (home answers at /, /index and /_app;
 * the valuation link also on /djmodule/value-center/{indexCode}).
 */
export function isActiveLink(link: NavLink, currentUrl: string): boolean {
  const { path } = splitUrl(currentUrl);
  if (link.key === 'home') return HOME_PATHS.includes(path);
  if (path.toLowerCase() === link.href.toLowerCase()) return true;
  const section = link.section;
  if (!section) return false;
  const match = matchSpecUrl(path);
  return match !== null && section.includes(match.route.name);
}

/** The login link: back to the current page (path + query) after login. */
export function loginHref(currentUrl: string): string {
  return specUrl('login', {}, { redirect: currentUrl });
}

/** The customer-service page for this entry page (snb_account_type 2; 4 is the private-banking desk). */
export function customerServiceHref(entryPage: string, privateClient = false): string {
  return specUrl(
    'customerService',
    {},
    {
      snb_account_type: privateClient ? 4 : 2,
      params: JSON.stringify({ entryPage }),
    },
  );
}

/** "hideHomeBtn" arrives as a query string value: anything but empty/0/false hides the home entry. */
export function isHideHomeFlag(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const v = value.trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** The iPhone download button's target: an App Store search for the operator's name (the listing id is a deployment setting). */
export function appStoreUrl(brandName: string): string {
  return `https://apps.apple.com/cn/search${stringifyQuery({ term: brandName })}`;
}
