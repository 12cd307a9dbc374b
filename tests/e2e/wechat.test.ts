// The H5 in the WeChat browser: the home page works there, and the page sets its share card through the JS-SDK:
// it loads the SDK (here a local stand-in routed in place of res.wx.qq.com, which records every call), asks the
// server to sign its own URL (docs/PRODUCT.md §7 wxconfig) and configures wx with exactly that signature. iOS WeChat signs
// the address the visit landed on; Android WeChat the current one. Outside WeChat nothing of this happens.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import homeMessages from '../../src/locales/messages/home';
import shareMessages from '../../src/locales/messages/share';
import { collectPageErrors, launchBrowser, openPhone, startServer, userAgents, type RunningServer } from './harness';

const zhShare = shareMessages['zh-CN'];
const zhHome = homeMessages['zh-CN'];
/** The development stand-in's ticket and app id (server/src/services/wechat.ts FakeWechatProvider). */
const FAKE_TICKET = 'fake-jsapi-ticket';
const FAKE_APP_ID = 'wx-fake-appid';
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2219A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160083 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

interface WxConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
  debug?: boolean;
}
interface ShareCard {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}
type WxCall = [name: string, args: WxConfig | ShareCard];

/** Stands in for jweixin-1.6.0.js: a `wx` that records calls and answers `config` with ready, like WeChat. */
const FAKE_SDK = `(() => {
  const calls = (window.__wxCalls = []);
  const ready = [];
  window.wx = {
    config: (config) => { calls.push(['config', config]); setTimeout(() => ready.forEach((fn) => fn()), 0); },
    ready: (fn) => { ready.push(fn); },
    error: () => {},
    updateAppMessageShareData: (card) => { calls.push(['updateAppMessageShareData', card]); },
    updateTimelineShareData: (card) => { calls.push(['updateTimelineShareData', card]); },
  };
})();`;

/** WeChat's rule: sha1 over the four fields in ASCII order, the URL without its #fragment. */
function expectedSignature(config: WxConfig, url: string): string {
  return createHash('sha1')
    .update(`jsapi_ticket=${FAKE_TICKET}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${url.split('#')[0]}`)
    .digest('hex');
}

interface WechatPhone {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** `url` query of every request the page made to /djapi/wechat/*. */
  signedUrls: string[];
  sdkLoads: () => number;
}

async function openWechat(browser: Browser, userAgent: string): Promise<WechatPhone> {
  const { context, page } = await openPhone(browser, { userAgent });
  let loads = 0;
  // No internet here: the SDK's CDN is answered by the stand-in (a second host, res2, is WeChat's fallback).
  await context.route(/^https:\/\/res2?\.wx\.qq\.com\//, (route) => {
    loads += 1;
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_SDK });
  });
  const signedUrls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/djapi/wechat/')) signedUrls.push(url.searchParams.get('url') ?? '');
  });
  return { context, page, errors: collectPageErrors(page), signedUrls, sdkLoads: () => loads };
}

const wxCalls = (page: Page) => page.evaluate(() => ((window as unknown as { __wxCalls?: WxCall[] }).__wxCalls ?? []) as WxCall[]);

/** Waits until the page has set a share card linking to `link`; returns it. */
async function waitForCard(page: Page, link: string): Promise<ShareCard> {
  await page.waitForFunction(
    (expected) =>
      ((window as unknown as { __wxCalls?: [string, { link?: string }][] }).__wxCalls ?? []).some(
        ([name, args]) => name === 'updateAppMessageShareData' && args.link === expected,
      ),
    link,
    { timeout: 60_000 }, // the test server is slow on a busy machine: the SDK chunk queues behind the API calls
  );
  const calls = await wxCalls(page);
  return calls.filter(([name, args]) => name === 'updateAppMessageShareData' && (args as ShareCard).link === link).at(-1)![1] as ShareCard;
}

