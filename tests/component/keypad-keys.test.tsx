// Physical keys on the on-screen keypads (issue 26: everything works with a keyboard on a desktop): while the amount
// keypad is up its digits, '.', Backspace and Enter (完成) type as its keys; the trade password's keypad takes digits
// and Backspace, never '.'; keys with Ctrl/⌘ and keys typed in a field of their own are left alone.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AmountKeypad } from '@/components/purchase/amount-keypad';
import { TradePasswordDialog } from '@/components/trade-password-dialog/trade-password-dialog';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS } from '@/lib/constants';

function press(key: string, init: KeyboardEventInit = {}, target: Element | Document = document): boolean {
  let notPrevented = true;
  act(() => {
    notPrevented = fireEvent.keyDown(target, { key, ...init });
  });
  return notPrevented;
}

function AmountField({ initiallyOpen = true, onClose = () => undefined }: { initiallyOpen?: boolean; onClose?: () => void }) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <AmountKeypad
        value={value}
        onChange={setValue}
        placeholder='最低买入 10 元'
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        keypadTitle='输入买入金额'
        doneText='完成'
        testId='amount'
      />
      <input data-testid='other-field' />
    </>
  );
}

const typed = () => screen.queryByTestId('amount-value')?.textContent ?? '';

describe('the amount keypad', () => {
  it('types digits and a point, deletes with Backspace, and Enter is 完成', () => {
    const onClose = jest.fn();
    render(<AmountField onClose={onClose} />);
    for (const key of ['1', '2', '0', '.', '5']) expect(press(key)).toBe(false);
    expect(typed()).toBe('120.5');
    press('Backspace');
    expect(typed()).toBe('120.');
    // The keypad's own rules hold: no second point.
    press('.');
    press('7');
    expect(typed()).toBe('120.7');
    press('Enter');
    expect(onClose).toHaveBeenCalledTimes(1);
    // Closed: keys type nothing.
    press('9');
    expect(typed()).toBe('120.7');
  });

  it('a closed keypad, Ctrl/⌘ with a key, letters and a key typed in another field do nothing', () => {
    const { unmount } = render(<AmountField initiallyOpen={false} />);
    press('5');
    expect(typed()).toBe('');
    unmount();
    render(<AmountField />);
    expect(press('5', { ctrlKey: true })).toBe(true);
    press('1', { metaKey: true });
    press('a');
    press('3', {}, screen.getByTestId('other-field'));
    expect(typed()).toBe('');
    press('4');
    expect(typed()).toBe('4');
  });
});

describe('the trade password keypad', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('takes six digits from the keyboard (no point), Backspace deletes one, and completes', () => {
    const onComplete = jest.fn();
    render(<TradePasswordDialog visible amount='1000' onComplete={onComplete} onCancel={() => undefined} />);
    const progress = () => screen.getByTestId('password-progress').textContent;
    press('1');
    press('2');
    press('9');
    expect(progress()).toBe('交易密码，已输入 3 位，共 6 位');
    press('Backspace');
    expect(press('.')).toBe(true);
    expect(progress()).toBe('交易密码，已输入 2 位，共 6 位');
    for (const key of ['3', '4', '5', '6']) press(key);
    act(() => {
      jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS);
    });
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('a hidden dialog takes no keys', () => {
    const onComplete = jest.fn();
    render(<TradePasswordDialog visible={false} onComplete={onComplete} onCancel={() => undefined} />);
    for (const key of ['1', '2', '3', '4', '5', '6']) press(key);
    act(() => {
      jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS);
    });
    expect(onComplete).not.toHaveBeenCalled();
  });
});
