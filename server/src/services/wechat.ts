import { createHash } from 'node:crypto';

/** WeChat platform calls the server needs; a fake answers when no credentials are configured. */
export interface WechatProvider {
  /** The official account's app id, sent to the JS-SDK. */
  readonly appId: string;
  /** The JS-SDK ticket (cached by the provider; WeChat's lasts 7200 s). */
  getJsapiTicket(): Promise<string>;
  /** Mini program login: wx.login code → openid / unionid / session key. */
  code2session(code: string): Promise<WechatIdentity & { sessionKey: string }>;
  /** Web OAuth (snsapi_base / userinfo): code → openid / unionid. */
  oauthExchange(code: string): Promise<WechatIdentity>;
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

  private async getAccessToken(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt > this.now()) return this.accessToken.value;
    const answer = await this.call(
      `/cgi-bin/token?grant_type=client_credential&appid=${this.appId}&secret=${this.secret}`,
    );
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
