// Issue 13 journey in Chromium at 390 px against the real server: a new investor opens an account and deposits
// 20,000.00 into 现金宝 on /xjb; the dev clock crosses a weekend and the income list shows, day by day, exactly
// shares × per-10k / 10,000 to the fen (src/lib/cash-rules.ts dailyIncomeFen on the cash fund's published figures,
// GET /djapi/fund/nav/history), the Friday's distribution paying the weekend; a 快速取现 of 10,000.00 goes through,
// the next 0.01 is refused naming the quota and switches to 普通取现, which arrives the next trading day; then a fund
// is bought with 现金宝 and sold back into it. Build first: `npm run build:h5` (or H5_DIR=<a private build>).
// CASH_SHOTS_DIR=/tmp/cash-shots also saves screenshots of /xjb and the withdrawal at 390 px and 1280 px.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dailyIncomeFen, per10kToUnits } from '../../src/lib/cash-rules';
import { nextTradingDay } from '../../server/src/domain/calendar';
import type { CashIncomeRow, CashSummary, CashUnavailable } from '../../src/lib/api-types/cash';
import type { Paged } from '../../src/lib/api-types/paged';
import cashMessages from '../../src/locales/messages/cash';
import tradeMessages from '../../src/locales/messages/trade';
import { collectPageErrors, launchBrowser, openPhone, startServer, type RunningServer } from './harness';
import {
  button,
  fill,
  freshPhone,
  icbcCard,
  idCardFor,
  latestCode,
  loginWithForm,
  see,
  shown,
  STEP_TIMEOUT_MS,
  typeOnKeypad,
  zhAccount,
} from './account-support';

const zhCash = cashMessages['zh-CN'];
const zhTrade = tradeMessages['zh-CN'];
const BOND = '009004'; // R2
const PASSWORD = '258036';
const SHOTS = process.env.CASH_SHOTS_DIR;

interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
}

