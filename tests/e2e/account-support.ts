// Shared steps of the account browser journeys: codes from the dev SMS outbox, valid test identities,
// and the login form as a user fills it.
import type { Locator, Page } from 'playwright-core';
import accountMessages from '../../src/locales/messages/account';
import commonMessages from '../../src/locales/messages/common';
import { idCardCheckChar } from '../../src/lib/validators';

export const zhAccount = accountMessages['zh-CN'];
export const zhCommon = commonMessages['zh-CN'];

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

interface SmsItem {
  code: string;
  voice: boolean;
  sent_at: string;
  purpose: string;
}

/** The codes the dev outbox sent to a phone, newest first (`GET /__dev/sms`). */
export async function smsFor(serverUrl: string, telephone: string): Promise<SmsItem[]> {
  const response = await fetch(`${serverUrl}/__dev/sms?telephone=${telephone}`);
  const body = (await response.json()) as { result_code: number; data: { items: SmsItem[] } };
  if (body.result_code !== 0) throw new Error(`dev sms: ${JSON.stringify(body)}`);
  return body.data.items;
}

/** Waits for the newest code to the phone (optionally a newer one than `after`). */
export async function latestCode(
  serverUrl: string,
  telephone: string,
  options: { after?: string; purpose?: string } = {},
): Promise<SmsItem> {
  // Generous: the first send of a page may wait for the device key exchange (X25519; RSA on engines without BigInt).
  const deadline = Date.now() + 90_000;
  for (;;) {
    const items = (await smsFor(serverUrl, telephone)).filter((i) => !options.purpose || i.purpose === options.purpose);
    const newest = items[0];
    if (newest && newest.sent_at !== options.after) return newest;
    if (Date.now() > deadline) throw new Error(`no code for ${telephone}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A valid 18-character resident ID (Beijing Dongcheng) born on the given date. */
export function idCardFor(birth = '19900307', sequence = '123'): string {
  const first17 = `110101${birth}${sequence}`;
  return first17 + idCardCheckChar(first17);
}

/** A Luhn-valid 19-digit ICBC debit card number (BIN 622202). */
export function icbcCard(body = '000012345678'): string {
  const partial = `622202${body}`;
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return partial + String((10 - (sum % 10)) % 10);
}

/** A fresh mainland mobile number per call (so tests never share throttles). */
let phoneSeq = Math.floor(Math.random() * 1000);
export function freshPhone(prefix = '139'): string {
  phoneSeq += 1;
  return `${prefix}${String(Date.now() % 100000).padStart(5, '0')}${String(phoneSeq % 1000).padStart(3, '0')}`;
}

export function button(scope: Page | Locator, text: string): Locator {
  return scope
    .locator('.nut-button')
    .filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`), visible: true })
    .first();
}

/**
 * The visible match: Taro's H5 router keeps pages lower in the stack in the DOM (hidden), so a page that
 * appears twice in the history has two copies; the user sees one.
 */
export function see(scope: Page | Locator, text: string): Locator {
  return scope.getByText(text).filter({ visible: true }).first();
}

export function shown(scope: Page | Locator, selector: string): Locator {
  return scope.locator(selector).filter({ visible: true }).first();
}

/** The full phone-and-code form: phone, code from the outbox, the agreement, Login. */
export async function loginWithForm(page: Page, serverUrl: string, telephone: string): Promise<void> {
  const form = shown(page, '.account-phone-form');
  await form.waitFor();
  await form.locator('input[name="telephone"]').fill(telephone);
  await button(form, zhAccount['account.login.sendCode']).click();
  // The first listed call may wait for the device key exchange (X25519; RSA on engines without BigInt).
  await see(page, zhAccount['account.toast.codeSent']).waitFor({ timeout: 90_000 });
  const { code } = await latestCode(serverUrl, telephone);
  await form.locator('input[name="code"]').fill(code);
  await form.locator('.account-agreement .nut-checkbox').click();
  await button(form, zhAccount['account.login.submit']).click();
  await see(page, zhAccount['account.toast.loginSuccess']).waitFor();
}

/** Types digits on the NutUI number keyboard. */
export async function typeOnKeypad(page: Page, digits: string): Promise<void> {
  const keypad = shown(page, '.nut-numberkeyboard');
  for (const digit of digits)
    await keypad
      .locator('.key', { hasText: new RegExp(`^${digit}$`) })
      .first()
      .tap();
}

/** Browser steps on this shared 2-core machine can be slow: one generous default per context. */
export const STEP_TIMEOUT_MS = 60_000;

/** NutUI draws a disabled button with its class (the H5 element is not a disabled form control). */
export async function isDisabled(buttonLocator: Locator): Promise<boolean> {
  return /\bnut-button-disabled\b/.test((await buttonLocator.getAttribute('class')) ?? '');
}

/**
 * Whether the button turns enabled within `timeoutMs` after the step that should enable it: its class follows React's
 * render, which a check made at once can beat (a tick's render removed the hint first, and the button a moment later).
 */
export async function becomesEnabled(buttonLocator: Locator, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isDisabled(buttonLocator)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
