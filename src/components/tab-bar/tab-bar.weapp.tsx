import type { TabBarProps } from './tab-bar.types';

// The mini program draws its own tab bar (app.config.ts `tabBar`): nothing here.
export function TabBar(_props: TabBarProps): null {
  return null;
}
