// Issue #5 login paths in Chromium against the real server: the login page itself (brand, what the account gives,
// the form on the page); one-tap login → code modal → other-account form; the resend timer and voice prompt on a
// test clock; /n/mobile-login; the WeChat browser's OAuth round trip with the fake WeChat; inside the fund native app
// through the fake bridge host (the app's own session, and SMS login whose listed calls go encrypted through the bridge).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_BRAND } from '../../src/lib/brand';
import shellMessages from '../../src/locales/messages/shell';
import { IDENTITY_COOKIES } from '../../src/platform/cookie-names';
import {
  collectPageErrors,
  launchBrowser,
  openPhone,
  root,
  seedLoggedInUser,
  startServer,
  userAgents,
  type RunningServer,
  type SeededUser,
} from './harness';
import {
  button,
  fill,
  becomesEnabled,
  isDisabled,
  see,
  shown,
  freshPhone,
  latestCode,
  loginWithForm,
  smsFor,
  zhAccount,
  STEP_TIMEOUT_MS,
} from './account-support';

const zhShell = shellMessages['zh-CN'];
const fakeNativeHost = readFileSync(path.join(root, 'tests/e2e/fake-native-host.js'), 'utf8');
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

async function welcome(page: Page, phone: string): Promise<void> {
  await see(page, fill(zhAccount['account.my.welcome'], { phone: masked(phone) })).waitFor();
}

