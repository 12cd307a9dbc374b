// Browser-test harness: the real server (npm start's entry) on a copy of a seeded database, and Debian's
// Chromium driven by playwright-core. Each test file gets its own server and data directory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import {
  chromium,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { chromiumExecutable } from './chromium-path';
import { openDatabase, type Database } from '../../server/src/db/database';
import { copyDatabase, templateDatabase } from '../server/db-images';
import { migrate } from '../../server/src/db/migrate';
import { addCalendarDays, addTradingDays, tradingDayOnOrBefore } from '../../server/src/domain/calendar';
import { fixedClock, parseBusinessStart, shanghaiDate, shanghaiInstant, shanghaiTime } from '../../server/src/domain/clock';
import { issueSession } from '../../server/src/plugins/session';
import { createPlan } from '../../server/src/services/auto-invest';
import { simulatedBank } from '../../server/src/services/bank';
import { DEV_TRADE_PASSWORD_PEPPER, hashPassword } from '../../server/src/services/password-hash';
import { settleTrades } from '../../server/src/services/settlement';
import { placeBuy } from '../../server/src/services/trading';

export const root = path.resolve(__dirname, '..', '..');
/**
 * The business instant this run's servers start at: BUSINESS_DATE ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm', Shanghai; `npm
 * test` sets one per run and prints it), else the wall clock's now. Replay a failure with the same BUSINESS_DATE.
 */
export const BUSINESS_DATE = process.env.BUSINESS_DATE?.trim() || `${shanghaiDate(new Date())}T${shanghaiTime(new Date()).slice(0, 5)}`;
const businessStartMs = parseBusinessStart(BUSINESS_DATE, new Date()).getTime();
const harnessLoadedMs = Date.now();

/** Now on this run's business clock (the servers' clock moves from BUSINESS_DATE as the wall clock does). */
export function businessNow(): Date {
  return new Date(businessStartMs + (Date.now() - harnessLoadedMs));
}

/** Today's business date of this run, 'YYYY-MM-DD'. */
export const businessToday = (): string => shanghaiDate(businessNow());

/** `BUSINESS_DATE` for a server or seed started now: the run's business clock, to the second. */
function businessDateEnv(): string {
  const now = businessNow();
  return `${shanghaiDate(now)}T${shanghaiTime(now)}`;
}

/**
 * The seeded database of this run's business date (E2E_TEMPLATE_DIR: another template, e.g. to try a changed market
 * generator without touching the shared ones).
 */
const templateDate = shanghaiDate(parseBusinessStart(BUSINESS_DATE, new Date()));
const templateDir = process.env.E2E_TEMPLATE_DIR
  ? path.resolve(root, process.env.E2E_TEMPLATE_DIR)
  : path.join(root, '.tmp', 'e2e-template-db', `${templateDate}-${sourceKey()}`);

/**
 * What made the template besides its date: the server's code (migrations, market generator, seed, jobs) and the app's
 * rules it imports — a template kept from before a change of the generator would show yesterday's market.
 */
function sourceKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|sql|json)$/.test(entry.name)) hash.update(path.relative(root, full)).update(readFileSync(full));
    }
  };
  for (const dir of ['server/src', 'src/lib']) walk(path.join(root, dir));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The PostgreSQL the browser tests' servers run on (E2E_DATABASE_URL: `npm test` passes TEST_DATABASE_URL, so CI's
 * servers run on PostgreSQL — a page's requests then cost the machine a native query, not PGlite's WebAssembly one);
 * unset, each server runs on its own PGlite copy. The same seeded template either way.
 */
const e2eDatabaseUrl = process.env.E2E_DATABASE_URL?.trim() || '';
/** The template database on that PostgreSQL: its kind, this source's key, and the business date. */
const PG_TEMPLATE_KIND = 'dje2e_';
const pgTemplateKey = () => `${PG_TEMPLATE_KIND}${sourceKey()}`;
const pgTemplateName = () => `${pgTemplateKey()}_${templateDate.replaceAll('-', '')}`;

/**
 * The node arguments that run one of the server's programs (`server/src/….ts`): its compiled copy in the run's test
 * bundle when `npm test` made one (TEST_BUNDLE_DIR, scripts/test-bundle.mjs: no TypeScript compiled at each start),
 * else the source through tsx. TEST_PROGRAM_FLAGS adds node flags to them, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile a browser test's server (node refuses --cpu-prof in NODE_OPTIONS).
 */
