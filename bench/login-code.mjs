// Issue 17: time from the tap on 获取验证码 to the code being sent, on the H5 login form in headless Chromium
// against the real server (production mode), beside the same page forced onto the RSA exchange (BigInt removed
// before the app loads: what every browser did before X25519, and what an engine without BigInt still does).
// Printed, not asserted (bench/README.md).
//   H5_DIR=dist/h5-<you> node bench/login-code.mjs   (default: the product build, built if missing)
//   BENCH_LOGIN_RUNS (5) taps per X25519 case, BENCH_LOGIN_RSA_RUNS (3; 0 skips the RSA case)
import path from 'node:path';
import { chromium } from 'playwright-core';
import { appOutputs, chromiumFlags, chromiumPath, ensureProductH5, root, serveH5, table, temporaryDir } from './lib.mjs';

const h5Dir = process.env.H5_DIR ? path.resolve(root, process.env.H5_DIR) : appOutputs.h5;
if (!process.env.H5_DIR) await ensureProductH5();
const runs = Number(process.env.BENCH_LOGIN_RUNS ?? 5);
const rsaRuns = Number(process.env.BENCH_LOGIN_RSA_RUNS ?? 3);

const SEND_PATH = '/xqapi/account/sms/send_verification_code.json';
const EXCHANGE_PATH = '/xqapi/ee2e/public_key_web';
const SEND_LABEL = '获取验证码';
const SENDING_LABEL = '发送中…';
let phoneSeq = Math.floor(Date.now() / 1000) % 100000;
const nextPhone = () => `1370${String((phoneSeq += 1)).padStart(7, '0')}`;

/**
 * One tap on a fresh page (empty storage: no registered device, as on a first visit). `waitForDevice`: tap only once
 * the screen's own early registration has finished (a visitor who reads before tapping), else tap as soon as the
 * phone is typed (the worst case: the exchange happens between the tap and the send).
 */
async function oneTap(browser, url, { waitForDevice, noBigInt }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  if (noBigInt) await context.addInitScript(() => delete globalThis.BigInt);
  const page = await context.newPage();
  const exchanged = page.waitForResponse((r) => r.url().includes(EXCHANGE_PATH), { timeout: 300_000 }).catch(() => null);
  await page.goto(`${url}/n/mobile-login`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  const form = page.locator('.account-phone-form').filter({ visible: true }).first();
  await form.waitFor({ timeout: 60_000 });
  await form.locator('input[name="telephone"]').fill(nextPhone());
  if (waitForDevice) await exchanged;
  const button = form.locator('.nut-button').filter({ hasText: SEND_LABEL }).first();
  await button.waitFor();
  // The send that went out (a first send without an anonymous token is answered 400016, then retried after one).
  const sent = page.waitForResponse(async (r) => r.url().includes(SEND_PATH) && (await r.json().catch(() => ({}))).result_code === 0, {
    timeout: 300_000,
  });
  const sendingShown = form
    .locator('.nut-button')
    .filter({ hasText: SENDING_LABEL })
    .first()
    .waitFor({ timeout: 300_000 })
    .then(() => performance.now())
    .catch(() => NaN);
  const tapped = performance.now();
  await button.click();
  const response = await sent;
  const sentAt = performance.now();
  const { result_code: resultCode } = await response.json();
  const countdown = form
    .locator('.nut-button')
    .filter({ hasText: /重新发送\(\d+\)/ })
    .first();
  await countdown.waitFor({ timeout: 60_000 });
  const countdownAt = performance.now();
  const exchange = await exchanged;
  const exchangeKind = exchange ? (String(exchange.request().postDataJSON?.()?.public_key ?? '').length > 200 ? 'RSA' : 'X25519') : '—';
  await context.close();
  return {
    resultCode,
    exchangeKind,
    sendingMs: (await sendingShown) - tapped,
    sentMs: sentAt - tapped,
    countdownMs: countdownAt - tapped,
  };
}

function summary(name, results) {
  const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
  const median = (key) => sorted(key)[Math.floor(results.length / 2)];
  const fmt = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)}` : '—');
  return {
    case: name,
    runs: results.length,
    exchange: [...new Set(results.map((r) => r.exchangeKind))].join('/'),
    result_code: [...new Set(results.map((r) => r.resultCode))].join('/'),
    '发送中… shown ms (median)': fmt(median('sendingMs')),
    'code sent ms (median)': fmt(median('sentMs')),
    'min–max': `${fmt(sorted('sentMs')[0])}–${fmt(sorted('sentMs').at(-1))}`,
    'countdown ms (median)': fmt(median('countdownMs')),
  };
}

const server = await serveH5(h5Dir, temporaryDir('dj-bench-login-'));
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
const rows = [];
try {
  console.log(`H5: ${path.relative(root, h5Dir) || h5Dir}; server: ${server.kind}; Chromium ${browser.version()}`);
  await oneTap(browser, server.url, { waitForDevice: true }); // warm-up: the server's first requests, the browser
  const cases = [
    ['X25519, tap as soon as the phone is typed', { waitForDevice: false }, runs],
    ['X25519, tap after the screen registered', { waitForDevice: true }, runs],
    ['RSA (no BigInt: the previous exchange), tap as soon as typed', { waitForDevice: false, noBigInt: true }, rsaRuns],
  ];
  for (const [name, options, count] of cases) {
    const results = [];
    for (let i = 0; i < count; i += 1) results.push(await oneTap(browser, server.url, options));
    if (results.length) rows.push(summary(name, results));
  }
  console.log('\nTap on 获取验证码 → the send answered (code sent) and → the countdown shown; first visit, empty storage:');
  table(rows);
} finally {
  await browser.close();
  await server.stop();
}