describe('in the WeChat browser (iOS)', () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: WechatPhone;

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    phone = await openWechat(browser, userAgents.wechat);
  });

  after(async () => {
    await phone?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('the home page loads with its header and search, without page errors', async () => {
    const { page, errors } = phone;
    await page.goto(`${server.url}/index?channel=wx_share`);
    await page.getByTestId('home-search').waitFor();
    assert.ok(await page.getByTestId('header-logo').isVisible());
    // The WeChat browser can download apps: the box stays (it is hidden only in third-party apps).
    await page.getByTestId('header-download').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
  });

  it('asks the server to sign its own URL and configures wx with exactly that signature', async () => {
    const { page } = phone;
    const pageUrl = `${server.url}/index?channel=wx_share`;
    await waitForCard(page, pageUrl);
    assert.deepEqual(phone.signedUrls, [pageUrl], 'one wxconfig request, for this page’s address');
    assert.equal(phone.sdkLoads(), 1, 'the SDK script is loaded once');
    const configs = (await wxCalls(page)).filter(([name]) => name === 'config').map(([, args]) => args as WxConfig);
    assert.equal(configs.length, 1);
    const [config] = configs;
    assert.equal(config.appId, FAKE_APP_ID);
    assert.equal(config.debug, false);
    assert.ok(Math.abs(config.timestamp - Date.now() / 1000) < 300, 'timestamp is now, in seconds');
    assert.equal(config.signature, expectedSignature(config, pageUrl));
    assert.ok(config.jsApiList.includes('updateAppMessageShareData') && config.jsApiList.includes('updateTimelineShareData'));
  });

  it('the share card is the page’s: its title, the app’s tagline and its own link, for chats and Moments', async () => {
    const { page } = phone;
    const pageUrl = `${server.url}/index?channel=wx_share`;
    const card = await waitForCard(page, pageUrl);
    assert.deepEqual(card, {
      title: zhHome['home.title'],
      desc: zhShare['share.defaultDesc'].replace('{name}', zhHome['home.title']),
      link: pageUrl,
      imgUrl: '',
    });
    const timeline = (await wxCalls(page)).filter(([name]) => name === 'updateTimelineShareData').at(-1)?.[1];
    assert.deepEqual(timeline, { title: zhHome['home.title'], link: pageUrl, imgUrl: '' });
  });

  it('after moving to another page the card follows it, still signed against the landing address (iOS rule)', async () => {
    const { page } = phone;
    await page.getByTestId('nav-valueCenter').dispatchEvent('click');
    await page.waitForURL(/\/djmodule\/value-center$/);
    await waitForCard(page, `${server.url}/djmodule/value-center`);
    assert.deepEqual(phone.signedUrls, [`${server.url}/index?channel=wx_share`], 'no new signature: iOS checks the landing URL');
    assert.equal(phone.sdkLoads(), 1);
  });

  it('a malformed url is refused by the server', async () => {
    const response = await phone.page.request.get(`${server.url}/djapi/wechat/wxconfig?url=${encodeURIComponent('not a url')}`);
    const body = (await response.json()) as { result_code: number };
    assert.notEqual(body.result_code, 0);
  });

  it('a shared link keeps no visit-only flag: hideHomeBtn stays out of the card', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/index?channel=wx_share&hideHomeBtn=1`);
    await waitForCard(page, `${server.url}/index?channel=wx_share`);
  });
});

describe('in the WeChat browser (Android)', () => {
  let server: RunningServer;
  let browser: Browser;
  let phone: WechatPhone;

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    phone = await openWechat(browser, ANDROID_WECHAT);
  });

  after(async () => {
    await phone?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('signs each page’s current address: a new page asks for a new signature', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/index`);
    await waitForCard(page, `${server.url}/index`);
    await page.getByTestId('nav-valueCenter').dispatchEvent('click');
    await waitForCard(page, `${server.url}/djmodule/value-center`);
    assert.deepEqual(phone.signedUrls, [`${server.url}/index`, `${server.url}/djmodule/value-center`]);
    const configs = (await wxCalls(page)).filter(([name]) => name === 'config').map(([, args]) => args as WxConfig);
    assert.equal(configs.length, 2);
    assert.equal(configs[1].signature, expectedSignature(configs[1], `${server.url}/djmodule/value-center`));
    assert.equal(phone.sdkLoads(), 1, 'the script is loaded once per visit');
    assert.deepEqual(phone.errors, []);
  });
});

describe('outside WeChat', () => {
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a plain phone browser neither loads the JS-SDK nor asks for a signature', async () => {
    const phone = await openWechat(browser, userAgents.iphoneSafari);
    try {
      await phone.page.goto(`${server.url}/index`);
      await phone.page.getByTestId('home-search').waitFor();
      await phone.page.waitForLoadState('networkidle');
      await phone.page.waitForTimeout(300); // past the idle callback that would have applied the card
      assert.equal(phone.sdkLoads(), 0);
      assert.deepEqual(phone.signedUrls, []);
      assert.deepEqual(phone.errors, []);
    } finally {
      await phone.context.close();
    }
  });
});
