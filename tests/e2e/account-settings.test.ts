// Issue 17 (account settings) in Chromium at 390 px against the real server: an investor with an opened account finds
// 设置 on my money, sees the bound card with its bank's limits, changes the trade password (the server then takes
// the new one and refuses the old), and logs out only after confirming. SETTINGS_SHOTS_DIR=/tmp/x also saves
// screenshots at 390 and 1280 px. Elder mode 关怀版 (issue 26): the settings switch turns it on; home and the buy
// page then have no text under 18 px and no tap target under 48 px, and the password step shows the amount, fee and
// arrival date in large type (screenshots in docs/screenshots/elder-*.png, ELDER_SHOTS=0 to skip writing them).
import assert from 'node:assert/strict';
import { constants as cryptoConstants, publicEncrypt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { loadPersonalDataCipher } from '../../server/src/services/personal-data';
import { button, freshPhone, idCardFor, see, shown, STEP_TIMEOUT_MS, typeOnKeypad, zhAccount } from './account-support';
import homeMessages from '../../src/locales/messages/home';
import {
  collectPageErrors,
  launchBrowser,
  openDesktop,
  openPhone,
  root,
  seedLoggedInUser,
  seedRiskAssessment,
  startServer,
  type RunningServer,
  businessNow,
} from './harness';

const OLD_PASSWORD = '258036';
const NEW_PASSWORD = '803917';
const SHOTS = process.env.SETTINGS_SHOTS_DIR;

interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
}

