// Issue 14 journey in Chromium at 390 px against the real server: a new investor opens an account and takes the
// assessment, then sets up a monthly plan on day 28 from a fund page's 定投; the dev clock moves across three months
// and each run places an order that is confirmed with the exact shares the rules give; the bank then declines three
// debits in a row and the plan pauses saying why; the investor resumes it and finally stops it.
// Build first: `npm run build:h5` (or H5_DIR=dist/h5-<you> with TARO_OUTPUT_ROOT for a private build).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import aipMessages from '../../src/locales/messages/aip';
import type { AipPlanDetail, AipQuote } from '../../src/lib/api-types/auto-invest';
import { formatAmount } from '../../src/lib/format';
import { yuanToFen } from '../../src/lib/money';
import { sharesFor, units } from '../server/exact';
import { boxesOverlap, collectPageErrors, launchBrowser, openPhone, startServer, underDemoBadge, type RunningServer } from './harness';
import {
  button,
  fill,
  freshPhone,
  icbcCard,
  idCardFor,
  isDisabled,
  latestCode,
  loginWithForm,
  see,
  shown,
  STEP_TIMEOUT_MS,
  typeOnKeypad,
  zhAccount,
} from './account-support';

const zhAip = aipMessages['zh-CN'];
const BOND = '009004'; // R2, tracks no index: a normal plan
const PASSWORD = '258036';
const AMOUNT = '1000';
/** Set to a directory to save the intro, create and detail pages at 390 and 1280 px (e.g. /tmp/aip-shots). */
const SHOTS = process.env.AIP_SHOTS_DIR;

interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
}

