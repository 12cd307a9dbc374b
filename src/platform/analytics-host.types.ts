/** docs/PRODUCT.md §3 analytics record platforms. */
export type AnalyticsPlatform = 'android' | 'ios' | 'mac' | 'windows' | 'other' | 'WeChatApp';

/** What the analytics recorder needs to know about where it runs. */
export interface AnalyticsHost {
  analyticsPlatform(): AnalyticsPlatform;
  /** "widthxheight" in CSS pixels / logical points. */
  screenSize(): string;
  currentUrl(): string;
  referrer(): string;
  /** Calls back when the page or app goes to the background (flush point); returns the unsubscribe. */
  onHide(callback: () => void): () => void;
}
