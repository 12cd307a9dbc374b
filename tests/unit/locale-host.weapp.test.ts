// Runs in the weapp-flavoured jest project: '@/platform/x' resolves to x.weapp.ts here (issue 17).
import Taro from '@tarojs/taro';
import { getLocale, setLocale } from '@/locales/i18n';
import { applyBootLocale, chooseLocale } from '@/platform/locale-preference';
import { deviceLanguages, launchLanguageParam } from '@/platform/locale-host';

type TaroWithSystem = typeof Taro & { getAppBaseInfo?: () => unknown; getLaunchOptionsSync: () => unknown };
const taro = Taro as TaroWithSystem;

afterEach(() => {
  jest.restoreAllMocks();
  setLocale('zh-CN');
  Taro.clearStorageSync();
});

function weChat(language: string, query: Record<string, string> = {}): void {
  taro.getAppBaseInfo = jest.fn(() => ({ language }));
  jest.spyOn(taro, 'getLaunchOptionsSync').mockReturnValue({ query } as never);
}

it("follows WeChat's language on the first launch (wx language 'en', 'zh_CN')", () => {
  weChat('en');
  expect(deviceLanguages()).toEqual(['en']);
  expect(applyBootLocale()).toBe('en-US');
  weChat('zh_CN');
  expect(deviceLanguages()).toEqual(['zh-CN']);
  expect(applyBootLocale()).toBe('zh-CN');
});

it("keeps the user's choice in wx storage, and a launch query's lang wins", () => {
  weChat('zh_CN');
  chooseLocale('en-US');
  setLocale('zh-CN');
  expect(applyBootLocale()).toBe('en-US');
  weChat('en', { lang: 'zh-CN' });
  expect(launchLanguageParam()).toBe('zh-CN');
  expect(applyBootLocale()).toBe('zh-CN');
  expect(getLocale()).toBe('zh-CN');
});
