// Issue 17, privacy, in Chromium at 390 px against the real server: an investor downloads the copy of their personal data
// from settings (个人信息导出: a .json file with their phone, name and ID number), is told why the account cannot be
// closed while an auto-invest plan runs, stops it, then closes the account (注销账户) with the code texted to the login
// phone and a last confirmation; the session is over and the page leaves the account.
import assert from 'node:assert/strict';
import { constants as cryptoConstants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addCalendarDays } from '../../server/src/domain/calendar';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { loadPersonalDataCipher } from '../../server/src/services/personal-data';
import { button, freshPhone, idCardFor, latestCode, see, shown, STEP_TIMEOUT_MS, zhAccount } from './account-support';
import {
  businessNow,
  businessToday,
  collectPageErrors,
  launchBrowser,
  openPhone,
  seedLoggedInUser,
  startServer,
  type RunningServer,
} from './harness';

const PASSWORD = '258036';

interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
}

describe('privacy in settings: the copy of my data, and closing the account', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token = '';
  let planId = 0;
  const telephone = freshPhone('137');
  const idNo = idCardFor('19880512', '357');

  /** A call as the page makes it: the page's cookies and the XSRF header. */
  async function call<T>(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Envelope<T>> {
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const response =
      method === 'GET'
        ? await context.request.get(`${server.url}${url}`)
        : await context.request.post(`${server.url}${url}`, { form: form ?? {}, headers: { 'x-xsrf-token': xsrf } });
    return (await response.json()) as Envelope<T>;
  }

  before(async () => {
    server = await startServer(
      {},
      {
        // An opened account (identity, card, trade password, C3) with a running auto-invest plan, logged in.
        prepareDatabase: async (db) => {
          token = (await seedLoggedInUser(db, telephone)).token;
          const cipher = await loadPersonalDataCipher(db.kysely);
          const row = await db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).executeTakeFirstOrThrow();
          const now = businessNow();
          await db.kysely.updateTable('users').set({ open_trade: true }).where('id', '=', row.id).execute();
          await db.kysely
            .insertInto('user_identities')
            .values({
              user_id: row.id,
              id_no_hmac: cipher.digest('id-no', idNo),
              id_no_encrypted: cipher.encrypt(idNo),
              id_no_masked: `1101**********${idNo.slice(-4)}`,
              real_name_encrypted: cipher.encrypt('赵六'),
              real_name_masked: '*六',
              birth_date: '1988-05-12',
              certified_at: now,
            })
            .execute();
          await db.kysely
            .insertInto('bank_cards')
            .values({
              user_id: row.id,
              bank_code: 'ICBC',
              card_hmac: cipher.digest('bank-card', '6222020000123456789'),
              card_no_encrypted: cipher.encrypt('6222020000123456789'),
              card_tail: '6789',
              reserved_phone_encrypted: cipher.encrypt(telephone),
              reserved_phone_masked: `${telephone.slice(0, 3)}****${telephone.slice(-4)}`,
              verified_at: now,
            })
            .execute();
          await db.kysely
            .insertInto('trade_passwords')
            .values({ user_id: row.id, hash: hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
            .execute();
          await db.kysely
            .insertInto('risk_assessments')
            .values({
              user_id: row.id,
              questionnaire: 'v1',
              answers: JSON.stringify({}),
              score: 50,
              level: 3,
              assessed_at: now,
              valid_until: addCalendarDays(businessToday(), 700),
            })
            .execute();
          const plan = await db.kysely
            .insertInto('aip_plans')
            .values({
              user_id: row.id,
              request_id: 'e2e-privacy-plan',
              fund_code: FUND_SAMPLES.bond,
              amount_fen: 50000,
              cycle: 'monthly',
              cycle_day: 28,
              anchor_date: '2099-01-28',
              status: 'running',
              next_date: '2099-01-28',
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          planId = plan.id;
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

  it('个人信息导出 downloads a .json copy with my phone, name and ID number', async () => {
    await page.goto(`${server.url}/n/account/settings`);
    const row = shown(page, '.settings-row--export');
    await row.waitFor();
    assert.match(await shown(page, '.settings-section--privacy').innerText(), /个人信息[\s\S]*个人信息导出[\s\S]*注销账户/);
    await row.tap();
    await see(page, zhAccount['account.settings.exportIntro']).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, zhAccount['account.settings.exportButton']).tap()]);
    assert.match(download.suggestedFilename(), /^personal-data-\d{8}\.json$/);
    const file = readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(file) as {
      profile: { telephone: string };
      identity: { real_name: string; id_no: string };
      auto_invest_plans: Array<{ plan_id: string; amount: string; status: string }>;
      bank_cards: Array<{ card_no_masked: string }>;
    };
    assert.equal(data.profile.telephone, telephone);
    assert.deepEqual([data.identity.real_name, data.identity.id_no], ['赵六', idNo]);
    assert.deepEqual(
      data.auto_invest_plans.map((p) => [p.plan_id, p.amount, p.status]),
      [[String(planId), '500.00', 'running']],
    );
    assert.deepEqual(
      data.bank_cards.map((c) => c.card_no_masked),
      ['**** **** **** 6789'],
    );
    assert.ok(!file.includes('6222020000123456789'), 'the card number stays masked');
    const done = shown(page, '[data-testid="export-done"]');
    assert.match(await done.innerText(), new RegExp(`已下载 ${download.suggestedFilename().replace('.', '\\.')}`));
    assert.match(await done.innerText(), /共 0 笔交易、1 个定投计划、0 条客服留言/);
    // Nothing runs off the 390 px screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page wider than the screen by ${overflow}px`);
    await shown(page, '.settings-flow__back').tap();
    await shown(page, '.settings-row--close').waitFor();
  });

  it('注销账户 explains the conditions, refuses while the plan runs, and closes with the code once it is stopped', async () => {
    await shown(page, '.settings-row--close').tap();
    await see(page, zhAccount['account.settings.closeConditionsTitle']).waitFor();
    await see(page, zhAccount['account.settings.closeConsequenceKept']).waitFor();
    const blocked = shown(page, '[data-testid="close-blocked"]');
    await blocked.waitFor();
    assert.match(await blocked.innerText(), /暂不能注销：[\s\S]*有未终止的定投计划，请先终止/);
    assert.equal(await button(page, zhAccount['account.settings.closeNext']).count(), 0, 'no way on while blocked');

    // The investor stops the plan (the plan page's call), and comes back.
    const key = await call<{ public_key: string }>('GET', '/djapi/security/public-key');
    const encrypted = publicEncrypt(
      { key: key.data.public_key, padding: cryptoConstants.RSA_PKCS1_PADDING },
      Buffer.from(PASSWORD),
    ).toString('base64');
    const stopped = await call('POST', `/djapi/aip/${planId}/stop`, { trade_password: encrypted });
    assert.equal(stopped.result_code, 0, stopped.message);
    await shown(page, '.settings-flow__back').tap();
    await shown(page, '.settings-row--close').tap();
    await button(page, zhAccount['account.settings.closeNext']).tap();
    await see(page, `为确认是您本人操作，验证码将发送至 ${telephone.slice(0, 3)}****${telephone.slice(-4)}`).waitFor();
    const confirm = button(page, zhAccount['account.settings.closeConfirm']);
    await shown(page, '.settings-close__code .settings-code-send').tap();
    const { code } = await latestCode(server.url, telephone, { purpose: 'account' });
    // A wrong code first: the server's reason under the field, the account still open.
    await shown(page, '.settings-close__code input[name="code"]').fill(code === '0000' ? '0001' : '0000');
    await confirm.tap();
    await button(shown(page, '.settings-close-dialog'), zhAccount['account.settings.closeConfirm']).tap();
    await see(page, '验证码错误，还可尝试 4 次').waitFor();
    await shown(page, '.settings-close__code input[name="code"]').fill(code);
    await confirm.tap();
    const dialog = shown(page, '.settings-close-dialog');
    await see(dialog, zhAccount['account.settings.closeDialogContent']).waitFor();
    await button(dialog, zhAccount['account.settings.closeConfirm']).tap();
    const closed = shown(page, '[data-testid="account-closed"]');
    await closed.waitFor();
    assert.match(await closed.innerText(), /账户已注销[\s\S]*该手机号可重新注册/);

    // The session is over on the server; 完成 leaves the account.
    assert.equal((await call('GET', '/djapi/account/settings')).result_code, 300001);
    await button(closed, zhAccount['account.settings.closedDone']).tap();
    await page.waitForURL((url) => url.pathname !== '/n/account/settings');
    assert.deepEqual(errors, []);
  });
});
