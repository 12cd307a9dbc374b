// The mini program's own login page (SPEC §4 "Mini program: opens the native login page"): in the main
// package, rendered by the plain-Node harness; wx.login → code2session on our server; a bound WeChat user is
// logged in at once and sent on to redirect, a new one gets WeChat's phone-number button and the SMS form.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { t } from '../../src/locales/i18n';
import { bootWeapp, type WeappHarness } from './harness';
import { readAppJson, waitForBuild } from './weapp-build';
import type { WxRequest, WxResponse } from './wx-stub';

const LOGIN_PAGE = 'pages/login/index';

function pathOf(request: WxRequest): string {
  return request.url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
}

function server(options: { bound: boolean }) {
  let loggedIn = false;
  const seen: { path: string; data: unknown }[] = [];
  const handler = (request: WxRequest): WxResponse => {
    const path = pathOf(request);
    seen.push({ path, data: request.data });
    if (path === '/djapi/provider/weapp/login') {
      loggedIn = options.bound;
      return { data: { result_code: 0, data: options.bound ? { logged_in: true, access_token: 'f'.repeat(40) } : { logged_in: false, thirdparty_token: 'tp-1' } } };
    }
    if (path === '/djapi/account') {
      return loggedIn
        ? { data: { result_code: 0, data: { user: { id: 1, mask_telephone: '138****5678', open_trade: false } } } }
        : { data: { result_code: 300001, data: null, error_description: '请先登录' } };
    }
    return { data: { result_code: 0, data: {} } };
  };
  return { handler, seen };
}

async function settle(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

describe('mini program login page', () => {
  let h: WeappHarness | undefined;
  after(() => h?.dispose());

  test('the login page is built into the main package', async () => {
    await waitForBuild();
    const app = readAppJson();
    assert.ok(app.pages.includes(LOGIN_PAGE), `app.json pages: ${app.pages.join(', ')}`);
  });

  test('a new WeChat user: wx.login → code2session, then the phone-number button and the SMS form', async () => {
    const { handler, seen } = server({ bound: false });
    h = await bootWeapp({ request: handler });
    const page = await h.openPage(`${LOGIN_PAGE}?redirect=%2Fmy-money`);
    assert.ok(page, 'the login page opened');
    await settle();
    assert.ok(h.callsOf('login').length >= 1, 'wx.login was called');
    const exchange = seen.find((r) => r.path === '/djapi/provider/weapp/login');
    assert.ok(exchange, `code2session was asked (requests: ${seen.map((r) => r.path).join(', ')})`);
    assert.match(String(typeof exchange.data === 'string' ? exchange.data : JSON.stringify(exchange.data)), /harness-login-code/);
    const text = page.text();
    assert.ok(text.includes(t('account.login.wechatPhone')), `the phone-number button shows (${text})`);
    assert.ok(text.includes(t('account.login.sendCode')), 'the SMS form is there too');
    assert.ok(page.findText(t('account.login.serviceTerms')), 'with the agreement links');
    assert.deepEqual(h.problems(), []);
    h.dispose();
    h = undefined;
  });

  test('a bound WeChat user is logged in at once and continues to redirect', async () => {
    const { handler } = server({ bound: true });
    h = await bootWeapp({ request: handler });
    await h.openPage(`${LOGIN_PAGE}?redirect=%2Fmy-money`);
    await settle(2_500); // the success toast is held 800 ms before the next page opens
    const relaunches = h.callsOf('reLaunch').map((call) => String(call.url));
    assert.ok(relaunches.some((url) => url.startsWith('/pages/my-money/index')), `relaunched to my money (${relaunches.join(', ')})`);
    assert.deepEqual(h.problems(), []);
  });
});
