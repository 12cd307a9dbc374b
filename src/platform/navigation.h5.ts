import Taro from '@tarojs/taro';
import { detectEnvironment } from '@/lib/environment';
import type { Environment } from '@/lib/environment';
import type { NavigateOptions } from './navigation.types';
import { isExternalUrl } from './navigation.types';

// On H5 the spec URL is the address itself: Taro's router resolves it through customRoutes
// (config/index.ts, built from src/lib/routes.ts), so no page-path translation happens here.

function sameOriginPath(url: string): string | null {
  if (!isExternalUrl(url)) return url;
  try {
    const target = new URL(url, window.location.href);
    return target.origin === window.location.origin ? target.pathname + target.search : null;
  } catch {
    return null;
  }
}

export async function navigateToSpecUrl(url: string, options: NavigateOptions = {}): Promise<void> {
  const path = sameOriginPath(url);
  if (path === null) {
    window.location.assign(url);
    return;
  }
  if (options.relaunch) await Taro.reLaunch({ url: path });
  else if (options.replace) await Taro.redirectTo({ url: path });
  else await Taro.navigateTo({ url: path });
}

/** The header's back button: the previous page of this visit, or home when the page was opened directly (a shared link). */
export async function navigateBackOrHome(): Promise<void> {
  if (Taro.getCurrentPages().length > 1) await Taro.navigateBack();
  else await Taro.redirectTo({ url: '/index' });
}

export function currentSpecUrl(): string {
  return window.location.pathname + window.location.search;
}

/** docs/PRODUCT.md §4 environment of this page: the browser's user agent, the channel and the mini program web-view marker. */
export function pageEnvironment(channel: string | null): Environment {
  const marker = (window as Window & { __wxjs_environment?: string }).__wxjs_environment ?? null;
  return detectEnvironment(navigator.userAgent, { channel, wxjsEnvironment: marker, taroEnv: 'h5' });
}
