// backToActivityPage (docs/PRODUCT.md §3, §7.4): an activity page that sends the visitor to log in or open an account
// remembers itself for the visit; the login (H5 SMS, WeChat OAuth, the mini program's login page) and the end of the
// account opening return there instead of their own target, once. Only an activity's own path is ever stored.
import { activityBasePath } from './app-registry';
import { SESSION_KEYS, sessionStore } from './storage';

/** An activity page's own path: under the app registry's activity base (`/n/activity/` by default). */
function isActivityUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith(activityBasePath()) && !url.includes('//') && !/[\s\\]/.test(url);
}

/** Called by an activity page just before it sends the visitor to log in or open an account. */
export function rememberActivityPage(url: string): void {
  if (isActivityUrl(url)) sessionStore.set(SESSION_KEYS.backToActivityPage, url);
}

/** The activity to go back to (and forget it), else `target`. */
export function activityReturn(target: string): string {
  const back = sessionStore.get(SESSION_KEYS.backToActivityPage);
  if (back !== null) sessionStore.remove(SESSION_KEYS.backToActivityPage);
  return isActivityUrl(back) ? back : target;
}