describe('account settings in the browser: the card, a new trade password, logout with a confirmation', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token = '';
  const telephone = freshPhone('137');
  const reservedPhone = freshPhone('135');

  async function shot(target: Page, name: string): Promise<void> {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await target.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  /** What the server answers the verify call for this password, posted with the page's cookies as the app does. */
  async function serverVerifies(password: string): Promise<number> {
    const key = (await (await fetch(`${server.url}/djapi/security/public-key`)).json()) as Envelope<{ public_key: string }>;
    const encrypted = publicEncrypt(
      { key: key.data.public_key, padding: cryptoConstants.RSA_PKCS1_PADDING },
      Buffer.from(password),
    ).toString('base64');
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await context.request.post(`${server.url}/djapi/account/trade-password/verify`, {
      form: { encrypted_password: encrypted },
      headers: { 'x-xsrf-token': xsrf },
    });
    return ((await response.json()) as Envelope<unknown>).result_code;
  }

  before(async () => {
    server = await startServer(
      {},
      {
        // An investor who opened an account: identity, an ICBC card with its reserved phone, the trade password,
        // a valid C3 assessment, and a logged-in session.
        prepareDatabase: async (db) => {
          const user = await seedLoggedInUser(db, telephone);
          token = user.token;
          const cipher = await loadPersonalDataCipher(db.kysely);
          const row = await db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).executeTakeFirstOrThrow();
          const now = businessNow();
          const idNo = idCardFor('19880512', '246');
          await db.kysely.updateTable('users').set({ open_trade: true }).where('id', '=', row.id).execute();
          await db.kysely
            .insertInto('user_identities')
            .values({
              user_id: row.id,
              id_no_hmac: cipher.digest('id-no', idNo),
              id_no_encrypted: cipher.encrypt(idNo),
              id_no_masked: `1101**********${idNo.slice(-4)}`,
              real_name_encrypted: cipher.encrypt('王五'),
              real_name_masked: '*五',
              birth_date: '1988-05-12',
              certified_at: now,
            })
            .execute();
          await db.kysely
            .insertInto('bank_cards')
            .values({
              user_id: row.id,
              bank_code: 'ICBC',
              card_hmac: cipher.digest('bank-card', '6222020000987654321'),
              card_no_encrypted: cipher.encrypt('6222020000987654321'),
              card_tail: '4321',
              reserved_phone_encrypted: cipher.encrypt(reservedPhone),
              reserved_phone_masked: `${reservedPhone.slice(0, 3)}****${reservedPhone.slice(-4)}`,
              verified_at: now,
            })
            .execute();
          await db.kysely
            .insertInto('trade_passwords')
            .values({ user_id: row.id, hash: hashPassword(OLD_PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
            .execute();
          await seedRiskAssessment(db, telephone, { level: 3, score: 50 });
        },
      },
    );
    browser = await launchBrowser();
    ({ context, page } = await openPhone(browser));
    context.setDefaultTimeout(Number(process.env.E2E_STEP_MS ?? STEP_TIMEOUT_MS));
    await context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    errors = collectPageErrors(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('my money has a 设置 entry; settings show the bound card with the bank’s limits and the risk level', async () => {
    await page.goto(`${server.url}/my-money`);
    const entry = shown(page, '[data-testid="assets-link-settings"]');
    await entry.waitFor();
    assert.equal((await entry.innerText()).trim(), zhAccount['account.settings.entry']);
    await entry.tap();
    await page.waitForURL((url) => url.pathname === '/n/account/settings');
    const card = shown(page, '[data-testid="settings-card"]');
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /中国工商银行/);
    assert.match(text, /\*\*\*\* \*\*\*\* \*\*\*\* 4321/);
    // ICBC in the simulated bank: 50,000 per payment, 100,000 a day, nothing paid today.
    assert.match(text, /单笔限额\s*50,000\.00元/);
    assert.match(text, /单日限额\s*100,000\.00元/);
    assert.match(text, /今日剩余\s*100,000\.00元/);
    assert.match(text, new RegExp(`${reservedPhone.slice(0, 3)}\\*\\*\\*\\*${reservedPhone.slice(-4)}`));
    assert.match(await shown(page, '.settings-row--risk').innerText(), /C3/);
    assert.match(
      await shown(page, '.settings-row--phone').innerText(),
      new RegExp(`${telephone.slice(0, 3)}\\*\\*\\*\\*${telephone.slice(-4)}`),
    );
    // The agreements the investor accepted (none for this seeded account), leading to their list.
    // The count arrives with its own call after the row is drawn: wait for it, as a reader would.
    const agreements = page
      .locator('.settings-row--agreements', { hasText: /已同意 \d+ 份/ })
      .filter({ visible: true })
      .first();
    await agreements.waitFor();
    assert.match(await agreements.innerText(), /协议与政策[\s\S]*已同意 0 份/);
    await shown(page, '[data-testid="language-switch"]').waitFor();
    await shot(page, 'after-settings-390');
    if (SHOTS) {
      // The same session on a wide screen.
      const desktop = await openDesktop(browser);
      try {
        await desktop.context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
        await desktop.page.goto(`${server.url}/n/account/settings`);
        await shown(desktop.page, '[data-testid="settings-card"]').waitFor();
        await shot(desktop.page, 'after-settings-1280');
      } finally {
        await desktop.context.close();
      }
    }
  });

  it('changes the trade password: old, new twice; the server then takes the new one and refuses the old', async () => {
    await shown(page, '.settings-row--password').tap();
    await see(page, zhAccount['account.settings.enterOld']).waitFor();
    await shot(page, 'after-change-password-390');
    await typeOnKeypad(page, OLD_PASSWORD);
    await see(page, zhAccount['account.settings.enterNew']).waitFor();
    await typeOnKeypad(page, '123456');
    await see(page, '交易密码不能是连续递增或递减的数字').waitFor();
    await typeOnKeypad(page, NEW_PASSWORD);
    await see(page, zhAccount['account.settings.confirmNew']).waitFor();
    await typeOnKeypad(page, NEW_PASSWORD);
    await see(page, zhAccount['account.settings.passwordChanged']).waitFor();
    await shown(page, '[data-testid="settings-card"]').waitFor();
    assert.equal(await serverVerifies(NEW_PASSWORD), 0, 'the new password trades');
    assert.equal(await serverVerifies(OLD_PASSWORD), 400051, 'the old one is wrong now');
  });

  it('the reset flow names the reserved phone the code goes to', async () => {
    await shown(page, '.settings-row--reset').tap();
    await see(page, `验证码将发送至银行预留手机号 ${reservedPhone.slice(0, 3)}****${reservedPhone.slice(-4)}`).waitFor();
    await shot(page, 'after-reset-password-390');
    await shown(page, '.settings-flow__back').tap();
    await shown(page, '[data-testid="settings-card"]').waitFor();
  });

  /**
   * Text smaller than 18 px and tap targets lower than 48 px on the page now (inline links in a sentence are exempt).
   * (No named functions inside: the test runner's transform would wrap them in a helper the page does not have.)
   */
  async function elderProblems(target: Page): Promise<{ small: string[]; low: string[] }> {
    return target.evaluate(() => {
      const scope = document.querySelector('.taro_page_show') ?? document.body;
      const small: string[] = [];
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || parent.closest('[aria-hidden="true"]')) continue;
        const box = parent.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(parent).visibility === 'hidden') continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < 17.95) small.push(`${size}px ${parent.className} "${node.textContent.trim().slice(0, 30)}"`);
      }
      const low: string[] = [];
      const targets = scope.querySelectorAll(
        'button, a[href], [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], .nut-button',
      );
      for (const el of targets) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).display === 'inline' || el.closest('[aria-hidden="true"]'))
          continue;
        if (box.height < 47.5) low.push(`${Math.round(box.height)}px ${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      }
      return { small, low };
    });
  }

  it('elder mode 关怀版: switched on in settings, home and the buy page read large with large targets, then off again', async () => {
    const write = process.env.ELDER_SHOTS !== '0';
    const dir = path.join(root, 'docs', 'screenshots');
    const elderShot = async (name: string) => {
      if (write) await page.screenshot({ path: path.join(dir, `elder-${name}.png`) });
    };
    await page.goto(`${server.url}/n/account/settings`);
    const toggle = page.getByRole('switch', { name: zhAccount['account.settings.elderMode'] });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.tap();
    await page.waitForFunction(() => document.documentElement.classList.contains('dj-elder'));
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    await elderShot('settings');
    try {
      await elderPages();
    } finally {
      // Off again: the usual home (and the next test finds the settings page as before).
      await page.goto(`${server.url}/n/account/settings`);
      await toggle.waitFor();
      if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.tap();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dj-elder'));
    }
    await page.goto(`${server.url}/index`);
    await shown(page, '[data-testid="entry-xjb"]').waitFor();
    assert.equal(await page.locator('[data-testid="home-elder-entries"]').count(), 0);
    await page.goto(`${server.url}/n/account/settings`);
    await shown(page, '[data-testid="settings-card"]').waitFor();
  });

  async function elderPages(): Promise<void> {
    const write = process.env.ELDER_SHOTS !== '0';
    const dir = path.join(root, 'docs', 'screenshots');
    const elderShot = async (name: string) => {
      if (write) await page.screenshot({ path: path.join(dir, `elder-${name}.png`) });
    };
    // Home: my money, 现金宝, customer service, a short list; large everywhere.
    await page.goto(`${server.url}/index`);
    await shown(page, '[data-testid="home-elder-entries"]').waitFor();
    await shown(page, '[data-testid="home-fund"]').waitFor();
    await page.waitForLoadState('networkidle');
    const zhHome = homeMessages['zh-CN'];
    const entries = await shown(page, '[data-testid="home-elder-entries"]').innerText();
    for (const key of ['home.elder.myMoney', 'home.elder.xjb', 'home.elder.service'] as const)
      assert.ok(entries.includes(zhHome[key]!), key);
    assert.equal(await page.locator('[data-testid="home-fund"]').filter({ visible: true }).count(), 3);
    assert.equal(await page.locator('.marquee, .auto-swiper').count(), 0, 'no marquee, no autoplaying banner');
    await shown(page, '[data-testid="risk-disclosure"]').waitFor();
    const home = await elderProblems(page);
    assert.deepEqual(home, { small: [], low: [] }, 'home in elder mode');
    await elderShot('home');

    // The buy page and its password step: amount, fee, arrival date large, before the password.
    await page.goto(`${server.url}/n/trade/buy/009004`);
    await shown(page, '[data-testid="buy-screen"]').waitFor();
    await page.waitForLoadState('networkidle');
    const buy = await elderProblems(page);
    assert.deepEqual(buy, { small: [], low: [] }, 'the buy page in elder mode');
    await elderShot('buy');
    // 1000 on the amount keypad (up by itself on arrival), then the keypad closed and the button.
    const keypad = shown(page, '.trade-keypad');
    await keypad.waitFor();
    for (const key of '1000')
      await keypad
        .locator('.key', { hasText: new RegExp(`^${key}$`) })
        .first()
        .tap();
    await shown(page, '.nut-numberkeyboard-header-close').tap();
    await keypad.waitFor({ state: 'hidden' });
    await shown(page, '[data-testid="buy-submit"]').tap();
    const amount = shown(page, '[data-testid="password-amount"]');
    await amount.waitFor();
    const sizes = await page.evaluate(() =>
      ['password-amount', 'password-fee', 'password-arrival'].map((id) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        return el ? parseFloat(getComputedStyle(el).fontSize) : 0;
      }),
    );
    assert.ok(sizes[0]! >= 23.95, `the amount in large type (${sizes[0]} px)`);
    assert.ok(sizes[1]! >= 17.95 && sizes[2]! >= 17.95, `fee and arrival date at least 18 px (${sizes.join(', ')})`);
    // The dialog has finished sliding in before the picture.
    await page.waitForTimeout(600);
    await elderShot('buy-password');
    await shown(page, '.trade-password-dialog__cancel').tap();
    await amount.waitFor({ state: 'hidden' });
  }

  it('logs out only after the confirmation: cancel stays, confirm ends the session and lands on home', async () => {
    await button(shown(page, '.settings-logout'), zhAccount['account.my.logout']).tap();
    const dialog = shown(page, '.settings-logout-dialog');
    await see(dialog, zhAccount['account.settings.logoutConfirm']).waitFor();
    await shot(page, 'after-logout-confirm-390');
    await button(dialog, zhAccount['account.login.cancel']).tap();
    await see(page, zhAccount['account.settings.logoutConfirm']).waitFor({ state: 'hidden' });
    assert.equal(new URL(page.url()).pathname, '/n/account/settings');
    const stillIn = (await (await context.request.get(`${server.url}/djapi/account`)).json()) as Envelope<unknown>;
    assert.equal(stillIn.result_code, 0, 'cancel keeps the session');

    await button(shown(page, '.settings-logout'), zhAccount['account.my.logout']).tap();
    await button(shown(page, '.settings-logout-dialog'), zhAccount['account.my.logout']).tap();
    await page.waitForURL((url) => url.pathname === '/index');
    const out = (await (await context.request.get(`${server.url}/djapi/account`)).json()) as Envelope<unknown>;
    assert.equal(out.result_code, 300001, 'the session is over');
    assert.deepEqual(errors, []);
  });
});
