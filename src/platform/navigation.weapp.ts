import Taro from '@tarojs/taro';
import { detectEnvironment } from '@/lib/environment';
import type { Environment } from '@/lib/environment';
import { HOME_PAGE_PATH, TAB_PAGES, pageToSpecUrl, specUrlToPage } from '@/lib/routes';
import type { NavigateOptions } from './navigation.types';
import { isExternalUrl } from './navigation.types';

// The mini program knows page paths only: spec URLs are translated through the route table,
// path params travel in the query (`/pages/fund/detail/index?fundcode=000001`).

export async function navigateToSpecUrl(url: string, options: NavigateOptions = {}): Promise<void> {
  if (isExternalUrl(url)) {
    // A mini program cannot open arbitrary sites; hand the link over instead of failing silently.
    await Taro.setClipboardData({ data: url });
    return;
  }
  const target = specUrlToPage(url);
  // Tab pages only open with switchTab (which takes no query); relaunch still works for them.
  if (!options.relaunch && TAB_PAGES.includes(target.page)) {
    await Taro.switchTab({ url: `/${target.page}` });
    return;
  }
  if (options.relaunch) await Taro.reLaunch({ url: target.url });
  else if (options.replace) await Taro.redirectTo({ url: target.url });
  else if (Taro.getCurrentPages().length >= 10)
    await Taro.redirectTo({ url: target.url }); // weapp's stack limit
  else await Taro.navigateTo({ url: target.url });
}

/** Back to the previous page, or home (a tab page) when this page was opened first (a shared card). */
export async function navigateBackOrHome(): Promise<void> {
  if (Taro.getCurrentPages().length > 1) await Taro.navigateBack();
  else await Taro.switchTab({ url: `/${HOME_PAGE_PATH}` });
}

export function currentSpecUrl(): string {
  const pages = Taro.getCurrentPages();
  const page = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined;
  if (!page?.route) return '/index';
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(page.options ?? {})) {
    params[key] = safeDecode(value);
  }
  return pageToSpecUrl(page.route, params) ?? '/index';
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** docs/PRODUCT.md §4 environment: we are the mini program ourselves. */
export function pageEnvironment(channel: string | null): Environment {
  return detectEnvironment('', { channel, taroEnv: 'weapp' });
}
