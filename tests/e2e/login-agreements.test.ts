// Issue 17: ticking 《用户服务协议》《隐私政策》 on the login form is recorded, and so is opening's tick of all four.
// A visitor logs in with the tick and opens /n/agreements: both say they were accepted at login (date, time and
// version); the two that opening asks for say they will be asked for at opening. After opening, those two say they
// were accepted at opening, while the first two keep their login acceptance.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import legalMessages from '../../src/locales/messages/legal';
import { currentAgreement, type AgreementId } from '../../src/lib/agreements';
import { businessToday, phoneSuite } from './harness';
import {
  button,
  fill,
  freshPhone,
  icbcCard,
  idCardFor,
  latestCode,
  loginWithForm,
  shown,
  zhAccount,
  STEP_TIMEOUT_MS,
} from './account-support';

const zhLegal = legalMessages['zh-CN'];

/** The business date in Shanghai, as the page writes dates. */
const shanghaiToday = businessToday;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The row's line as the page writes it for an acceptance today ("已于 2026-11-26 10:05 登录时同意（版本 2026.1）"). */
function acceptedToday(key: 'legal.accepted.at.login' | 'legal.accepted.at.opening', id: AgreementId): RegExp {
  const [before, after] = fill(zhLegal[key], { version: currentAgreement(id).version }).split('{date}');
  return new RegExp(`^${escape(before!)}${shanghaiToday()} \\d{2}:\\d{2}${escape(after!)}$`);
}

/** Each agreement's line(s) on /n/agreements, by id. */
async function acceptanceLines(page: Page): Promise<Record<AgreementId, string[]>> {
  const records = shown(page, '.legal-records');
  await records.waitFor();
  const item = (id: AgreementId) => records.locator('.legal-records__item').filter({ hasText: `《${zhLegal[`legal.title.${id}`]}》` });
  const lines: Partial<Record<AgreementId, string[]>> = {};
  for (const id of ['service', 'privacy', 'risk-disclosure', 'fund-sale'] as const)
    lines[id] = (await item(id).locator('.legal-list__accepted').allInnerTexts()).map((s) => s.trim());
  return lines as Record<AgreementId, string[]>;
}

describe('login and opening record the ticked agreements (browser)', () => {
  const suite = phoneSuite({ defaultTimeoutMs: STEP_TIMEOUT_MS });

  it('after login: 用户服务协议 and 隐私政策 accepted at login; the other two asked for at opening', async () => {
    const { page, server } = suite;
    const phone = freshPhone('137');
    await page.goto(`${server.url}/account/login?redirect=${encodeURIComponent('/n/agreements')}`);
    await loginWithForm(page, server.url, phone);
    await page.waitForURL((url) => url.pathname === '/n/agreements');
    const lines = await acceptanceLines(page);
    for (const id of ['service', 'privacy'] as const) {
      assert.equal(lines[id].length, 1, `${id}: ${lines[id].join(' | ')}`);
      assert.match(lines[id][0]!, acceptedToday('legal.accepted.at.login', id));
    }
    // Opening asks for the other two; login did not accept them.
    for (const id of ['risk-disclosure', 'fund-sale'] as const) assert.deepEqual(lines[id], [zhLegal['legal.accepted.ask.opening']], id);
    assert.ok(!Object.values(lines).flat().includes(zhLegal['legal.accepted.ask.login']), 'nothing login asks for is still open');

    // Opening (its own tick of all four): the first two keep the login acceptance, the other two are accepted at opening.
    await page.goto(`${server.url}/ccount/certification?pageId=6`);
    const form = shown(page, '.account-cert');
    await form.locator('input[name="real_name"]').fill('钱同意');
    await form.locator('input[name="id_no"]').fill(idCardFor('19880415', '271'));
    await form.locator('input[name="bank_card_no"]').fill(icbcCard('000077771234'));
    const reserved = freshPhone('138');
    await form.locator('input[name="reserved_phone"]').fill(reserved);
    await button(form, zhAccount['account.cert.sendBankCode']).click();
    const { code } = await latestCode(server.url, reserved, { purpose: 'bank' });
    await form.locator('input[name="bank_code_sms"]').fill(code);
    await form.locator('.account-cert__agreements .nut-checkbox').click();
    await button(form, zhAccount['account.cert.submit']).click();
    await page.waitForURL((url) => url.pathname === '/ccount/trade-password');

    await page.goto(`${server.url}/n/agreements`);
    const opened = await acceptanceLines(page);
    for (const id of ['service', 'privacy'] as const) assert.deepEqual(opened[id], lines[id], `${id} keeps its login acceptance`);
    for (const id of ['risk-disclosure', 'fund-sale'] as const) {
      assert.equal(opened[id].length, 1, `${id}: ${opened[id].join(' | ')}`);
      assert.match(opened[id][0]!, acceptedToday('legal.accepted.at.opening', id));
    }
    assert.deepEqual(suite.errors, []);
  });
});
