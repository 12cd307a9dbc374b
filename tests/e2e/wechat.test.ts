// The H5 in the WeChat browser: the home page works there, and the share config (JS-SDK signature, SPEC §7)
// signs the page's own address so WeChat would accept it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import shellMessages from '../../src/locales/messages/shell';
import { collectPageErrors, launchBrowser, openPhone, startServer, userAgents, type RunningServer } from './harness';

const zh = shellMessages['zh-CN'];
/** The development stand-in's ticket and app id (server/src/services/wechat.ts FakeWechatProvider). */
const FAKE_TICKET = 'fake-jsapi-ticket';
const FAKE_APP_ID = 'wx-fake-appid';

interface WxConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

describe('in the WeChat browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const wxconfigCalls: string[] = [];

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ context, page } = await openPhone(browser, { userAgent: userAgents.wechat }));
    errors = collectPageErrors(page);
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/djapi/wechat/')) wxconfigCalls.push(request.url());
    });
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the home page loads with its header and areas, without page errors', async () => {
    await page.goto(`${server.url}/index?channel=wx_share`);
    await page.getByText(zh['shell.home.areas']).waitFor();
    await page.getByText(zh['shell.home.area.fundFilter']).waitFor();
    assert.ok(await page.getByTestId('header-logo').isVisible());
    // The WeChat browser can download apps: the box stays (it is hidden only in third-party apps).
    await page.getByTestId('header-download').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
  });

  it('the share config for this page answers a signature WeChat would accept', async () => {
    const pageUrl = page.url();
    const response = await page.request.get(`${server.url}/djapi/wechat/wxconfig?url=${encodeURIComponent(`${pageUrl}#share`)}`);
    assert.equal(response.status(), 200);
    const body = (await response.json()) as { result_code: number; data: WxConfig };
    assert.equal(body.result_code, 0);
    const config = body.data;
    assert.equal(config.appId, FAKE_APP_ID);
    assert.ok(Math.abs(config.timestamp - Date.now() / 1000) < 300, 'timestamp is now, in seconds');
    assert.ok(config.nonceStr.length >= 8, 'a nonce');
    // WeChat's rule: sha1 over the four fields in ASCII order, the URL without its #fragment.
    const expected = createHash('sha1')
      .update(`jsapi_ticket=${FAKE_TICKET}&noncestr=${config.nonceStr}&timestamp=${config.timestamp}&url=${pageUrl}`)
      .digest('hex');
    assert.equal(config.signature, expected);
    assert.ok(config.jsApiList.length > 0, 'names the share APIs it needs');
  });

  it('a malformed url is refused', async () => {
    const response = await page.request.get(`${server.url}/djapi/wechat/wxconfig?url=${encodeURIComponent('not a url')}`);
    const body = (await response.json()) as { result_code: number };
    assert.notEqual(body.result_code, 0);
  });

  it('reports whether the page itself asks for the share config yet', (t) => {
    // The share feature (a later issue) will call it; until then the page must not need it to work.
    t.diagnostic(`page calls to /djapi/wechat/*: ${wxconfigCalls.length}`);
    assert.ok(wxconfigCalls.every((url) => new URL(url).searchParams.get('url')?.startsWith(server.url)));
  });
});
