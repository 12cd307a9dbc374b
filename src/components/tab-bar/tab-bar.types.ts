import type { TabKey } from './tab-bar-rules';

export interface TabBarProps {
  /** The tab of the page shown (the bar is drawn on tab pages only). */
  current: TabKey;
  /** SPA navigation to a spec URL. */
  onNavigate(url: string): void;
}