/** '12,345.67' / '12345.67' → fen. */
function fen(text: string): number {
  const clean = text.replace(/,/g, '');
  assert.match(clean, /^-?\d+\.\d{2}$/, `not an amount: ${text}`);
  const negative = clean.startsWith('-');
  const [whole = '0', cents = '0'] = clean.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(cents);
  return negative ? -value : value;
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

describe('现金宝 in the browser: deposit, daily income across a weekend, instant and normal withdrawal, pay and sell', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const telephone = freshPhone('137');
  const reservedPhone = freshPhone('135');

  async function api<T>(pathAndQuery: string): Promise<T> {
    const response = await context.request.get(`${server.url}${pathAndQuery}`);
    const body = (await response.json()) as Envelope<T>;
    assert.equal(body.result_code, 0, `${pathAndQuery}: ${body.message}`);
    return body.data;
  }

  async function devPost(pathname: string, form: Record<string, string>): Promise<void> {
    const response = await fetch(`${server.url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    const body = (await response.json()) as Envelope<unknown>;
    assert.equal(body.result_code, 0, `${pathname}: ${body.message}\n${server.logs().slice(-3000)}`);
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

  async function shot(name: string, target: Page = page): Promise<void> {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await target.waitForTimeout(600);
    await target.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  /** A desktop window (1280 px) with this investor's cookies. */
  async function wideContext(): Promise<BrowserContext> {
    return browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', storageState: await context.storageState() });
  }

  /** The same page at 1280 px with this investor's cookies. */
  async function shotWide(name: string, url: string, prepare?: (wide: Page) => Promise<void>): Promise<void> {
    if (!SHOTS) return;
    const wide = await wideContext();
    try {
      const widePage = await wide.newPage();
      const ready = async (target: Page) => {
        await target.goto(url);
        await target.locator('[data-testid="cash-screen"], [data-testid="cash-withdraw-form"]').first().waitFor();
        if (prepare) await prepare(target);
      };
      await ready(widePage);
      await shot(name, widePage);
      // The same page with the desktop root size src/app.scss means (20 px: its '20PX' was lowercased by the Prettier
      // pass, so pxtransform made it '.5rem' and every page renders at 8 px a rem on a wide screen), set before load.
      const fixed = await wide.newPage();
      await fixed.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = '@media (min-width: 768px) { html { font-size: 20PX !important; } }';
          document.head.appendChild(style);
        });
      });
      await ready(fixed);
      await shot(`${name}-root20`, fixed);
    } finally {
      await wide.close();
    }
  }

  /** Types an amount on the amount keypad (open by itself on the forms), then closes it. */
  async function typeAmount(selector: string, amount: string): Promise<void> {
    await shown(page, `[data-testid="${selector}"]`).waitFor();
    const keypad = shown(page, '.cash-keypad, .trade-keypad');
    await keypad.waitFor({ timeout: 3_000 }).catch(() => undefined);
    if (!(await keypad.isVisible())) await shown(page, `[data-testid="${selector}"]`).tap();
    await keypad.waitFor();
    for (const key of amount)
      await keypad
        .locator('.key', { hasText: new RegExp(`^${key === '.' ? '\\.' : key}$`) })
        .first()
        .tap();
    await shown(page, '.nut-numberkeyboard-header-close').tap();
  }

  async function openXjb(view?: 'deposit' | 'withdraw'): Promise<void> {
    await page.goto(`${server.url}/xjb${view ? `?action=${view}` : ''}`);
    await shown(
      page,
      view === 'deposit'
        ? '[data-testid="cash-deposit-form"]'
        : view === 'withdraw'
          ? '[data-testid="cash-withdraw-form"]'
          : '[data-testid="cash-screen"]',
    ).waitFor();
  }

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ context, page } = await openPhone(browser));
    context.setDefaultTimeout(Number(process.env.E2E_STEP_MS ?? STEP_TIMEOUT_MS));
    errors = collectPageErrors(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a visitor is asked to log in; then account opening, trade password and the assessment', async () => {
    await page.goto(`${server.url}/xjb`);
    await shown(page, '[data-testid="cash-gate-login"]').waitFor();
    await shown(page, '[data-testid="cash-gate-login-action"]').tap();
    await page.waitForURL((url) => url.pathname === '/account/login');
    await loginWithForm(page, server.url, telephone);
    await page.goto(`${server.url}/ccount/certification?pageId=6`);
    const form = shown(page, '.account-cert');
    await form.locator('input[name="real_name"]').fill('赵六');
    await form.locator('input[name="id_no"]').fill(idCardFor('19850311', '357'));
    await form.locator('input[name="bank_card_no"]').fill(icbcCard('000055512345'));
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
  });

  let fundCode = '';
  let depositConfirmDate = '';

  it('deposits 20,000.00 from the card: the dates shown are the order’s; the amount waits as unavailable until confirmed', async () => {
    await openXjb();
    await shown(page, '[data-testid="cash-empty"]').waitFor();
    const before = await api<CashSummary>('/djapi/xjb/summary');
    fundCode = before.fd_code;
    await shown(page, '[data-testid="cash-deposit"]').tap();
    await shown(page, '[data-testid="cash-deposit-form"]').waitFor();
    const timeline = await shown(page, '[data-testid="cash-deposit-timeline"]').innerText();
    for (const date of [before.deposit_trade_date, before.deposit_confirm_date, before.deposit_income_date])
      assert.ok(timeline.includes(date), timeline);
    await typeAmount('cash-amount', '20000');
    await shown(page, '[data-testid="cash-deposit-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await shown(page, '[data-testid="cash-result"]').waitFor();
    assert.match(await shown(page, '[data-testid="cash-result-value"]').innerText(), /20,000\.00/);
    assert.match(await shown(page, '[data-testid="cash-result-confirm-date"]').innerText(), new RegExp(before.deposit_confirm_date));
    depositConfirmDate = before.deposit_confirm_date;
    await shown(page, '[data-testid="cash-result-done"]').tap();
    await shown(page, '[data-testid="cash-screen"]').waitFor();
    const after = await api<CashSummary>('/djapi/xjb/summary');
    assert.deepEqual([after.total, after.unavailable, after.available], ['20000.00', '20000.00', '0.00']);
    await page.goto(`${server.url}/n/xjb-unavailable-amount-detail`);
    const item = shown(page, '[data-testid="cash-unavailable-item"]');
    await item.waitFor();
    assert.equal(await item.getAttribute('data-kind'), 'deposit');
    assert.match(await item.innerText(), new RegExp(`${zhCash['cash.unavailable.kind.deposit']}[\\s\\S]*20,000\\.00`));
  });

  it('across a weekend each day earns shares × per-10k / 10,000 to the fen, carried into shares; Friday pays the weekend', async () => {
    const confirm = depositConfirmDate;
    // The first Friday after the confirmation, then the Monday after it, then one more trading day so Monday is paid.
    let friday = nextTradingDay(confirm);
    while (weekday(friday) !== 5) friday = nextTradingDay(friday);
    const monday = nextTradingDay(friday);
    await advanceTo(nextTradingDay(monday));
    const income = await api<Paged<CashIncomeRow>>('/djapi/xjb/income?page=1&size=50');
    const rows = [...income.items].reverse(); // oldest first
    assert.ok(rows.length >= 2, `income rows: ${JSON.stringify(rows)}`);
    const navs = await api<{ items: Array<{ date: string; income_per_10k?: string | null }> }>(
      `/djapi/fund/nav/history/${fundCode}?page=1&size=60`,
    );
    const per10kOn = new Map(navs.items.map((n) => [n.date, n.income_per_10k ?? null]));
    let shares = 2_000_000; // hundredths: 20,000.00 shares at NAV 1.00
    let total = 0;
    for (const row of rows) {
      assert.ok(![0, 6].includes(weekday(row.date)), `income on a closed day ${row.date}`);
      const per10k = per10kOn.get(row.date);
      assert.ok(per10k, `no published per-10k for ${row.date}`);
      assert.equal(row.income_per_10k, per10k, row.date);
      assert.equal(fen(row.shares), shares, `shares earning on ${row.date}`);
      const expected = dailyIncomeFen(shares, per10kToUnits(per10k));
      assert.equal(fen(row.income), expected, `income of ${row.date}`);
      shares += expected;
      total += expected;
    }
    const dates = rows.map((r) => r.date);
    assert.ok(dates.includes(friday) && dates.includes(monday), dates.join());
    // Friday's distribution is the one that covers Saturday and Sunday: no row between it and Monday.
    assert.equal(dates[dates.indexOf(friday) + 1], monday);
    const summary = await api<CashSummary>('/djapi/xjb/summary');
    assert.equal(fen(summary.total_income), total);
    assert.equal(fen(summary.total), 2_000_000 + total);
    assert.equal(summary.yesterday_income, rows[rows.length - 1]?.income);

    // The page shows exactly these rows and figures.
    await openXjb();
    await shown(page, '[data-testid="cash-income-row"]').waitFor();
    const shownRows = await page
      .locator('[data-testid="cash-income-row"]')
      .evaluateAll((els) => els.map((el) => ({ date: el.getAttribute('data-date'), text: (el as HTMLElement).innerText })));
    assert.deepEqual(
      shownRows.map((r) => r.date),
      income.items.map((r) => r.date),
    );
    for (const [i, row] of income.items.entries()) {
      assert.ok(shownRows[i]?.text.includes(`+${row.income}`), `${row.date}: ${shownRows[i]?.text}`);
      assert.ok(shownRows[i]?.text.includes(row.income_per_10k), `${row.date}: ${shownRows[i]?.text}`);
    }
    const totalText = await shown(page, '[data-testid="cash-total"]').innerText();
    assert.equal(fen(totalText), 2_000_000 + total);
    await shown(page, '[data-testid="cash-chart"]').waitFor();
    await shot('xjb-390');
    await shown(page, '[data-testid="cash-income"]').scrollIntoViewIfNeeded();
    await shot('xjb-income-390');
    await shotWide('xjb-1280', `${server.url}/xjb`, async (wide) => {
      await wide.locator('[data-testid="cash-chart"]').waitFor();
    });
  });

  it('on a desktop (1280 px) 现金宝 and its withdrawal keep to the page’s column: the card, the action bar, the keypad', async () => {
    const wide = await wideContext();
    try {
      const widePage = await wide.newPage();
      // The page's parts under #app (the server's first screen wears the same classes); NutUI's popups sit on <body>.
      const box = async (selector: string, scope = '#app ') => {
        const found = await widePage.locator(`${scope}${selector}`).first().boundingBox();
        assert.ok(found, `${selector} is drawn`);
        return { left: Math.round(found.x), width: Math.round(found.width) };
      };
      await widePage.goto(`${server.url}/xjb`);
      await widePage.locator('#app [data-testid="cash-screen"]').waitFor();
      const column = await box('.page-shell__body');
      assert.equal(column.width, 800, 'the desktop column is 800 px');
      assert.deepEqual(await box('[data-testid="cash-screen"]'), column, 'the 现金宝 page fills the column');
      assert.deepEqual(await box('.cash-bar'), column, '转出 / 转入 sit on a bar as wide as the column');
      await widePage.goto(`${server.url}/xjb?action=withdraw`);
      await widePage.locator('#app [data-testid="cash-withdraw-form"]').waitFor();
      assert.deepEqual(await box('[data-testid="cash-withdraw-form"]'), column, 'the withdrawal form fills the column');
      await widePage.locator('.cash-keypad').waitFor();
      assert.deepEqual(await box('.nut-popup:has(> .cash-keypad)', ''), column, 'the amount keypad opens under the column');
    } finally {
      await wide.close();
    }
  });

  it('快速取现 of 10,000.00 arrives at once; the next 0.01 is refused naming the quota; 普通取现 arrives the next trading day', async () => {
    await openXjb('withdraw');
    assert.match(await shown(page, '[data-testid="cash-quick-quota"]').innerText(), /10,000\.00 元（每日 10,000\.00 元）/);
    await shot('withdraw-390');
    await shotWide('withdraw-1280', `${server.url}/xjb?action=withdraw`);
    await typeAmount('cash-amount', '10000');
    await shown(page, '[data-testid="cash-withdraw-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await shown(page, '[data-testid="cash-result"]').waitFor();
    const date = await today();
    assert.match(await shown(page, '[data-testid="cash-result-arrival-date"]').innerText(), new RegExp(date));
    assert.match(await shown(page, '[data-testid="cash-result-quota-left"]').innerText(), /0\.00/);
    await shot('withdraw-quick-done-390');

    await openXjb('withdraw');
    assert.match(await shown(page, '[data-testid="cash-quick-quota"]').innerText(), /今日剩余额度 0\.00 元/);
    await typeAmount('cash-amount', '0.01');
    await shown(page, '[data-testid="cash-withdraw-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    const notice = shown(page, '[data-testid="cash-notice"]');
    await notice.waitFor();
    const refusal = await notice.innerText();
    assert.match(refusal, /10,?000\.00/);
    assert.match(refusal, /0\.00/);
    assert.match(refusal, /普通取现/);
    await shot('withdraw-quota-refused-390');
    await shown(page, '[data-testid="cash-switch-normal"]').tap();
    assert.equal(await shown(page, '[data-testid="cash-mode-normal"]').getAttribute('aria-checked'), 'true');
    const normalArrival = (await shown(page, '[data-testid="cash-normal-arrival"]').innerText()).match(/\d{4}-\d{2}-\d{2}/)?.[0];
    assert.ok(normalArrival);
    await shown(page, '[data-testid="cash-withdraw-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await shown(page, '[data-testid="cash-result"]').waitFor();
    const arrival = (await shown(page, '[data-testid="cash-result-arrival-date"]').innerText()).match(/\d{4}-\d{2}-\d{2}/)?.[0];
    assert.equal(arrival, normalArrival);
    const summary = await api<CashSummary>('/djapi/xjb/summary');
    const order = summary.in_progress.find((o) => o.action_desc.includes('普通') || o.value_desc.startsWith('0.01'));
    assert.ok(order, `the normal withdrawal is in progress: ${JSON.stringify(summary.in_progress)}`);
    assert.equal(arrival, nextTradingDay(order.trade_date));
    await advanceTo(arrival as string);
    const later = await api<CashSummary>('/djapi/xjb/summary');
    assert.ok(!later.in_progress.some((o) => o.order_id === order.order_id), 'the normal withdrawal has arrived');
  });

  it('buys a fund paying with 现金宝 (deducted at once), then sells it into 现金宝 (arrives on its date)', async () => {
    const before = await api<CashSummary>('/djapi/xjb/summary');
    await page.goto(`${server.url}/n/trade/buy/${BOND}`);
    await shown(page, '[data-testid="buy-screen"]').waitFor();
    // The amount keypad opens by itself over the form: the amount first, then the way to pay.
    await typeAmount('buy-amount', '1000');
    await shown(page, '[data-testid="buy-pay-xjb"]').tap();
    assert.match(
      await shown(page, '[data-testid="buy-xjb-available"]').innerText(),
      new RegExp(before.available.replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')),
    );
    await shown(page, '[data-testid="buy-fee-value"]').waitFor();
    await shown(page, '[data-testid="buy-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/n/trade/result/'));
    await shown(page, '[data-testid="result-money-route"]').getByText(zhTrade['trade.pay.xjb']).waitFor();
    const buyId = new URL(page.url()).pathname.split('/').pop() as string;
    const buy = await api<{ pay_method: string; status: string; confirm_date: string }>(`/djapi/fund/order/${buyId}`);
    assert.equal(buy.pay_method, 'xjb');
    const paid = await api<CashSummary>('/djapi/xjb/summary');
    assert.equal(fen(paid.available), fen(before.available) - 100_000);
    const frozen = await api<CashUnavailable>('/djapi/xjb/unavailable');
    assert.ok(
      frozen.items.some((i) => i.kind === 'purchase' && i.amount === '1000.00'),
      JSON.stringify(frozen),
    );

    await advanceTo(buy.confirm_date);
    assert.equal((await api<{ status: string }>(`/djapi/fund/order/${buyId}`)).status, 'confirmed');
    await page.goto(`${server.url}/n/trade/sell/${BOND}`);
    await shown(page, '[data-testid="sell-screen"]').waitFor();
    await shown(page, '[data-testid="sell-to-xjb"]').tap();
    const toCash = (await shown(page, '[data-testid="sell-xjb-arrival"]').innerText()).match(/\d{4}-\d{2}-\d{2}/)?.[0];
    assert.ok(toCash);
    await shown(page, '[data-testid="sell-all"]').tap();
    await shown(page, '[data-testid="sell-estimate"]').waitFor();
    await shown(page, '[data-testid="sell-submit"]').tap();
    await typeOnKeypad(page, PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/n/trade/result/'));
    await shown(page, '[data-testid="result-money-route"]').getByText(zhTrade['trade.pay.xjb']).waitFor();
    const sellId = new URL(page.url()).pathname.split('/').pop() as string;
    const sale = await api<{ sell_to: string; arrival_date: string }>(`/djapi/fund/order/${sellId}`);
    assert.deepEqual([sale.sell_to, sale.arrival_date], ['xjb', toCash]);
    await page.goto(`${server.url}/n/xjb-unavailable-amount-detail`);
    await shown(page, '[data-testid="cash-unavailable-item"][data-kind="sale"]').waitFor();

    const beforeArrival = await api<CashSummary>('/djapi/xjb/summary');
    await advanceTo(toCash as string);
    const done = await api<{ status: string; confirm_amount: string | null; fee: string | null }>(`/djapi/fund/order/${sellId}`);
    const afterArrival = await api<CashSummary>('/djapi/xjb/summary');
    assert.ok(done.confirm_amount, JSON.stringify(done));
    const net = fen(done.confirm_amount) - (done.fee ? fen(done.fee) : 0);
    assert.equal(afterArrival.unavailable, '0.00', JSON.stringify(afterArrival));
    // The net proceeds became available (plus the income of the days in between, never less).
    const gained = fen(afterArrival.available) - fen(beforeArrival.available);
    assert.ok(
      gained >= net && gained - net < 1_000,
      `available ${beforeArrival.available} → ${afterArrival.available}, sale ${JSON.stringify(done)}`,
    );
    await page.goto(`${server.url}/my-money`);
    const line = shown(page, '[data-testid="assets-cash"]');
    await line.waitFor();
    assert.ok((await line.innerText()).includes(afterArrival.total.replace(/\B(?=(\d{3})+(?!\d))/g, ',')));
    assert.deepEqual(errors, []);
  });
});
