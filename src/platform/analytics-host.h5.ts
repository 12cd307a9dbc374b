import type { AnalyticsPlatform } from './analytics-host.types';

export function platformFromUserAgent(userAgent: string): AnalyticsPlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh|mac os x/i.test(userAgent)) return 'mac';
  if (/windows/i.test(userAgent)) return 'windows';
  return 'other';
}

export function analyticsPlatform(): AnalyticsPlatform {
  return platformFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

export function screenSize(): string {
  if (typeof screen === 'undefined') return '0x0';
  return `${screen.width}x${screen.height}`;
}

export function currentUrl(): string {
  return typeof location === 'undefined' ? '' : location.href;
}

export function referrer(): string {
  return typeof document === 'undefined' ? '' : document.referrer;
}

export function onHide(callback: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') callback();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', callback);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', callback);
  };
}
