import { act, render } from '@testing-library/react';
import { setTransport } from '@/platform/http';
import { absoluteLink, resetShareForTests, useShare } from '@/platform/share';
import { completeShare, effectiveShare, resetShareSlots, setShareSlot, shareablePath } from '@/platform/share-content';
import type { ShareHandle, ShareInput } from '@/platform/share.types';
import type { WxSdk } from '@/platform/share-wechat';
import { envelopeResponse, stubTransport } from './platform-test-transport';

// Inside a native app the share button goes through the bridge: a stand-in records it.
const mockBridgeShare = jest.fn(async (_share: unknown) => undefined);
jest.mock('@/platform/bridge', () => ({ bridge: { share: (share: unknown) => mockBridgeShare(share) } }));

const CHROME = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WECHAT = `${CHROME} XWEB/1160083 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64`;
const FUND_APP = `${CHROME} danjuanfund/6.91.0 DJ/6910`;

function setUserAgent(ua: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

/** A recording `wx`, as the JS-SDK script would define it. */
function installWx() {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  const ready: (() => void)[] = [];
  const wx: WxSdk = {
    config: (args) => {
      calls.push({ name: 'config', args: { ...args } });
      setTimeout(() => ready.forEach((fn) => fn()), 0);
    },
    ready: (fn) => void ready.push(fn),
    error: () => undefined,
    updateAppMessageShareData: (args) => void calls.push({ name: 'updateAppMessageShareData', args: { ...args } }),
    updateTimelineShareData: (args) => void calls.push({ name: 'updateTimelineShareData', args: { ...args } }),
  };
  (window as unknown as { wx?: WxSdk }).wx = wx;
  return calls;
}

let handle: ShareHandle | null = null;
/** A page: the shell's defaults and, when given, the page's own choice (registered first, yet it must win). */
function Page({ own, fallback }: { own?: ShareInput; fallback: ShareInput }) {
  return (
    <>
      {own ? <Own own={own} /> : null}
      <Shell fallback={fallback} />
    </>
  );
}
function Own({ own }: { own: ShareInput }) {
  handle = useShare(own);
  return null;
}
function Shell({ fallback }: { fallback: ShareInput }) {
  const shellHandle = useShare(fallback, { fallback: true });
  handle ??= shellHandle;
  return null;
}

/** Lets the idle callback, the lazy JS-SDK half and the config round trip run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 6; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
}

beforeEach(() => {
  resetShareForTests();
  resetShareSlots();
  handle = null;
  mockBridgeShare.mockClear();
  window.history.replaceState(null, '', '/funding/005827?channel=wx_share&hideHomeBtn=1');
});
afterEach(() => {
  setTransport(null);
  delete (window as unknown as { wx?: WxSdk }).wx;
  setUserAgent(CHROME);
});

describe('share content', () => {
  it('shares the page’s spec URL without the visit-only hideHomeBtn flag', () => {
    expect(shareablePath('/funding/005827?channel=wx_share&hideHomeBtn=1')).toBe('/funding/005827?channel=wx_share');
    expect(shareablePath('/index')).toBe('/index');
  });

  it('fills a missing title and description from the catalogue, the link from the page', () => {
    expect(completeShare({}, '/index?hideHomeBtn=1')).toEqual({ title: '澄观基金', desc: '买基金，就上澄观基金', path: '/index' });
    expect(completeShare({ title: '  ', desc: '看看这只基金', imgUrl: 'https://x/y.png' }, '/index')).toEqual({
      title: '澄观基金',
      desc: '看看这只基金',
      path: '/index',
      imgUrl: 'https://x/y.png',
    });
  });

  it('a page’s own content beats the shell’s fallback, whichever was registered first', () => {
    setShareSlot('p1', 'own', completeShare({ title: '自己的' }, '/index'));
    setShareSlot('p1', 'fallback', completeShare({ title: '默认' }, '/index'));
    expect(effectiveShare('p1')?.title).toBe('自己的');
    setShareSlot('p1', 'own', undefined);
    expect(effectiveShare('p1')?.title).toBe('默认');
    setShareSlot('p1', 'fallback', undefined);
    expect(effectiveShare('p1')).toBeNull();
  });

  it('links are absolute on this origin', () => {
    expect(absoluteLink('/funding/005827?channel=x')).toBe(`${window.location.origin}/funding/005827?channel=x`);
  });
});

describe('useShare on H5', () => {
  it('in a plain browser: asks the server for nothing, loads no SDK, and a share button has nothing to open', async () => {
    setUserAgent(CHROME);
    const transport = stubTransport();
    setTransport(transport);
    render(<Page own={{ title: '易方达蓝筹' }} fallback={{ title: '基金详情' }} />);
    await settle();
    expect(transport.requests).toEqual([]);
    expect(document.querySelector('script[src*="jweixin"]')).toBeNull();
    await expect(handle!.share()).resolves.toBe(false);
    expect(mockBridgeShare).not.toHaveBeenCalled();
  });

  it('in the WeChat browser: signs this page’s URL (no hash) and sets the page’s own card on the configured wx', async () => {
    setUserAgent(WECHAT);
    window.history.replaceState(null, '', '/funding/005827?channel=wx_share&hideHomeBtn=1#intro');
    const calls = installWx();
    const transport = stubTransport();
    transport.respond(() =>
      envelopeResponse({
        result_code: 0,
        data: {
          appId: 'wx-app',
          timestamp: 1_763_000_000,
          nonceStr: 'n0nce',
          signature: 'a'.repeat(40),
          jsApiList: ['updateAppMessageShareData'],
        },
      }),
    );
    setTransport(transport);
    render(<Page own={{ title: '易方达蓝筹', desc: '近一年 +12.34%' }} fallback={{ title: '基金详情' }} />);
    await settle();

    expect(transport.requests).toHaveLength(1);
    const signed = new URL(transport.requests[0].url, window.location.origin);
    expect(signed.pathname).toBe('/djapi/wechat/wxconfig');
    expect(signed.searchParams.get('url')).toBe(`${window.location.origin}/funding/005827?channel=wx_share&hideHomeBtn=1`);
    expect(calls.map((c) => c.name)).toEqual(['config', 'updateAppMessageShareData', 'updateTimelineShareData']);
    expect(calls[0].args).toMatchObject({
      appId: 'wx-app',
      timestamp: 1_763_000_000,
      nonceStr: 'n0nce',
      signature: 'a'.repeat(40),
      debug: false,
    });
    expect(calls[1].args).toEqual({
      title: '易方达蓝筹',
      desc: '近一年 +12.34%',
      link: `${window.location.origin}/funding/005827?channel=wx_share`,
      imgUrl: '',
    });
    // WeChat shares from its own menu: a page cannot open it.
    await expect(handle!.share()).resolves.toBe(false);
  });

  it('in the WeChat browser without a page of its own: the shell’s default card', async () => {
    setUserAgent(WECHAT);
    const calls = installWx();
    const transport = stubTransport();
    transport.respond(() =>
      envelopeResponse({ result_code: 0, data: { appId: 'a', timestamp: 1, nonceStr: 'n', signature: 's', jsApiList: [] } }),
    );
    setTransport(transport);
    render(<Page fallback={{ title: '基金详情' }} />);
    await settle();
    expect(calls.find((c) => c.name === 'updateAppMessageShareData')?.args).toMatchObject({
      title: '基金详情',
      desc: '买基金，就上澄观基金',
    });
  });

  it('in the fund app: the page’s share button opens the app’s share sheet through the bridge', async () => {
    setUserAgent(FUND_APP);
    const transport = stubTransport();
    setTransport(transport);
    render(<Page own={{ title: '易方达蓝筹', desc: '近一年 +12.34%' }} fallback={{ title: '基金详情' }} />);
    await settle();
    expect(transport.requests).toEqual([]);
    await expect(handle!.share()).resolves.toBe(true);
    expect(mockBridgeShare).toHaveBeenCalledWith({
      title: '易方达蓝筹',
      desc: '近一年 +12.34%',
      link: `${window.location.origin}/funding/005827?channel=wx_share`,
    });
  });

  it('in the fund app: a cancelled or unsupported share leaves the page as it was', async () => {
    setUserAgent(FUND_APP);
    mockBridgeShare.mockRejectedValueOnce(new Error('UNSUPPORTED_ACTION'));
    render(<Page fallback={{ title: '基金详情' }} />);
    await expect(handle!.share()).resolves.toBe(false);
  });
});
