import Taro from '@tarojs/taro';

// The mini program: WeChat maps `aria-role`/`aria-label` to its screen readers itself, and its care mode (关怀模式)
// raises the font size setting, which getAppBaseInfo reports (a base of 17 px; care mode starts at about 20).

/** WeChat's font size setting (px) at which the app follows it into elder mode. */
const CARE_FONT_SIZE = 20;

export function installAccessibility(): void {
  // nothing to install in the mini program
}

export function hostCareMode(): boolean | null {
  try {
    const info = (Taro.getAppBaseInfo?.() ?? Taro.getSystemInfoSync()) as { fontSizeSetting?: number; fontSizeScaleFactor?: number };
    if (typeof info.fontSizeScaleFactor === 'number' && info.fontSizeScaleFactor > 1.15) return true;
    if (typeof info.fontSizeSetting === 'number') return info.fontSizeSetting >= CARE_FONT_SIZE;
    return null;
  } catch {
    return null;
  }
}

export function applyElderClass(_on: boolean): void {
  // no document: each page's shell wears the class (pages/shell/page-shell.tsx)
}

export function setKeypadLabels(_labels: { delete: string; close: string }): void {
  // WeChat's keypad is NutUI's view tree without a screen-reader name API beyond aria-label: nothing here
}
