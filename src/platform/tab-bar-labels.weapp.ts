import Taro from '@tarojs/taro';
import type { ShowTabBarLabels } from './tab-bar-labels.types';

// WeChat's tab bar (app.json `tabBar`, 首页 / 自选 / 我的 at build time): each item relabelled with wx.setTabBarItem,
// index = its place in app.json's list. WeChat refuses the call where no tab bar is shown (a page that is not a tab
// page, the launch before the first page): an item is then labelled again the next time a tab page asks. An item
// already showing its label is left alone, so showing a tab page again costs no call.

/** What each item shows, as far as we know (undefined: app.json's label, or a call that failed). */
const shown: (string | undefined)[] = [];

export const showTabBarLabels: ShowTabBarLabels = (labels) => {
  labels.forEach((text, index) => {
    if (shown[index] === text) return;
    shown[index] = text;
    Taro.setTabBarItem({ index, text }).catch(() => {
      if (shown[index] === text) shown[index] = undefined;
    });
  });
};
