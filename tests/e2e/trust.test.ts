// Issue 17 (trust): the agreements in full and their acceptance recorded at opening, the operator's brand from the
// server's configuration (no "蛋卷" on home, fund or login pages), the demo mark where money is shown, and customer
// service with one set of hours, the phone and a message form. Phone (390 px); TRUST_SHOTS_DIR saves screenshots
// at 390 and 1280 px.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { AGREEMENTS } from '../../src/lib/agreements';
import { DEFAULT_BRAND } from '../../src/lib/brand';
import legalMessages from '../../src/locales/messages/legal';
import accountMessages from '../../src/locales/messages/account';
import shellMessages from '../../src/locales/messages/shell';
import { privacyPolicy } from '../../src/features/legal/documents/privacy';
import { riskDisclosure } from '../../src/features/legal/documents/risk-disclosure';
import { button, icbcCard, idCardFor, latestCode, see, shown } from './account-support';
import { businessNow, openDesktop, phoneSuite, seedLoggedInUser } from './harness';

const zh = legalMessages['zh-CN'];
const zhAccount = accountMessages['zh-CN'];
const zhShell = shellMessages['zh-CN'];
const SHOTS = process.env.TRUST_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function desktopShot(browser: Browser, url: string, name: string, cookie?: { token: string; base: string }): Promise<void> {
  if (!SHOTS) return;
  const { context, page } = await openDesktop(browser);
  if (cookie) await context.addCookies([{ name: 'xq_a_token', value: cookie.token, url: cookie.base }]);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  await context.close();
}

async function visibleText(page: Page): Promise<string> {
  return `${await page.title()}\n${await page.locator('body').innerText()}`;
}

