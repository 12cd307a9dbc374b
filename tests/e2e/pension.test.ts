// The personal pension zone in Chromium against the real server (issue 24): from home's 养老金 entry to the zone (no
// global header), opening the pension account, a contribution from the card, a Y-class purchase paid from the pension
// account, its confirmation after the business clock moves, the holding and the year's statement; the same zone at
// 1280 px. Screenshots at 390 and 1280 px (PENSION_SHOTS_DIR).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import homeMessages from '../../src/locales/messages/home';
import pensionMessages from '../../src/locales/messages/pension';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { loadPersonalDataCipher } from '../../server/src/services/personal-data';
import { button, see, shown, STEP_TIMEOUT_MS, typeOnKeypad } from './account-support';
import { businessNow, openDesktop, phoneSuite, root, seedLoggedInUser, seedRiskAssessment, waitForAppPage } from './harness';

const zh = pensionMessages['zh-CN'];
const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
const HEADER = '[data-testid="global-header"]';
const PASSWORD = '147258';
const SHOTS = process.env.PENSION_SHOTS_DIR ?? path.join(root, '.tmp', 'screenshots', 'issue-24');

describe('the personal pension zone: open, contribute, buy a Y class, see it confirmed and the statement', () => {
  const phone = '13700002424';
  let token = '';
  const suite = phoneSuite({
    defaultTimeoutMs: STEP_TIMEOUT_MS,
    prepareDatabase: async (db) => {
      const user = await seedLoggedInUser(db, phone);
      token = user.token;
      await seedRiskAssessment(db, phone, { level: 5, score: 90 });
      const row = await db.kysely.selectFrom('users').select('id').where('telephone', '=', phone).executeTakeFirstOrThrow();
      await db.kysely.updateTable('users').set({ open_trade: true }).where('id', '=', row.id).execute();
      const now = businessNow();
      await db.kysely
        .insertInto('bank_cards')
        .values({
          user_id: row.id,
          bank_code: 'ICBC',
          card_hmac: `pension-e2e-${row.id}`,
          card_no_encrypted: 'x',
          card_tail: '2424',
          reserved_phone_encrypted: 'x',
          reserved_phone_masked: '137****2424',
          verified_at: now,
        })
        .execute();
      await db.kysely
        .insertInto('trade_passwords')
        .values({ user_id: row.id, hash: hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
        .execute();
      const cipher = await loadPersonalDataCipher(db.kysely);
      await db.kysely
        .insertInto('user_identities')
        .values({
          user_id: row.id,
          id_no_hmac: cipher.digest('id_no', '110101199003072425'),
          id_no_encrypted: cipher.encrypt('110101199003072425'),
          id_no_masked: '1101**********2425',
          real_name_encrypted: cipher.encrypt('李养老'),
          real_name_masked: '**老',
          birth_date: '1990-03-07',
          certified_at: new Date(now.getTime() - 86_400_000),
        })
        .execute();
    },
  });
  mkdirSync(SHOTS, { recursive: true });

  const shot = async (page: Page, name: string) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** Types the six digits of the trade password on the dialog's keypad. */
  const password = async (page: Page) => {
    await shown(page, '.nut-numberkeyboard').waitFor();
    await typeOnKeypad(page, PASSWORD);
  };

  it('walks from home’s entry through opening, a contribution and a Y purchase to its confirmation', async () => {
    const { page, server, context } = suite;
    await context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    await page.goto(`${server.url}/index`);
    await waitForAppPage(page);
    await see(page, homeMessages['zh-CN']['home.entry.pension']).click();
    await page.waitForURL(/\/n\/activity\/pension$/);
    await see(page, zh['pension.open.title']).waitFor();
    assert.equal(await page.locator(HEADER).filter({ visible: true }).count(), 0, 'no global header on /n/activity/pension');
    await see(page, zh['pension.intro.title']).waitFor();
    await shot(page, 'zone-not-opened-390');

    // Opening: without the social-insurance account the server says where to open it; then with it.
    await button(page, zh['pension.open.submit']).click();
    await password(page);
    await page
      .getByText(/掌上12333/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await shown(page, '.pen-open .nut-checkbox').click();
    await button(page, zh['pension.open.submit']).click();
    await password(page);
    await see(page, zh['pension.account.title']).waitFor();
    const year = Number(
      (await page.evaluate(async () => (await (await fetch('/__dev/clock')).json()) as { data: { now: string } })).data.now.slice(0, 4),
    );
    await see(page, fill(zh['pension.state.opened'], { year })).waitFor();

    // A contribution from the card.
    await shown(page, '.pen-contribute input').fill('3000');
    await button(page, zh['pension.contribute.submit']).click();
    await password(page);
    await see(page, fill(zh['pension.state.contributed'], { year, amount: '3000.00' })).waitFor();
    await see(page, fill(zh['pension.room.left'], { amount: '9000.00' }))
      .first()
      .waitFor();
    await shot(page, 'zone-contributed-390');

    // A Y-class purchase paid from the pension account.
    const funds = (
      await page.evaluate(
        async () => (await (await fetch('/djapi/pension/funds')).json()) as { data: { items: Array<{ code: string; a_class: string }> } },
      )
    ).data.items;
    const y = funds.find((f) => f.a_class === FUND_SAMPLES.fof);
    assert.ok(y, 'the FOF sample has a Y class');
    const card = shown(page, `.pen-fund[data-code="${y.code}"]`);
    await card.locator('.pen-fund__buy').click();
    await card.locator('input').fill('1000');
    await button(card, zh['pension.buy.submit']).click();
    await password(page);
    await see(page, zh['pension.buy.done']).waitFor();
    await page.waitForFunction(() => document.body.innerText.includes('2000.00'));

    // The business clock moves on: the purchase is confirmed, the holding shows, the account's total holds.
    // The dev clock (loopback, no session: no XSRF), as the other browser suites move it.
    const res = await fetch(`${server.url}/__dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ days: '3' }),
    });
    assert.equal(((await res.json()) as { result_code: number }).result_code, 0);
    await page.reload();
    await see(page, zh['pension.holdings.title']).waitFor();
    await shown(page, `.pen-holding[data-code="${y.code}"]`).waitFor();
    await see(page, zh['pension.holdings.dividend.reinvest']).waitFor();
    await see(page, fill(zh['pension.statement.total'], { amount: '3000.00' })).waitFor();
    await shot(page, 'zone-holding-390');

    // My money: the pension line, outside the ordinary total.
    await page.goto(`${server.url}/my-money`);
    await shown(page, '[data-testid="assets-pension"]').waitFor();
    await shot(page, 'my-money-pension-390');
    assert.deepEqual(suite.errors, []);
  });

  it('shows the same zone at 1280 px', async () => {
    const { server, browser } = suite;
    const desktop = await openDesktop(browser);
    desktop.page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await desktop.context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    await desktop.page.goto(`${server.url}/n/activity/pension`);
    await waitForAppPage(desktop.page);
    await see(desktop.page, zh['pension.account.title'])
      .waitFor()
      .catch(async (error: unknown) => {
        await shot(desktop.page, 'zone-1280-failed');
        throw error;
      });
    await see(desktop.page, zh['pension.tax.title']).waitFor();
    await shot(desktop.page, 'zone-1280');
    await desktop.context.close();
  });
});
