import { t } from '@/locales/i18n';
import { TOAST_APP_MASK_CLICKABLE, TOAST_APP_POSITION, TOAST_DEFAULT_POSITION, TOAST_DURATION_MS } from '@/lib/constants';
import { showNativeModal, showNativeToast } from './native-feedback';

export type ToastType = 'text' | 'success' | 'fail' | 'loading';
export type ToastPosition = 'top' | 'center' | 'bottom';

export interface ToastConfig {
  duration: number;
  position: ToastPosition;
  /** A mask that swallows taps while the toast shows. */
  mask: boolean;
}

export interface ToastOptions extends Partial<ToastConfig> {
  type?: ToastType;
}

/** What actually draws a toast; swapped by a NutUI host component or by tests. */
export type ToastPresenter = (text: string, options: ToastConfig & { type: ToastType }) => void;

/** docs/PRODUCT.md §9: the toast's own default (2000 ms, centre) … */
export const TOAST_DEFAULTS: Readonly<ToastConfig> = {
  duration: TOAST_DURATION_MS,
  position: TOAST_DEFAULT_POSITION,
  mask: false,
};
/** … and what the app config sets app-wide: top, with a mask that is not clickable. */
// A mask that cannot be clicked through or away = Taro's `mask: true` (taps are swallowed, the toast stays).
export const APP_TOAST_CONFIG: Readonly<Partial<ToastConfig>> = {
  position: TOAST_APP_POSITION,
  mask: !TOAST_APP_MASK_CLICKABLE,
};

let toastConfig: ToastConfig = { ...TOAST_DEFAULTS, ...APP_TOAST_CONFIG };

/** Overrides app-wide toast defaults (the app shell applies APP_TOAST_CONFIG; tests may reset). */
export function configureToast(config: Partial<ToastConfig>): void {
  toastConfig = { ...toastConfig, ...config };
}

export function resetToastConfig(config: Partial<ToastConfig> = APP_TOAST_CONFIG): void {
  toastConfig = { ...TOAST_DEFAULTS, ...config };
}

export function getToastConfig(): Readonly<ToastConfig> {
  return toastConfig;
}

const ICONS: Record<ToastType, 'none' | 'success' | 'error' | 'loading'> = {
  text: 'none',
  success: 'success',
  fail: 'error',
  loading: 'loading',
};

/**
 * The platform's own toast (native-feedback.*): wx.showToast in the mini program, a plain DOM toast on H5. Used
 * until a page's NutUI toast host mounts, and by the host when its NutUI half cannot load.
 */
export const nativeToastPresenter: ToastPresenter = (text, options) => {
  showNativeToast(text, { icon: ICONS[options.type], duration: options.duration, position: options.position, mask: options.mask });
};

let presenter: ToastPresenter = nativeToastPresenter;

export function setToastPresenter(next: ToastPresenter | null): void {
  presenter = next ?? nativeToastPresenter;
}

export function showToast(text: string, options: ToastOptions = {}): void {
  if (!text) return;
  const { type = 'text', ...rest } = options;
  presenter(text, { ...toastConfig, ...stripUndefined(rest), type });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A one-button dialog; resolves when dismissed. */
export async function alert(text: string, title = ''): Promise<void> {
  await showNativeModal({ title, content: text, showCancel: false, confirmText: t('platform.dialog.ok') });
}

export interface ConfirmOptions {
  title?: string;
  content: string;
  okText?: string;
  cancelText?: string;
}

/** Resolves true when the user confirms, false on cancel or when the dialog fails to show. */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  try {
    const result = await showNativeModal({
      title: options.title ?? '',
      content: options.content,
      showCancel: true,
      confirmText: options.okText ?? t('platform.dialog.ok'),
      cancelText: options.cancelText ?? t('platform.dialog.cancel'),
    });
    return result.confirm === true;
  } catch {
    return false;
  }
}
