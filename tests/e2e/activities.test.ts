// The activity pages and the asset proof in Chromium against the real server (issue 25): the promotion list and the
// lump-sum product's landing and brochure with no global header; a visitor sent to log in from the coupon page comes
// back to it (backToActivityPage) and claims the coupon; the competition joined and rebalanced; the asset proof
// issued and verified on its public page with the code (a wrong code says so). Screenshots at 390 and 1280 px.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import activityMessages from '../../src/locales/messages/activity';
import { SESSION_KEY_BACK_TO_ACTIVITY_PAGE } from '../../src/lib/constants';
import { loadPersonalDataCipher } from '../../server/src/services/personal-data';
import { button, freshPhone, loginWithForm, see, STEP_TIMEOUT_MS } from './account-support';
import { businessNow, openDesktop, phoneSuite, root, seedLoggedInUser, seedRiskAssessment, waitForAppPage } from './harness';

const zh = activityMessages['zh-CN'];
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
const shots = path.join(root, '.tmp', 'screenshots', 'issue-25');
const HEADER = '[data-testid="global-header"]';

describe('activities and the asset proof', () => {
  const investorPhone = '13700002525';
  let token = '';
  const suite = phoneSuite({
    defaultTimeoutMs: STEP_TIMEOUT_MS,
    // A development server (as `npm start` runs it): its pages carry the business clock, so the asset proof's date
    // defaults to the business date, not this machine's (BUSINESS_DATE=2026-02-13: the page offered 2026-11-29).
    env: { NODE_ENV: 'development' },
    prepareDatabase: async (db) => {
      const user = await seedLoggedInUser(db, investorPhone);
      token = user.token;
      await seedRiskAssessment(db, investorPhone, { level: 5, score: 90 });
      const row = await db.kysely.selectFrom('users').select('id').where('telephone', '=', investorPhone).executeTakeFirstOrThrow();
      await db.kysely.updateTable('users').set({ open_trade: true }).where('id', '=', row.id).execute();
      const cipher = await loadPersonalDataCipher(db.kysely);
      await db.kysely
        .insertInto('user_identities')
        .values({
          user_id: row.id,
          id_no_hmac: cipher.digest('id_no', '110101199003071234'),
          id_no_encrypted: cipher.encrypt('110101199003071234'),
          id_no_masked: '1101**********1234',
          real_name_encrypted: cipher.encrypt('王小明'),
          real_name_masked: '**明',
          birth_date: '1990-03-07',
          certified_at: new Date(businessNow().getTime() - 86_400_000),
        })
        .execute();
    },
  });
  mkdirSync(shots, { recursive: true });

  it('lists the running activities and shows the lump-sum product with no global header', async () => {
    const { page, server } = suite;
    await page.goto(`${server.url}/n/activity/LSD-product/main?view=promotion`);
    await see(page, zh['activity.title.promotion']).waitFor();
    for (const id of ['lsd-main', 'season-1', 'newcomer']) await page.locator(`[data-activity="${id}"]`).waitFor();
    assert.equal(await page.locator(HEADER).count(), 0, 'no global header on /n/activity/');
    await page.screenshot({ path: path.join(shots, 'promotion-390.png'), fullPage: true });
    await page.locator('[data-activity="lsd-main"]').click();
    await see(page, zh['activity.lsd.readBrochure']).waitFor();
    assert.match(page.url(), /\/n\/activity\/LSD-product\/main\?id=lsd-main$/);
    await page.screenshot({ path: path.join(shots, 'lsd-landing-390.png'), fullPage: true });
    await button(page, zh['activity.lsd.readBrochure']).click();
    await see(page, zh['activity.lsd.keyTerms']).waitFor();
    await see(page, zh['activity.lsd.subscribeFee']).waitFor();
    await page.screenshot({ path: path.join(shots, 'lsd-brochure-390.png'), fullPage: true });
    assert.deepEqual(suite.errors, []);
  });

  it('returns to the coupon page after logging in from it, and claims the coupon once', async () => {
    const { page, server } = suite;
    const phone = freshPhone('135');
    await page.goto(`${server.url}/n/activity/reg-coupon/newcomer`);
    await button(page, zh['activity.login']).click();
    await page.waitForURL(/\/account\/login/);
    assert.equal(
      await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY_BACK_TO_ACTIVITY_PAGE),
      '/n/activity/reg-coupon/newcomer',
    );
    await loginWithForm(page, server.url, phone);
    await page.waitForURL(/\/n\/activity\/reg-coupon\/newcomer$/);
    await button(page, zh['activity.coupon.claim']).click();
    await see(page, zh['activity.coupon.claimed']).waitFor();
    await page.locator('.act-coupon[data-status="available"]').waitFor();
    assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY_BACK_TO_ACTIVITY_PAGE), null);
    await page.screenshot({ path: path.join(shots, 'coupon-390.png'), fullPage: true });
    assert.deepEqual(suite.errors, []);
  });

  it('joins the competition and rebalances its virtual portfolio', async () => {
    const { page, server, context } = suite;
    await context.clearCookies();
    await context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    await page.goto(`${server.url}/n/activity/competition/season-1`);
    await button(page, zh['activity.comp.join']).click();
    await see(page, fill(zh['activity.comp.joined'], { amount: '1,000,000.00' })).waitFor();
    await page.locator('.act-search__input input').fill('009005');
    await page.locator('.act-search__input input').press('Enter');
    await page.locator('.act-found', { hasText: '009005' }).getByText(zh['activity.comp.add']).click();
    await page.locator('.act-target[data-fund="009005"] input').fill('60');
    await button(page, zh['activity.comp.submit']).click();
    await page.locator('.act-pending').waitFor();
    await page.screenshot({ path: path.join(shots, 'competition-position-390.png'), fullPage: true });
    assert.deepEqual(suite.errors, []);
  });

  it('issues an asset proof and verifies it on the public page', async () => {
    const { page, server } = suite;
    await page.goto(`${server.url}/ccount/get-prove-assets`);
    await button(page, zh['activity.proof.issue']).click();
    const issued = page.locator('.act-proof__issued');
    await issued.waitFor();
    const serial = (await issued.getAttribute('data-serial')) as string;
    const code = (await issued.locator('.act-proof__code').textContent()) as string;
    assert.match(serial, /^AP\d{18}$/);
    await page.screenshot({ path: path.join(shots, 'asset-proof-390.png'), fullPage: true });
    // The PDF is the owner's: fetched with the session it is a PDF.
    const pdf = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'include' });
      return { type: res.headers.get('content-type'), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
    }, `/djapi/account/asset-proof/${serial}.pdf`);
    assert.deepEqual(pdf, { type: 'application/pdf', head: '%PDF-' });

    await page.goto(`${server.url}/n/asset-proof/verify/${serial}`);
    await page.locator('.act-verify__code input').fill('WRONGCODE');
    await button(page, zh['activity.verify.submit']).click();
    await see(page, zh['activity.verify.code_mismatch']).waitFor();
    await page.locator('.act-verify__code input').fill(code.trim());
    await button(page, zh['activity.verify.submit']).click();
    await see(page, zh['activity.verify.genuine']).waitFor();
    await see(page, '**明').waitFor();
    await page.screenshot({ path: path.join(shots, 'verify-390.png'), fullPage: true });

    const desktop = await openDesktop(suite.browser);
    await desktop.context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    for (const [name, url] of [
      ['competition', '/n/activity/competition/season-1'],
      ['lsd', '/n/activity/LSD-product/main'],
      ['asset-proof', '/ccount/get-prove-assets'],
    ]) {
      await desktop.page.goto(`${server.url}${url}`);
      await waitForAppPage(desktop.page, 30_000);
      await desktop.page.locator('.act-page').first().waitFor();
      await desktop.page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
    }
    await desktop.context.close();
    assert.deepEqual(suite.errors, []);
  });
});