describe('trust: agreements, brand, demo mark and customer service (default brand)', () => {
  let token = '';
  const telephone = '13700001717';
  const suite = phoneSuite({
    defaultTimeoutMs: 60_000,
    prepareDatabase: async (db) => void (token = (await seedLoggedInUser(db, telephone)).token),
  });

  it('home, a fund page and login call the app by the configured brand, never 蛋卷', async () => {
    await suite.page.goto(`${suite.server.url}/index`);
    await suite.page.getByTestId('header-logo').getByText(DEFAULT_BRAND.name).waitFor();
    assert.equal(await suite.page.title(), DEFAULT_BRAND.name);
    await suite.page.waitForLoadState('networkidle');
    assert.doesNotMatch(await visibleText(suite.page), /蛋卷|Danjuan/);
    await shot(suite.page, 'after-home-390');
    await suite.page.goto(`${suite.server.url}/funding/009005`);
    await suite.page.waitForLoadState('networkidle');
    await suite.page.waitForLoadState('networkidle');
    assert.doesNotMatch(await visibleText(suite.page), /蛋卷|Danjuan/);
    // The fee row names the platform without a brand.
    await suite.page.goto(`${suite.server.url}/account/login`);
    await see(suite.page, zhAccount['account.login.serviceTerms']).waitFor();
    assert.doesNotMatch(await visibleText(suite.page), /蛋卷|Danjuan/);
    await shot(suite.page, 'after-login-390');
    assert.deepEqual(suite.errors, []);
  });

  it('login’s 《用户服务协议》 and 《隐私政策》 open the documents in full', async () => {
    await see(suite.page, zhAccount['account.login.serviceTerms']).click();
    await suite.page.waitForURL((url) => url.pathname === '/n/agreements/service');
    await see(suite.page, '一、协议的订立').waitFor();
    await see(suite.page, '九、联系我们').waitFor();
    assert.ok(await see(suite.page, `运营方：${DEFAULT_BRAND.company}`).isVisible());
    await suite.page.goBack();
    await suite.page.waitForURL((url) => url.pathname === '/account/login');
    // The agreement page leaves after the address changes, and its text names 《隐私政策》 too: wait until it has gone,
    // then press the login page's own link (exactly that text).
    await suite.page.getByText('一、协议的订立').waitFor({ state: 'hidden' });
    await suite.page.getByText(zhAccount['account.login.privacyPolicy'], { exact: true }).filter({ visible: true }).first().click();
    await suite.page.waitForURL((url) => url.pathname === '/n/agreements/privacy');
    for (const section of privacyPolicy['zh-CN']) await see(suite.page, section.heading).waitFor();
    const body = await suite.page.locator('body').innerText();
    for (const phrase of ['至少保存20年', '15个工作日', '转移（导出）', DEFAULT_BRAND.privacyEmail])
      assert.ok(body.includes(phrase), phrase);
    await shot(suite.page, 'after-privacy-390');
    await desktopShot(suite.browser, `${suite.server.url}/n/agreements/privacy`, 'after-privacy-1280');
  });

  it('back within 100 ms of a push leaves the page it came from drawn, not blank', async () => {
    // Taro's H5 router hides the page it leaves on a timer (its slide animation's 350 ms) that going back does not
    // cancel: a quick back used to leave the login page blank (src/platform/page-stack.h5.ts keeps it drawn).
    await suite.page.goto(`${suite.server.url}/account/login`);
    const heading = see(suite.page, zhAccount['account.login.serviceTerms']);
    await heading.waitFor();
    // In the page, so the timing does not depend on the test's round trips: press the link, and the moment the
    // agreement has drawn, go back (as the browser's back button does), timing both.
    // A string, not a function: tsx would wrap the inner helpers in its own `__name`, unknown in the page.
    const timing = (await suite.page.evaluate(`new Promise((resolve, reject) => {
      const link = ${JSON.stringify(zhAccount['account.login.serviceTerms'])};
      const target = [...document.querySelectorAll('.taro_page *')].find(
        (el) => el.textContent === link && el.childElementCount === 0 && el.offsetParent !== null,
      );
      if (!target) return reject(new Error('no visible link ' + link));
      const pressedAt = performance.now();
      target.click();
      const limit = setTimeout(() => reject(new Error('the agreement did not draw')), 20000);
      const poll = () => {
        if (location.pathname === '/n/agreements/service' && document.body.innerText.includes('一、协议的订立')) {
          const drawnAt = performance.now();
          history.back();
          clearTimeout(limit);
          resolve({ drawnMs: drawnAt - pressedAt, backMs: performance.now() - drawnAt });
        } else requestAnimationFrame(poll);
      };
      poll();
    })`)) as { drawnMs: number; backMs: number };
    assert.ok(timing.backMs <= 100, `back ${timing.backMs} ms after the agreement drew`);
    await suite.page.waitForURL((url) => url.pathname === '/account/login');
    // Past every timer of the push and the back (slide 300 ms + delay 50 ms), the login page is still there to read.
    await suite.page.getByText('一、协议的订立').waitFor({ state: 'hidden' });
    await suite.page.waitForTimeout(1_000);
    assert.ok(
      await heading.isVisible(),
      `the login page is drawn after a back ${Math.round(timing.drawnMs + timing.backMs)} ms after the push`,
    );
    assert.ok(await shown(suite.page, '.account-login').isVisible(), 'the login form is drawn');
    const box = await heading.boundingBox();
    assert.ok(box && box.width > 0 && box.height > 0 && box.y < 844, 'on screen');
    await shot(suite.page, 'after-quick-back-390');
  });

  it('the risk disclosure renders every section; an unknown id says so', async () => {
    await suite.page.goto(`${suite.server.url}/n/agreements/risk-disclosure`);
    for (const section of riskDisclosure['zh-CN']) await see(suite.page, section.heading).waitFor();
    await suite.page.goto(`${suite.server.url}/n/agreements/terms`);
    await see(suite.page, zh['legal.notFound'].replace('{id}', 'terms')).waitFor();
  });

  it('opening shows the four agreements, refuses without the tick, and the server records each acceptance', async () => {
    await suite.context.addCookies([{ name: 'xq_a_token', value: token, url: suite.server.url }]);
    await suite.page.goto(`${suite.server.url}/ccount/certification?pageId=6`);
    const form = shown(suite.page, '.account-cert');
    for (const a of AGREEMENTS) await form.getByText(`《${zh[`legal.title.${a.id}`]}》`).waitFor();
    await form.locator('input[name="real_name"]').fill('赵信');
    await form.locator('input[name="id_no"]').fill(idCardFor('19870612', '345'));
    await form.locator('input[name="bank_card_no"]').fill(icbcCard('000055554444'));
    await form.locator('input[name="reserved_phone"]').fill('13700002828');
    await button(form, zhAccount['account.cert.sendBankCode']).click();
    const { code } = await latestCode(suite.server.url, '13700002828', { purpose: 'bank' });
    await form.locator('input[name="bank_code_sms"]').fill(code);
    await button(form, zhAccount['account.cert.submit']).click();
    await form.getByText(zh['legal.opening.hint']).waitFor();
    await shot(suite.page, 'after-certification-390');
    assert.equal(suite.page.url().includes('/ccount/certification'), true, 'not opened');
    await form.locator('.account-cert__agreements .nut-checkbox').click();
    await button(form, zhAccount['account.cert.submit']).click();
    await suite.page.waitForURL((url) => url.pathname === '/ccount/trade-password');

    // What the server recorded, as the investor reads it.
    const records = (await (
      await fetch(`${suite.server.url}/djapi/account/agreements`, { headers: { cookie: `xq_a_token=${token}` } })
    ).json()) as { data: { accepted: Array<{ agreement_id: string; version: string; accepted_at: string }> } };
    assert.deepEqual(
      records.data.accepted.map((a) => `${a.agreement_id}@${a.version}`).sort(),
      AGREEMENTS.map((a) => `${a.id}@${a.version}`).sort(),
    );
    assert.ok(Math.abs(Date.parse(records.data.accepted[0]!.accepted_at) - businessNow().getTime()) < 10 * 60_000, 'accepted just now');
    await suite.page.goto(`${suite.server.url}/n/agreements`);
    await see(suite.page, zh['legal.accepted.title']).waitFor();
    // This investor never ticked the login form (the session was seeded): all four were accepted at opening.
    const atOpening = new RegExp(
      zh['legal.accepted.at.opening']
        .replace('{date}', '.+')
        .replace('{version}', '2026\\.1')
        .replace(/[（）]/g, '.'),
    );
    await suite.page.getByText(atOpening).first().waitFor();
    assert.equal(await suite.page.getByText(atOpening).count(), 4);
    await shot(suite.page, 'after-agreements-390');
  });

  it('pages with money carry the demo mark; a fund page does not', async () => {
    await suite.page.goto(`${suite.server.url}/my-money`);
    await suite.page.getByTestId('demo-money-mark').waitFor();
    assert.equal(await suite.page.getByTestId('demo-money-mark').innerText(), zhShell['shell.demoMoney.text']);
    await shot(suite.page, 'after-my-money-390');
    await suite.page.goto(`${suite.server.url}/funding/009005`);
    await suite.page.waitForLoadState('networkidle');
    assert.equal(await suite.page.getByTestId('demo-money-mark').count(), 0);
  });

  it('customer service: one set of hours, the phone, and a message that is validated, sent and confirmed', async () => {
    await suite.page.goto(`${suite.server.url}/service/customservice`);
    await see(suite.page, zh['legal.service.hours'].replace('{hours}', DEFAULT_BRAND.serviceHours)).waitFor();
    await see(suite.page, DEFAULT_BRAND.servicePhone).waitFor();
    const text = await suite.page.locator('body').innerText();
    assert.doesNotMatch(text, /暂未开通/);
    assert.equal(text.split(DEFAULT_BRAND.serviceHours).length - 1, 1, 'the hours are said once');
    await shot(suite.page, 'after-service-390');
    await desktopShot(suite.browser, `${suite.server.url}/service/customservice`, 'after-service-1280');
    await button(suite.page, zh['legal.service.form.submit']).click();
    await see(suite.page, zh['legal.service.form.messageEmpty']).waitFor();
    await see(suite.page, zh['legal.service.form.contactInvalid']).waitFor();
    await see(suite.page, zh['legal.service.topic.trade']).click();
    await suite.page.locator('.legal-service__message textarea').fill('赎回的钱三天了还没到账，请帮忙查一下');
    await suite.page.locator('input[name="contact"]').fill('13700001717');
    await button(suite.page, zh['legal.service.form.submit']).click();
    await suite.page.getByText(/留言已提交，受理编号 KF\d{8}。客服会在服务时间内通过 137\*\*\*\*1717 联系您。/).waitFor();
    await shot(suite.page, 'after-service-sent-390');
    // The FAQ points at 我的 → 设置 for the trade password, and on to customer service.
    await suite.page.goto(`${suite.server.url}/transform-common-question`);
    await see(suite.page, zhShell['shell.faq.a4']).waitFor();
    assert.match(zhShell['shell.faq.a4'], /我的 → 设置/);
    await see(suite.page, zhShell['shell.faq.more']).click();
    await suite.page.waitForURL((url) => url.pathname === '/service/customservice');
    assert.deepEqual(suite.errors, []);
  });
});

