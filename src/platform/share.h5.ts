import { useEffect, useMemo, useState } from 'react';
import Taro from '@tarojs/taro';
import type { Environment } from '@/lib/environment';
import { get } from './http';
import { pageEnvironment } from './navigation';
import { completeShare, effectiveShare, readSharePage, setShareSlot } from './share-content';
import type { EnableOpenTags, ShareContent, UseShare } from './share.types';
import type { WechatShare, WxConfigKind, WxSdk, WxSignedConfig } from './share-wechat';

// H5: inside the WeChat browser the page's share card is set through the JS-SDK (loaded on demand, only there);
// inside our native apps a page's share button opens the app's share sheet through the bridge; elsewhere
// (plain browsers, the mini program web-view) sharing is the browser's or host's own business: nothing to do.

/** WeChat's JS-SDK; res2 is WeChat's documented fallback host. The server's CSP allows both (server/src/app.ts). */
export const WECHAT_SDK_URLS = ['https://res.wx.qq.com/open/js/jweixin-1.6.0.js', 'https://res2.wx.qq.com/open/js/jweixin-1.6.0.js'];

const WX_CONFIG_PATHS: Record<WxConfigKind, string> = {
  share: '/djapi/wechat/wxconfig',
  openTag: '/djapi/wechat/wechat-opentag',
};

const withoutHash = (url: string): string => url.split('#')[0] ?? url;

// iOS WeChat checks a single-page app's signature against the address the visit landed on, Android against the
// current one (WeChat JS-SDK docs, "common errors": invalid signature). app.ts records the landing address early.
let landingUrl: string | null = null;

/** Remembers the address this visit started at; app.ts calls it before the router touches the address. */
export function captureLandingUrl(): void {
  landingUrl ??= withoutHash(window.location.href);
}

let environment: Environment | null = null;
const env = (): Environment => (environment ??= pageEnvironment(null));

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.appendChild(script);
  });
}

async function loadWechatSdk(): Promise<WxSdk> {
  const existing = (window as Window & { wx?: WxSdk }).wx;
  if (existing?.config) return existing;
  let lastError: unknown = null;
  for (const src of WECHAT_SDK_URLS) {
    try {
      await loadScript(src);
      const wx = (window as Window & { wx?: WxSdk }).wx;
      if (wx?.config) return wx;
      lastError = new Error(`${src} defined no wx`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

// The JS-SDK half is fetched only inside WeChat (its own small chunk), like the SDK script itself.
let wechat: Promise<WechatShare> | null = null;
function wechatShare(): Promise<WechatShare> {
  wechat ??= import('./share-wechat').then(({ createWechatShare }) =>
    createWechatShare({
      loadSdk: loadWechatSdk,
      fetchConfig: (kind, url) => get<WxSignedConfig>(WX_CONFIG_PATHS[kind], { url }, { silent: true }),
      signatureUrl: () => (env().isIOS && landingUrl ? landingUrl : withoutHash(window.location.href)),
    }),
  );
  wechat.catch(() => (wechat = null));
  return wechat;
}

/** The absolute link WeChat and the apps need (same origin: WeChat only accepts the signed domain). */
export function absoluteLink(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Taro's id of the page on top, or null when unknown. */
function topPageKey(): string | null {
  return Taro.getCurrentInstance().router?.$taroPath ?? null;
}

// Applying waits for an idle moment: the JS-SDK and its config never compete with the first paint, and the
// shell's and the page's hooks registering in one go end in one update.
let pendingPage: string | null = null;
const whenIdle: (run: () => void) => void =
  typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function'
    ? (run) => void window.requestIdleCallback(run, { timeout: 2000 })
    : (run) => void setTimeout(run, 1);

function applySoon(pageKey: string): void {
  if (!env().isWechat) return;
  const top = topPageKey();
  if (top !== null && top !== pageKey) return; // a page under the top one: its turn comes when it shows again
  const scheduled = pendingPage !== null;
  pendingPage = pageKey;
  if (scheduled) return;
  whenIdle(() => {
    const key = pendingPage;
    pendingPage = null;
    const content = key === null ? null : effectiveShare(key);
    if (!content) return;
    const data = { title: content.title, desc: content.desc, link: absoluteLink(content.path), imgUrl: content.imgUrl };
    wechatShare().then(
      (wx) => wx.setShare(data),
      () => undefined,
    );
  });
}

async function shareNow(content: ShareContent | null): Promise<boolean> {
  if (!content || !env().isNativeApp) return false;
  try {
    const { bridge } = await import('./bridge');
    await bridge.share({
      title: content.title,
      desc: content.desc,
      link: absoluteLink(content.path),
      ...(content.imgUrl ? { imgUrl: content.imgUrl } : {}),
    });
    return true;
  } catch {
    return false; // cancelled, or an app version without share: the page stays as it was
  }
}

export const useShare: UseShare = (input, options = {}) => {
  const [page] = useState(readSharePage);
  const kind = options.fallback ? 'fallback' : 'own';
  const content = completeShare(input, page.url);
  const signature = JSON.stringify(content);

  useEffect(() => {
    setShareSlot(page.key, kind, JSON.parse(signature) as ShareContent);
    applySoon(page.key);
    return () => setShareSlot(page.key, kind, undefined);
  }, [page, kind, signature]);

  // Back on this page (another was on top): its card again. Taro's page-show event works in any component.
  useEffect(() => {
    if (!page.showEvent) return undefined;
    const onShow = (): void => applySoon(page.key);
    Taro.eventCenter.on(page.showEvent, onShow);
    return () => void Taro.eventCenter.off(page.showEvent ?? '', onShow);
  }, [page]);

  return useMemo(() => ({ share: () => shareNow(effectiveShare(page.key)) }), [page]);
};

/** Enables WeChat's open tags (`wx-open-launch-app`, `wx-open-launch-weapp`) on this page; false outside WeChat. */
export const enableOpenTags: EnableOpenTags = async () => {
  if (!env().isWechat) return false;
  try {
    return await (await wechatShare()).enableOpenTags();
  } catch {
    return false;
  }
};

/** Forgets the SDK state and environment (tests). */
export function resetShareForTests(): void {
  wechat = null;
  environment = null;
  landingUrl = null;
  pendingPage = null;
}
