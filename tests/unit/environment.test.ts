import { detectEnvironment, fundAppUserAgentSuffix } from '@/lib/environment';

// Real user-agent strings as published by each host (WeChat, WeChat mini program web-view, Douyin,
// OpenHarmony docs, Xueqiu clients), plus our own fund app's documented tokens (docs/BRIDGE.md).
const UA = {
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  wechatIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.31(0x18001f2e) NetType/4G Language/en',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; 22081212C Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230303 MMWEBID/6973 MicroMessenger/8.0.34.2340(0x2800225B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  miniProgramAndroid:
    'Mozilla/5.0 (Linux; Android 13; 22081212C Build/TKQ1.220829.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230303 MMWEBID/6973 MicroMessenger/8.0.34.2340(0x2800225B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx1234567890abcdef',
  douyinIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_23.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/zh Region/CN AppTheme/light RevealType/Dialog WKWebView/1 BytedanceWebview/d8a21c6',
  douyinAndroid:
    'Mozilla/5.0 (Linux; Android 12; V2171A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/91.0.4472.114 Mobile Safari/537.36 aweme/23.5.0 AppName/aweme app_version/23.5.0 ByteLocale/zh-CN Region/CN BytedanceWebview/d8a21c6',
  harmonyNext:
    'Mozilla/5.0 (Phone; OpenHarmony 5.0; HarmonyOS 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  harmony4:
    'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  xueqiuIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Xueqiu iPhone 14.20',
  xueqiuAndroidOld: 'Mozilla/5.0 (Linux; Android 11; wv) AppleWebKit/537.36 (KHTML, like Gecko) Xueqiu Android 12.6.1',
  xueqiuAndroidBare: 'Xueqiu Android 11.19',
  fundAppIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 danjuanfund/6.91.0 DJ/6910',
  fundAppAndroidOld:
    'Mozilla/5.0 (Linux; Android 10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/88.0 Mobile Safari/537.36 danjuanfund/6.90.2 DJ/6902',
};

