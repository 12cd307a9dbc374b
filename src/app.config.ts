import { TAB_PAGES, packageLayout } from './lib/routes';

// Pages come from the route table: building a route = creating its page and removing it from UNBUILT_ROUTES.
const { pages, subPackages } = packageLayout();

export default defineAppConfig({
  pages,
  subPackages,
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#fff',
    navigationBarTitleText: '澄观基金',
    navigationBarTextStyle: 'black',
  },
  // The mini program's tab bar: home and my money (main package); navigation.weapp.ts switches to them with
  // switchTab. H5 draws its own bar on phones (components/tab-bar: 首页 / 自选 / 我的, on those pages only).
  ...(process.env.TARO_ENV === 'weapp'
    ? {
        tabBar: {
          color: '#666666',
          selectedColor: '#ff6d00',
          backgroundColor: '#ffffff',
          borderStyle: 'black' as const,
          list: TAB_PAGES.map((pagePath, i) => ({ pagePath, text: i === 0 ? '首页' : '我的' })),
        },
      }
    : {}),
});
