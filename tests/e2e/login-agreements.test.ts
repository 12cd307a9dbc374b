// Issue 17: ticking 《用户服务协议》《隐私政策》 on the login form is recorded. A visitor logs in with the tick and opens
// /n/agreements: both show 已同意 with the date and version; the two agreements that opening asks for stay 尚未同意.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import legalMessages from '../../src/locales/messages/legal';
import { currentAgreement } from '../../src/lib/agreements';
import { phoneSuite } from './harness';
import { freshPhone, loginWithForm, shown, STEP_TIMEOUT_MS } from './account-support';

const zhLegal = legalMessages['zh-CN'];

/** Today in Shanghai, as the page writes dates. */
function shanghaiToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

describe('login records the ticked agreements (browser)', () => {
  const suite = phoneSuite({ defaultTimeoutMs: STEP_TIMEOUT_MS });

  it('log in with the tick, open /n/agreements: 用户服务协议 and 隐私政策 show 已同意 with the date', async () => {
    const { page, server } = suite;
    const phone = freshPhone('137');
    await page.goto(`${server.url}/account/login?redirect=${encodeURIComponent('/n/agreements')}`);
    await loginWithForm(page, server.url, phone);
    await page.waitForURL((url) => url.pathname === '/n/agreements');
    const records = shown(page, '.legal-records');
    await records.waitFor();
    const item = (title: string) => records.locator('.legal-records__item').filter({ hasText: `《${title}》` });
    const today = shanghaiToday();
    for (const [id, title] of [
      ['service', '用户服务协议'],
      ['privacy', '隐私政策'],
    ] as const) {
      const text = await item(title).innerText();
      const version = currentAgreement(id).version;
      assert.match(text, new RegExp(`${today} \\d{2}:\\d{2} 同意了版本 ${version.replace('.', '\\.')}`), `${title}: ${text}`);
      assert.ok(!text.includes('尚未同意'), `${title}: ${text}`);
    }
    // Opening asks for the other two; login did not accept them.
    for (const title of ['基金投资风险揭示书', '基金销售服务协议'])
      assert.ok((await item(title).innerText()).includes(zhLegal['legal.accepted.none']), title);
    assert.deepEqual(suite.errors, []);
  });
});
