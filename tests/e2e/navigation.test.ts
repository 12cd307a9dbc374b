// Getting around the H5 (issue 17 "Navigation", "the desktop"): a page's title and back button in the header, the
// document title, the bottom tab bar of the top-level pages on phones, no second title bar inside hosts that draw
// their own (our native app, WeChat), the desktop's centred column, and the favicon.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { FUND_SAMPLE_CODES } from '../../src/lib/fund-samples';
import accountMessages from '../../src/locales/messages/account';
import discoverMessages from '../../src/locales/messages/discover';
import fundMessages from '../../src/locales/messages/fund';
import homeMessages from '../../src/locales/messages/home';
import shellMessages from '../../src/locales/messages/shell';
import {
  collectPageErrors,
  launchBrowser,
  openDesktop,
  openPhone,
  root,
  seedLoggedInUser,
  startServer,
  userAgents,
  waitForAppPage,
  type RunningServer,
  type SeededUser,
} from './harness';

const shell = shellMessages['zh-CN'];
const shellEn = shellMessages['en-US'];
const qdiiTitle = discoverMessages['zh-CN']['discover.rank.qdii.title'];
const indexTitle = discoverMessages['zh-CN']['discover.rank.index.title'];
const fundTitle = fundMessages['zh-CN']['fund.title'];
const fundTitleEn = fundMessages['en-US']['fund.title'];
const watchlistTitle = fundMessages['zh-CN']['fund.optional.title'];
const myMoneyTitle = accountMessages['zh-CN']['account.my.title'];
const homeTitle = homeMessages['zh-CN']['home.title'];
const FUND_APP_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 danjuanfund/6.91.0 DJ/6910';
const fakeNativeHost = readFileSync(path.join(root, 'tests/e2e/fake-native-host.js'), 'utf8');
/** The desktop column of src/app.scss (--dj-column). */
const COLUMN = 800;

/** The single-page app keeps earlier pages hidden in the DOM: only the page shown counts. */
const visible = (page: Page, selector: string): Locator => page.locator(`${selector}:visible`);

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForAppPage(page);
}

async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 30_000 });
}

