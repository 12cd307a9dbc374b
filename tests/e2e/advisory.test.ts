// Issue 23 journey in Chromium at 390 px against the real server on the seeded market: an investor with an open
// account opens an advisor's page, picks a portfolio, answers the advisory questionnaire (the strategy shows only
// then), signs the service agreement with the trade password, buys the model (one plan order, one fund order per
// leg), the dev clock moves a week (settlement, the fee accruing daily), and the account shows its assets and the
// accrued fee as the server computes them; the latest departure reads as followed. Screenshots at 390 and 1280 px.
// Build first: `npm run build:h5`.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import advisoryMessages from '../../src/locales/messages/advisory';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { button, see, STEP_TIMEOUT_MS, typeOnKeypad } from './account-support';
import { businessNow, openDesktop, phoneSuite, root, seedLoggedInUser, seedRiskAssessment, waitForAppPage } from './harness';

const zh = advisoryMessages['zh-CN'];
const PASSWORD = '258036';
const shots = path.join(root, '.tmp', 'screenshots', 'issue-23');

interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
}

describe('投顾 in the browser: questionnaire, signing, buying the model, settlement and the fee', () => {
  const phone = '13700002323';
  let token = '';
  const suite = phoneSuite({
    defaultTimeoutMs: STEP_TIMEOUT_MS,
    prepareDatabase: async (db) => {
      const user = await seedLoggedInUser(db, phone);
      token = user.token;
      await seedRiskAssessment(db, phone, { level: 4, score: 70 });
      const k = db.kysely;
      const now = businessNow();
      const { id } = await k.selectFrom('users').select('id').where('telephone', '=', phone).executeTakeFirstOrThrow();
      await k.updateTable('users').set({ open_trade: true }).where('id', '=', id).execute();
      await k
        .insertInto('bank_cards')
        .values({
          user_id: id,
          bank_code: 'ICBC',
          card_hmac: 'advisory-e2e-card',
          card_no_encrypted: 'x',
          card_tail: '2323',
          reserved_phone_encrypted: 'x',
          reserved_phone_masked: '137****2323',
          verified_at: now,
        })
        .execute();
      await k
        .insertInto('trade_passwords')
        .values({ user_id: id, hash: hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
        .execute();
    },
  });
  mkdirSync(shots, { recursive: true });

  async function api<T>(url: string): Promise<T> {
    const response = await suite.context.request.get(`${suite.server.url}${url}`);
    const body = (await response.json()) as Envelope<T>;
    assert.equal(body.result_code, 0, `${url}: ${body.message}`);
    return body.data;
  }

  it('signs a portfolio after the questionnaire, buys it, and shows the account with its accrued fee', async () => {
    const { page, server, context } = suite;
    await context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    await page.goto(`${server.url}/ic/XSTG`);
    await see(page, '雪石投顾').first().waitFor();
    await page.getByText('稳健平衡组合').first().click();
    await page.waitForURL(/\/ic\/TIA06002$/);
    // KYC before strategy: the questionnaire, no holdings yet.
    await page.locator('[data-testid="advisory-kyc"]').waitFor();
    assert.equal(await page.locator('[data-testid="advisory-positions"]').count(), 0);
    await page.screenshot({ path: path.join(shots, 'kyc-390.png'), fullPage: true });
    for (const option of ['长期财富增值', '5年以上', '20%以内', '继续持有']) await page.getByText(option, { exact: true }).click();
    await button(page, zh['advisory.kyc.submit']).click();
    await page.locator('[data-testid="advisory-positions"]').waitFor();
    await page.locator('[data-testid="advisory-departures"]').waitFor();

    // Sign with the trade password.
    await page.locator('[data-testid="advisory-agree"]').click();
    await button(page, zh['advisory.sign.submit']).click();
    await typeOnKeypad(page, PASSWORD);
    await page.locator('[data-testid="advisory-account"]').waitFor();

    // Buy the model: one plan order, its legs ordinary fund orders.
    await page.locator('.adv-buy').click();
    await typeOnKeypad(page, PASSWORD);
    await see(page, zh['advisory.buy.done']).waitFor();
    const orders = await api<{ items: Array<{ order_id: string; action: string; ttype: string }> }>('/djapi/order/p/list?type=ic');
    assert.equal(orders.items.length, 1);
    assert.equal(orders.items[0]?.action, '022');
    const order = await api<{ sub_order_list: Array<{ orders: Array<{ order_id: string | null }> }> }>(
      `/djapi/order/p/plan/${orders.items[0]?.order_id}`,
    );
    assert.ok(order.sub_order_list.flatMap((g) => g.orders).every((o) => o.order_id !== null));

    // A week on: settled, the fee accrued day by day.
    const moved = await fetch(`${server.url}/__dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ days: '7' }),
    });
    assert.equal(((await moved.json()) as Envelope<unknown>).result_code, 0);
    const holding = await api<{ total_assets: string; fee_accrued: string }>('/djapi/holding/plan/TIA06002');
    assert.ok(Number(holding.total_assets) > 0);
    await page.reload();
    const account = page.locator('[data-testid="advisory-account"]');
    await account.waitFor();
    await account.getByText(holding.total_assets).waitFor();
    await account.getByText(holding.fee_accrued, { exact: true }).waitFor();
    await page.screenshot({ path: path.join(shots, 'account-390.png'), fullPage: true });

    // The latest departure: the model bought counts as following it.
    await page.goto(`${server.url}/n/departure/latest/TIA06002`);
    await page.locator('[data-testid="follow-status"]', { hasText: zh['advisory.follow.status.followed'] }).waitFor();
    await see(page, zh['advisory.follow.guide']).waitFor();
    await page.screenshot({ path: path.join(shots, 'latest-390.png'), fullPage: true });

    const desktop = await openDesktop(suite.browser);
    await desktop.context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    for (const [name, url] of [
      ['portfolio', '/ic/TIA06002'],
      ['advisor', '/ic/XSTG'],
    ]) {
      await desktop.page.goto(`${server.url}${url}`);
      await waitForAppPage(desktop.page, 30_000);
      await desktop.page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
    }
    await desktop.context.close();
    assert.deepEqual(suite.errors, []);
  });
});
