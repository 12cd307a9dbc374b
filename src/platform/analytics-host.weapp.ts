import Taro from '@tarojs/taro';
import type { AnalyticsPlatform } from './analytics-host.types';

export function analyticsPlatform(): AnalyticsPlatform {
  return 'WeChatApp';
}

export function screenSize(): string {
  try {
    const info = Taro.getSystemInfoSync();
    return `${info.screenWidth}x${info.screenHeight}`;
  } catch {
    return '0x0';
  }
}

/** The page stack; empty before the first page exists (tracking must never throw). */
function pageStack(): unknown[] {
  try {
    return Taro.getCurrentPages() ?? [];
  } catch {
    return [];
  }
}

/** The current page as route + query, the mini program's closest thing to a URL. */
export function currentUrl(): string {
  const pages = pageStack();
  const page = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined;
  if (!page?.route) return '';
  const query = Object.entries(page.options ?? {})
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `/${page.route}${query ? `?${query}` : ''}`;
}

export function referrer(): string {
  const pages = pageStack();
  const previous = pages[pages.length - 2] as { route?: string } | undefined;
  return previous?.route ? `/${previous.route}` : '';
}

export function onHide(callback: () => void): () => void {
  Taro.onAppHide(callback);
  return () => Taro.offAppHide(callback);
}