function nodeProgram(source: string): string[] {
  const bundleDir = process.env.TEST_BUNDLE_DIR;
  const bundled = bundleDir ? path.join(bundleDir, source.replace(/\.ts$/, '.mjs')) : null;
  const flags = (process.env.TEST_PROGRAM_FLAGS ?? '').split(' ').filter(Boolean);
  return bundled && existsSync(bundled) ? ['--enable-source-maps', ...flags, bundled] : ['--import', 'tsx', ...flags, source];
}

/** Runs the seed and the daily jobs (as `npm start` would) on the database `target` names: a data dir or a URL. */
function seedTemplate(target: { DATA_DIR: string; DATABASE_URL: string }): void {
  const result = spawnSync(process.execPath, nodeProgram('server/src/cli/seed.ts'), {
    cwd: root,
    env: { ...process.env, ...target, BUSINESS_DATE: businessDateEnv() },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`seeding the browser-test database failed (exit ${result.status})`);
  // The daily jobs through the business date, once here, so that no server of the run starts by catching them up.
  const jobs = spawnSync(process.execPath, nodeProgram('server/src/cli/jobs.ts'), {
    cwd: root,
    env: { ...process.env, ...target, BUSINESS_DATE: businessDateEnv(), NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (jobs.status !== 0) throw new Error(`the daily jobs of the browser-test database failed (exit ${jobs.status})`);
}

/**
 * Seeds one database for the whole browser run (the default market, as of this run's business date), copied per test
 * file. `npm test` makes it first (seed-template.ts), so browser files running at the same time only copy it.
 */
export async function ensureTemplate(): Promise<void> {
  if (e2eDatabaseUrl) {
    // Made once per cluster under a lock, renamed when complete; templates of other sources dropped (db-images.ts).
    await templateDatabase(
      e2eDatabaseUrl,
      pgTemplateName(),
      { kindPrefix: PG_TEMPLATE_KIND, keyPrefix: pgTemplateKey() },
      async (_db, url) => {
        const scratch = mkdtempSync(path.join(os.tmpdir(), 'dj-e2e-seed-'));
        try {
          seedTemplate({ DATA_DIR: scratch, DATABASE_URL: url });
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      },
    );
    return;
  }
  if (existsSync(path.join(templateDir, 'READY'))) return;
  rmSync(templateDir, { recursive: true, force: true });
  // Templates of this date made by other code are stale (each is ~150 MB): gone.
  const parent = path.dirname(templateDir);
  if (!process.env.E2E_TEMPLATE_DIR && existsSync(parent)) {
    for (const name of readdirSync(parent))
      if (name.startsWith(templateDate)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  seedTemplate({ DATA_DIR: templateDir, DATABASE_URL: '' });
  spawnSync('touch', [path.join(templateDir, 'READY')]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Runs on this server's own copy of the database before the server opens it (PGlite allows one owner). */
  prepareDatabase?: (db: Database) => Promise<void>;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  await ensureTemplate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dj-e2e-'));
  // On PostgreSQL: a database of its own, copied from the template (the data dir keeps the server's other files).
  const pgCopy = e2eDatabaseUrl ? await copyDatabase(e2eDatabaseUrl, pgTemplateName(), 'dje2e_run_') : null;
  const databaseUrl = pgCopy?.url ?? '';
  if (!pgCopy) cpSync(templateDir, dataDir, { recursive: true });
  if (options.prepareDatabase) {
    const db = await openDatabase(pgCopy ? { databaseUrl, poolSize: 2 } : { dataDir });
    try {
      // The template may predate a migration (it is kept between runs): bring the copy up to date first, as the
      // server would, so the preparation writes the current schema (e.g. 0006's hashed session tokens).
      await migrate(db);
      await options.prepareDatabase(db);
    } finally {
      await db.close();
    }
  }
  // The port is free when chosen, yet another process of the run (a browser, another file's server) can take it before
  // this server binds it: a server that meets EADDRINUSE is started again on another port.
  let port = 0;
  let output = '';
  let child: ChildProcess | undefined;
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    output = '';
    const started = spawn(process.execPath, nodeProgram('server/src/main.ts'), {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SKIP_H5_BUILD: '1',
        NODE_ENV: 'test',
        BUSINESS_DATE: businessDateEnv(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
        const poll = setInterval(() => {
          if (/Server ready: http/.test(output)) {
            clearTimeout(timer);
            clearInterval(poll);
            resolve();
          }
        }, 50);
        started.once('exit', (code) => {
          clearTimeout(timer);
          clearInterval(poll);
          reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
        });
      });
      break;
    } catch (error) {
      if (attempt < 3 && started.exitCode !== null && /EADDRINUSE/.test(output)) continue;
      throw error;
    }
  }
  const server = child;

  const running: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logs: () => output,
    stop: async () => {
      runningServers.delete(running);
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGINT');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      await pgCopy?.drop().catch(() => undefined);
    },
  };
  runningServers.add(running);
  return running;
}

/**
 * Playwright's request API reuses a pooled kept-alive connection after the server has closed it for idleness
 * (Fastify: 72 s), and the reuse is answered with a reset (microsoft/playwright#42701) — met after long clock advances.
 * The server never read such a request, so each verb is sent once more on ECONNRESET / socket hang up, as a browser
 * does; every context of launchBrowser's browser gets this.
 */
function retryResets(request: APIRequestContext): void {
  const verbs = ['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch'] as const;
  for (const verb of verbs) {
    const send = request[verb].bind(request) as (...args: unknown[]) => Promise<APIResponse>;
    (request as unknown as Record<string, unknown>)[verb] = async (...args: unknown[]) => {
      try {
        return await send(...args);
      } catch (error) {
        if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
        return send(...args);
      }
    };
  }
}

/**
 * Browsers and servers still open when a file's tests end — a suite whose `before` failed half-way never assigned
 * them, so its own `after` cannot close them, and an open Chromium keeps the file's process alive for ever.
 */
const openBrowsers = new Set<Browser>();
const runningServers = new Set<RunningServer>();
/** Launches under way: one that ends after a failed `before` gave up on it is closed all the same. */
const launches = new Set<Promise<Browser>>();
after(async () => {
  await Promise.allSettled([...launches]);
  for (const browser of openBrowsers) await browser.close().catch(() => undefined);
  for (const server of runningServers) await server.stop().catch(() => undefined);
});

export function launchBrowser(): Promise<Browser> {
  const launch = launchChromium();
  launches.add(launch);
  void launch.finally(() => launches.delete(launch)).catch(() => undefined);
  return launch;
}

async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  // No --user-data-dir: playwright refuses it for launch() and gives each launch a fresh temporary profile.
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    retryResets(context.request);
    return context;
  };
  return browser;
}

/** User agents of the places the H5 runs (real strings, trimmed to what detection reads). */
export const userAgents = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
};

export interface PhoneOptions {
  userAgent?: string;
  width?: number;
  height?: number;
  initScripts?: string[];
}

/** A phone-sized page (390×844 by default), zh-CN. */
export async function openPhone(browser: Browser, options: PhoneOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
    userAgent: options.userAgent ?? userAgents.iphoneSafari,
    locale: 'zh-CN',
    deviceScaleFactor: 2,
    isMobile: (options.width ?? 390) < 768,
    hasTouch: (options.width ?? 390) < 768,
  });
  for (const script of options.initScripts ?? []) await context.addInitScript({ content: script });
  const page = await context.newPage();
  keepScaleAfterFullPageShots(page);
  return { context, page };
}

/**
 * A full-page screenshot of a phone page (Playwright resizes the emulated screen for it) leaves a zoomable page — the
 * app's viewport allows pinch zoom (WCAG 1.4.4) — at the device's scale: visualViewport.scale 2, the keypad then drawn
 * off where a tap lands (seen in the pension journey). After each such shot the page is put back at scale 1.
 */
function keepScaleAfterFullPageShots(page: Page): void {
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (options) => {
    const image = await screenshot(options);
    if (options?.fullPage) {
      const cdp = await page.context().newCDPSession(page);
      try {
        await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
      } finally {
        await cdp.detach().catch(() => undefined);
      }
    }
    return image;
  };
}

/** A wide desktop page (1280×800). */
export function openDesktop(browser: Browser, options: PhoneOptions = {}) {
  return openPhone(browser, { userAgent: userAgents.desktopChrome, width: 1280, height: 800, ...options });
}

/** Collects uncaught page errors so a test can assert the page did not crash. */
/**
 * Waits until the app has drawn the page itself: its page shell under `#app`, and the first screen the server drew
 * for a shared-link page (`#dj-first-paint`, server/src/plugins/first-paint/) gone. That first screen wears the
 * app's classes, so a selector such as `.page-shell` matches it before the app has drawn anything.
 */
export async function waitForAppPage(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('#app .page-shell').first().waitFor({ timeout });
  await page.locator('#dj-first-paint').waitFor({ state: 'detached', timeout });
}

/**
 * What the 演示时间 badge (drawn while the business clock is moved) is drawn over, issue 28: the classes of the page
 * body's elements whose boxes intersect it — [] when it covers nothing; null when no badge is drawn.
 */
export function underDemoBadge(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const badge = document.querySelector('#app .demo-clock-badge');
    if (!badge) return null;
    const b = badge.getBoundingClientRect();
    const hits: string[] = [];
    for (const element of Array.from(document.querySelectorAll('#app .page-shell__body *'))) {
      if (badge.contains(element) || element.contains(badge)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      // What is drawn of it: its box clipped by every ancestor that clips (a pull-to-refresh head tucked away above
      // its list is laid out there, yet never drawn).
      const r = element.getBoundingClientRect();
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let a = element.parentElement; a && a !== document.body; a = a.parentElement) {
        const clip = getComputedStyle(a);
        if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right), Math.min(bottom, c.bottom)];
      }
      if (right - left <= 0 || bottom - top <= 0) continue;
      if (left < b.right && right > b.left && top < b.bottom && bottom > b.top) hits.push(String(element.className || element.tagName));
    }
    return hits;
  });
}

