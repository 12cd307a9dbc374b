import Taro from '@tarojs/taro';
import { hooks } from '@tarojs/runtime';
import { mergeInternalComponents } from '@tarojs/shared';
import { weappAriaComponents } from './weapp-aria';

// The mini program: WeChat maps `aria-role`/`aria-label` on a view to its screen readers (weapp-aria.ts: the build
// and this file add them to Taro's view template), and its font size setting says whether the user wants large text.

// Taro's runtime table of the view's attributes gets the same ARIA attributes as the build's templates, before any
// page is drawn (Taro numbers them when it first serializes a node): this module loads with app.ts.
mergeInternalComponents(weappAriaComponents());

/**
 * WeChat's font size scale (`fontSizeScaleFactor`: the user's font size over the standard one, 17 px on iOS, 16 px on
 * Android) from which the app follows it into elder mode. WeChat documents no "care mode is on" field: its care mode
 * (关怀模式) is a font size, 23.8 px on a phone (1.4 × 17 px; WeChat's 小程序适老化设计指南). 1.15 is the second
 * enlarged step on most phones (19.5–20 px on iOS), so care mode and the larger settings turn elder mode on, the first
 * step (18 px) does not.
 */
export const CARE_FONT_SCALE = 1.15;
/** The standard font size (px) a `fontSizeSetting` is compared with when WeChat gives no scale (iOS's, the larger). */
const STANDARD_FONT_SIZE = 17;

const keypadLabels = { delete: '', close: '', decimal: '' };

export function setKeypadLabels(labels: { delete: string; close: string; decimal: string }): void {
  keypadLabels.delete = labels.delete;
  keypadLabels.close = labels.close;
  keypadLabels.decimal = labels.decimal;
}

/** What the keypad labelling reads of a node of Taro's tree (a TaroElement). */
export interface KeypadNode {
  className: string;
  textContent: string;
  parentNode: KeypadNode | null;
}

function hasClass(node: KeypadNode, name: string): boolean {
  return ` ${node.className} `.includes(` ${name} `);
}

function inNumberKeyboard(node: KeypadNode): boolean {
  for (let at = node.parentNode; at; at = at.parentNode)
    if (typeof at.className === 'string' && hasClass(at, 'nut-numberkeyboard')) return true;
  return false;
}

/**
 * The role and name of a key of NutUI's number keypad (NutUI draws its keys as bare views with touch handlers), or
 * null for any other node: every key is a button, named by its digit, the decimal point, delete or hide; the header's
 * confirm (完成) a button named by its text.
 */
export function keypadKeyAria(node: KeypadNode): { ariaRole: string; ariaLabel: string } | null {
  if (typeof node.className !== 'string' || node.className === '') return null;
  const key = hasClass(node, 'key');
  const confirm = hasClass(node, 'nut-numberkeyboard-header-close');
  if ((!key && !confirm) || !inNumberKeyboard(node)) return null;
  const text = node.textContent.trim();
  if (confirm || hasClass(node, 'confirm')) return { ariaRole: 'button', ariaLabel: text };
  if (hasClass(node, 'delete')) return { ariaRole: 'button', ariaLabel: keypadLabels.delete };
  if (hasClass(node, 'close')) return { ariaRole: 'button', ariaLabel: keypadLabels.close };
  if (text === '.') return { ariaRole: 'button', ariaLabel: keypadLabels.decimal || text };
  return { ariaRole: 'button', ariaLabel: text };
}

let installed = false;

export function installAccessibility(): void {
  if (installed) return;
  installed = true;
  // The keypad's keys get their role and name as Taro serializes them for WeChat (a node is serialized whole when it
  // is added: the keys when the keypad first opens). A key's later changes (its pressed class) leave them be.
  hooks.tap('modifyHydrateData', (data: Record<string, unknown>, node: unknown) => {
    const aria = keypadKeyAria(node as KeypadNode);
    if (!aria) return;
    Object.assign(data, aria);
    // Taro's lean view templates (a view with a tap only, or with class and style only) carry no attributes.
    if (data.nn === 'click-view') data.nn = 'view';
    else if (data.nn === 'pure-view') data.nn = 'static-view';
  });
}

export function hostCareMode(): boolean | null {
  try {
    // getAppBaseInfo (basic library ≥ 2.20.1; `fontSizeSetting` in it from 2.23.4), else the older getSystemInfoSync.
    const info = (Taro.getAppBaseInfo?.() ?? Taro.getSystemInfoSync()) as { fontSizeSetting?: number; fontSizeScaleFactor?: number };
    if (typeof info.fontSizeScaleFactor === 'number' && info.fontSizeScaleFactor > 0) return info.fontSizeScaleFactor >= CARE_FONT_SCALE;
    if (typeof info.fontSizeSetting === 'number' && info.fontSizeSetting > 0)
      return info.fontSizeSetting / STANDARD_FONT_SIZE >= CARE_FONT_SCALE;
    return null;
  } catch {
    return null;
  }
}

export function applyElderClass(_on: boolean): void {
  // no document: each page's shell wears the class (pages/shell/page-shell.tsx)
}
