import { act, render, screen } from '@testing-library/react';
import { ToastHost } from '@/components/toast-host/toast-host';
import { resetToastConfig, showToast, TOAST_DEFAULTS } from '@/platform/feedback';

/** The host loads its NutUI half with the first toast: let that import settle (fake timers do not run it). */
async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    resetToastConfig();
  });

  it('draws nothing (and loads no NutUI) until the first toast', () => {
    render(<ToastHost />);
    expect(document.querySelector('.nut-toast')).toBeNull();
  });

  it('draws showToast texts at the top with a mask that a tap does not close, for 2000 ms (app config)', async () => {
    render(<ToastHost />);
    act(() => showToast('验证码已发送'));
    await settle();
    const text = screen.getByText('验证码已发送');
    expect(document.querySelector('.nut-toast-inner')).toHaveClass('nut-toast-top');
    expect(document.querySelector('.toast-host')).toHaveClass('toast-host--mask');
    act(() => {
      (document.querySelector('.toast-host') as HTMLElement).click();
    });
    expect(text).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('验证码已发送')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('验证码已发送')).not.toBeInTheDocument();
  });

  it('uses the toast defaults (centre, no mask) when the app config is not applied', async () => {
    resetToastConfig({});
    expect(TOAST_DEFAULTS.position).toBe('center');
    render(<ToastHost />);
    act(() => showToast('登录成功', { type: 'success' }));
    await settle();
    expect(screen.getByText('登录成功')).toBeInTheDocument();
    expect(document.querySelector('.nut-toast-inner')).toHaveClass('nut-toast-middle');
    expect(document.querySelector('.toast-host')).toHaveClass('toast-host--pass-through');
  });

  it('shows a repeated text again with a fresh timer', async () => {
    render(<ToastHost />);
    act(() => showToast('网络错误，请重试'));
    await settle();
    act(() => jest.advanceTimersByTime(1500));
    act(() => showToast('网络错误，请重试'));
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByText('网络错误，请重试')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('网络错误，请重试')).not.toBeInTheDocument();
  });
});
