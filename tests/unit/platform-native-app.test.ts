import { findNativeSink, nativeBridgePresent } from '@/platform/native-app';

const FUND_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 danjuanfund/6.91.0 DJ/6910';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const win = window as unknown as { DJBridge?: unknown; webkit?: unknown };
const realUserAgent = navigator.userAgent;

function useUserAgent(ua: string): void {
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
}

afterEach(() => {
  delete win.DJBridge;
  delete win.webkit;
  useUserAgent(realUserAgent);
});

it('finds the app’s message handler on iOS (webkit) or Android/Harmony (DJBridge), nothing else', () => {
  const sink = { postMessage: jest.fn() };
  expect(findNativeSink({})).toBeNull();
  expect(findNativeSink({ DJBridge: sink })).toBe(sink);
  expect(findNativeSink({ webkit: { messageHandlers: { DJBridge: sink } } })).toBe(sink);
  expect(findNativeSink({ DJBridge: {} as never })).toBeNull();
});

it('says a page is inside our app only when the user agent is one of ours and the bridge is there', () => {
  useUserAgent(FUND_APP_UA);
  expect(nativeBridgePresent()).toBe(false); // our app's UA, no handler (an old build, or a page opened elsewhere)
  win.DJBridge = { postMessage: jest.fn() };
  expect(nativeBridgePresent()).toBe(true);
  useUserAgent(SAFARI_UA);
  expect(nativeBridgePresent()).toBe(false); // a handler in a plain browser is not our app
});