describe('account login paths', () => {
  let server: RunningServer;
  let browser: Browser;
  let nativeUser: SeededUser;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({}, { prepareDatabase: async (db) => void (nativeUser = await seedLoggedInUser(db, '13500001111')) }),
      launchBrowser(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the login page: the operator’s name, what the account gives, and the form on the page (no sheet over an empty page)', async () => {
    const { context, page } = await openPhone(browser);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/account/login?redirect=%2Fmy-money`);
    const app = page.locator('#app');
    const brand = shown(app, '.account-login__brand');
    await brand.getByText(DEFAULT_BRAND.name, { exact: true }).waitFor();
    await brand.getByText(zhAccount['account.login.tagline']).waitFor();
    const form = shown(app, '.account-phone-form');
    await form.waitFor();
    await button(form, zhAccount['account.login.sendCode']).waitFor();
    await form.getByText(zhAccount['account.login.serviceTerms']).waitFor();
    await button(form, zhAccount['account.login.submit']).waitFor();
    // Laid out on the page: nothing dims it, and the form is in no popup (NutUI may draw popups outside #app).
    assert.equal(await page.locator('.nut-overlay').filter({ visible: true }).count(), 0, 'no overlay');
    assert.equal(await page.locator('.nut-popup .account-phone-form').count(), 0, 'the form is not in a popup');
    const brandBox = (await brand.boundingBox())!;
    const formBox = (await form.boundingBox())!;
    assert.ok(brandBox.y + brandBox.height <= formBox.y, 'the brand above the form');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('one-tap login (the phone that last logged in) → code modal → "Log in to another account" → the full form', async () => {
    const phone = freshPhone('136');
    // The phone that logged in last on this device, as the app stores it (Taro storage wraps values in {data}).
    const { context, page } = await openPhone(browser, {
      initScripts: [`localStorage.setItem('dj-last-login-phone', ${JSON.stringify(JSON.stringify({ data: phone }))});`],
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const errors = collectPageErrors(page);
    await page.goto(`${server.url}/my-money`);
    await button(page, zhAccount['account.login.goLogin']).click();
    await page.waitForURL((url) => url.pathname === '/account/login' && url.searchParams.get('redirect') === '/my-money');
    const sheet = shown(page, '.account-one-tap');
    await sheet.getByText(masked(phone), { exact: true }).waitFor();
    assert.equal(await sheet.getByText(phone).count(), 0, 'the full phone is never shown');
    // On the login page under the operator's name, not in a sheet over an empty page.
    await shown(page.locator('#app'), '.account-login__brand').getByText(DEFAULT_BRAND.name, { exact: true }).waitFor();
    assert.equal(await page.locator('.nut-popup .account-one-tap').count(), 0, 'the one-tap step is not in a popup');
    await sheet.getByText(zhAccount['account.login.serviceTerms']).waitFor();
    await sheet.getByText(zhAccount['account.login.privacyPolicy']).waitFor();
    // Named for what it does (issue 17): it sends a code to the remembered phone.
    const loginButton = button(sheet, fill(zhAccount['account.login.sendCodeTo'], { phone: masked(phone) }));
    assert.ok(await isDisabled(loginButton), 'disabled until the agreement is ticked');
    // A tap on it says why (a toast and a line under the box), and sends nothing.
    await sheet.locator('.account-agreement-gate__tap').click();
    await sheet.locator('.account-agreement__hint').getByText(zhAccount['account.login.agreeFirst']).waitFor();
    await sheet.locator('.account-agreement .nut-checkbox').click();
    await sheet.locator('.account-agreement__hint').waitFor({ state: 'detached' });
    assert.ok(await becomesEnabled(loginButton), 'enabled once the agreement is ticked');
    assert.equal((await smsFor(server.url, phone)).length, 0);

    await loginButton.click();
    const modal = shown(page, '.account-code-modal');
    await modal.getByText(fill(zhAccount['account.login.codeSentTo'], { phone: masked(phone) })).waitFor();
    const { code } = await latestCode(server.url, phone);
    assert.equal((await smsFor(server.url, phone)).length, 1, 'the modal sent a code by itself');
    const verify = button(modal, zhAccount['account.login.verify']);
    await modal.locator('input[name="code"]').fill(code.slice(0, 3));
    assert.ok(await isDisabled(verify), 'Verify needs 4 characters');
    await modal.locator('input[name="code"]').fill(code);
    assert.ok(await becomesEnabled(verify), 'Verify with 4 characters');

    await modal.getByText(zhAccount['account.login.otherAccount']).click();
    const form = shown(page, '.account-phone-form');
    await form.waitFor();
    const formLogin = button(form, zhAccount['account.login.submit']);
    await form.locator('input[name="telephone"]').fill('1360000');
    await form.locator('input[name="code"]').fill(code);
    await form.locator('.account-agreement .nut-checkbox').click();
    assert.ok(await isDisabled(formLogin), 'a phone of 7 characters keeps Login disabled');
    await button(form, zhAccount['account.login.sendCode']).click();
    await see(page, '请输入正确的手机号').waitFor();
    assert.equal((await smsFor(server.url, '1360000')).length, 0, 'nothing was sent');

    // The same phone with the code the modal sent (still valid): logged in, back on my money.
    await form.locator('input[name="telephone"]').fill(` ${phone} `);
    assert.ok(await becomesEnabled(formLogin), 'inputs are trimmed');
    await formLogin.click();
    await page.waitForURL((url) => url.pathname === '/my-money');
    await welcome(page, phone);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the resend timer: "重新发送(n)" disabled for 30 s; 1 s after it ends the voice offer; cancel dismisses', async () => {
    const { context, page } = await openPhone(browser);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const phone = freshPhone('135');
    await page.clock.install();
    // The screen registers the secure-API device as it opens (an X25519 exchange: the crypto chunk and one call):
    // let that finish before the page's clock is paused.
    const registered = page.waitForResponse((r) => r.url().includes('/xqapi/ee2e/public_key_web') && r.status() === 200, {
      timeout: 240_000,
    });
    await page.goto(`${server.url}/n/mobile-login`);
    await registered;
    const form = shown(page, '.account-phone-form');
    await form.locator('input[name="telephone"]').fill(phone);
    await page.clock.pauseAt(new Date(Date.now() + 5_000));
    await button(form, zhAccount['account.login.sendCode']).click();
    await latestCode(server.url, phone);
    const countdown = (n: number) => button(form, fill(zhAccount['account.login.resendIn'], { n }));
    await countdown(30).waitFor();
    assert.ok(await isDisabled(countdown(30)));
    await page.clock.runFor(1_000);
    await countdown(29).waitFor();
    await page.clock.runFor(29_000);
    await countdown(0).waitFor();
    assert.ok(await isDisabled(countdown(0)));
    await page.clock.runFor(1_000);
    const resend = button(form, zhAccount['account.login.resend']);
    await resend.waitFor();
    assert.ok(await becomesEnabled(resend), 'enabled once the countdown is below zero');
    const prompt = see(page, zhAccount['account.login.voicePrompt']);
    assert.equal(await prompt.isVisible(), false, 'no voice offer yet');
    await page.clock.runFor(1_000);
    await prompt.waitFor();
    await button(shown(page, '.account-voice-dialog'), zhAccount['account.login.cancel']).click();
    await prompt.waitFor({ state: 'hidden' });
    assert.equal((await smsFor(server.url, phone)).length, 1, 'cancel sends nothing');
    await context.close();
  });

  it('confirming the voice offer re-sends the code by voice', async () => {
    const { context, page } = await openPhone(browser);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const phone = freshPhone('133');
    await page.clock.install();
    // The screen registers the secure-API device as it opens (an X25519 exchange: the crypto chunk and one call):
    // let that finish before the page's clock is paused.
    const registered = page.waitForResponse((r) => r.url().includes('/xqapi/ee2e/public_key_web') && r.status() === 200, {
      timeout: 240_000,
    });
    await page.goto(`${server.url}/n/mobile-login`);
    await registered;
    const form = shown(page, '.account-phone-form');
    await form.locator('input[name="telephone"]').fill(phone);
    await page.clock.pauseAt(new Date(Date.now() + 5_000));
    await button(form, zhAccount['account.login.sendCode']).click();
    const first = await latestCode(server.url, phone);
    assert.equal(first.voice, false);
    // The page's clock is paused; the server's is real and throttles a resend for 30 s: wait those out.
    await new Promise((resolve) => setTimeout(resolve, 31_000));
    await page.clock.runFor(32_000);
    await see(page, zhAccount['account.login.voicePrompt']).waitFor();
    await button(shown(page, '.account-voice-dialog'), zhAccount['account.login.voiceConfirm']).click();
    const voice = await latestCode(server.url, phone, { after: first.sent_at });
    assert.equal(voice.voice, true, 'the re-sent code is a voice call');
    await button(form, fill(zhAccount['account.login.resendIn'], { n: 30 })).waitFor();
    // Voice and code still log in (time flows again for the rest of the page's work).
    await page.clock.resume();
    await form.locator('input[name="code"]').fill(voice.code);
    await form.locator('.account-agreement .nut-checkbox').click();
    await button(form, zhAccount['account.login.submit']).click();
    await page.waitForURL((url) => url.pathname === '/index');
    await page
      .getByTestId('header-account')
      .getByText(fill(zhShell['shell.header.welcome'], { phone: masked(phone) }))
      .waitFor({ state: 'attached' });
    await context.close();
  });

  it('WeChat browser: OAuth with the fake WeChat; a new WeChat user binds by SMS, then logs in by OAuth alone, then unbinds', async () => {
    const { context, page } = await openPhone(browser, { userAgent: userAgents.wechat });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const errors = collectPageErrors(page);
    const phone = freshPhone('134');
    await page.goto(`${server.url}/my-money`);
    await button(page, zhAccount['account.login.goLogin']).click();
    // → /djapi/wechat/oauth/authorize → fake WeChat → /thirdAppSupport/redirect → not bound → SMS login.
    await page.waitForURL((url) => url.pathname === '/account/login' && url.searchParams.get('oauth') === 'done');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/my-money');
    await loginWithForm(page, server.url, phone);
    await page.waitForURL((url) => url.pathname === '/my-money');
    await welcome(page, phone);

    // Log out; the next login is WeChat alone (the openid is bound now).
    await button(page, zhAccount['account.my.logout']).click();
    await page.getByTestId('header-login').waitFor({ state: 'attached' });
    await page.goto(`${server.url}/my-money`);
    await button(page, zhAccount['account.login.goLogin']).click();
    await page.waitForURL((url) => url.pathname === '/my-money' && !url.search.includes('code='));
    await welcome(page, phone);

    // Unbind WeChat (docs/PRODUCT.md §4: followed by logout): logged out, identity cookies gone, back home; the next WeChat
    // login finds the openid unbound and comes back to the SMS screens.
    await button(page, zhAccount['account.my.unbind']).click();
    await page.waitForURL((url) => url.pathname === '/index' || url.pathname === '/');
    await page.getByTestId('header-login').waitFor({ state: 'attached' });
    const left = (await context.cookies(server.url)).filter(
      (c) => (IDENTITY_COOKIES as readonly string[]).includes(c.name) && c.value !== '',
    );
    assert.deepEqual(
      left.map((c) => c.name),
      [],
      'no identity cookie left',
    );
    await page.goto(`${server.url}/my-money`);
    await see(page, zhAccount['account.login.notLoggedIn']).waitFor();
    await button(page, zhAccount['account.login.goLogin']).click();
    await page.waitForURL((url) => url.pathname === '/account/login' && url.searchParams.get('oauth') === 'done');
    // The SMS screens, starting with one-tap login for the phone that logged in last here.
    const sheet = shown(page, '.account-one-tap');
    await sheet.getByText(masked(phone), { exact: true }).waitFor();
    // After logout the remembered phone is still offered: it can be forgotten here (issue 17).
    await sheet.getByText(zhAccount['account.login.forgetPhone']).click();
    await shown(page, '.account-phone-form').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('dj-last-login-phone')), null);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('inside the fund app: the app hands over its session through the bridge (native login)', async () => {
    const base = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const { context, page } = await openPhone(browser, {
      userAgent: `${base} danjuanfund/6.91.0 DJ/6910`,
      initScripts: [
        `window.__fakeNativeConfig = ${JSON.stringify({ responses: { 'auth.getAccessToken': nativeUser.token } })};`,
        fakeNativeHost,
      ],
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${server.url}/my-money`);
    await button(page, zhAccount['account.login.goLogin']).click();
    await page.waitForURL((url) => url.pathname === '/my-money');
    await welcome(page, nativeUser.telephone);
    const calls = await page.evaluate(() =>
      (window as unknown as { __nativeCalls: { action: string }[] }).__nativeCalls.map((c) => c.action),
    );
    assert.ok(calls.includes('auth.getAccessToken'), `the page asked the app for its token (${calls.join(', ')})`);
    await context.close();
  });

  it('inside the fund app without an app session: the app login is offered, then SMS login through the bridge, encrypted', async () => {
    const base = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    const { context, page } = await openPhone(browser, {
      userAgent: `${base} danjuanfund/6.91.0 DJ/6910`,
      initScripts: [
        `window.__fakeNativeConfig = ${JSON.stringify({ responses: { 'auth.getAccessToken': '', 'auth.verifyTelephone': { verified: false } } })};`,
        fakeNativeHost,
      ],
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const errors = collectPageErrors(page);
    const phone = freshPhone('132');
    await page.goto(`${server.url}/account/login?redirect=%2Fmy-money`);
    await see(page, zhAccount['account.login.nativeFailed']).waitFor();
    await shown(page, '.account-phone-form').waitFor();
    const actions = await page.evaluate(() =>
      (window as unknown as { __nativeCalls: { action: string }[] }).__nativeCalls.map((c) => c.action),
    );
    assert.ok(actions.includes('auth.verifyTelephone'), 'the app was asked to log the user in');

    // The SMS form: every request leaves through the app, which performs it with fetch against the real server.
    // The server refuses the listed send and token calls in clear (900001), so a code in the outbox and a login
    // prove both went encrypted.
    await loginWithForm(page, server.url, phone);
    await page.waitForURL((url) => url.pathname === '/my-money');
    await welcome(page, phone);
    interface Delegated {
      action: string;
      params: { url: string; type: string; data?: Record<string, unknown>; body?: string; headers?: Record<string, string> };
    }
    const calls = await page.evaluate(() => (window as unknown as { __nativeCalls: Delegated[] }).__nativeCalls);
    const delegated = (path: string) =>
      calls.filter((c) => c.action === 'fund.request' && new URL(c.params.url, 'http://x').pathname === path);
    for (const path of ['/xqapi/account/sms/send_verification_code.json', '/xqapi/provider/oauth/token']) {
      const listed = delegated(path).filter((c) => c.params.type === 'POST');
      assert.ok(listed.length >= 1, `${path} went through the bridge (${calls.map((c) => c.params.url ?? c.action).join(', ')})`);
      for (const call of listed) {
        assert.equal(call.params.headers?.isenc, '1', `${path} carries isenc: 1`);
        assert.match(call.params.headers?.['X-Device-Id'] ?? '', /^[0-9a-f-]{36}$/, `${path} carries the device id`);
        assert.deepEqual(call.params.data, {}, `${path}: no plaintext data beside the encrypted body`);
        assert.ok(call.params.body && !call.params.body.includes(phone), `${path}: the body is the encrypted message`);
      }
    }

    // Logging out through the app ends the session on the server too: the logout POST carries the XSRF echo
    // that a cookie session needs (before the bridge passed headers, it was refused and the token stayed valid).
    const token = (await context.cookies(server.url)).find((c) => c.name === 'xq_a_token')?.value ?? '';
    assert.ok(token, 'logged in with a cookie session');
    const account = async () =>
      (
        (await (await fetch(`${server.url}/djapi/account`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
          result_code: number;
        }
      ).result_code;
    assert.equal(await account(), 0);
    await button(page, zhAccount['account.my.logout']).click();
    await page.getByTestId('header-login').waitFor({ state: 'attached' });
    assert.notEqual(await account(), 0, 'the server no longer knows the token');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