describe('trust: another operator’s brand from BRAND_FILE, no demo mark', () => {
  let token = '';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'brand-e2e-'));
  const file = path.join(dir, 'brand.json');
  writeFileSync(
    file,
    JSON.stringify({
      name: '示例财富',
      short_name: '示例',
      company: '示例财富基金销售有限公司',
      service_phone: '400-123-4567',
      service_hours: '工作日 8:30–17:30',
    }),
  );
  const suite = phoneSuite({
    defaultTimeoutMs: 60_000,
    env: { BRAND_FILE: file, DEMO_NOTICE: '0' },
    prepareDatabase: async (db) => void (token = (await seedLoggedInUser(db, '13700003939')).token),
  });

  it('the header, the tab title, the HTML title and the agreements use the configured brand', async () => {
    const html = await (await fetch(`${suite.server.url}/index`)).text();
    assert.match(html, /<title>示例财富<\/title>/);
    await suite.page.goto(`${suite.server.url}/index`);
    await suite.page.getByTestId('header-logo').getByText('示例财富').waitFor();
    assert.equal(await suite.page.title(), '示例财富');
    assert.doesNotMatch(await visibleText(suite.page), new RegExp(`${DEFAULT_BRAND.name}|蛋卷`));
    await shot(suite.page, 'after-brand-home-390');
    await suite.page.goto(`${suite.server.url}/n/agreements/service`);
    await see(suite.page, '运营方：示例财富基金销售有限公司').waitFor();
    await suite.page.goto(`${suite.server.url}/service/customservice`);
    await see(suite.page, '服务时间：工作日 8:30–17:30').waitFor();
    await see(suite.page, '400-123-4567').waitFor();
  });

  it('with DEMO_NOTICE=0 my money carries no demo mark', async () => {
    await suite.context.addCookies([{ name: 'xq_a_token', value: token, url: suite.server.url }]);
    await suite.page.goto(`${suite.server.url}/my-money`);
    await suite.page.locator('.page-shell__body').first().waitFor();
    await suite.page.waitForLoadState('networkidle');
    assert.equal(await suite.page.getByTestId('demo-money-mark').count(), 0);
  });
});
