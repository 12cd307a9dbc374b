// The H5 inside our own fund app's web view (docs/BRIDGE.md): the app's user agent, and the native side of the
// JS bridge played by fake-native-host.js. Requests must leave through the bridge, and the Download App box,
// pointless inside the app, must be gone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import demoMessages from '../../src/locales/messages/demo';
import homeMessages from '../../src/locales/messages/home';
import { collectPageErrors, launchBrowser, openPhone, root, startServer, userAgents, waitForAppPage, type RunningServer } from './harness';

const fakeNativeHost = readFileSync(path.join(root, 'tests/e2e/fake-native-host.js'), 'utf8');

interface NativeCall {
  action: string;
  params: { url?: string; type?: string };
}

function nativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(() => (window as unknown as { __nativeCalls: NativeCall[] }).__nativeCalls);
}

/** Opens `url` in a web view of the given app build, with the fake native host (optionally on iOS). */
async function openInApp(browser: Browser, serverUrl: string, url: string, appToken: string, platform: 'android' | 'ios' = 'android') {
  const base =
    platform === 'ios'
      ? userAgents.iphoneSafari
      : 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  const { context, page } = await openPhone(browser, {
    userAgent: `${base} ${appToken}`,
    initScripts: [`window.__fakeNativeConfig = ${JSON.stringify({ platform })};`, fakeNativeHost],
  });
  const errors = collectPageErrors(page);
  await page.goto(`${serverUrl}${url}`);
  await waitForAppPage(page);
  return { context, page, errors };
}

describe('inside the fund native app', () => {
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('app 6.91 (Android): the login check goes through fund.request and its answer reaches the page', async () => {
    const { context, page, errors } = await openInApp(browser, server.url, '/index', 'danjuanfund/6.91.0 DJ/6910');
    await page.getByText(homeMessages['zh-CN']['home.ranked.title']).waitFor();
    // The answer (not logged in) came back through the bridge: the header offers Login.
    await page.getByTestId('header-login').waitFor({ state: 'attached' });
    const calls = await nativeCalls(page);
    const accountCalls = calls.filter((call) => call.params.url?.startsWith('/djapi/account'));
    assert.ok(accountCalls.length >= 1, `a delegated /djapi/account request (calls: ${JSON.stringify(calls.map((c) => c.action))})`);
    assert.deepEqual(
      [...new Set(accountCalls.map((call) => call.action))],
      ['fund.request'],
      'from 6.91 requests use the dedicated action',
    );
    assert.equal(accountCalls[0]?.params.type, 'GET');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('an older app build (legacy bridge) delegates with the legacy action name', async () => {
    const { context, page, errors } = await openInApp(browser, server.url, '/index', 'danjuanfund/6.80.0 DJ/6800');
    await page.getByTestId('header-login').waitFor({ state: 'attached' });
    const actions = (await nativeCalls(page)).filter((call) => call.params.url?.startsWith('/djapi/account')).map((c) => c.action);
    assert.ok(actions.length >= 1);
    assert.deepEqual([...new Set(actions)], ['ajax']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the iOS host (webkit message handler) is used the same way', async () => {
    const { context, page, errors } = await openInApp(browser, server.url, '/index', 'danjuanfund/6.91.0 DJ/6910', 'ios');
    await page.getByTestId('header-login').waitFor({ state: 'attached' });
    const calls = (await nativeCalls(page)).filter((call) => call.params.url?.startsWith('/djapi/account'));
    assert.ok(calls.length >= 1, 'delegated through window.webkit.messageHandlers.DJBridge');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('hides the Download App box but keeps customer service', async () => {
    const { context, page, errors } = await openInApp(browser, server.url, '/index', 'danjuanfund/6.91.0 DJ/6910');
    await page.getByTestId('header-service').waitFor({ state: 'attached' });
    assert.equal(await page.getByTestId('header-download').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('other pages load too (demo page, 404) without page errors', async () => {
    const { context, page, errors } = await openInApp(browser, server.url, '/n/demo', 'danjuanfund/6.91.0 DJ/6910');
    await page.getByText(demoMessages['zh-CN']['demo.section.fundSamples']).waitFor();
    await page.goto(`${server.url}/funding/009005`);
    await page.getByTestId('fund-header').waitFor();
    await page.goto(`${server.url}/no/such/page`);
    await page.locator('[data-testid="not-found"]').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
