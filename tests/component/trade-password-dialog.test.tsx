import { act, fireEvent, render, screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { TradePasswordDialog } from '@/components/trade-password-dialog/trade-password-dialog';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS } from '@/lib/constants';
import { setLocale } from '@/locales/i18n';

/** Taps a key of NutUI's number keyboard the way a finger does (touch start, touch end). */
function tap(key: Element): void {
  const touch = { clientX: 10, clientY: 10 };
  fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
}

function tapKey(label: string): void {
  const key = [...document.querySelectorAll('.nut-numberkeyboard .key')].find((el) => el.textContent === label);
  if (!key) throw new Error(`no key ${label}`);
  tap(key);
}

function tapDelete(): void {
  const key = document.querySelector('.nut-numberkeyboard .key.delete');
  if (!key) throw new Error('no delete key');
  tap(key);
}

function filledDots(): number {
  return document.querySelectorAll('.nut-shortpassword-input-fake-li-icon').length;
}

function renderDialog(overrides: Partial<Parameters<typeof TradePasswordDialog>[0]> = {}) {
  const onComplete = jest.fn();
  const onCancel = jest.fn();
  const utils = render(
    <TradePasswordDialog visible payee='芷汀稳健增长混合A' amount='1000' onComplete={onComplete} onCancel={onCancel} {...overrides} />,
  );
  return { ...utils, onComplete, onCancel };
}

describe('TradePasswordDialog', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setLocale('zh-CN');
  });

  it('prompts for the trade password and shows the payee and the amount', () => {
    renderDialog();
    expect(screen.getByText('请输入交易密码')).toBeInTheDocument();
    expect(screen.getByText('收款方：芷汀稳健增长混合A')).toBeInTheDocument();
    expect(screen.getByText('1,000.00元')).toBeInTheDocument();
    expect(document.querySelectorAll('.nut-shortpassword-input-fake-li')).toHaveLength(6);
    expect(screen.getByText('取消')).toBeInTheDocument();
  });

  it('speaks English in en-US and takes an amount in fen', () => {
    setLocale('en-US');
    renderDialog({ amount: { fen: 123456 } });
    expect(screen.getByText('Please enter your trade password')).toBeInTheDocument();
    expect(screen.getByText('¥1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Cancel')).toBeInTheDocument();
  });

  it('uses a custom title when given one', () => {
    renderDialog({ title: '请输入交易密码以赎回' });
    expect(screen.getByText('请输入交易密码以赎回')).toBeInTheDocument();
  });

  it('fires completion with the six digits about 30 ms after the sixth, not before', () => {
    const { onComplete } = renderDialog();
    for (const digit of ['1', '2', '3', '4', '5']) tapKey(digit);
    expect(filledDots()).toBe(5);
    act(() => jest.advanceTimersByTime(1000));
    expect(onComplete).not.toHaveBeenCalled();

    tapKey('6');
    expect(filledDots()).toBe(6);
    act(() => jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS - 1));
    expect(onComplete).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('keeps at most six digits and deletes the last one', () => {
    const { onComplete } = renderDialog();
    for (const digit of ['9', '8', '7']) tapKey(digit);
    tapDelete();
    expect(filledDots()).toBe(2);
    for (const digit of ['1', '2', '3', '4', '5', '6']) tapKey(digit);
    expect(filledDots()).toBe(6);
    act(() => jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS));
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('981234');
  });

  it('cancels from the cancel button, and on a route change', () => {
    const { onCancel } = renderDialog();
    fireEvent.click(screen.getByText('取消'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    act(() => {
      Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/index' } });
    });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('does not listen for route changes while closed', () => {
    const { onCancel } = renderDialog({ visible: false });
    act(() => {
      Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path: '/index' } });
    });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("shows the caller's error, clears the dots for a retry, and ignores keys while verifying", () => {
    const { onComplete, rerender, onCancel } = renderDialog();
    for (const digit of ['1', '1', '1', '1', '1', '1']) tapKey(digit);
    act(() => jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS));
    expect(onComplete).toHaveBeenCalledWith('111111');

    const props = { visible: true, onComplete, onCancel };
    rerender(<TradePasswordDialog {...props} loading />);
    expect(screen.getByText('正在验证…')).toBeInTheDocument();
    tapKey('2');
    expect(filledDots()).toBe(6);

    rerender(<TradePasswordDialog {...props} error='交易密码错误，还可以尝试4次' />);
    expect(screen.getByText('交易密码错误，还可以尝试4次')).toBeInTheDocument();
    expect(filledDots()).toBe(0);
    tapKey('3');
    expect(filledDots()).toBe(1);
  });

  it('starts empty each time it opens', () => {
    const { rerender, onComplete, onCancel } = renderDialog();
    tapKey('4');
    tapKey('5');
    rerender(<TradePasswordDialog visible={false} onComplete={onComplete} onCancel={onCancel} />);
    rerender(<TradePasswordDialog visible onComplete={onComplete} onCancel={onCancel} />);
    expect(filledDots()).toBe(0);
  });
});
