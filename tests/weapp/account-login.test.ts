// The mini program's own login page (docs/PRODUCT.md §4 "Mini program: opens the native login page"): in the main
// package, rendered by the plain-Node harness; wx.login → code2session on our server; a bound WeChat user is
// logged in at once and sent on to redirect, a new one gets WeChat's phone-number button and the SMS form; the
// button's getphonenumber event logs that phone in against the real server (its fake WeChat).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { t } from '../../src/locales/account';
import { createTestApp, type TestApp } from '../server/helpers';
import { LOGIN_AGREEMENTS, formatAcceptedAgreements } from '../../src/lib/agreements';
import { bootWeapp, type PageHandle, type WeappHarness } from './harness';
import { readAppJson, waitForBuild } from './weapp-build';
import type { RequestHandler, WxRequest, WxResponse } from './wx-stub';

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
      return {
        data: {
          result_code: 0,
          data: options.bound ? { logged_in: true, access_token: 'f'.repeat(40) } : { logged_in: false, thirdparty_token: 'tp-1' },
        },
      };
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

/** wx.request answered by the real server app in this process (`inject`): status, headers, Set-Cookie, body text. */
function realServer(testApp: TestApp): RequestHandler {
  return async (request) => {
    const payload =
      request.data === undefined || request.data === null
        ? undefined
        : typeof request.data === 'string'
          ? request.data
          : JSON.stringify(request.data);
    const res = await testApp.app.inject({
      method: request.method as 'GET' | 'POST',
      url: request.url.replace(/^[a-z]+:\/\/[^/]+/i, ''),
      headers: request.header,
      payload,
    });
    const setCookie = res.headers['set-cookie'];
    const header: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (name !== 'set-cookie' && value !== undefined) header[name] = String(value);
    return {
      statusCode: res.statusCode,
      data: res.body,
      header,
      cookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)],
    };
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function settle(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the phone-number button is WeChat's phone button (open-type getPhoneNumber) right now. */
function isPhoneButton(page: PageHandle): boolean {
  const ref = page.findText(t('account.login.wechatPhone'));
  const button = ref?.ancestors.find((node) => page.tagOf(node) === 'button');
  assert.ok(button, 'the phone-number button is drawn');
  return Object.values(button).includes('getPhoneNumber');
}

/** Ticks the agreement box of the WeChat login (drawn above the phone button, before the SMS form's own). */
async function tickWechatAgreement(page: PageHandle): Promise<void> {
  await page.tap(t('account.login.agreePrefix'));
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
    assert.ok(
      relaunches.some((url) => url.startsWith('/pages/my-money/index')),
      `relaunched to my money (${relaunches.join(', ')})`,
    );
    assert.deepEqual(h.problems(), []);
  });

  test('the phone-number button stays unusable until the agreement is ticked, and says so when tapped', async () => {
    const { handler, seen } = server({ bound: false });
    h = await bootWeapp({ request: handler });
    const page = await h.openPage(`${LOGIN_PAGE}?redirect=%2Fmy-money`);
    assert.ok(page, 'the login page opened');
    await until(() => page.findText(t('account.login.wechatPhone')) !== null, 'the phone-number button');
    const phoneCalls = () => seen.filter((r) => r.path === '/djapi/provider/weapp/phone');
    const agreeFirst = t('account.login.agreeFirst');
    assert.ok(!page.text().includes(agreeFirst), 'no hint before any tap');

    // Unticked: not WeChat's phone button (no phone sheet); a tap says the agreement must be ticked, as the SMS form does.
    assert.equal(isPhoneButton(page), false, 'no open-type getPhoneNumber while unticked');
    await page.tap(t('account.login.wechatPhone'));
    await until(() => page.text().includes(agreeFirst), 'the agreement hint');
    // Even an event that slipped through sends nothing.
    await page.trigger(t('account.login.wechatPhone'), 'getphonenumber', { errMsg: 'getPhoneNumber:ok', code: 'fakephone.13912345678.x' });
    await settle();
    assert.equal(phoneCalls().length, 0, 'nothing was sent unticked');

    // Ticked: the button is WeChat's phone button, and its call carries the accepted agreements.
    await tickWechatAgreement(page);
    assert.equal(isPhoneButton(page), true, 'open-type getPhoneNumber once ticked');
    await page.trigger(t('account.login.wechatPhone'), 'getphonenumber', { errMsg: 'getPhoneNumber:ok', code: 'fakephone.13912345678.x' });
    await until(() => phoneCalls().length > 0, 'the phone login call');
    const body = new URLSearchParams(String(phoneCalls()[0]!.data));
    assert.equal(body.get('agreements'), formatAcceptedAgreements(LOGIN_AGREEMENTS));
    assert.equal(body.get('agreements'), 'service@2026.1,privacy@2026.1');
    assert.deepEqual(h.problems(), []);
    h.dispose();
    h = undefined;
  });

  test("the phone-number button: WeChat's code goes to the server, its fake WeChat names the phone, the user is in", async () => {
    const server = await createTestApp();
    const telephone = '13912345678';
    try {
      h = await bootWeapp({ request: realServer(server) });
      const page = await h.openPage(`${LOGIN_PAGE}?redirect=%2Fmy-money`);
      assert.ok(page, 'the login page opened');
      await until(() => page.findText(t('account.login.wechatPhone')) !== null, 'the phone-number button');
      const phoneCalls = () => h!.callsOf('request').filter((r) => String(r.url).includes('/djapi/provider/weapp/phone'));
      await tickWechatAgreement(page);

      // The user declines in WeChat's sheet: no code, nothing sent, still on the login page.
      await page.trigger(t('account.login.wechatPhone'), 'getphonenumber', { errMsg: 'getPhoneNumber:fail user deny' });
      assert.equal(phoneCalls().length, 0);

      // Allowed: WeChat hands the button a code; the fake WeChat reads `fakephone.<number>.<nonce>` as that number.
      await page.trigger(t('account.login.wechatPhone'), 'getphonenumber', {
        errMsg: 'getPhoneNumber:ok',
        code: `fakephone.${telephone}.harness`,
      });
      await until(() => h!.callsOf('reLaunch').length > 0, 'the relaunch after login');
      assert.equal(phoneCalls().length, 1);
      assert.ok(
        h.callsOf('reLaunch').some((call) => String(call.url).startsWith('/pages/my-money/index')),
        'continues to redirect',
      );

      // The server made the user, bound the mini program identity to it, and the session rides in the cookie jar.
      const user = await server.db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).executeTakeFirst();
      assert.ok(user, 'the user exists');
      const bindings = await server.db.kysely.selectFrom('thirdparty_bindings').select('source').where('user_id', '=', user.id).execute();
      assert.deepEqual(
        bindings.map((b) => b.source),
        ['xqfdweixin'],
      );
      // The agreements ticked above the button are recorded like the SMS login's (context login).
      const agreements = await server.db.kysely
        .selectFrom('agreement_acceptances')
        .select(['agreement_id', 'version', 'context'])
        .where('user_id', '=', user.id)
        .orderBy('agreement_id')
        .execute();
      assert.deepEqual(agreements, [
        { agreement_id: 'privacy', version: '2026.1', context: 'login' },
        { agreement_id: 'service', version: '2026.1', context: 'login' },
      ]);
      const money = await h.openPage('pages/my-money/index');
      await until(() => money!.text().includes(t('account.my.welcome', { phone: '139****5678' })), 'my money with the phone');
      assert.deepEqual(h.problems(), []);
    } finally {
      h?.dispose();
      h = undefined;
      await server.close();
    }
  });
});