describe('navigation', () => {
  let server: RunningServer;
  let browser: Browser;

  /** A logged-in user (its session cookie), for the header's account part. */
  let user: SeededUser;

  before(async () => {
    [server, browser] = await Promise.all([
      startServer(
        {},
        {
          prepareDatabase: async (db) => {
            user = await seedLoggedInUser(db, '13812345678');
          },
        },
      ),
      launchBrowser(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function fundNameOf(code: string): Promise<string> {
    const body = (await (await fetch(`${server.url}/djapi/fund/${code}`)).json()) as { data: { fd_name: string } };
    return body.data.fd_name;
  }

  describe('phone (390 wide), plain browser', () => {
    let page: Page;
    let errors: string[];
    let close: () => Promise<void>;

    before(async () => {
      const opened = await openPhone(browser);
      page = opened.page;
      close = () => opened.context.close();
      errors = collectPageErrors(page);
    });

    after(async () => {
      assert.deepEqual(errors, [], 'no uncaught page errors');
      await close();
    });

    it('a ranking says which ranking it is: title in the header and in the document, and a back button', async () => {
      await open(page, `${server.url}/rank-xq/qdii`);
      const title = visible(page, '[data-testid="header-title"]');
      await title.waitFor();
      assert.equal(await title.innerText(), qdiiTitle);
      await waitForTitle(page, qdiiTitle);
      const back = page.getByRole('button', { name: shell['shell.header.back'] });
      assert.ok(await back.isVisible(), 'the back button is shown');
      const box = await back.boundingBox();
      assert.ok(box && box.width >= 28 && box.height >= 28, `back is a real tap target (${box?.width}×${box?.height})`);
      const bar = await visible(page, '[data-testid="global-header"]').boundingBox();
      assert.ok(bar && bar.height <= 60, `title and back share the phone bar (${bar?.height}px)`);
      assert.equal(await visible(page, '[data-testid="tab-bar"]').count(), 0, 'a ranking is no top-level page: no tab bar');
    });

    it('back on a page opened directly (a shared link) goes home', async () => {
      await page.getByRole('button', { name: shell['shell.header.back'] }).tap();
      await page.waitForURL((url) => url.pathname === '/index');
      await visible(page, '[data-testid="home-ranked"]').waitFor();
      await waitForTitle(page, homeTitle);
      assert.equal(await visible(page, '[data-testid="header-back"]').count(), 0, 'home has no back button');
      assert.equal(await visible(page, '[data-testid="header-title"]').count(), 0, 'home shows the logo, not a title');
    });

    it('back after moving on goes back in history, and the document title follows', async () => {
      await open(page, `${server.url}/index`);
      await page.getByRole('button', { name: shell['shell.header.menu'] }).tap();
      await page.getByTestId('nav-qdii').tap();
      await page.waitForURL((url) => url.pathname === '/rank-xq/qdii');
      await waitForTitle(page, qdiiTitle);
      await visible(page, '[data-testid="header-back"]').tap();
      await page.waitForURL((url) => url.pathname === '/index');
      await waitForTitle(page, homeTitle);
      // Forward again, then the browser's own back: the title is the page's shown again, not the last one set.
      await page.goForward();
      await page.waitForURL((url) => url.pathname === '/rank-xq/qdii');
      await waitForTitle(page, qdiiTitle);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/index');
      await waitForTitle(page, homeTitle);
    });

    it('home, the watchlist and my money carry the tab bar (首页 / 自选 / 我的), the current one marked', async () => {
      for (const [url, current, title] of [
        ['/index', 'home', homeTitle],
        ['/n/optional', 'watchlist', watchlistTitle],
        ['/my-money', 'myMoney', myMoneyTitle],
      ] as const) {
        await open(page, `${server.url}${url}`);
        const bar = visible(page, '[data-testid="tab-bar"]');
        await bar.waitFor();
        assert.deepEqual(await bar.locator('a').allInnerTexts(), [
          shell['shell.tab.home'],
          shell['shell.tab.watchlist'],
          shell['shell.tab.myMoney'],
        ]);
        assert.equal(
          await bar.locator('[aria-current="page"]').getAttribute('data-testid'),
          `tab-${current}`,
          `${url}: its tab is current`,
        );
        const box = await bar.boundingBox();
        assert.ok(box && Math.abs(box.y + box.height - 844) <= 1 && box.width === 390, `${url}: the bar sits at the bottom, full width`);
        // The page leaves room for it: the shell's bottom padding is at least the bar's height.
        const padding = await visible(page, '.page-shell').evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
        assert.ok(box && padding >= box.height, `${url}: content can scroll clear of the bar (${padding} ≥ ${box?.height})`);
        await waitForTitle(page, title);
        if (url !== '/index') {
          assert.equal(await visible(page, '[data-testid="header-title"]').innerText(), title, `${url}: titled`);
          assert.equal(await visible(page, '[data-testid="header-back"]').count(), 0, `${url}: a top-level page has no back`);
        }
      }
    });

    it('a tab opens its page: my money is one tap from home', async () => {
      await open(page, `${server.url}/index`);
      await visible(page, '[data-testid="tab-myMoney"]').tap();
      await page.waitForURL((url) => url.pathname === '/my-money');
      await waitForTitle(page, myMoneyTitle);
      await visible(page, '[data-testid="tab-watchlist"]').tap();
      await page.waitForURL((url) => url.pathname === '/n/optional');
      await waitForTitle(page, watchlistTitle);
    });

    it("home's 我的自选 entry opens the watchlist as the 自选 tab: same address /n/optional, no back, 首页 one tap away", async () => {
      await open(page, `${server.url}/index`);
      await visible(page, '[data-testid="entry-watchlist"]').tap();
      await page.waitForURL((url) => url.pathname === '/n/optional');
      await waitForTitle(page, watchlistTitle);
      const bar = visible(page, '[data-testid="tab-bar"]');
      await bar.waitFor();
      assert.equal(await bar.locator('[aria-current="page"]').innerText(), shell['shell.tab.watchlist']);
      // Each tab shows its icon above its label.
      for (const key of ['home', 'watchlist', 'myMoney']) {
        const icon = await bar.locator(`[data-testid="tab-${key}"] svg`).boundingBox();
        assert.ok(icon && icon.width >= 20 && icon.height >= 20, `tab ${key} has its icon (${icon?.width}×${icon?.height})`);
      }
      assert.equal(await visible(page, '[data-testid="header-back"]').count(), 0, 'a tab page has no back');
      await visible(page, '[data-testid="watchlist"]').waitFor();
      await visible(page, '[data-testid="tab-home"]').tap();
      await page.waitForURL((url) => url.pathname === '/index');
      await waitForTitle(page, homeTitle);
    });

    it('the fund page has no tab bar: its own buy bar is the bottom of the screen', async () => {
      await open(page, `${server.url}/funding/001108`);
      const actions = visible(page, '[data-testid="fund-actions"]');
      await actions.waitFor();
      assert.equal(await visible(page, '[data-testid="tab-bar"]').count(), 0);
      const box = await actions.boundingBox();
      assert.ok(box && Math.abs(box.y + box.height - 844) <= 1, 'the buy bar sits at the bottom');
    });

    it("the fund page is titled with the fund's name (header and browser tab), in English too; 基金详情 for a code that is no fund", async () => {
      const name = await fundNameOf('001108');
      assert.notEqual(name, fundTitle);
      await open(page, `${server.url}/funding/001108`);
      await visible(page, '[data-testid="fund-detail"]').waitFor();
      await waitForTitle(page, name);
      assert.equal(await visible(page, '[data-testid="header-title"]').innerText(), name);
      // Another fund gets its own name.
      const other = await fundNameOf(FUND_SAMPLE_CODES.stock);
      await open(page, `${server.url}/funding/${FUND_SAMPLE_CODES.stock}`);
      await visible(page, '[data-testid="fund-detail"]').waitFor();
      await waitForTitle(page, other);
      assert.equal(await visible(page, '[data-testid="header-title"]').innerText(), other);
      // English: the same name once loaded (fund names have no English form here), not "Fund detail".
      await open(page, `${server.url}/funding/001108?lang=en-US`);
      await visible(page, '[data-testid="fund-detail"]').waitFor();
      await waitForTitle(page, name);
      assert.equal(await visible(page, '[data-testid="header-title"]').innerText(), name);
      // No fund behind the code: the page keeps its generic title, in the language shown.
      await open(page, `${server.url}/funding/999999?lang=zh-CN`);
      await visible(page, '[data-testid="fund-missing"]').waitFor();
      await waitForTitle(page, fundTitle);
      assert.equal(await visible(page, '[data-testid="header-title"]').innerText(), fundTitle);
      await open(page, `${server.url}/funding/999999?lang=en-US`);
      await visible(page, '[data-testid="fund-missing"]').waitFor();
      await waitForTitle(page, fundTitleEn);
      await open(page, `${server.url}/index?lang=zh-CN`);
    });
  });

  describe('hosts that draw their own title bar', () => {
    it('inside our native app: no title or back in the page, the document title still follows, no web tab bar', async () => {
      const { context, page } = await openPhone(browser, {
        userAgent: FUND_APP_UA,
        initScripts: [`window.__fakeNativeConfig = ${JSON.stringify({ platform: 'android' })};`, fakeNativeHost],
      });
      const errors = collectPageErrors(page);
      await open(page, `${server.url}/rank-xq/index`);
      await waitForTitle(page, indexTitle);
      await page.getByTestId('header-service').waitFor({ state: 'attached' });
      assert.equal(await page.getByTestId('header-title').count(), 0, 'the app bar shows the title');
      assert.equal(await page.getByTestId('header-back').count(), 0, 'the app bar has the back button');
      await open(page, `${server.url}/index`);
      await page.getByTestId('header-service').waitFor({ state: 'attached' });
      assert.equal(await page.getByTestId('tab-bar').count(), 0, 'the app has its own tabs');
      assert.deepEqual(errors, []);
      await context.close();
    });

    it('in the WeChat browser: no second title bar, the document title is the page’s', async () => {
      const { context, page } = await openPhone(browser, { userAgent: userAgents.wechat });
      const errors = collectPageErrors(page);
      await open(page, `${server.url}/rank-xq/qdii`);
      await waitForTitle(page, qdiiTitle);
      assert.equal(await page.getByTestId('header-title').count(), 0);
      assert.equal(await page.getByTestId('header-back').count(), 0);
      assert.ok(await page.getByTestId('header-logo').isVisible(), 'the header itself stays');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });

  describe('desktop (1280 wide)', () => {
    let page: Page;
    let close: () => Promise<void>;
    let errors: string[];

    before(async () => {
      const opened = await openDesktop(browser);
      page = opened.page;
      close = () => opened.context.close();
      errors = collectPageErrors(page);
    });

    after(async () => {
      assert.deepEqual(errors, [], 'no uncaught page errors');
      await close();
    });

    // The app's own elements (under #app): a shared-link page's first screen, drawn by the server with the same
    // classes, is on top of them until the app takes over.
    async function columnOf(): Promise<{ x: number; width: number }> {
      const box = await visible(page, '#app .page-shell__body').boundingBox();
      assert.ok(box);
      return box;
    }

    it('home: one centred column; a fund’s name and its return sit inside it, close together', async () => {
      await open(page, `${server.url}/index`);
      const column = await columnOf();
      assert.ok(column.width <= COLUMN, `column ${column.width}px ≤ ${COLUMN}px`);
      assert.ok(Math.abs(column.x - (1280 - column.width) / 2) <= 1, `centred (x ${column.x})`);
      const row = visible(page, '#app [data-testid="home-ranked"] .home__fund').first();
      await row.waitFor();
      const name = await row.locator('.home__fund-name').boundingBox();
      const ret = await row.locator('.home__fund-yield').boundingBox();
      assert.ok(name && ret);
      for (const box of [name, ret]) {
        assert.ok(box.x >= column.x && box.x + box.width <= column.x + column.width + 0.5, 'inside the column');
      }
      assert.ok(ret.x + ret.width - name.x <= COLUMN, `name to return ${ret.x + ret.width - name.x}px`);
      assert.equal(await visible(page, '[data-testid="tab-bar"]').count(), 0, 'no tab bar on a desktop');
      assert.ok(await page.getByTestId('header-download').isVisible(), 'the Download App box');
      assert.ok(await page.getByTestId('header-service').isVisible(), 'customer service');
      assert.ok(await page.getByTestId('nav-qdii').isVisible(), 'the navigation links');
    });

    it('a ranking: its title (and back) on a row under the bar, aligned with the column', async () => {
      await open(page, `${server.url}/rank-xq/qdii`);
      const title = visible(page, '[data-testid="header-title"]');
      await title.waitFor();
      assert.equal(await title.innerText(), qdiiTitle);
      const column = await columnOf();
      const titleBox = await title.boundingBox();
      const backBox = await visible(page, '[data-testid="header-back"]').boundingBox();
      const logoBox = await page.getByTestId('header-logo').boundingBox();
      assert.ok(titleBox && backBox && logoBox);
      assert.ok(titleBox.y >= logoBox.y + logoBox.height - 1, 'the title row is under the bar');
      assert.ok(Math.abs(backBox.x - column.x) <= 12, `back starts at the column (${backBox.x} vs ${column.x})`);
      assert.ok(await page.getByTestId('header-download').isVisible());
    });

    it('the fund page’s action bar keeps to the column', async () => {
      await open(page, `${server.url}/funding/001108`);
      const actions = visible(page, '[data-testid="fund-actions"]');
      await actions.waitFor();
      const box = await actions.boundingBox();
      const column = await columnOf();
      assert.ok(box && box.width <= COLUMN + 0.5, `bar ${box?.width}px wide`);
      assert.ok(box && Math.abs(box.x - column.x) <= 1, 'aligned with the column');
    });

    it('in English the header keeps to one row at 1280 px: each label on one line, every part beside the logo, the row in the content’s column', async () => {
      for (const [lang, texts, loggedIn] of [
        ['en-US', shellEn, false],
        ['zh-CN', shell, false],
        ['en-US', shellEn, true],
        ['zh-CN', shell, true],
      ] as const) {
        // Logged in, the account part greets with the masked phone and [Exit] instead of open account / login.
        if (loggedIn) await page.context().addCookies([{ name: 'xq_a_token', value: user.token, url: server.url }]);
        await open(page, `${server.url}/index?lang=${lang}`);
        await page
          .getByTestId('header-account')
          .locator(loggedIn ? 'button' : '[data-testid="header-login"]')
          .waitFor();
        await page.waitForFunction(
          (label) => document.querySelector('[data-testid="nav-indexMass"]')?.textContent === label,
          texts['shell.nav.indexMass'],
        );
        // Lines each label takes, from the line boxes of its text (a wrapped label has two).
        const labels = await page
          .locator('.dj-header__nav a, .dj-header__account a, .dj-header__account button, .dj-header__box > span, .dj-header__box > a')
          .evaluateAll((els) =>
            els
              .filter((el) => (el as HTMLElement).offsetParent !== null)
              .map((el) => {
                const range = document.createRange();
                range.selectNodeContents(el);
                const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
                const box = el.getBoundingClientRect();
                return { text: el.textContent ?? '', lines: lines.size, top: box.top, bottom: box.bottom, right: box.right };
              }),
          );
        assert.ok(labels.length >= 9, `${lang}: the header's links are there (${labels.length})`);
        for (const label of labels) assert.equal(label.lines, 1, `${lang}: "${label.text}" takes ${label.lines} lines`);
        const logo = await page.getByTestId('header-logo').boundingBox();
        assert.ok(logo);
        const barMiddle = logo.y + logo.height / 2;
        const language = await visible(page, '#app .dj-header__language').boundingBox();
        assert.ok(language && language.width > 0, `${lang}: the language switch is in the bar`);
        const parts = [
          ...labels,
          { text: 'language switch', top: language.y, bottom: language.y + language.height, right: language.x + language.width },
        ];
        for (const label of parts) {
          assert.ok(label.top < barMiddle && label.bottom > barMiddle, `${lang}: "${label.text}" sits in the bar's row`);
          assert.ok(label.right <= 1280, `${lang}: "${label.text}" ends inside the window (${label.right})`);
        }
        // The row keeps to the page's centred column: the logo starts where the content does, the last part ends
        // where it ends.
        const column = await columnOf();
        const rowRight = Math.max(...parts.map((part) => part.right));
        assert.ok(Math.abs(logo.x - column.x) <= 1, `${lang}: the logo starts at the column (${logo.x} vs ${column.x})`);
        assert.ok(
          Math.abs(rowRight - (column.x + column.width)) <= 1,
          `${lang}: the row ends at the column's right edge (${rowRight} vs ${column.x + column.width})`,
        );
        const navText = await page.locator('.dj-header__nav a').allInnerTexts();
        assert.deepEqual(
          navText,
          ['home', 'fundFilter', 'indexMass', 'qdii', 'valueCenter'].map((key) => (texts as Record<string, string>)[`shell.nav.${key}`]),
        );
        const account = await page.getByTestId('header-account').innerText();
        assert.ok(
          account.includes(loggedIn ? texts['shell.header.exit'] : texts['shell.header.login']),
          `${lang}: ${loggedIn ? 'logged in' : 'anonymous'} (${account})`,
        );
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${lang}: no sideways scrolling`);
      }
    });
  });

  it('/favicon.ico is an image, and pages point at it', async () => {
    const icon = await fetch(`${server.url}/favicon.ico`);
    assert.equal(icon.status, 200);
    assert.match(icon.headers.get('content-type') ?? '', /^image\//);
    const bytes = new Uint8Array(await icon.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 4)], [0, 0, 1, 0], 'an ICO file');
    const html = await (await fetch(`${server.url}/index`)).text();
    assert.match(html, /<link rel="icon" href="\/favicon\.ico"/);
  });
});