describe('detectEnvironment: hosts', () => {
  test('plain desktop and mobile browsers', () => {
    const desktop = detectEnvironment(UA.desktopChrome);
    expect(desktop).toMatchObject({ host: 'browser', isOwnApp: false, isThirdApp: false, isIOS: false, isAndroid: false });
    expect(desktop.bridgeStyle).toBeNull();
    expect(detectEnvironment(UA.iPhoneSafari)).toMatchObject({ host: 'browser', isIOS: true, isWechat: false });
  });

  test('messaging-app browser', () => {
    expect(detectEnvironment(UA.wechatIOS)).toMatchObject({ host: 'wechat', isWechat: true, isIOS: true, isThirdApp: false });
    expect(detectEnvironment(UA.wechatAndroid)).toMatchObject({ host: 'wechat', isWechat: true, isAndroid: true });
  });

  test('mini program web-view: from the UA, from __wxjs_environment, or the weapp build itself', () => {
    expect(detectEnvironment(UA.miniProgramAndroid)).toMatchObject({
      host: 'miniProgram',
      isMiniprogram: true,
      isWechat: false,
      isThirdApp: true,
    });
    // iOS mini program web-views do not always carry the token; the JS-SDK marker decides.
    expect(detectEnvironment(UA.wechatIOS, { wxjsEnvironment: 'miniprogram' })).toMatchObject({ isMiniprogram: true });
    expect(detectEnvironment('', { taroEnv: 'weapp' }).isMiniprogram).toBe(true);
  });

  test('short-video app', () => {
    expect(detectEnvironment(UA.douyinIOS)).toMatchObject({ host: 'shortVideoApp', isShortVideoApp: true, isIOS: true, isThirdApp: true });
    expect(detectEnvironment(UA.douyinAndroid)).toMatchObject({ isShortVideoApp: true, isAndroid: true });
  });

  test('Harmony: NEXT (ArkWeb, no Android) and 2–4 (Android-compatible)', () => {
    expect(detectEnvironment(UA.harmonyNext)).toMatchObject({ isHarmony: true, isAndroid: false, isIOS: false });
    expect(detectEnvironment(UA.harmony4)).toMatchObject({ isHarmony: true, isAndroid: true });
  });

  test('stock-community app and its link-prefix switch at 12.32.0', () => {
    const modern = detectEnvironment(UA.xueqiuIPhone);
    expect(modern).toMatchObject({
      host: 'stockApp',
      isStockApp: true,
      isNativeApp: true,
      isOwnApp: false,
      isThirdApp: true,
      stockAppVersion: '14.20',
      usesStockAppNewLinkPrefix: true,
      bridgeStyle: 'new',
    });
    expect(detectEnvironment(UA.xueqiuAndroidOld)).toMatchObject({
      stockAppVersion: '12.6.1',
      usesStockAppNewLinkPrefix: false,
      isAndroid: true,
    });
    expect(detectEnvironment(UA.xueqiuAndroidBare)).toMatchObject({ isStockApp: true, stockAppVersion: '11.19' });
    expect(detectEnvironment('Xueqiu iPhone 12.32.0').usesStockAppNewLinkPrefix).toBe(true);
    expect(detectEnvironment('Xueqiu iPhone 12.31.9').usesStockAppNewLinkPrefix).toBe(false);
  });

  test('own fund app: version switching at build 6910 and version 6.91', () => {
    expect(detectEnvironment(UA.fundAppIOS)).toMatchObject({
      host: 'fundApp',
      isOwnApp: true,
      isNativeApp: true,
      isThirdApp: false,
      fundAppVersion: '6.91.0',
      fundAppBuild: 6910,
      bridgeStyle: 'new',
      usesFundAppDedicatedActions: true,
    });
    expect(detectEnvironment(UA.fundAppAndroidOld)).toMatchObject({
      fundAppBuild: 6902,
      bridgeStyle: 'legacy',
      usesFundAppDedicatedActions: false,
    });
    // Only one of the two tokens present.
    expect(detectEnvironment('Mozilla/5.0 DJ/6909')).toMatchObject({
      isOwnApp: true,
      bridgeStyle: 'legacy',
      usesFundAppDedicatedActions: false,
    });
    expect(detectEnvironment('Mozilla/5.0 DJ/6910')).toMatchObject({ bridgeStyle: 'new', usesFundAppDedicatedActions: true });
    expect(detectEnvironment('Mozilla/5.0 danjuanfund/7.0.1')).toMatchObject({ fundAppBuild: 7001, bridgeStyle: 'new' });
    expect(detectEnvironment(`Mozilla/5.0 ${fundAppUserAgentSuffix('6.91.0', 6910)}`).fundAppBuild).toBe(6910);
  });

  test('own app inside a channel flavour keeps the channel, is not a third-party app', () => {
    const env = detectEnvironment(UA.fundAppIOS, { channel: '2500000386' });
    expect(env).toMatchObject({ channel: '2500000386', isPartnerChannel: true, isThirdApp: false });
  });
});

describe('detectEnvironment: channels', () => {
  test.each(['2500000386', '2500000387', '2500000388', '2500000389', '2500000390', '2500000443'])('partner channel %s', (channel) => {
    expect(detectEnvironment(UA.iPhoneSafari, { channel })).toMatchObject({ isPartnerChannel: true, isThirdApp: true });
  });
  test.each(['2500000385', '2500000391', '2500000442', '25000003860'])('not a partner channel: %s', (channel) => {
    expect(detectEnvironment(UA.iPhoneSafari, { channel }).isPartnerChannel).toBe(false);
  });
  test('channels containing XQWX', () => {
    expect(detectEnvironment(UA.wechatIOS, { channel: 'abc_XQWX_01' })).toMatchObject({ isXqwxChannel: true, isThirdApp: true });
    expect(detectEnvironment(UA.wechatIOS, { channel: 'xqwx' }).isXqwxChannel).toBe(false);
    expect(detectEnvironment(UA.wechatIOS).channel).toBeNull();
  });
});