/** Whether two drawn elements' boxes intersect (geometry at the page's width), with both boxes for the message. */
export async function boxesOverlap(a: Locator, b: Locator): Promise<{ overlap: boolean; boxes: string }> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error(`not drawn: ${JSON.stringify([x, y])}`);
  const overlap = x.x < y.x + y.width && x.x + x.width > y.x && x.y < y.y + y.height && x.y + x.height > y.y;
  return { overlap, boxes: JSON.stringify([x, y]) };
}

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

export interface SeededUser {
  telephone: string;
  /** The `xq_a_token` cookie value of the user's logged-in session. */
  token: string;
}

/**
 * Creates a user with a logged-in session (for `prepareDatabase`): SMS login is a later issue, so a browser
 * test logs in by carrying this token as the `xq_a_token` cookie, exactly what a real login leaves behind.
 */
export async function seedLoggedInUser(db: Database, telephone = '13812345678'): Promise<SeededUser> {
  const now = businessNow();
  const user = await db.kysely
    .insertInto('users')
    .values({ telephone, open_trade: false, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await issueSession(db.kysely, { userId: user.id, clientId: 'dj-h5', now });
  return { telephone, token: session.token };
}

/** Records a risk assessment taken now (valid for 700 days) for the user with that phone (for `prepareDatabase`). */
export async function seedRiskAssessment(db: Database, telephone: string, assessment: { level: number; score: number }): Promise<void> {
  const user = await db.kysely.selectFrom('users').select('id').where('telephone', '=', telephone).executeTakeFirstOrThrow();
  const now = businessNow();
  await db.kysely
    .insertInto('risk_assessments')
    .values({
      user_id: user.id,
      questionnaire: 'v1',
      answers: JSON.stringify({}),
      score: assessment.score,
      level: assessment.level,
      assessed_at: now,
      valid_until: addCalendarDays(shanghaiDate(now), 700),
    })
    .execute();
}

export interface PhoneSuite {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors since the page opened (collectPageErrors). */
  errors: string[];
}

export interface PhoneSuiteOptions {
  /** Every wait and action of the page (Playwright's default timeout). */
  defaultTimeoutMs?: number;
  /** The server's environment beyond startServer's (BRAND_FILE, DEMO_NOTICE, …). */
  env?: Record<string, string>;
  /** Writes this suite's data (users, sessions, …) before the server opens the database (startServer). */
  prepareDatabase?: StartOptions['prepareDatabase'];
}

/**
 * The usual browser-suite setup: registers `before`/`after` hooks (call it inside a `describe`) that start a
 * server on the seeded database and Chromium, open one phone page, and close everything afterwards. The
 * fields are there once `before` has run.
 */
export function phoneSuite(options: PhoneSuiteOptions = {}): PhoneSuite {
  const suite = {} as PhoneSuite;
  before(async () => {
    [suite.server, suite.browser] = await Promise.all([
      startServer(options.env, { prepareDatabase: options.prepareDatabase }),
      launchBrowser(),
    ]);
    ({ context: suite.context, page: suite.page } = await openPhone(suite.browser));
    if (options.defaultTimeoutMs) suite.page.setDefaultTimeout(options.defaultTimeoutMs);
    suite.errors = collectPageErrors(suite.page);
  });
  after(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

export interface SeededInvestor extends SeededUser {
  /** The confirmed purchase (a holding of `holdingFund`), the pending one (of `pendingFund`), the plan. */
  confirmedOrderId: number;
  pendingOrderId: number;
  planId: number;
  holdingFund: string;
  pendingFund: string;
}

/**
 * An investor with the data a real account's pages show (for `prepareDatabase`): an opened account (card, trade
 * password 258036, risk level 5), a purchase of `holdingFund` made ten trading days ago and confirmed (a holding with
 * a history), a purchase of `pendingFund` waiting for confirmation, and a monthly auto-invest plan.
 */
export async function seedInvestorWithData(
  db: Database,
  { telephone = '13700002626', holdingFund = '009005', pendingFund = '009004' } = {},
): Promise<SeededInvestor> {
  const user = await seedLoggedInUser(db, telephone);
  const k = db.kysely;
  const now = businessNow();
  const { id } = await k.selectFrom('users').select('id').where('telephone', '=', telephone).executeTakeFirstOrThrow();
  const userId = Number(id);
  await k.updateTable('users').set({ open_trade: true }).where('id', '=', id).execute();
  await k
    .insertInto('bank_cards')
    .values({
      user_id: id,
      bank_code: 'ICBC',
      card_hmac: `seeded-card-${telephone}`,
      card_no_encrypted: 'x',
      card_tail: '2565',
      reserved_phone_encrypted: 'x',
      reserved_phone_masked: `${telephone.slice(0, 3)}****${telephone.slice(-4)}`,
      verified_at: now,
    })
    .execute();
  await k
    .insertInto('trade_passwords')
    .values({ user_id: id, hash: hashPassword('258036', DEV_TRADE_PASSWORD_PEPPER), created_at: now, updated_at: now })
    .execute();
  await seedRiskAssessment(db, telephone, { level: 5, score: 80 });
  const bank = simulatedBank();
  const riskWarningText = () => 'risk';
  // Ten trading days ago at 10:00, confirmed on its confirmation date.
  const earlier = shanghaiInstant(addTradingDays(tradingDayOnOrBefore(shanghaiDate(now)), -10), '10:00');
  await placeBuy(
    { db, clock: fixedClock(earlier), bank, pepper: DEV_TRADE_PASSWORD_PEPPER },
    {
      userId,
      fundCode: holdingFund,
      amountFen: 1_000_000,
      requestId: 'seeded-confirmed-buy',
      riskConfirm: true,
      password: '258036',
      riskWarningText,
    },
  );
  const order = await k
    .selectFrom('orders')
    .select(['id', 'confirm_date'])
    .where('request_id', '=', 'seeded-confirmed-buy')
    .executeTakeFirstOrThrow();
  await settleTrades(db, order.confirm_date, shanghaiInstant(order.confirm_date, '20:00'));
  const deps = { db, clock: fixedClock(now), bank, pepper: DEV_TRADE_PASSWORD_PEPPER };
  await placeBuy(deps, {
    userId,
    fundCode: pendingFund,
    amountFen: 500_000,
    requestId: 'seeded-pending-buy',
    riskConfirm: true,
    password: '258036',
    riskWarningText,
  });
  const pending = await k.selectFrom('orders').select('id').where('request_id', '=', 'seeded-pending-buy').executeTakeFirstOrThrow();
  const { planId } = await createPlan(deps, {
    userId,
    fundCode: holdingFund,
    amountFen: 100_000,
    cycle: 'monthly',
    cycleDay: 8,
    payMethod: 'bankcard',
    smart: false,
    requestId: 'seeded-plan',
    riskConfirm: true,
    password: '258036',
    riskWarningText,
  });
  return { ...user, confirmedOrderId: Number(order.id), pendingOrderId: Number(pending.id), planId, holdingFund, pendingFund };
}
