// The developer demo page /n/demo (docs/PRODUCT.md §2) on a touch phone: the fund-type samples and their links, the
// trade-password dialog typed on its keypad, and the date-picker sheet.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { FUND_SAMPLES } from '../../src/lib/fund-samples';
import componentMessages from '../../src/locales/messages/components';
import demoMessages from '../../src/locales/messages/demo';
import { collectPageErrors, launchBrowser, openPhone, startServer, type RunningServer } from './harness';

const messages: Record<string, string> = { ...componentMessages['zh-CN'], ...demoMessages['zh-CN'] };

/** The zh-CN text of a catalogue key, as the user reads it (zh-CN is the default locale). */
function zhText(key: string): string {
  const value = messages[key];
  if (value === undefined) throw new Error(`no zh-CN message ${key}`);
  return value;
}

/** A finger tap at the centre of what the user sees, hitting whatever is on top there (no actionability wait). */
async function tapWhereUserSees(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  assert.ok(box, 'the target is on screen');
  await target.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await target.page().waitForTimeout(400); // NutUI popups animate out
}

describe('/n/demo', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ({ context, page } = await openPhone(browser));
    page.setDefaultTimeout(30_000);
    errors = collectPageErrors(page);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function openDemo(): Promise<void> {
    await page.goto(`${server.url}/n/demo`);
    await page.locator('.demo-page__title').getByText(zhText('demo.title')).waitFor();
  }

  /** The sample rows, as a user reads them: label and the address it leads to. */
  function sampleRow(label: string): Locator {
    return page.locator('.nut-cell').filter({ has: page.getByText(label, { exact: true }) });
  }

  it('lists every fund-type sample of the spec with the address it opens', async () => {
    await openDemo();
    await page.getByText(zhText('demo.section.fundSamples')).waitFor();
    // docs/PRODUCT.md §2: not on sale, building period, the purchasable types, lock period, suspended, closed, delisted.
    for (const kind of [
      'notOnSale',
      'building',
      'moneyMarket',
      'bond',
      'stock',
      'fof',
      'hybridConversion',
      'qdiiHk',
      'lockPeriod',
      'tradingSuspended',
      'purchaseSuspended',
      'closed',
      'delisted',
    ]) {
      assert.ok(
        FUND_SAMPLES.some((s) => s.kind === kind),
        `the samples include ${kind}`,
      );
    }
    for (const sample of FUND_SAMPLES) {
      const row = sampleRow(zhText(sample.labelKey));
      assert.equal(await row.count(), 1, `one row for ${zhText(sample.labelKey)}`);
      assert.match(await row.innerText(), new RegExp(`/funding/${sample.code}$`), `${zhText(sample.labelKey)} shows its address`);
    }
  });

  it('each sample opens /funding/{code}', async () => {
    for (const sample of FUND_SAMPLES) {
      await openDemo();
      await sampleRow(zhText(sample.labelKey)).tap();
      await page.waitForURL((url) => url.pathname === `/funding/${sample.code}`, { timeout: 30_000 });
    }
    assert.deepEqual(errors, []);
  });

  describe('trade password', () => {
    const keypad = () => page.locator('.nut-numberkeyboard');
    const key = (digit: string) => keypad().locator('.key', { hasText: new RegExp(`^${digit}$`) });
    /** The filled dots of the six-dot field. */
    const dots = () => page.locator('.nut-shortpassword-input-fake-li-icon');

    async function typePassword(digits: string): Promise<void> {
      for (const digit of digits) await key(digit).tap();
    }

    async function openDialog(): Promise<void> {
      await page
        .locator('.nut-cell')
        .filter({ hasText: zhText('demo.password.hint') })
        .locator('.nut-button')
        .tap();
      await page.getByText(zhText('components.tradePassword.title')).waitFor();
      await keypad().waitFor();
    }

    it('shows the prompt, payee, amount and a keypad', async () => {
      await openDemo();
      await openDialog();
      await page.getByText(zhText('components.tradePassword.payee').replace('{name}', zhText('demo.password.payee'))).waitFor();
      await page.getByText(zhText('components.tradePassword.amount').replace('{amount}', '1,000.00')).waitFor();
      for (const digit of '0123456789') assert.ok(await key(digit).isVisible(), `key ${digit}`);
    });

    it('a wrong password shows the error and clears the dots for another try', async () => {
      await typePassword('65432');
      assert.equal(await dots().count(), 5, 'each key press fills one dot');
      await typePassword('1');
      const wrong = zhText('demo.password.error').replace('{reason}', zhText('demo.password.reasonMismatch'));
      await page.getByText(wrong).first().waitFor({ timeout: 30_000 });
      await page.getByText(zhText('components.tradePassword.title')).waitFor();
      assert.ok(await keypad().isVisible(), 'the dialog stays open for a retry');
      assert.equal(await dots().count(), 0, 'the dots are cleared for the retry');
    });

    it('123456 is accepted: the dialog closes and says 密码正确', async () => {
      await typePassword('123456');
      await page
        .getByText(zhText('demo.password.result').replace('{result}', zhText('demo.password.correct')))
        .waitFor({ timeout: 30_000 });
      await keypad().waitFor({ state: 'hidden' });
      assert.deepEqual(errors, []);
    });

    // Found by this suite: NutUI's keypad popup laid an invisible overlay over 取消, so the first tap only
    // lowered the keypad. The dialog now opens the keypad without an overlay.
    it('one tap on 取消 closes the dialog without a result', async () => {
      await openDemo();
      await openDialog();
      await typePassword('12');
      await tapWhereUserSees(page.getByText(zhText('components.tradePassword.cancel'), { exact: true }));
      await page.getByText(zhText('components.tradePassword.title')).waitFor({ state: 'hidden', timeout: 30_000 });
      assert.equal(await page.getByText(zhText('demo.password.correct')).count(), 0);
    });
  });

  describe('date picker', () => {
    it('opens a sheet titled 选择日期 with 确定, and confirming shows the picked date', async () => {
      await openDemo();
      const row = page.locator('.nut-cell').filter({ hasText: zhText('demo.datePicker.open').replace('{min}', '2021-01-01') });
      await row.locator('.nut-button').tap();
      const sheet = page.locator('.nut-picker').filter({ hasText: zhText('components.datePicker.title') });
      await sheet.waitFor();
      await sheet.getByText(zhText('components.datePicker.title'), { exact: true }).waitFor();
      const confirm = sheet.getByText(zhText('components.datePicker.confirm'), { exact: true });
      assert.ok(await confirm.isVisible());
      assert.ok(await sheet.getByText(zhText('components.datePicker.cancel'), { exact: true }).isVisible());
      await confirm.tap();
      const picked = page.getByText(new RegExp(zhText('demo.datePicker.picked').replace('{date}', '(\\d{4}-\\d{2}-\\d{2})')));
      await picked.waitFor();
      const date = /(\d{4}-\d{2}-\d{2})/.exec(await picked.innerText())?.[1] ?? '';
      assert.ok(date >= '2021-01-01', `the picked date ${date} respects the minimum`);
      assert.deepEqual(errors, []);
    });
  });
});
