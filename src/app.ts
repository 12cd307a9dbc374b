import type { PropsWithChildren } from 'react';
import Taro, { useLaunch } from '@tarojs/taro';
import { NOT_FOUND_PAGE_PATH, stringifyQuery } from '@/lib/routes';
import { ensureCsprngReady } from '@/platform/csprng';
// NutUI: the theme's CSS variables once here; each component's own CSS is imported where it is used
// (`@nutui/nutui-react-taro/dist/es/packages/<name>/style/css`), never the 233 KB all-in-one sheet.
import '@nutui/nutui-react-taro/dist/styles/themes/default.css';
import './app.scss';

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    // Seed the CSPRNG early so the first encrypted call does not wait for it (weapp: wx.getRandomValues).
    void ensureCsprngReady().catch(() => undefined);
  });
  return children;
}

// The mini program opens a missing page (an old share, a page not built yet) → our 404 page.
// H5 needs no hook: its catch-all route renders the 404 page at the unknown address.
if (process.env.TARO_ENV === 'weapp') {
  Taro.onPageNotFound((res) => {
    void Taro.redirectTo({ url: `/${NOT_FOUND_PAGE_PATH}${stringifyQuery({ path: `/${res.path}` })}` });
  });
}

export default App;