describe('auto-invest in the browser: a monthly plan runs itself, pauses after three failed debits, resumes, stops', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let planId = '';
  const telephone = freshPhone('137');
  const reservedPhone = freshPhone('135');

  async function api<T>(path: string): Promise<T> {
    const response = await context.request.get(`${server.url}${path}`);
    const body = (await response.json()) as Envelope<T>;
    assert.equal(body.result_code, 0, `${path}: ${body.message}`);
    return body.data;
  }

  async function devPost(path: string, form: Record<string, string>): Promise<void> {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    const body = (await response.json()) as Envelope<unknown>;
    assert.equal(body.result_code, 0, `${path}: ${body.message}`);
  }

  async function today(): Promise<string> {
    const clock = (await (await fetch(`${server.url}/__dev/clock`)).json()) as Envelope<{ now: string }>;
    return clock.data.now.slice(0, 10);
  }

  /** Moves the business clock until its date is `date` (or later) and the jobs of those days have run. */
  async function advanceTo(date: string): Promise<void> {
    const days = Math.round((Date.parse(date) - Date.parse(await today())) / 86_400_000);
    if (days > 0) await devPost('/__dev/clock/advance', { days: String(days) });
  }

  /** Months on the dev clock outlive the login session: log in again (same phone) when it has expired. */
  async function stayLoggedIn(): Promise<void> {
    const response = await context.request.get(`${server.url}/djapi/aip/list`);
    const body = (await response.json()) as Envelope<unknown>;
    if (body.result_code === 0) return;
    // A fresh start: the expired session's cookies and the page's remembered login state go first.
    await context.clearCookies();
    await page.goto(`${server.url}/account/login`);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.reload();
    await loginWithForm(page, server.url, telephone);
  }

  async function plan(): Promise<AipPlanDetail> {
    await stayLoggedIn();
    return api<AipPlanDetail>(`/djapi/aip/${planId}`);
  }

  /** Full-page screenshots of the page as it is, at the phone width and at a desktop width. */
  async function shoot(name: string, ready: string): Promise<void> {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.reload();
      await shown(page, ready).waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
  }

  /** Types an amount on a keypad (opened by its field when closed), after clearing what it held, then closes it. */
  async function typeAmount(field: string, amount: string, keypadSelector: string, closeSelector: string): Promise<void> {
    await shown(page, `[data-testid="${field}"]`).waitFor();
    const keypad = shown(page, keypadSelector);
    await keypad.waitFor({ timeout: 3_000 }).catch(() => undefined);
    if (!(await keypad.isVisible())) await shown(page, `[data-testid="${field}"]`).tap();
    await keypad.waitFor();
    const held = await page.locator(`[data-testid="${field}-value"]`).filter({ visible: true }).count();
    if (held > 0) {
      const text = await shown(page, `[data-testid="${field}-value"]`).innerText();
      for (let i = 0; i < text.length; i += 1) await keypad.locator('.key.delete').first().tap();
    }
    for (const key of amount)
      await keypad
        .locator('.key', { hasText: new RegExp(`^${key}$`) })
        .first()
        .tap();
    await shown(page, closeSelector).tap();
  }

  /** The detail page's action: its button, the confirmation, the trade password. */
  async function act(testId: string): Promise<void> {
    await shown(page, `[data-testid="${testId}"]`).tap();
    await shown(page, '[data-testid="aip-confirm-text"]').waitFor();
    await button(page, zhAip['aip.action.confirm']).tap();
    await typeOnKeypad(page, PASSWORD);
  }

  before(async () => {
    // A development server (as `npm run dev` runs it): its pages carry the moved business clock, so the 演示时间 badge
    // is drawn and its geometry checked (issue 28); otherwise NODE_ENV=test, which draws no badge.
    [server, browser] = await Promise.all([startServer({ NODE_ENV: 'development' }), launchBrowser()]);
    ({ context, page } = await openPhone(browser));
    context.setDefaultTimeout(Number(process.env.E2E_STEP_MS ?? STEP_TIMEOUT_MS));
    errors = collectPageErrors(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('the fund page’s 定投 leads to the plan, which asks a visitor to log in; then an account and the assessment', async () => {
    await page.goto(`${server.url}/funding/${BOND}`);
    await shown(page, '[data-testid="auto-invest-button"]').tap();
    await page.waitForURL((url) => url.pathname === `/n/aip/create/${BOND}`);
    await shown(page, '[data-testid="aip-gate-login-action"]').tap();
    await page.waitForURL((url) => url.pathname === '/account/login');
    await loginWithForm(page, server.url, telephone);
    await page.goto(`${server.url}/ccount/certification?pageId=6`);
    const form = shown(page, '.account-cert');
    await form.locator('input[name="real_name"]').fill('赵六');
    await form.locator('input[name="id_no"]').fill(idCardFor('19870304', '318'));
    await form.locator('input[name="bank_card_no"]').fill(icbcCard('000076543210'));
    await form.locator('input[name="reserved_phone"]').fill(reservedPhone);
    await button(form, zhAccount['account.cert.sendBankCode']).click();
    const { code } = await latestCode(server.url, reservedPhone, { purpose: 'bank' });
    await form.locator('input[name="bank_code_sms"]').fill(code);
    // The four agreements, accepted with one tick (issue 17); the server records them with the opening.
    await form.locator('.account-cert__agreements .nut-checkbox').click();
    await button(form, zhAccount['account.cert.submit']).click();
    await page.waitForURL((url) => url.pathname === '/ccount/trade-password');
    await typeOnKeypad(page, PASSWORD);
    await see(page, zhAccount['account.tp.confirm']).waitFor();
    await typeOnKeypad(page, PASSWORD);
    await see(page, zhAccount['account.tp.success']).waitFor();
    await page.goto(`${server.url}/n/risk-assessment`);
    await button(page, zhAccount['account.risk.start']).click();
    const progress = shown(page, '.account-risk__progress');
    await progress.waitFor();
    const total = Number(/\/ (\d+)/.exec(await progress.innerText())?.[1]);
    for (let n = 1; n <= total; n += 1) {
      await see(page, fill(zhAccount['account.risk.progress'], { n, total })).waitFor();
      await page.locator('.account-risk__option').filter({ visible: true }).nth(1).click();
    }
    await button(page, zhAccount['account.risk.submit']).click();
    await page.waitForURL((url) => url.pathname === '/n/risk-assessment/result');
    await page.goto(`${server.url}/autoinvesment/intro`);
    await shown(page, '[data-testid="aip-teaser-invested"]').waitFor();
    await shoot('intro', '[data-testid="aip-teaser-invested"]');
    if (SHOTS) {
      // The create page of an index fund: smart mode offered, with the index it follows.
      const tracking = await api<{ funds: Array<{ fd_code: string }> }>('/djapi/index-mass/SH000300/funds');
      await page.goto(`${server.url}/n/aip/create/${tracking.funds[0]?.fd_code ?? ''}`);
      await shown(page, '[data-testid="aip-mode-smart"]').waitFor();
      await shoot('create-index-fund', '[data-testid="aip-backtest-invested"]');
    }
  });

  it('sets up ¥1,000 monthly on day 28 from the fund page: the first run date is shown before the password', async () => {
    await page.goto(`${server.url}/funding/${BOND}`);
    await shown(page, '[data-testid="auto-invest-button"]').tap();
    await page.waitForURL((url) => url.pathname === `/n/aip/create/${BOND}`);
    await shown(page, '[data-testid="aip-create"]').waitFor();
    // A bond fund tracks no index: normal mode only.
    await shown(page, '[data-testid="aip-smart-unavailable"]').waitFor();
    await shown(page, '[data-testid="aip-backtest-invested"]').waitFor();
    await shoot('create', '[data-testid="aip-backtest-invested"]');
    // Day 28 on the picker: its column is dragged up to the 28th row, then confirmed.
    await shown(page, '[data-testid="aip-schedule-monthly"]').tap();
    await shown(page, '[data-testid="aip-schedule-day"]').tap();
    await pickOption(page, '28日');
    const picked = await page
      .waitForFunction(() => document.querySelector('[data-testid="aip-schedule-day-value"]')?.textContent === '28日', undefined, {
        timeout: 10_000,
      })
      .then(() => true)
      .catch(() => false);
    if (!picked) {
      // Synthetic touches did not move NutUI's wheel in this Chromium: the page's own preset sets the day instead.
      console.log('auto-invest e2e: the picker did not take the drag; day 28 set by /n/aip/create/{code}?cycle=monthly&day=28');
      await page.goto(`${server.url}/n/aip/create/${BOND}?cycle=monthly&day=28`);
      await shown(page, '[data-testid="aip-create"]').waitFor();
    }
    assert.equal(await shown(page, '[data-testid="aip-schedule-day-value"]').innerText(), '28日');
    await shown(page, `[data-testid="aip-chip-${AMOUNT}"]`).tap();
    // A new investor's 现金宝 is empty: offered with its balance, as unavailable; tapping it leaves the card chosen.
    const xjb = shown(page, '[data-testid="aip-pay-xjb"]');
    assert.equal(
      await shown(page, '[data-testid="aip-xjb-available"]').innerText(),
      zhAip['aip.pay.xjbShort'].replace('{available}', '0.00'),
    );
    assert.equal(await xjb.getAttribute('aria-disabled'), 'true');
    await xjb.tap({ force: true }); // Playwright waits for an aria-disabled element to be enabled: a user's tap regardless
    assert.equal(await xjb.getAttribute('aria-checked'), 'false');
    assert.equal(await shown(page, '[data-testid="aip-pay-card"]').getAttribute('aria-checked'), 'true');
    const quote = await api<AipQuote>(`/djapi/aip/quote?fd_code=${BOND}&cycle=monthly&cycle_day=28`);
    assert.match(quote.first_date, /-28$|-(29|30|31)$|-0[1-4]$/);
    await page.waitForFunction(
      (date) => document.querySelector('[data-testid="aip-first-date-value"]')?.textContent === date,
      quote.first_date,
    );
    await shown(page, '[data-testid="aip-backtest-invested"]').waitFor();
    await shown(page, '[data-testid="aip-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await shown(page, '[data-testid="aip-created"]').waitFor();
    planId = ((await shown(page, '[data-testid="aip-created-id"]').innerText()).match(/\d+/) ?? [''])[0];
    assert.ok(planId, 'the plan id is shown');
    assert.match(await shown(page, '[data-testid="aip-created-first-date"]').innerText(), new RegExp(quote.first_date));
    const made = await plan();
    assert.deepEqual(
      [made.status, made.cycle, made.cycle_day, made.amount, made.next_date],
      ['running', 'monthly', 28, '1000.00', quote.first_date],
    );
  });

  it('three months: three orders, each confirmed with the exact shares', async () => {
    for (let month = 1; month <= 3; month += 1) {
      const before = await plan();
      assert.ok(before.next_date, 'a running plan has a next date');
      await advanceTo(before.next_date);
      const after = await plan();
      assert.equal(after.runs.length, month, `run ${month} placed on ${before.next_date}`);
    }
    const runs = (await plan()).runs;
    assert.equal(new Set(runs.map((r) => r.order_id)).size, 3);
    // Every order confirmed: move to the last one's confirmation date.
    for (const run of runs) {
      assert.equal(run.status, 'placed');
      const order = await api<{ confirm_date: string }>(`/djapi/fund/order/${run.order_id}`);
      await advanceTo(order.confirm_date);
    }
    for (const run of runs) {
      const order = await api<{ status: string; amount: string; fee: string; confirm_nav: string; confirm_volume: string }>(
        `/djapi/fund/order/${run.order_id}`,
      );
      assert.equal(order.status, 'confirmed', `order ${run.order_id}`);
      assert.equal(order.amount, '1000.00');
      const net = 100_000n - units(order.fee, 2);
      assert.equal(units(order.confirm_volume, 2), sharesFor(net, order.confirm_nav), `shares of ${run.order_id}`);
    }
    await page.goto(`${server.url}/autoinvesment/detail/${planId}?prelink=/autoinvesment/total-list`);
    await shown(page, '[data-testid="aip-runs"]').waitFor();
    assert.equal(await page.locator('[data-testid="aip-run"]').filter({ visible: true }).count(), 3);
    assert.equal(await page.locator('[data-testid="aip-run-order"]').filter({ visible: true }).count(), 3);
    // Issue 28 at 390 px: on 我的资产 the 演示时间 badge (the clock moved three months) covers nothing — the plan's name least of all.
    await page.goto(`${server.url}/my-money`);
    const planName = shown(page, '[data-testid="assets-aip-plan"] .purchase-row__label').first();
    await planName.waitFor();
    const badgeVsName = await boxesOverlap(shown(page, '.demo-clock-badge'), planName);
    assert.equal(badgeVsName.overlap, false, `the badge covers the plan's name: ${badgeVsName.boxes}`);
    assert.deepEqual(await underDemoBadge(page), []);
  });

  it('the bank declines three debits in a row: the plan pauses and says why', async () => {
    await devPost('/__dev/bank', { fail_next: '3' });
    for (let n = 1; n <= 3; n += 1) {
      const before = await plan();
      assert.equal(before.status, 'running', `running before failure ${n}`);
      assert.ok(before.next_date);
      await advanceTo(before.next_date);
    }
    const paused = await plan();
    assert.equal(paused.status, 'paused');
    assert.ok(paused.pause_reason, 'a reason is given');
    assert.equal(paused.runs.filter((r) => r.status === 'failed').length, 3);
    await page.goto(`${server.url}/autoinvesment/detail/${planId}?prelink=/autoinvesment/total-list`);
    const reason = shown(page, '[data-testid="aip-pause-reason"]');
    await reason.waitFor();
    assert.ok((await reason.innerText()).includes(paused.pause_reason as string));
    assert.equal(await page.locator('[data-testid="aip-run-failed"]').filter({ visible: true }).count(), 3);
    await shoot('detail-paused', '[data-testid="aip-pause-reason"]');
    await page.goto(`${server.url}/autoinvesment/total-list`);
    await shown(page, '[data-testid="aip-plan-pause-reason"]').waitFor();
  });

  it('changed to pay from 现金宝: unavailable above its balance, the change refused saying so; saved once it covers a run', async () => {
    await stayLoggedIn();
    // 500.00 into 现金宝 from the card, confirmed.
    const before = await api<{ deposit_confirm_date: string }>('/djapi/xjb/summary');
    await page.goto(`${server.url}/xjb?action=deposit`);
    await shown(page, '[data-testid="cash-deposit-form"]').waitFor();
    await typeAmount('cash-amount', '500', '.cash-keypad, .trade-keypad', '.nut-numberkeyboard-header-close');
    await shown(page, '[data-testid="cash-deposit-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await shown(page, '[data-testid="cash-result"]').waitFor();
    await advanceTo(before.deposit_confirm_date);
    await stayLoggedIn();
    const { available } = await api<{ available: string }>('/djapi/xjb/summary');
    assert.ok(yuanToFen(available) >= 50_000 && yuanToFen(available) < 60_000, available);
    const shownAvailable = formatAmount(available);

    await page.goto(`${server.url}/autoinvesment/detail/${planId}?prelink=/autoinvesment/total-list`);
    await shown(page, '[data-testid="aip-edit"]').tap();
    const card = shown(page, '[data-testid="aip-edit-card"]');
    const xjb = shown(card, '[data-testid="aip-pay-xjb"]');
    const xjbText = shown(card, '[data-testid="aip-xjb-available"]');
    const save = shown(card, '[data-testid="aip-edit-save"]');
    // ¥1,000 a run is more than 现金宝 holds: shown with its balance, as unavailable; the card stays chosen.
    assert.equal(await xjbText.innerText(), fill(zhAip['aip.pay.xjbShort'], { available: shownAvailable }));
    assert.equal(await xjb.getAttribute('aria-disabled'), 'true');
    await xjb.tap({ force: true });
    assert.equal(await xjb.getAttribute('aria-checked'), 'false');
    // ¥500 it covers: chosen.
    await typeAmount('aip-edit-amount', '500', '.aip-keypad', '.aip-keypad .nut-numberkeyboard-header-close');
    assert.equal(await xjbText.innerText(), fill(zhAip['aip.pay.xjbAvailable'], { available: shownAvailable }));
    await xjb.tap();
    assert.equal(await xjb.getAttribute('aria-checked'), 'true');
    // Then ¥600: the change is refused with the reason and the balance, and nothing is asked or sent.
    await typeAmount('aip-edit-amount', '600', '.aip-keypad', '.aip-keypad .nut-numberkeyboard-header-close');
    assert.equal(
      await shown(card, '[data-testid="aip-edit-xjb-short"]').innerText(),
      fill(zhAip['aip.edit.xjbShort'], { available: shownAvailable }),
    );
    assert.equal(await xjbText.innerText(), fill(zhAip['aip.pay.xjbShort'], { available: shownAvailable }));
    assert.ok(await isDisabled(save), 'save is refused');
    await save.tap({ force: true });
    await page.waitForTimeout(500);
    assert.equal(await page.locator('[data-testid="aip-confirm-text"]').filter({ visible: true }).count(), 0, 'no confirmation');
    let now = await plan();
    assert.deepEqual([now.pay_method, now.amount], ['bankcard', '1000.00']);
    // The refused change as the user sees it (no reload: that would close the edit card).
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'detail-edit-xjb-short-390.png'), fullPage: true });
    // Back to ¥500: confirmed (saying 现金宝 pays), with the password; the plan is paid from 现金宝 from now on.
    await typeAmount('aip-edit-amount', '500', '.aip-keypad', '.aip-keypad .nut-numberkeyboard-header-close');
    assert.equal(await xjb.getAttribute('aria-checked'), 'true');
    await save.tap();
    const confirmText = await shown(page, '[data-testid="aip-confirm-text"]').innerText();
    assert.ok(confirmText.includes(zhAip['aip.pay.xjb']), confirmText);
    await button(page, zhAip['aip.action.confirm']).tap();
    await typeOnKeypad(page, PASSWORD);
    await card.waitFor({ state: 'hidden' });
    now = await plan();
    assert.deepEqual([now.pay_method, now.amount], ['xjb', '500.00']);
  });

  it('resumed, then stopped (final), each with a confirmation and the trade password', async () => {
    await stayLoggedIn();
    await page.goto(`${server.url}/autoinvesment/detail/${planId}?prelink=/autoinvesment/total-list`);
    await shown(page, '[data-testid="aip-resume"]').waitFor();
    await act('aip-resume');
    await shown(page, '[data-testid="aip-pause"]').waitFor();
    assert.equal((await plan()).status, 'running');
    await act('aip-stop');
    await shown(page, '[data-testid="aip-stopped-note"]').waitFor();
    const stopped = await plan();
    assert.equal(stopped.status, 'stopped');
    assert.equal(stopped.next_date, null);
    await shown(page, '[data-testid="aip-back"]').tap();
    await page.waitForURL((url) => url.pathname === '/autoinvesment/total-list');
    assert.deepEqual(errors, []);
  });
});

/**
 * Picks an option on NutUI's picker (H5): the roller follows touch moves, so the column is dragged by the rows
 * between the active option and the wanted one — slowly, so no momentum carries it further —, then confirmed.
 */
async function pickOption(page: Page, label: string): Promise<void> {
  await page.locator('.nut-pickerview-roller-item').filter({ visible: true }).first().waitFor();
  // A string, not a function: tsx would wrap the function's inner helpers in its own `__name`, unknown in the page.
  await page.evaluate(`(async (text) => {
    const list = [...document.querySelectorAll('.nut-pickerview-list')].find((el) => el.getBoundingClientRect().height > 0);
    if (!list) throw new Error('no picker');
    const items = [...list.querySelectorAll('.nut-pickerview-roller-item')];
    const wanted = items.findIndex((el) => el.textContent.trim() === text);
    const active = Math.max(0, items.findIndex((el) => el.classList.contains('nut-pickerview-roller-item-active')));
    if (wanted < 0) throw new Error('no option ' + text);
    // Already on it (the default day is the business date's, e.g. 28 on the 28th–31st): a user just confirms.
    if (wanted === active) return;
    const spacing = parseFloat(getComputedStyle(list).getPropertyValue('--nutui-picker-item-height')) || 36;
    const at = (y) => new Touch({ identifier: 1, target: list, clientX: 100, clientY: y, pageX: 100, pageY: y });
    const start = 300;
    const end = start - (wanted - active) * spacing;
    const fire = (type, y, touching) =>
      list.dispatchEvent(new TouchEvent(type, { bubbles: true, cancelable: true, touches: touching ? [at(y)] : [], changedTouches: [at(y)] }));
    fire('touchstart', start, true);
    for (let step = 1; step <= 20; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 40));
      fire('touchmove', start + ((end - start) * step) / 20, true);
    }
    await new Promise((resolve) => setTimeout(resolve, 40));
    fire('touchend', end, false);
  })(${JSON.stringify(label)})`);
  await page.waitForTimeout(800);
  await page.locator('.nut-picker-confirm-btn').filter({ visible: true }).first().tap();
}
