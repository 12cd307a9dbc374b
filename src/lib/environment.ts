/**
 * Where the page runs, read from the user-agent text (+ the channel query and the mini program marker):
 * docs/PRODUCT.md §4 "Environment detection" and "Version switching", and the environment flags of docs/PRODUCT.md §6.
 * UA tokens of our own fund app are fixed in docs/BRIDGE.md ("User-agent tokens").
 */
import {
  FUND_APP_DEDICATED_ACTIONS_MIN_VERSION,
  NEW_BRIDGE_MIN_BUILD,
  PARTNER_CHANNEL_IDS,
  STOCK_APP_NEW_LINK_PREFIX_MIN_VERSION,
  XQWX_CHANNEL_TOKEN,
} from './constants';
import { buildFromVersion, isBuildAtLeast, isVersionAtLeast } from './version';

/** The host the page is embedded in; a plain browser when none of the others. */
export type HostKind = 'fundApp' | 'stockApp' | 'miniProgram' | 'wechat' | 'shortVideoApp' | 'browser';

export type BridgeStyle = 'new' | 'legacy';

export interface Environment {
  host: HostKind;
  /** Our own fund native app (UA token `danjuanfund/<version>` and/or `DJ/<build>`). */
  isOwnApp: boolean;
  /** The stock-community app (UA token `Xueqiu <platform> <version>`). */
  isStockApp: boolean;
  /** A native app of the family that answers the JS bridge (own app or stock-community app). */
  isNativeApp: boolean;
  /** The messaging-app browser (MicroMessenger), not counting the mini program web-view. */
  isWechat: boolean;
  /** Inside the mini program: its web-view (UA `miniProgram` or `__wxjs_environment`) or the weapp build itself. */
  isMiniprogram: boolean;
  /** The short-video app (Douyin: `aweme_…`, ByteDance webviews: `ByteLocale`). */
  isShortVideoApp: boolean;
  isIOS: boolean;
  /** Android, including HarmonyOS 2–4 which still report Android (both flags are then true). */
  isAndroid: boolean;
  /** HarmonyOS / OpenHarmony (ArkWeb). */
  isHarmony: boolean;
  /** Channel is one of the partner channel ids. */
  isPartnerChannel: boolean;
  /** Channel contains XQWX. */
  isXqwxChannel: boolean;
  /**
   * Embedded in an app that is neither ours nor a plain browser: stock-community app, short-video app,
   * mini program, or a partner / XQWX channel. The messaging-app browser is not counted (it can download apps).
   */
  isThirdApp: boolean;
  /** The channel query parameter as given (a channel flavour in the own app), or null. */
  channel: string | null;
  /** Own app's dotted version ('6.91.0'), or null. */
  fundAppVersion: string | null;
  /** Own app's numeric build (6910): from `DJ/<build>`, else derived from the dotted version. */
  fundAppBuild: number | null;
  /** Stock-community app's version ('12.32.0'), or null. */
  stockAppVersion: string | null;
  /** Bridge action naming: new-style from build 6910 of the own app (and in the stock app), legacy below; null outside. */
  bridgeStyle: BridgeStyle | null;
  /** Own app from 6.91: request, share and redirect go through its dedicated actions. */
  usesFundAppDedicatedActions: boolean;
  /** Stock-community app from 12.32.0: its links use the new prefix. */
  usesStockAppNewLinkPrefix: boolean;
}

export interface DetectOptions {
  /** The `channel` query parameter. */
  channel?: string | null;
  /** `window.__wxjs_environment` (the WeChat JS-SDK sets 'miniprogram' inside a mini program web-view). */
  wxjsEnvironment?: string | null;
  /** `process.env.TARO_ENV`: 'weapp' means we are the mini program ourselves. */
  taroEnv?: string | null;
}

/** The build number of version 6.91, for a UA that carries only the `DJ/<build>` token. */
const DEDICATED_ACTIONS_MIN_BUILD = buildFromVersion(FUND_APP_DEDICATED_ACTIONS_MIN_VERSION) ?? NEW_BRIDGE_MIN_BUILD;

