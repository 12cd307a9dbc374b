import { screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { setLocale } from '@/locales/i18n';
import { APP_TOAST_CONFIG, TOAST_DEFAULTS, alert, confirm, resetToastConfig, setToastPresenter, showToast } from '@/platform/feedback';

afterEach(() => {
  setToastPresenter(null);
  resetToastConfig();
  jest.restoreAllMocks();
  setLocale('zh-CN');
});

describe('toast', () => {
  it('defaults to 2000 ms at the centre (docs/PRODUCT.md §9) …', () => {
    expect(TOAST_DEFAULTS).toEqual({ duration: 2000, position: 'center', mask: false });
  });

  it('… and the app config applies top with a mask that is not clickable, app-wide', () => {
    const shown: unknown[] = [];
    setToastPresenter((text, options) => shown.push({ text, ...options }));
    showToast('已复制');
    showToast('Done', { type: 'success', duration: 1000 });
    expect(APP_TOAST_CONFIG).toEqual({ position: 'top', mask: true });
    expect(shown).toEqual([
      { text: '已复制', type: 'text', duration: 2000, position: 'top', mask: true },
      { text: 'Done', type: 'success', duration: 1000, position: 'top', mask: true },
    ]);
  });

  it('draws a plain toast of its own on H5 until a toast host mounts: the text, at the top, over a tap-swallowing mask, for 2000 ms', () => {
    jest.useFakeTimers();
    try {
      showToast('失败了', { type: 'fail' });
      const toast = screen.getByRole('alert');
      expect(toast).toHaveTextContent('失败了');
      expect(toast.style.pointerEvents).toBe('auto');
      expect((toast.firstChild as HTMLElement).style.top).toBe('20%');
      // A second toast replaces the first instead of stacking.
      showToast('再试一次');
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(screen.getByRole('alert')).toHaveTextContent('再试一次');
      jest.advanceTimersByTime(1999);
      expect(screen.queryByRole('alert')).not.toBeNull();
      jest.advanceTimersByTime(1);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('ignores empty texts', () => {
    const presenter = jest.fn();
    setToastPresenter(presenter);
    showToast('');
    expect(presenter).not.toHaveBeenCalled();
  });
});

describe('dialogs', () => {
  it('alert shows one OK button with the text', async () => {
    setLocale('en-US');
    const spy = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' });
    await alert('Service upgrade in progress');
    expect(spy).toHaveBeenCalledWith({ title: '', content: 'Service upgrade in progress', showCancel: false, confirmText: 'OK' });
  });

  it('confirm resolves true on OK and false on cancel or failure', async () => {
    const spy = jest.spyOn(Taro, 'showModal');
    spy.mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'ok' });
    await expect(
      confirm({ title: '提示', content: '您还未设置交易密码，请先设置交易密码', okText: '去设置', cancelText: '取消' }),
    ).resolves.toBe(true);
    expect(spy).toHaveBeenLastCalledWith({
      title: '提示',
      content: '您还未设置交易密码，请先设置交易密码',
      showCancel: true,
      confirmText: '去设置',
      cancelText: '取消',
    });
    spy.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' });
    await expect(confirm({ content: 'x' })).resolves.toBe(false);
    spy.mockRejectedValueOnce(new Error('showModal:fail'));
    await expect(confirm({ content: 'x' })).resolves.toBe(false);
  });
});
