// The mini program's tab bar is WeChat's own (app.json `tabBar`), its labels written in Chinese at build time. In English
// the app relabels it with wx.setTabBarItem (platform/tab-bar-labels.weapp.ts) — the H5 bar's texts, shell.tab.* — when
// a tab page first draws and when the language changes (the switch on the "my" tab), and back to Chinese.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { tabBarLabelKeys } from '../../src/components/tab-bar/tab-bar-rules';
import { t } from '../../src/locales/i18n';
import { bootWeapp, type WeappHarness } from './harness';
import { readAppJson, waitForBuild } from './weapp-build';

const ENGLISH = ['Home', 'Watchlist', 'Me'];
const CHINESE = ['首页', '自选', '我的'];
// The language switch's choices, each named in itself (components/language-switch).

/** What each tab bar item was last set to (index → text), from the recorded wx.setTabBarItem calls since `from`. */
function labelsSet(h: WeappHarness, from = 0): string[] {
  const labels: string[] = [];
  for (const call of h.callsOf('setTabBarItem').slice(from)) labels[Number(call.index)] = String(call.text);
  return labels;
}

describe('the mini program tab bar speaks the app language', () => {
  let h: WeappHarness | undefined;
  afterEach(() => {
    h?.dispose();
    h = undefined;
  });

  test('app.json labels the bar in Chinese, the texts of the H5 bar in zh-CN', async () => {
    await waitForBuild();
    const list = readAppJson().tabBar?.list ?? [];
    assert.deepEqual(
      list.map((item) => item.text),
      CHINESE,
    );
    assert.deepEqual(
      tabBarLabelKeys().map((key) => t(key, undefined, 'zh-CN')),
      CHINESE,
    );
    assert.deepEqual(
      tabBarLabelKeys().map((key) => t(key, undefined, 'en-US')),
      ENGLISH,
    );
  });

  test('switching to English on the my tab relabels every item; switching back restores Chinese', async () => {
    await waitForBuild();
    h = await bootWeapp();
    const page = await h.openPage('pages/my-money/index');
    assert.ok(page, 'the my tab opened');
    const before = h.callsOf('setTabBarItem').length;

    await page.tap('English');
    await h.settle();
    const english = h.callsOf('setTabBarItem').slice(before);
    assert.deepEqual(english.map((call) => Number(call.index)).sort(), [0, 1, 2], `one call per tab (${JSON.stringify(english)})`);
    assert.deepEqual(labelsSet(h, before), ENGLISH);

    const back = h.callsOf('setTabBarItem').length;
    await page.tap('简体中文');
    await h.settle();
    assert.deepEqual(labelsSet(h, back), CHINESE);
    assert.deepEqual(h.problems(), []);
  });

  test('launched in English (chosen before), the first tab page labels the bar in English', async () => {
    await waitForBuild();
    h = await bootWeapp({ storage: { 'dj-locale': 'en-US' } });
    await h.openPage('pages/index/index');
    assert.deepEqual(labelsSet(h), ENGLISH);
    assert.deepEqual(h.problems(), []);
  });

  test('a lang=en launch link relabels the bar too', async () => {
    await waitForBuild();
    h = await bootWeapp({ launch: { path: 'pages/index/index', query: { lang: 'en' } } });
    await h.openPage('pages/index/index?lang=en');
    assert.deepEqual(labelsSet(h), ENGLISH);
    assert.deepEqual(h.problems(), []);
  });
});
