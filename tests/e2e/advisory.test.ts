// Issue 23 journey in Chromium at 390 px against the real server on the seeded market: an investor with an open
// account opens an advisor's page, picks a portfolio, answers the advisory questionnaire (the strategy shows only
// then), signs the service agreement with the trade password, buys the model (one plan order, one fund order per
// leg), the dev clock moves a week (settlement, the fee accruing daily), and the account shows its assets and the
// accrued fee as the server computes them; the latest departure reads as followed. Screenshots at 390 and 1280 px.
// Build first: `npm run build:h5`.
import assert from 'node:assert/strict';
import { constants as cryptoConstants, publicEncrypt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import advisoryMessages from '../../src/locales/messages/advisory';
import { formatAmount } from '../../src/lib/format';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { button, see, STEP_TIMEOUT_MS, typeOnKeypad } from './account-support';
import { businessNow, openDesktop, phoneSuite, root, seedLoggedInUser, seedRiskAssessment, waitForAppPage } from './harness';
import { calendarDaysBetween, nextTradingDay, orderTradeDate } from '../../server/src/domain/calendar';
import { shanghaiDate } from '../../server/src/domain/clock';

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

  /** A form post as the page makes it: its cookies and the XSRF echo. */
  async function apiPost<T>(url: string, form: Record<string, string>): Promise<T> {
    const xsrf = (await suite.context.cookies(suite.server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response = await suite.context.request.post(`${suite.server.url}${url}`, { form, headers: { 'x-xsrf-token': xsrf } });
    const body = (await response.json()) as Envelope<T>;
    assert.equal(body.result_code, 0, `${url}: ${body.message}`);
    return body.data;
  }

  async function encryptedPassword(): Promise<string> {
    const { public_key: key } = await api<{ public_key: string }>('/djapi/security/public-key');
    return publicEncrypt({ key, padding: cryptoConstants.RSA_PKCS1_PADDING }, Buffer.from(PASSWORD)).toString('base64');
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

    // By hand, outside any account: a bond fund of 安心债券组合 (TIA06003), to be upgraded into its account below.
    const bondPositions = await api<{ items: Array<{ fd_code: string; role: string }> }>('/djapi/plan/position/detail?plan_code=TIA06003');
    const bond = bondPositions.items.find((i) => i.role === 'bond')?.fd_code as string;
    assert.ok(bond, 'TIA06003 holds a bond fund');
    const handBuy = await apiPost<{ order_id: string }>('/djapi/order/buy', {
      fd_code: bond,
      amount: '1000.00',
      pay_method: 'bankcard',
      request_id: `adv-e2e-hand-${Date.now()}`,
      trade_password: await encryptedPassword(),
    });

    // A week on — or, when the orders' trade date is after a holiday, three days past their confirmation (on
    // 2026-02-13 after the cut-off T is 02-24, after Spring Festival: a week was not enough, ci of 06:00): settled,
    // the fee accrued day by day.
    const clockNow = new Date((await api<{ now: string }>('/__dev/clock')).now);
    const confirmDate = nextTradingDay(orderTradeDate(clockNow));
    const days = Math.max(7, calendarDaysBetween(shanghaiDate(clockNow), confirmDate) + 3);
    const moved = await fetch(`${server.url}/__dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ days: String(days) }),
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

    // 我的资产: the account as its own line, the figures of GET /djapi/holding/plan/{code} to the fen; it opens the account.
    await page.goto(`${server.url}/my-money`);
    const line = page.locator('[data-testid="assets-advisory"][data-code="TIA06002"]');
    await line.waitFor();
    assert.equal(await line.locator('[data-testid="assets-advisory-total"]').innerText(), formatAmount(holding.total_assets));
    const fullHolding = await api<{ total_gain: string }>('/djapi/holding/plan/TIA06002');
    assert.match(
      await line.locator('[data-testid="assets-advisory-gain"]').innerText(),
      new RegExp(formatAmount(fullHolding.total_gain).replace(/[.+-]/g, (c) => `\\${c}`)),
    );
    await page.screenshot({ path: path.join(shots, 'my-money-390.png'), fullPage: true });
    await line.click();
    await page.waitForURL(/\/ic\/TIA06002$/);
    await page.locator('[data-testid="advisory-account"]').waitFor();

    // One departure of the history (departure_detail): its date, reasoning and legs; its window long closed.
    const history = await api<{ items: Array<{ trading_id: string; trade_date: string; remark: string }> }>(
      '/djapi/plan/TIA06002/trade_history?page=1&size=20',
    );
    const older = history.items[history.items.length - 1];
    assert.ok(older && history.items.length > 1, 'a history of departures');
    await page.goto(`${server.url}/n/departure/latest/TIA06002?trading_id=${older.trading_id}`);
    await page.locator('[data-testid="departure"]').getByText(older.trade_date, { exact: true }).waitFor();
    await page.locator('[data-testid="departure"]').getByText(older.remark, { exact: true }).waitFor();
    await page.locator('[data-testid="follow-status"]', { hasText: zh['advisory.follow.status.closed'] }).waitFor();
    await page.screenshot({ path: path.join(shots, 'departure-detail-390.png'), fullPage: true });

    // 升级投顾 (/ic/TIA06003?upgrade=1): introduce → the questionnaire (answered: skipped) → confirm, signing first → result.
    await page.goto(`${server.url}/ic/TIA06003?upgrade=1`);
    await page.locator('[data-testid="advisory-upgrade-introduce"]').waitFor();
    await page.locator('[data-testid="advisory-upgrade-start"]').click();
    await page.locator('[data-testid="advisory-upgrade-confirm"]').waitFor();
    await see(page, zh['advisory.upgrade.signFirst']).waitFor();
    await page.locator('[data-testid="advisory-agree"]').click();
    await button(page, zh['advisory.sign.submit']).click();
    await typeOnKeypad(page, PASSWORD);
    await page.locator('[data-testid="advisory-upgrade-submit"]').click();
    await typeOnKeypad(page, PASSWORD);
    await page.locator('[data-testid="advisory-upgrade-result"]').waitFor();
    const upgraded = await api<{ items: Array<{ fd_code: string; volume: string; portion: number }> }>('/djapi/holding/plan/TIA06003');
    const movedBond = upgraded.items.find((i) => i.fd_code === bond);
    assert.ok(movedBond && movedBond.volume !== '0.00', `the bond's shares moved: ${JSON.stringify(upgraded.items)}`);
    // Exactly the shares bought by hand: none of TIA06002's account (it may hold the same fund).
    const handOrder = await api<{ confirm_volume: string }>(`/djapi/fund/order/${handBuy.order_id}`);
    assert.deepEqual(
      upgraded.items.map((i) => [i.fd_code, i.volume]),
      [[bond, handOrder.confirm_volume]],
    );
    assert.equal(await page.locator('[data-testid="advisory-upgrade-moved"]').count(), 1);
    await page.locator('[data-testid="advisory-upgrade-moved"]', { hasText: movedBond.volume }).waitFor();
    await page.screenshot({ path: path.join(shots, 'upgrade-result-390.png'), fullPage: true });
    await page.locator('[data-testid="advisory-upgrade-account"]').click();
    await page.waitForURL(/\/ic\/TIA06003$/);
    const item = page.locator(`[data-testid="advisory-account-item"][data-code="${bond}"]`);
    await item.waitFor();
    assert.match(await item.innerText(), new RegExp(`${movedBond.portion}份 · 份额 ${movedBond.volume.replace('.', '\\.')}`));
    const planOrders = await api<{ items: Array<{ action: string; plan_code: string }> }>('/djapi/order/p/list?type=ic');
    assert.ok(
      planOrders.items.some((o) => o.action === '267' && o.plan_code === 'TIA06003'),
      'the upgrade is a 267 plan order',
    );

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
