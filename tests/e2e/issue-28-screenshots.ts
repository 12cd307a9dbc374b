// Screenshots of issue 28's money pages (not a test: run by hand after `NODE_ENV=production npx taro build --type h5`):
//   node --import tsx tests/e2e/issue-28-screenshots.ts [out-dir]
// An opened, assessed investor (seeded) buys 10,000.00 of a stock fund, puts 20,000.00 into 现金宝 and starts a daily
// 定投 of the same fund; the business clock then moves three days, and on day by day until 收益日历 shows the purchase's
// first income (its order's income_date, once that day's NAV is published). 我的资产, the holding, 交易记录, the
// purchase's and the 定投 run's order, 收益日历 and the buy page are shot at 390 and 1280 px on a development server
// (its pages draw the 演示时间 badge), and two geometric checks are printed: the badge is drawn over nothing, and the
// number keypad does not cover the quick-amount chips.
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
  underDemoBadge,
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
    { NODE_ENV: 'development' },
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
    // On, a day at a time, until 收益日历 shows the purchase's first income: its trade date shows none, the next market
    // day's change of value shows from the order's income_date (查看收益) on, once that NAV is published.
    const order = await call<{ trade_date: string; income_date: string | null }>('GET', `/djapi/fund/order/${bought.order_id}`);
    let firstIncome: { date: string; income: string } | undefined;
    for (let day = 0; day < 10 && order.income_date; day += 1) {
      const calendar = await call<{ days: Array<{ date: string; income: string }> }>(
        'GET',
        `/djapi/holding/income/calendar?month=${order.income_date.slice(0, 7)}`,
      );
      firstIncome = calendar.days.find((d) => d.date > order.trade_date && d.income !== '0.00');
      if (firstIncome) break;
      await fetch(`${server.url}/__dev/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ days: '1' }),
      });
    }
    const clock = (await (await fetch(`${server.url}/__dev/clock`)).json()) as Envelope<{ now: string }>;
    console.log(
      `trade date ${order.trade_date}, income date ${order.income_date}; on ${clock.data.now.slice(0, 10)} the calendar's first income: ${JSON.stringify(firstIncome ?? null)}`,
    );
    if (!firstIncome) throw new Error('no income on the calendar after the income date');
    const list = await call<{
      items: Array<{ order_id: string; source?: string | null; action_desc: string; value_desc: string; status_desc: string }>;
    }>('GET', '/djapi/order/p/list?page=1&size=20&type=all');
    for (const i of list.items) {
      const o = await call<{ trade_date?: string; confirm_date?: string; income_date?: string | null }>(
        'GET',
        `/djapi/fund/order/${i.order_id}`,
      );
      console.log(
        `${i.action_desc} ${i.value_desc} ${i.status_desc} T ${o.trade_date ?? '-'} confirm ${o.confirm_date ?? '-'} income ${o.income_date ?? '-'}`,
      );
    }
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
        const under = await underDemoBadge(target.page);
        console.log(
          `${name}-${width}: under the badge ${under === null ? 'no badge' : under.length === 0 ? 'nothing' : under.join(' | ')}`,
        );
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

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
