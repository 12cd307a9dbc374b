// src/platform/login.h5.ts: where login happens by environment (docs/PRODUCT.md §4), the OAuth start URL, the client
// identity per environment (docs/PRODUCT.md §3), and native login through the bridge (the app hands over its token).
import { detectEnvironment, fundAppUserAgentSuffix } from '@/lib/environment';
import { authClient, loginMethod, nativeLogin, oauthAuthorizeUrl } from '@/platform/login';
import { accessTokenCookieOptions } from '@/platform/login.types';

const UA = {
  browser:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
  miniProgramWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49 miniProgram',
  fundAppAndroid: `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 ${fundAppUserAgentSuffix('6.91.0', 6910)}`,
  fundAppIos: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${fundAppUserAgentSuffix('6.91.0', 6910)}`,
};

function useUserAgent(ua: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });
}

describe('login by environment', () => {
  it('browser → SMS page, WeChat browser → OAuth, mini program web-view → the mini program, our apps → native', () => {
    expect(loginMethod(detectEnvironment(UA.browser))).toBe('sms');
    expect(loginMethod(detectEnvironment(UA.wechat))).toBe('oauth');
    expect(loginMethod(detectEnvironment(UA.miniProgramWebView))).toBe('miniProgram');
    expect(loginMethod(detectEnvironment('', { wxjsEnvironment: 'miniprogram' }))).toBe('miniProgram');
    expect(loginMethod(detectEnvironment(UA.fundAppAndroid))).toBe('native');
    expect(loginMethod(detectEnvironment('Mozilla/5.0 Xueqiu iPhone 14.20'))).toBe('native');
  });

  it('the OAuth start URL carries the redirect (path + query) encoded', () => {
    expect(oauthAuthorizeUrl('/funding/000001?channel=x&a=1')).toBe(
      '/djapi/wechat/oauth/authorize?redirect=%2Ffunding%2F000001%3Fchannel%3Dx%26a%3D1',
    );
  });

  it('the client identity differs for the native apps (iOS, Android) and everything else', () => {
    useUserAgent(UA.browser);
    expect(authClient().client_id).toBe('dj-h5');
    useUserAgent(UA.wechat);
    expect(authClient().client_id).toBe('dj-h5');
    useUserAgent(UA.fundAppIos);
    expect(authClient().client_id).toBe('dj-native-ios');
    useUserAgent(UA.fundAppAndroid);
    expect(authClient()).toEqual({ client_id: 'dj-native-android', client_secret: 'dj-native-android-demo-secret' });
  });
});

describe('native login through the bridge', () => {
  const token = 'c'.repeat(40);
  let answers: Record<string, unknown[]>;
  let posted: string[];

  beforeAll(() => {
    // The page's bridge resolves its host and environment on first use: an Android fund app with a fake native side.
    useUserAgent(UA.fundAppAndroid);
    (window as unknown as { DJBridge: { postMessage(text: string): void } }).DJBridge = {
      postMessage(text: string) {
        const message = JSON.parse(text) as { id: string; action: string };
        posted.push(message.action);
        const queue = answers[message.action] ?? [];
        const result = queue.length > 1 ? queue.shift() : queue[0];
        const callback = (window as unknown as { __djBridgeCallback: (id: string, e: null, r: unknown) => void }).__djBridgeCallback;
        setTimeout(() => callback(message.id, null, result), 0);
      },
    };
  });

  beforeEach(() => {
    posted = [];
    document.cookie = 'xq_a_token=; max-age=0; path=/';
  });

  it('an app that is logged in hands over its token, which becomes the xq_a_token cookie', async () => {
    answers = { 'auth.getAccessToken': [token] };
    await expect(nativeLogin()).resolves.toBe(true);
    expect(posted).toEqual(['auth.getAccessToken']);
    expect(document.cookie).toContain(`xq_a_token=${token}`);
  });

  it('an app without a session runs its own phone login first, then hands over the token', async () => {
    answers = { 'auth.getAccessToken': ['', token], 'auth.verifyTelephone': [{ verified: true, mask_telephone: '138****5678' }] };
    await expect(nativeLogin()).resolves.toBe(true);
    expect(posted).toEqual(['auth.getAccessToken', 'auth.verifyTelephone', 'auth.getAccessToken']);
    expect(document.cookie).toContain(`xq_a_token=${token}`);
  });

  it('the user abandons the app login: false, no cookie (the page then offers SMS)', async () => {
    answers = { 'auth.getAccessToken': ['not-a-token'], 'auth.verifyTelephone': [{ verified: false }] };
    await expect(nativeLogin()).resolves.toBe(false);
    expect(posted).toEqual(['auth.getAccessToken', 'auth.verifyTelephone']);
    expect(document.cookie).not.toContain('xq_a_token=');
  });
});

describe('the access-token cookie lifetime (docs/PRODUCT.md §9 "120", read as days)', () => {
  it("is the token's own expires_in when the server gives one, else 120 days", () => {
    expect(accessTokenCookieOptions(7200)).toEqual({ maxAgeSeconds: 7200 });
    expect(accessTokenCookieOptions(0)).toEqual({ maxAgeSeconds: 120 * 86_400 });
    expect(accessTokenCookieOptions()).toEqual({ maxAgeSeconds: 10_368_000 });
  });
});
