import { act, render, screen } from '@testing-library/react';
import { ToastHost } from '@/components/toast-host/toast-host';
import { resetToastConfig, showToast, TOAST_DEFAULTS } from '@/platform/feedback';

describe('ToastHost', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    resetToastConfig();
  });

  it('draws showToast texts at the top with a mask that a tap does not close, for 2000 ms (app config)', () => {
    render(<ToastHost />);
    act(() => showToast('验证码已发送'));
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

  it('uses the toast defaults (centre, no mask) when the app config is not applied', () => {
    resetToastConfig({});
    expect(TOAST_DEFAULTS.position).toBe('center');
    render(<ToastHost />);
    act(() => showToast('登录成功', { type: 'success' }));
    expect(screen.getByText('登录成功')).toBeInTheDocument();
    expect(document.querySelector('.nut-toast-inner')).toHaveClass('nut-toast-middle');
    expect(document.querySelector('.toast-host')).toHaveClass('toast-host--pass-through');
  });

  it('shows a repeated text again with a fresh timer', () => {
    render(<ToastHost />);
    act(() => showToast('网络错误，请重试'));
    act(() => jest.advanceTimersByTime(1500));
    act(() => showToast('网络错误，请重试'));
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByText('网络错误，请重试')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('网络错误，请重试')).not.toBeInTheDocument();
  });
});
