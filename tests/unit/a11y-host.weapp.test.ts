// Runs in the weapp-flavoured jest project (the H5 typecheck resolves suffixless imports to .h5: the weapp module by name).
// Issue 26 in the mini program: WeChat's font size setting (its care mode is one) turns elder mode on; the keys of
// NutUI's number keypad get a role and a name as Taro hands them to WeChat; the view template's ARIA attributes are
// in Taro's runtime table (the build adds the same to base.wxml: tests/weapp/trade-render.test.ts reads them there).
import Taro from '@tarojs/taro';
import { hooks } from '@tarojs/runtime';
import { getComponentsAlias, internalComponents } from '@tarojs/shared';
import {
  CARE_FONT_SCALE,
  hostCareMode,
  installAccessibility,
  keypadKeyAria,
  setKeypadLabels,
  type KeypadNode,
} from '@/platform/a11y-host.weapp';
import { isElderMode, resetElderModeForTests } from '@/platform/elder-mode';
import { WEAPP_VIEW_ARIA_ATTRIBUTES } from '@/platform/weapp-aria';

type BaseInfo = { fontSizeSetting?: number; fontSizeScaleFactor?: number };
const taro = Taro as unknown as { getAppBaseInfo?: () => BaseInfo; getSystemInfoSync: () => BaseInfo };

function withBaseInfo(info: BaseInfo | (() => BaseInfo)): void {
  jest.spyOn(taro, 'getAppBaseInfo').mockImplementation(typeof info === 'function' ? info : () => info);
}

afterEach(() => {
  jest.restoreAllMocks();
  resetElderModeForTests();
});

describe("WeChat's font size setting → elder mode (WeChat's 小程序适老化设计指南)", () => {
  it('the standard font (17 px on iOS, scale 1) and the first larger step leave it off', () => {
    withBaseInfo({ fontSizeSetting: 17, fontSizeScaleFactor: 1 });
    expect(hostCareMode()).toBe(false);
    withBaseInfo({ fontSizeSetting: 18, fontSizeScaleFactor: 18 / 17 });
    expect(hostCareMode()).toBe(false);
    // Android: 16 px × the scale.
    withBaseInfo({ fontSizeSetting: 16, fontSizeScaleFactor: 1 });
    expect(hostCareMode()).toBe(false);
  });

  it('care mode (关怀模式, 23.8 px on a phone = 1.4 × 17) and the larger steps turn it on', () => {
    withBaseInfo({ fontSizeSetting: 23.8, fontSizeScaleFactor: 1.4 });
    expect(hostCareMode()).toBe(true);
    withBaseInfo({ fontSizeSetting: 20, fontSizeScaleFactor: 20 / 17 });
    expect(hostCareMode()).toBe(true);
    expect(CARE_FONT_SCALE).toBeLessThanOrEqual(23.8 / 17);
  });

  it('a base library that gives only fontSizeSetting is measured against 17 px; nothing said → null', () => {
    withBaseInfo({ fontSizeSetting: 23.8 });
    expect(hostCareMode()).toBe(true);
    withBaseInfo({ fontSizeSetting: 17 });
    expect(hostCareMode()).toBe(false);
    withBaseInfo({});
    expect(hostCareMode()).toBeNull();
    withBaseInfo(() => {
      throw new Error('getAppBaseInfo:fail');
    });
    expect(hostCareMode()).toBeNull();
  });

  it('the user has not chosen: elder mode follows the setting', () => {
    withBaseInfo({ fontSizeSetting: 23.8, fontSizeScaleFactor: 1.4 });
    expect(isElderMode()).toBe(true);
  });
});

// A stand-in for Taro's nodes: the class, the text and the parent are all the labelling reads.
function node(className: string, text = '', parent: KeypadNode | null = null): KeypadNode {
  return { className, textContent: text, parentNode: parent };
}

describe("NutUI's number keypad keys in the mini program", () => {
  const keyboard = node('nut-numberkeyboard purchase-keypad');
  const body = node('nut-numberkeyboard-body-keys', '', node('nut-numberkeyboard-body', '', keyboard));
  const key = (cls: string, text = '') => node(cls, text, node('nut-numberkeyboard-body-wrapper', '', body));

  beforeAll(() => setKeypadLabels({ delete: '删除', close: '完成', decimal: '小数点' }));

  it('every key is a button with a name: the digits theirs, the decimal point, delete, hide, confirm', () => {
    expect(keypadKeyAria(key('key', '7'))).toEqual({ ariaRole: 'button', ariaLabel: '7' });
    expect(keypadKeyAria(key('key active', '0'))).toEqual({ ariaRole: 'button', ariaLabel: '0' });
    expect(keypadKeyAria(key('key', '.'))).toEqual({ ariaRole: 'button', ariaLabel: '小数点' });
    expect(keypadKeyAria(key('key delete'))).toEqual({ ariaRole: 'button', ariaLabel: '删除' });
    expect(keypadKeyAria(key('key close'))).toEqual({ ariaRole: 'button', ariaLabel: '完成' });
    expect(keypadKeyAria(key('key confirm', '确定'))).toEqual({ ariaRole: 'button', ariaLabel: '确定' });
    const header = node('nut-numberkeyboard-header', '', keyboard);
    expect(keypadKeyAria(node('nut-numberkeyboard-header-close', '完成', header))).toEqual({ ariaRole: 'button', ariaLabel: '完成' });
  });

  it('leaves everything else alone, a `key` class outside a keypad too', () => {
    expect(keypadKeyAria(node('key', '7', node('some-list')))).toBeNull();
    expect(keypadKeyAria(node('nut-numberkeyboard-body-wrapper', '7', body))).toBeNull();
    expect(keypadKeyAria(node('', '7', body))).toBeNull();
  });

  it('Taro serializes a key with aria-role and aria-label, on a template that draws them', () => {
    installAccessibility();
    const data: Record<string, unknown> = { nn: 'view', sid: '_n_9' };
    hooks.call('modifyHydrateData', data, key('key', '5'));
    expect(data).toMatchObject({ ariaRole: 'button', ariaLabel: '5' });
    // A view with a tap only is drawn by Taro's lean template, which has no attributes: the key moves to the full one.
    const confirm: Record<string, unknown> = { nn: 'click-view', sid: '_n_10' };
    hooks.call(
      'modifyHydrateData',
      confirm,
      node('nut-numberkeyboard-header-close', '完成', node('nut-numberkeyboard-header', '', keyboard)),
    );
    expect(confirm).toMatchObject({ nn: 'view', ariaRole: 'button', ariaLabel: '完成' });
    const other: Record<string, unknown> = { nn: 'pure-view', sid: '_n_11' };
    hooks.call('modifyHydrateData', other, node('trade-card'));
    expect(other).toEqual({ nn: 'pure-view', sid: '_n_11' });
  });
});

describe("the view's ARIA attributes in Taro's runtime table", () => {
  it("are the build's (src/platform/weapp-aria.ts), so a view's aria props get the data keys base.wxml reads", () => {
    const view = (internalComponents as Record<string, Record<string, string>>).View!;
    for (const name of WEAPP_VIEW_ARIA_ATTRIBUTES) expect(view).toHaveProperty([name]);
    const alias = getComponentsAlias(internalComponents) as Record<string, Record<string, string>>;
    expect(alias.view!.ariaRole).toMatch(/^p\d+$/);
    expect(alias['static-view']!.ariaLabel).toBe(alias.view!.ariaLabel);
  });
});
