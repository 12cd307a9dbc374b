// The global header of docs/PRODUCT.md §2 as a visitor meets it: on a desktop and on a phone, anonymous and logged in,
// in a plain browser, inside a partner's app and inside our own app.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { PARTNER_CHANNEL_IDS } from '../../src/lib/constants';
import shellMessages from '../../src/locales/messages/shell';
import accountMessages from '../../src/locales/messages/account';
import {
  collectPageErrors,
  launchBrowser,
  openDesktop,
  openPhone,
  seedLoggedInUser,
  startServer,
  userAgents,
  waitForAppPage,
  type RunningServer,
  type SeededUser,
} from './harness';

const zh = shellMessages['zh-CN'];
const accountZh = accountMessages['zh-CN'];
const FUND_APP_UA = `${userAgents.iphoneSafari} danjuanfund/6.91.0 DJ/6910`;

/** The five navigation entries in spec order: test id, label, target. */
const NAV = [
  { id: 'nav-home', label: zh['shell.nav.home'], href: '/' },
  { id: 'nav-fundFilter', label: zh['shell.nav.fundFilter'], href: '/rn/fund/filter' },
  { id: 'nav-indexMass', label: zh['shell.nav.indexMass'], href: '/index-mass' },
  { id: 'nav-qdii', label: zh['shell.nav.qdii'], href: '/rank-xq/qdii' },
  { id: 'nav-valueCenter', label: zh['shell.nav.valueCenter'], href: '/djmodule/value-center' },
] as const;

const HEADER = '[data-testid="global-header"]';

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // Every page (even 404) has a body; wait until the app has rendered something of its own.
  await waitForAppPage(page);
}

/** Which nav links say they are the current page. */
async function highlighted(page: Page): Promise<string[]> {
  const current: string[] = [];
  for (const link of NAV) {
    const locator = page.getByTestId(link.id);
    if ((await locator.getAttribute('aria-current')) === 'page') {
      assert.match((await locator.getAttribute('class')) ?? '', /--active/, `${link.id} is drawn highlighted too`);
      current.push(link.id);
    }
  }
  return current;
}