const FUND_APP_VERSION = /\bdanjuanfund\/(\d+(?:\.\d+)*)/i;
const FUND_APP_BUILD = /\bDJ\/(\d+)\b/;
const STOCK_APP = /\bXueqiu\b(?:\s+[A-Za-z]+)?\s+(\d+(?:\.\d+)*)/;
const STOCK_APP_TOKEN = /\bXueqiu\b/;
const WECHAT = /MicroMessenger/i;
const MINI_PROGRAM = /miniProgram/i;
const SHORT_VIDEO = /aweme|ByteLocale/i;
const IOS = /iPhone|iPad|iPod|\biOS\b/i;
const ANDROID = /Android/i;
const HARMONY = /OpenHarmony|HarmonyOS|ArkWeb/i;

export function detectEnvironment(userAgent: string, options: DetectOptions = {}): Environment {
  const ua = userAgent || '';
  const channel = options.channel ? options.channel : null;

  const fundAppVersion = FUND_APP_VERSION.exec(ua)?.[1] ?? null;
  const buildToken = FUND_APP_BUILD.exec(ua)?.[1];
  const fundAppBuild = buildToken ? Number(buildToken) : fundAppVersion ? buildFromVersion(fundAppVersion) : null;
  const isOwnApp = fundAppVersion !== null || buildToken !== undefined;

  const isStockApp = !isOwnApp && STOCK_APP_TOKEN.test(ua);
  const stockAppVersion = isStockApp ? (STOCK_APP.exec(ua)?.[1] ?? null) : null;

  const isMiniprogram = options.taroEnv === 'weapp' || options.wxjsEnvironment === 'miniprogram' || MINI_PROGRAM.test(ua);
  const isWechat = !isMiniprogram && WECHAT.test(ua);
  const isShortVideoApp = SHORT_VIDEO.test(ua);

  const isPartnerChannel = channel !== null && PARTNER_CHANNEL_IDS.includes(channel);
  const isXqwxChannel = channel !== null && channel.includes(XQWX_CHANNEL_TOKEN);

  const isNativeApp = isOwnApp || isStockApp;
  const isThirdApp = !isOwnApp && (isStockApp || isShortVideoApp || isMiniprogram || isPartnerChannel || isXqwxChannel);

  let bridgeStyle: BridgeStyle | null = null;
  if (isOwnApp) bridgeStyle = isBuildAtLeast(fundAppBuild, NEW_BRIDGE_MIN_BUILD) ? 'new' : 'legacy';
  // Every stock-community app version we embed in long passed the switch; it speaks new-style actions.
  else if (isStockApp) bridgeStyle = 'new';

  let host: HostKind = 'browser';
  if (isOwnApp) host = 'fundApp';
  else if (isStockApp) host = 'stockApp';
  else if (isMiniprogram) host = 'miniProgram';
  else if (isWechat) host = 'wechat';
  else if (isShortVideoApp) host = 'shortVideoApp';

  return {
    host,
    isOwnApp,
    isStockApp,
    isNativeApp,
    isWechat,
    isMiniprogram,
    isShortVideoApp,
    isIOS: IOS.test(ua) && !ANDROID.test(ua),
    isAndroid: ANDROID.test(ua),
    isHarmony: HARMONY.test(ua),
    isPartnerChannel,
    isXqwxChannel,
    isThirdApp,
    channel,
    fundAppVersion,
    fundAppBuild,
    stockAppVersion,
    bridgeStyle,
    usesFundAppDedicatedActions:
      isOwnApp &&
      (fundAppVersion !== null
        ? isVersionAtLeast(fundAppVersion, FUND_APP_DEDICATED_ACTIONS_MIN_VERSION)
        : isBuildAtLeast(fundAppBuild, DEDICATED_ACTIONS_MIN_BUILD)),
    usesStockAppNewLinkPrefix: isStockApp && isVersionAtLeast(stockAppVersion, STOCK_APP_NEW_LINK_PREFIX_MIN_VERSION),
  };
}

/** The user-agent our own fund app appends to its web view's default UA (docs/BRIDGE.md). */
export function fundAppUserAgentSuffix(version: string, build: number): string {
  return `danjuanfund/${version} DJ/${build}`;
}
