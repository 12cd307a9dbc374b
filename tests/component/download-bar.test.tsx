// docs/PRODUCT.md §2.6 `download_bar` and the WeChat open tag: the bar on the fund page in a browser; inside WeChat,
// with the open-tag config in, WeChat's wx-open-launch-app button.
import { act, fireEvent, render, screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { DownloadBar, showsDownloadBar } from '@/components/download-bar/download-bar';
import * as analytics from '@/platform/analytics';
import * as share from '@/platform/share';
import * as brand from '@/platform/brand';
import { DEFAULT_BRAND } from '@/lib/brand';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const originalUa = navigator.userAgent;

function useUserAgent(ua: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

beforeEach(() => {
  jest.spyOn(brand, 'useBrand').mockReturnValue(DEFAULT_BRAND);
});

afterEach(() => {
  useUserAgent(originalUa);
  delete (globalThis as { WECHAT_LAUNCH_APPID?: string }).WECHAT_LAUNCH_APPID;
  jest.restoreAllMocks();
});

test('shown on H5 outside our own app and third-party hosts only', () => {
  expect(showsDownloadBar({ isOwnApp: false, isThirdApp: false }, 'h5')).toBe(true);
  expect(showsDownloadBar({ isOwnApp: true, isThirdApp: false }, 'h5')).toBe(false);
  expect(showsDownloadBar({ isOwnApp: false, isThirdApp: true }, 'h5')).toBe(false);
  expect(showsDownloadBar({ isOwnApp: false, isThirdApp: false }, 'weapp')).toBe(false);
});

test('in a browser its button opens the download page, recorded under download_bar', async () => {
  const track = jest.spyOn(analytics, 'trackEvent').mockImplementation(() => undefined);
  const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
  const openTags = jest.spyOn(share, 'enableOpenTags');
  render(<DownloadBar />);
  expect(screen.getByTestId('download-bar')).toBeInTheDocument();
  expect(screen.queryByTestId('download-bar-open-tag')).toBeNull();
  fireEvent.click(screen.getByTestId('download-bar-button'));
  expect(track).toHaveBeenCalledWith('download_bar_click', { page: 'download_bar', module: 'download' });
  await act(async () => undefined);
  expect(navigate.mock.calls[0]?.[0]).toMatchObject({ url: '/download' });
  expect(openTags).not.toHaveBeenCalled();
});

test('inside WeChat, with the open-tag config in, WeChat draws the wx-open-launch-app button', async () => {
  useUserAgent(WECHAT_UA);
  (globalThis as { WECHAT_LAUNCH_APPID?: string }).WECHAT_LAUNCH_APPID = 'wxapp-demo-1';
  const track = jest.spyOn(analytics, 'trackEvent').mockImplementation(() => undefined);
  jest.spyOn(share, 'enableOpenTags').mockResolvedValue(true);
  window.history.pushState({}, '', '/funding/000001');
  render(<DownloadBar />);
  await act(async () => undefined);
  const tag = screen.getByTestId('download-bar-open-tag');
  expect(tag.tagName.toLowerCase()).toBe('wx-open-launch-app');
  expect(tag.getAttribute('appid')).toBe('wxapp-demo-1');
  expect(tag.getAttribute('extinfo')).toBe('/funding/000001');
  expect(tag.querySelector('script[type="text/wxtag-template"]')?.innerHTML).toContain('打开App');
  tag.dispatchEvent(new Event('launch'));
  expect(track).toHaveBeenCalledWith('download_bar_click', { page: 'download_bar', module: 'open_tag' });
});

test('inside WeChat without the config (refused, or no app id) the plain button stays', async () => {
  useUserAgent(WECHAT_UA);
  (globalThis as { WECHAT_LAUNCH_APPID?: string }).WECHAT_LAUNCH_APPID = 'wxapp-demo-1';
  jest.spyOn(share, 'enableOpenTags').mockResolvedValue(false);
  render(<DownloadBar />);
  await act(async () => undefined);
  expect(screen.getByTestId('download-bar-button')).toBeInTheDocument();
  expect(screen.queryByTestId('download-bar-open-tag')).toBeNull();
});
