// Screenshots of issue 28's money pages (not a test: run by hand after `NODE_ENV=production npx taro build --type h5`):
//   node --import tsx tests/e2e/issue-28-screenshots.ts [out-dir]
// An opened, assessed investor (seeded) buys 10,000.00 of a stock fund, puts 20,000.00 into 现金宝 and starts a daily
// 定投 of the same fund; the business clock then moves three days. 我的资产, the holding, 交易记录, the purchase's and
// the 定投 run's order, 收益日历 and the buy page are shot at 390 and 1280 px, and two geometric checks are printed:
// the 演示时间 badge overlaps nothing, and the number keypad does not cover the quick-amount chips.
import { publicEncrypt, constants as cryptoConstants } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { FUND_SAMPLES } from '../../server/src/market/samples';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import {
  businessNow,
  launchBrowser,
  openDesktop,
  openPhone,
  root,
  seedLoggedInUser,
  seedRiskAssessment,
  startServer,
  waitForAppPage,
} from './harness';

const OUT = path.resolve(process.argv[2] ?? path.join(root, 'docs/screenshots/issue-28'));
const FUND = FUND_SAMPLES.stock;
const PASSWORD = '258036';

interface Envelope<T> {
  result_code: number;
  data: T;
  message: string;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  let token = '';
  const server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const user = await seedLoggedInUser(db, '13912340028');
        token = user.token;
        const row = await db.kysely.selectFrom('users').select('id').where('telephone', '=', '13912340028').executeTakeFirstOrThrow();
        const now = businessNow();
        await db.kysely.updateTable('users').set({ open_trade: true }).where('id', '=', row.id).execute();
        await db.kysely
          .insertInto('bank_cards')
          .values({
            user_id: row.id,
            bank_code: 'ICBC',
            card_hmac: `shot${row.id}`,
            card_no_encrypted: 'x',
            card_tail: '2565',
            reserved_phone_encrypted: 'x',
            reserved_phone_masked: '139****0028',
            verified_at: now,
          })
          .execute();
        await db.kysely
          .insertInto('trade_passwords')
          .values({ user_id: row.id, hash: hashPassword(PASSWORD, DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
          .execute();
        await seedRiskAssessment(db, '13912340028', { level: 5, score: 80 });
      },
    },
  );
  const browser = await launchBrowser();
  try {
    const phone = await openPhone(browser);
    await phone.context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    await phone.page.goto(`${server.url}/my-money`);
    await waitForAppPage(phone.page);
    const xsrf = async () => (await phone.context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const call = async <T>(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<T> => {
      const response =
        method === 'GET'
          ? await phone.context.request.get(`${server.url}${url}`)
          : await phone.context.request.post(`${server.url}${url}`, { form: form ?? {}, headers: { 'x-xsrf-token': await xsrf() } });
      const body = (await response.json()) as Envelope<T>;
      if (body.result_code !== 0) throw new Error(`${url}: ${body.result_code} ${body.message}`);
      return body.data;
    };
    const key = (await call<{ public_key: string }>('GET', '/djapi/security/public-key')).public_key;
    const encrypted = () => publicEncrypt({ key, padding: cryptoConstants.RSA_PKCS1_PADDING }, Buffer.from(PASSWORD)).toString('base64');
    const rid = (name: string) => `shot-${name}-${Date.now()}`;

    const bought = await call<{ order_id: string }>('POST', '/djapi/order/buy', {
      fd_code: FUND,
      amount: '10000.00',
      request_id: rid('buy'),
      trade_password: encrypted(),
      risk_confirm: '1',
    });
    await call('POST', '/djapi/xjb/deposit', { amount: '20000.00', request_id: rid('xjb'), trade_password: encrypted() });
    await call('POST', '/djapi/aip/create', {
      fd_code: FUND,
      amount: '1000.00',
      cycle: 'daily',
      request_id: rid('aip'),
      trade_password: encrypted(),
      risk_confirm: '1',
    });
    const advance = await fetch(`${server.url}/__dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ days: '3' }),
    });
    console.log('clock advanced', ((await advance.json()) as Envelope<unknown>).result_code);
    const list = await call<{
      items: Array<{ order_id: string; source?: string | null; action_desc: string; value_desc: string; status_desc: string }>;
    }>('GET', '/djapi/order/p/list?page=1&size=20&type=all');
    console.log(list.items.map((i) => `${i.action_desc} ${i.value_desc} ${i.status_desc}`).join('\n'));
    const planOrder = list.items.find((i) => i.source === 'plan');

    const pages: Array<[string, string, string]> = [
      ['my-money', '/my-money', '[data-testid="assets"]'],
      ['holding', `/n/holding/${FUND}`, '[data-testid="holding"]'],
      ['orders', '/n/orders', '[data-testid="order-list"]'],
      ['order-purchase', `/n/orders/${bought.order_id}`, '[data-testid="order-detail"]'],
      ...(planOrder
        ? ([['order-plan', `/n/orders/${planOrder.order_id}`, '[data-testid="order-detail"]']] as Array<[string, string, string]>)
        : []),
      ['income-calendar', '/n/income-calendar', '[data-testid="income-calendar"]'],
    ];
    const wide = await openDesktop(browser);
    await wide.context.addCookies([{ name: 'xq_a_token', value: token, url: server.url }]);
    for (const [name, url, ready] of pages) {
      for (const [width, target] of [
        [390, phone],
        [1280, wide],
      ] as Array<[number, { context: BrowserContext; page: Page }]>) {
        await target.page.goto(`${server.url}${url}`);
        await waitForAppPage(target.page);
        await target.page.locator(ready).first().waitFor({ timeout: 20_000 });
        await target.page.waitForTimeout(800);
        await target.page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
        console.log(`${name}-${width}: badge overlaps ${await badgeOverlaps(target.page)}`);
      }
    }
    // The buy page at 390 px: the keypad is up at first; the chips must sit above it.
    await phone.page.goto(`${server.url}/n/trade/buy/${FUND}`);
    await waitForAppPage(phone.page);
    await phone.page.locator('[data-testid="buy-chips"]').waitFor();
    await phone.page.waitForTimeout(1200);
    const chips = await phone.page.locator('[data-testid="buy-chips"]').boundingBox();
    const keypad = await phone.page.locator('.trade-keypad').first().boundingBox();
    console.log(`buy-390: chips bottom ${chips ? chips.y + chips.height : 'none'}, keypad top ${keypad?.y ?? 'none'}`);
    await phone.page.screenshot({ path: path.join(OUT, 'buy-390.png') });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Elements drawn under the 演示时间 badge (their boxes intersect it), by class: none expected. */
function badgeOverlaps(page: Page): Promise<string> {
  return page.evaluate(() => {
    const badge = document.querySelector('.demo-clock-badge');
    if (!badge) return 'no badge';
    const b = badge.getBoundingClientRect();
    const hits: string[] = [];
    for (const element of Array.from(document.querySelectorAll('#app .page-shell__body *'))) {
      if (badge.contains(element) || element.contains(badge)) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) hits.push(element.className || element.tagName);
    }
    return hits.length === 0 ? 'nothing' : hits.slice(0, 5).join(' | ');
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
