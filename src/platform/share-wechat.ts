// The WeChat browser's JS-SDK (jweixin): signed config from our server, then the share data of the page and the
// open tags. Platform-neutral logic over an injected host, so unit tests drive it with a fake `wx`;
// `share.h5.ts` wires it to the real page (script tag, http client, location).

/** The part of the JS-SDK's `wx` object we call. */
export interface WxSdk {
  config(config: WxConfigCall): void;
  ready(callback: () => void): void;
  error(callback: (error: { errMsg?: string }) => void): void;
  updateAppMessageShareData(data: WxShareData & { desc: string }): void;
  updateTimelineShareData(data: WxShareData): void;
}

export interface WxShareData {
  title: string;
  link: string;
  imgUrl: string;
  success?: () => void;
  fail?: (error: unknown) => void;
}

/** What `GET /djapi/wechat/wxconfig` and `/djapi/wechat/wechat-opentag` answer (docs/PRODUCT.md §7). */
export interface WxSignedConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
  openTagList?: string[];
}

export interface WxConfigCall extends WxSignedConfig {
  debug: boolean;
}

export type WxConfigKind = 'share' | 'openTag';

export interface WechatHost {
  /** Loads the JS-SDK script once and resolves its `wx`. */
  loadSdk(): Promise<WxSdk>;
  /** The server's signed config for `url`: `share` = wxconfig, `openTag` = wechat-opentag (adds openTagList). */
  fetchConfig(kind: WxConfigKind, url: string): Promise<WxSignedConfig>;
  /** The URL WeChat checks the signature against (without #hash). */
  signatureUrl(): string;
}

export interface WechatShareData {
  title: string;
  desc: string;
  /** Absolute link on this origin (WeChat refuses other domains). */
  link: string;
  imgUrl?: string;
}

/** A config neither verified nor refused within this time counts as failed (not inside WeChat after all). */
export const WECHAT_CONFIG_TIMEOUT_MS = 10_000;

export interface WechatShare {
  /** Sets the share card of the chat and Moments menu entries; resolves false when WeChat refused the config. */
  setShare(data: WechatShareData): Promise<boolean>;
  /** Configures the page with its open tags; resolves whether `wx-open-launch-app` & co. can be used now. */
  enableOpenTags(): Promise<boolean>;
}

interface Configured {
  url: string;
  openTags: boolean;
  ready: Promise<WxSdk>;
}

export function createWechatShare(host: WechatHost, timeoutMs = WECHAT_CONFIG_TIMEOUT_MS): WechatShare {
  let sdk: Promise<WxSdk> | null = null;
  let configured: Configured | null = null;
  let lastShare: WechatShareData | null = null;

  function loadSdk(): Promise<WxSdk> {
    sdk ??= host.loadSdk().catch((error: unknown) => {
      sdk = null; // try again next time (a flaky network, not a permanent refusal)
      throw error;
    });
    return sdk;
  }

  function verify(wx: WxSdk, config: WxSignedConfig): Promise<WxSdk> {
    return new Promise<WxSdk>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('WeChat JS-SDK config: no answer')), timeoutMs);
      wx.ready(() => {
        clearTimeout(timer);
        resolve(wx);
      });
      wx.error((error) => {
        clearTimeout(timer);
        reject(new Error(`WeChat JS-SDK config refused: ${error?.errMsg ?? 'unknown'}`));
      });
      wx.config({
        debug: false,
        appId: config.appId,
        timestamp: config.timestamp,
        nonceStr: config.nonceStr,
        signature: config.signature,
        jsApiList: config.jsApiList,
        ...(config.openTagList ? { openTagList: config.openTagList } : {}),
      });
    });
  }

  /** One signed config per URL; an open-tag config also serves sharing (it is the same config plus open tags). */
  function configure(openTags: boolean): Promise<WxSdk> {
    const url = host.signatureUrl();
    if (configured && configured.url === url && (configured.openTags || !openTags)) return configured.ready;
    const ready = (async () => {
      const [wx, config] = await Promise.all([loadSdk(), host.fetchConfig(openTags ? 'openTag' : 'share', url)]);
      return verify(wx, config);
    })();
    const entry: Configured = { url, openTags, ready };
    configured = entry;
    ready.catch(() => {
      if (configured === entry) configured = null; // the next page (or a retry) signs again
    });
    return ready;
  }

  function applyShare(wx: WxSdk, data: WechatShareData): void {
    const imgUrl = data.imgUrl ?? '';
    wx.updateAppMessageShareData({ title: data.title, desc: data.desc, link: data.link, imgUrl });
    wx.updateTimelineShareData({ title: data.title, link: data.link, imgUrl });
  }

  return {
    async setShare(data) {
      lastShare = data;
      try {
        const wx = await configure(false);
        // A later page may have asked meanwhile: the newest share data wins.
        if (lastShare === data) applyShare(wx, data);
        return true;
      } catch {
        // Sharing still works from WeChat's menu, only with WeChat's default card: nothing for the user to fix.
        return false;
      }
    },
    async enableOpenTags() {
      try {
        const wx = await configure(true);
        // A fresh config: the page's share card is set again on it.
        if (lastShare) applyShare(wx, lastShare);
        return true;
      } catch {
        return false;
      }
    },
  };
}