describe('global header', () => {
  let server: RunningServer;
  let browser: Browser;
  let user: SeededUser | undefined;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer({}, { prepareDatabase: async (db) => void (user = await seedLoggedInUser(db)) }),
      launchBrowser(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('desktop (1280 wide), anonymous, plain browser', () => {
    let page: Page;
    let errors: string[];

    before(async () => {
      ({ page } = await openDesktop(browser));
      errors = collectPageErrors(page);
      await open(page, `${server.url}/index`);
    });

    after(() => assert.deepEqual(errors, [], 'no uncaught page errors'));

    it('the logo links to /', async () => {
      assert.equal(await page.getByTestId('header-logo').getAttribute('href'), '/');
      assert.ok(await page.getByTestId('header-logo').isVisible());
      assert.ok(await page.getByTestId('header-logo').getByText(zh['shell.brand']).isVisible());
    });

    it('shows the five navigation links with their targets, in order, without opening a menu', async () => {
      const links = page.locator(`${HEADER} nav a`);
      assert.deepEqual(
        await links.allInnerTexts(),
        NAV.map((l) => l.label),
      );
      for (const link of NAV) {
        const locator = page.getByTestId(link.id);
        assert.ok(await locator.isVisible(), `${link.label} is visible`);
        assert.equal(await locator.getAttribute('href'), link.href);
      }
    });

    it('highlights home on /index and only home', async () => {
      assert.deepEqual(await highlighted(page), ['nav-home']);
    });

    it('highlights the current section', async () => {
      await open(page, `${server.url}/djmodule/value-center`);
      await page.locator(`${HEADER}:visible [data-testid="nav-valueCenter"][aria-current="page"]`).waitFor();
      assert.deepEqual(await highlighted(page), ['nav-valueCenter']);
      await open(page, `${server.url}/rank-xq/qdii`);
      assert.deepEqual(await highlighted(page), ['nav-qdii']);
      await open(page, `${server.url}/n/demo`);
      assert.deepEqual(await highlighted(page), [], 'no section is current on the demo page');
      await open(page, `${server.url}/index`);
    });

    it('clicking a nav link moves to that page and moves the highlight', async () => {
      await page.getByTestId('nav-qdii').click();
      await page.waitForURL((url) => url.pathname === '/rank-xq/qdii');
      // The single-page app keeps the previous page hidden in the DOM: read the visible header.
      await page.locator(`${HEADER}:visible [data-testid="nav-qdii"][aria-current="page"]`).waitFor();
      await open(page, `${server.url}/index`);
    });

    it('offers account opening (/ccount) and a login that comes back to this page', async () => {
      await open(page, `${server.url}/n/demo?channel=abc`);
      const account = page.getByTestId('header-account');
      const openAccount = account.getByRole('link', { name: zh['shell.header.openAccount'] });
      await openAccount.waitFor();
      assert.equal(await openAccount.getAttribute('href'), '/ccount');
      const login = page.getByTestId('header-login');
      assert.equal(await login.innerText(), zh['shell.header.login']);
      const href = (await login.getAttribute('href')) ?? '';
      const target = new URL(href, server.url);
      assert.equal(target.pathname, '/account/login');
      assert.equal(target.searchParams.get('redirect'), '/n/demo?channel=abc');
      await login.click();
      await page.waitForURL((url) => url.pathname === '/account/login');
      await page.waitForFunction((title) => document.title === title, accountZh['account.login.title']);
      await page.getByText(accountZh['account.login.sendCode']).first().waitFor();
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/n/demo?channel=abc', 'login keeps where to come back to');
    });

    it('shows the Download App box (iPhone, Android → /download, QR code) and the customer-service box', async () => {
      await open(page, `${server.url}/index`);
      const download = page.getByTestId('header-download');
      assert.ok(await download.isVisible());
      const iphone = download.getByRole('link', { name: zh['shell.download.iphone'] });
      const android = download.getByRole('link', { name: zh['shell.download.android'] });
      const qr = download.getByRole('img', { name: zh['shell.download.qrAlt']!.replace('{name}', zh['shell.brand']!) });
      // On a desktop the buttons and the QR code open under the box's title on hover, so the bar keeps its height.
      assert.equal(await qr.isVisible(), false);
      assert.equal(await iphone.count(), 0, 'the iPhone button waits for the hover');
      await download.hover();
      await qr.waitFor({ state: 'visible' });
      assert.match((await iphone.getAttribute('href')) ?? '', /^https:\/\/apps\.apple\.com\//);
      assert.equal(await android.getAttribute('href'), '/download');
      assert.ok(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the QR image loads');
      const service = page.getByTestId('header-service');
      assert.ok(await service.isVisible());
      const chat = service.getByRole('link', { name: zh['shell.service.open'] });
      const chatUrl = new URL((await chat.getAttribute('href')) ?? '', server.url);
      assert.equal(chatUrl.pathname, '/service/customservice');
      assert.equal(chatUrl.searchParams.get('snb_account_type'), '2');
      assert.deepEqual(JSON.parse(chatUrl.searchParams.get('params') ?? '{}'), { entryPage: '/index' });
    });

    it('is not drawn on activity pages nor on the OAuth loading page', async () => {
      // The pension zone (issue 24) is an activity page of its own: drawn, with no header.
      await open(page, `${server.url}/n/activity/pension`);
      await page.locator('.pen-hero__title').waitFor();
      assert.equal(await page.locator(HEADER).count(), 0, '/n/activity/pension has no header');
      await open(page, `${server.url}/n/activity/competition/1`);
      assert.equal(await page.locator(HEADER).count(), 0, '/n/activity/competition/1 has no header');
      // The OAuth loading page moves on once the login state is known: hold that answer to look at it.
      await page.route('**/djapi/account', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue().catch(() => undefined);
      });
      // The code exchange is held to look at the page; a code WeChat never issued fails, so it continues to the
      // SMS login (with its redirect).
      await page.route('**/djapi/provider/oauth/wechat', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${server.url}/thirdAppSupport/redirect?redirect=/transform-common-question&code=not-issued&state=x`, {
        waitUntil: 'commit',
      });
      await page.locator('.page-shell__body').getByText(zh['shell.oauth.loading']).waitFor();
      assert.equal(await page.locator(HEADER).count(), 0, 'the OAuth loading page has no header');
      await page.waitForURL(
        (url) => url.pathname === '/account/login' && url.searchParams.get('redirect') === '/transform-common-question',
      );
      await page.unroute('**/djapi/account');
      await page.unroute('**/djapi/provider/oauth/wechat');
      await open(page, `${server.url}/transform-common-question`);
      assert.equal(await page.locator(HEADER).count(), 1, 'other pages do have it');
    });
  });

  describe('where the Download App box belongs', () => {
    it('is hidden inside a partner app (partner channel)', async () => {
      const { context, page } = await openDesktop(browser);
      await open(page, `${server.url}/index?channel=${PARTNER_CHANNEL_IDS[0]}`);
      await page.getByTestId('header-service').waitFor();
      assert.equal(await page.getByTestId('header-download').count(), 0);
      // The channel holds for the visit: still hidden on the next page opened without it.
      await open(page, `${server.url}/transform-common-question`);
      await page.getByTestId('header-service').waitFor();
      assert.equal(await page.getByTestId('header-download').count(), 0);
      await context.close();
    });

    it('is hidden inside the stock-community app', async () => {
      const { context, page } = await openPhone(browser, { userAgent: `${userAgents.iphoneSafari} Xueqiu iPhone 14.20`, width: 1024 });
      await open(page, `${server.url}/index`);
      await page.getByTestId('header-service').waitFor({ state: 'attached' });
      assert.equal(await page.getByTestId('header-download').count(), 0);
      await context.close();
    });

    it('is hidden inside our own fund app', async () => {
      const { context, page } = await openPhone(browser, { userAgent: FUND_APP_UA, width: 1024 });
      await open(page, `${server.url}/index`);
      await page.getByTestId('header-service').waitFor({ state: 'attached' });
      assert.equal(await page.getByTestId('header-download').count(), 0);
      await context.close();
    });

    it('is shown in the WeChat browser (it can download apps)', async () => {
      const { context, page } = await openPhone(browser, { userAgent: userAgents.wechat, width: 1024 });
      await open(page, `${server.url}/index`);
      assert.ok(await page.getByTestId('header-download').isVisible());
      await context.close();
    });
  });

  describe('logged in', () => {
    it('shows Welcome with the masked phone linking to /my-money, and [Exit] logs out', async (t) => {
      if (!user) return t.skip('no user could be seeded');
      const { context, page } = await openDesktop(browser);
      const errors = collectPageErrors(page);
      await context.addCookies([{ name: 'xq_a_token', value: user.token, url: server.url }]);
      await open(page, `${server.url}/index`);
      const welcome = page.getByRole('link', { name: zh['shell.header.welcome'].replace('{phone}', '138****5678') });
      await welcome.waitFor();
      assert.equal(await welcome.getAttribute('href'), '/my-money');
      assert.equal(await page.getByTestId('header-login').count(), 0, 'no Login link when logged in');
      assert.equal(await page.getByRole('link', { name: zh['shell.header.openAccount'] }).count(), 0);

      await page.getByRole('button', { name: zh['shell.header.exit'] }).click();
      // Logout lands on the remove-cookies page, which starts again at home, anonymous.
      await page.waitForURL((url) => url.pathname === '/index');
      await page.locator(`${HEADER}:visible [data-testid="header-login"]`).waitFor();
      const account = await page.request.get(`${server.url}/djapi/account`);
      const body = (await account.json()) as { result_code: number };
      assert.equal(body.result_code, 300001, 'the session is over on the server');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  describe('phone (390 wide)', () => {
    it('shows a compact bar; the menu opens onto the same entries', async () => {
      const { context, page } = await openPhone(browser);
      const errors = collectPageErrors(page);
      await open(page, `${server.url}/index`);
      assert.ok(await page.getByTestId('header-logo').isVisible());
      assert.equal(await page.getByTestId('nav-home').isVisible(), false, 'links wait behind the menu');
      const header = await page.locator(HEADER).boundingBox();
      assert.ok(header && header.height <= 80, `the closed bar is compact (${header?.height}px)`);
      assert.ok(header && header.width <= 390, 'the bar fits the phone');

      const menu = page.getByRole('button', { name: zh['shell.header.menu'] });
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      await menu.tap();
      await page.getByRole('button', { name: zh['shell.header.closeMenu'] }).waitFor();
      for (const link of NAV) {
        assert.ok(await page.getByTestId(link.id).isVisible(), `${link.label} is reachable from the menu`);
      }
      assert.ok(await page.getByTestId('header-login').isVisible());
      assert.ok(await page.getByTestId('header-download').isVisible());
      assert.ok(await page.getByTestId('header-service').isVisible());
      // Nothing in the open menu is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= 390, `no horizontal scrolling (${overflow}px)`);

      await page.getByTestId('nav-indexMass').tap();
      await page.waitForURL((url) => url.pathname === '/index-mass');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
