import { TAB_PAGES, packageLayout } from './lib/routes';

// Pages come from the route table: building a route = creating its page and removing it from UNBUILT_ROUTES.
const { pages, subPackages } = packageLayout();

/** Each tab page's label (shell.tab.*) and icon (components/tab-bar/tab-bar-rules.ts TAB_ICONS key). */
const TAB_ITEMS: Record<string, { text: string; icon: string }> = {
  'pages/index/index': { text: '首页', icon: 'home' },
  'pages/watchlist/index': { text: '自选', icon: 'watchlist' },
  'pages/my-money/index': { text: '我的', icon: 'myMoney' },
};

export default defineAppConfig({
  pages,
  subPackages,
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#fff',
    navigationBarTitleText: '澄观基金',
    navigationBarTextStyle: 'black',
  },
  // The mini program's tab bar 首页 / 自选 / 我的 (main-package pages, TAB_PAGES); navigation.weapp.ts switches to them
  // with switchTab. H5 draws its own bar on phones (components/tab-bar, on those pages only), with the same icons:
  // scripts/tab-bar-icons.ts renders its SVG paths to the PNGs below, in these colours (tab-bar.scss).
  ...(process.env.TARO_ENV === 'weapp'
    ? {
        tabBar: {
          color: '#666666',
          selectedColor: '#a84a00',
          backgroundColor: '#ffffff',
          borderStyle: 'black' as const,
          list: TAB_PAGES.map((pagePath) => {
            const tab = TAB_ITEMS[pagePath];
            if (!tab) throw new Error(`app.config.ts: no tab bar text and icon for the tab page ${pagePath}`);
            return {
              pagePath,
              text: tab.text,
              iconPath: `assets/tab-bar/${tab.icon}.png`,
              selectedIconPath: `assets/tab-bar/${tab.icon}-active.png`,
            };
          }),
        },
      }
    : {}),
});
