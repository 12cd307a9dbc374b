import { createHash } from 'node:crypto';

/** WeChat platform calls the server needs; a fake answers when no credentials are configured. */
export interface WechatProvider {
  /** The official account's app id, sent to the JS-SDK. */
  readonly appId: string;
  /** 'fake' answers without WeChat (development and tests); its OAuth page is served by this server. */
  readonly kind?: 'fake' | 'http';
  /** The JS-SDK ticket (cached by the provider; WeChat's lasts 7200 s). */
  getJsapiTicket(): Promise<string>;
  /** Mini program login: wx.login code → openid / unionid / session key. */
  code2session(code: string): Promise<WechatIdentity & { sessionKey: string }>;
  /** Web OAuth (snsapi_base / userinfo): code → openid / unionid. */
  oauthExchange(code: string): Promise<WechatIdentity>;
  /** Mini program phone-number button: its code → the user's mainland phone number. */
  getPhoneNumber?(code: string): Promise<string>;
  /** Where the browser goes to authorise (web OAuth, snsapi_base); WeChat comes back to redirectUri with code and state. */
  authorizeUrl?(redirectUri: string, state: string): string;
}

/** The fake's OAuth page (non-production only): it redirects straight back with a code. */
export const FAKE_WECHAT_AUTHORIZE_PATH = '/__dev/wechat/connect/oauth2/authorize';

/** A fake login code for a named fake user: `fakecode.<user>.<nonce>` (the same user → the same openid). */
export function fakeWechatCode(user: string, nonce: string): string {
  return `fakecode.${user}.${nonce}`;
}

export interface WechatIdentity {
  openid: string;
  unionid: string | null;
}

export class WechatError extends Error {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(message);
    this.name = 'WechatError';
  }
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** JS-SDK signature: sha1 of the four fields in ASCII order (WeChat JS-SDK doc, appendix 1). */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  // The URL is signed without its #fragment.
  const page = url.split('#')[0] ?? url;
  return sha1(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`);
}

/**
 * Deterministic stand-in used in development and tests: the same code always maps to the
 * same openid, so a test can log the same WeChat user in twice.
 */
export class FakeWechatProvider implements WechatProvider {
  readonly appId = 'wx-fake-appid';
  readonly kind = 'fake' as const;

  /** Fake phone codes: `fakephone.<11 digits>.<anything>` → that number; other codes → a number derived from the code. */
  async getPhoneNumber(code: string): Promise<string> {
    if (!code) throw new WechatError(40029, 'invalid code');
    const named = /^fakephone\.(1[3-9]\d{9})\./.exec(code);
    if (named?.[1]) return named[1];
    const digits = BigInt(`0x${sha1(`phone:${code}`).slice(0, 12)}`) % 100_000_000n;
    return `139${String(digits).padStart(8, '0')}`;
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const query = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
    return `${FAKE_WECHAT_AUTHORIZE_PATH}?${query.toString()}`;
  }

  async getJsapiTicket(): Promise<string> {
    return 'fake-jsapi-ticket';
  }

  async code2session(code: string): Promise<WechatIdentity & { sessionKey: string }> {
    return { ...this.identityOf(code), sessionKey: sha1(`session:${code}`).slice(0, 24) };
  }

  async oauthExchange(code: string): Promise<WechatIdentity> {
    return this.identityOf(code);
  }

  private identityOf(code: string): WechatIdentity {
    if (!code) throw new WechatError(40029, 'invalid code');
    const named = /^fakecode\.([\w-]{1,64})\./.exec(code);
    if (named?.[1]) {
      const id = sha1(`user:${named[1]}`);
      return { openid: `fake-openid-${id.slice(0, 16)}`, unionid: `fake-unionid-${id.slice(16, 32)}` };
    }
    return { openid: `fake-openid-${sha1(code).slice(0, 16)}`, unionid: `fake-unionid-${sha1(code).slice(16, 32)}` };
  }
}

interface WechatApiAnswer {
  errcode?: number;
  errmsg?: string;
  [field: string]: unknown;
}

/** The real WeChat API (api.weixin.qq.com). Not exercised by tests: no outside calls there. */
export class HttpWechatProvider implements WechatProvider {
  readonly kind = 'http' as const;
  private accessToken: { value: string; expiresAt: number } | undefined;
  private ticket: { value: string; expiresAt: number } | undefined;

  constructor(
    readonly appId: string,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
    private readonly base = 'https://api.weixin.qq.com',
  ) {}

  async getJsapiTicket(): Promise<string> {
    if (this.ticket && this.ticket.expiresAt > this.now()) return this.ticket.value;
    const token = await this.getAccessToken();
    const answer = await this.call(`/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`);
    const value = String(answer.ticket);
    // Renew five minutes early so a page never gets a ticket about to expire.
    this.ticket = { value, expiresAt: this.now() + (Number(answer.expires_in ?? 7200) - 300) * 1000 };
    return value;
  }

  async code2session(code: string): Promise<WechatIdentity & { sessionKey: string }> {
    const answer = await this.call(
      `/sns/jscode2session?appid=${this.appId}&secret=${this.secret}&js_code=${encodeURIComponent(code)}&grant_type=authorization_code`,
    );
    return {
      openid: String(answer.openid),
      unionid: typeof answer.unionid === 'string' ? answer.unionid : null,
      sessionKey: String(answer.session_key),
    };
  }

  async oauthExchange(code: string): Promise<WechatIdentity> {
    const answer = await this.call(
      `/sns/oauth2/access_token?appid=${this.appId}&secret=${this.secret}&code=${encodeURIComponent(code)}&grant_type=authorization_code`,
    );
    return { openid: String(answer.openid), unionid: typeof answer.unionid === 'string' ? answer.unionid : null };
  }

  async getPhoneNumber(code: string): Promise<string> {
    const token = await this.getAccessToken();
    const response = await fetch(`${this.base}/wxa/business/getuserphonenumber?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
      signal: AbortSignal.timeout(5000),
    });
    const answer = (await response.json()) as WechatApiAnswer & { phone_info?: { purePhoneNumber?: string; countryCode?: string } };
    if (answer.errcode) throw new WechatError(answer.errcode, answer.errmsg ?? 'wechat error');
    return String(answer.phone_info?.purePhoneNumber ?? '');
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const query = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
  }

  private async getAccessToken(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > this.now()) return this.accessToken.value;
    const answer = await this.call(`/cgi-bin/token?grant_type=client_credential&appid=${this.appId}&secret=${this.secret}`);
    const value = String(answer.access_token);
    this.accessToken = { value, expiresAt: this.now() + (Number(answer.expires_in ?? 7200) - 300) * 1000 };
    return value;
  }

  private async call(path: string): Promise<WechatApiAnswer> {
    const response = await fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(5000) });
    const answer = (await response.json()) as WechatApiAnswer;
    if (answer.errcode) throw new WechatError(answer.errcode, answer.errmsg ?? 'wechat error');
    return answer;
  }
}

export function wechatProviderFor(config: { wechat: { appId: string; secret: string } | undefined }): WechatProvider {
  return config.wechat ? new HttpWechatProvider(config.wechat.appId, config.wechat.secret) : new FakeWechatProvider();
}
