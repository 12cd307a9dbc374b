// Issue 17 (trust), what the screenshots showed at 390 px: on the index valuation table, scrolled to its right end,
// no figure sits under the sideways-scroll fade; on customer service, the phone number is written once and the
// message box uses the app's font, not the browser's monospace.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_BRAND } from '../../src/lib/brand';
import legalMessages from '../../src/locales/messages/legal';
import { phoneSuite } from './harness';

const zh = legalMessages['zh-CN'];

describe('valuation fade and customer service (390 px)', () => {
  const suite = phoneSuite({ defaultTimeoutMs: 30_000 });

  it("the valuation table scrolled fully right: every row's last figure is clear of the fade", async () => {
    await suite.page.goto(`${suite.server.url}/djmodule/value-center`);
    const table = suite.page.getByTestId('valuation-table');
    await suite.page.getByTestId('valuation-row').first().waitFor();
    const scrolled = await table.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return { left: el.scrollLeft, max: el.scrollWidth - el.clientWidth };
    });
    assert.ok(scrolled.max > 0 && scrolled.left >= scrolled.max - 1, `scrolled to the end: ${JSON.stringify(scrolled)}`);
    const layout = await table.evaluate((el) => {
      const wrap = el.parentElement as HTMLElement;
      const fade = getComputedStyle(wrap, '::after');
      const fadeLeft = wrap.getBoundingClientRect().right - parseFloat(fade.width);
      const lastTexts = Array.from(el.querySelectorAll('[data-testid="valuation-row"]')).map((row) => {
        const cells = row.querySelectorAll('[data-col]');
        const text = cells[cells.length - 1]?.querySelector('*') as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(text);
        return { text: text.textContent ?? '', right: range.getBoundingClientRect().right };
      });
      return { fadeShown: fade.display !== 'none' && parseFloat(fade.width) > 0, fadeLeft, lastTexts };
    });
    assert.ok(layout.fadeShown, 'the phone keeps its sideways-scroll hint');
    assert.ok(layout.lastTexts.length > 0);
    for (const cell of layout.lastTexts) {
      assert.ok(cell.right <= layout.fadeLeft + 0.5, `"${cell.text}" ends at ${cell.right}, the fade starts at ${layout.fadeLeft}`);
    }
    assert.deepEqual(suite.errors, []);
  });

  it("customer service: the phone number once, and the message box in the page's font", async () => {
    await suite.page.goto(`${suite.server.url}/service/customservice`);
    await suite.page.getByText(DEFAULT_BRAND.servicePhone).first().waitFor();
    const text = await suite.page.locator('body').innerText();
    assert.equal(text.split(DEFAULT_BRAND.servicePhone).length - 1, 1, `the number is written once: ${text}`);
    assert.ok(text.includes(zh['legal.service.call']), 'a call affordance beside it');
    const textarea = suite.page.locator('.legal-service__message textarea');
    await textarea.waitFor();
    const [areaFont, pageFont] = await textarea.evaluate((el) => [
      getComputedStyle(el).fontFamily,
      getComputedStyle(document.querySelector('.legal-card__title') as Element).fontFamily,
    ]);
    assert.doesNotMatch(areaFont, /monospace/);
    assert.equal(areaFont, pageFont);
    assert.deepEqual(suite.errors, []);
  });
});
