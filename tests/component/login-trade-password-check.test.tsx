// Issue #5 item 7: the trade-password check on the shared dialog — verified by the server; wrong → reason with
// tries left; locked → the time; not set → the docs/PRODUCT.md §5 confirm leading to the trade-password page.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useAccountStore } from '@/features/account/store';
import { useTradePasswordCheck, type TradePasswordCheckDeps } from '@/features/account/use-trade-password-check';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS } from '@/lib/constants';
import { setLocale } from '@/locales/i18n';
import { ApiError } from '@/platform/http';

function tapKey(label: string): void {
  const key = [...document.querySelectorAll('.nut-numberkeyboard .key')].find((el) => el.textContent === label);
  if (!key) throw new Error(`no key ${label}`);
  const touch = { clientX: 10, clientY: 10 };
  fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
  fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
}

async function typePassword(digits: string): Promise<void> {
  for (const digit of digits) tapKey(digit);
  await act(async () => {
    jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS);
  });
  await act(async () => {
    await Promise.resolve();
  });
}

const apiError = (code: number, description: string, data: unknown = null) =>
  new ApiError({ result_code: code, data, error_description: description }, 400);

let outcome: boolean | null;

function Harness({ deps }: { deps: Partial<TradePasswordCheckDeps> }) {
  const { dialog, check } = useTradePasswordCheck(deps);
  const [, force] = useState(0);
  return (
    <>
      <button
        type='button'
        onClick={() => {
          outcome = null;
          void check({ payee: '芷汀稳健增长混合A', amount: '1000' }).then((ok) => {
            outcome = ok;
            force((n) => n + 1);
          });
        }}
      >
        buy
      </button>
      {dialog}
    </>
  );
}

// Typing six digits through NutUI's keypad three times takes seconds on a busy machine.
jest.setTimeout(30_000);

describe('trade-password check', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setLocale('en-US');
    outcome = null;
    useAccountStore.setState({ status: 'loggedIn', hasTradePassword: true });
  });
  afterEach(() => {
    jest.useRealTimers();
    setLocale('zh-CN');
    useAccountStore.getState().reset();
  });

  it('wrong → the reason with tries left; locked → the unlock time; right → resolves true', async () => {
    const verify = jest
      .fn()
      .mockRejectedValueOnce(apiError(400051, 'Wrong trade password, 4 tries left', { remaining: 4 }))
      .mockRejectedValueOnce(apiError(400052, 'The trade password is locked, please retry after 18:30'))
      .mockResolvedValueOnce({ verified: true });
    render(<Harness deps={{ verify }} />);
    fireEvent.click(screen.getByText('buy'));
    expect(screen.getByText('Please enter your trade password')).toBeInTheDocument();

    await typePassword('135790');
    expect(verify).toHaveBeenLastCalledWith('135790');
    expect(screen.getByText('Wrong trade password, 4 tries left')).toBeInTheDocument();
    expect(outcome).toBeNull();

    await typePassword('135791');
    expect(screen.getByText('The trade password is locked, please retry after 18:30')).toBeInTheDocument();
    expect(outcome).toBeNull();

    await typePassword('135792');
    expect(outcome).toBe(true);
  });

  it('cancel resolves false without a call', async () => {
    const verify = jest.fn();
    render(<Harness deps={{ verify }} />);
    fireEvent.click(screen.getByText('buy'));
    fireEvent.click(screen.getByText('Cancel'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(outcome).toBe(false);
    expect(verify).not.toHaveBeenCalled();
  });

  it('a user without a trade password gets the docs/PRODUCT.md §5 confirm and, on OK, the trade-password page', async () => {
    useAccountStore.setState({ status: 'loggedIn', hasTradePassword: false });
    const verify = jest.fn();
    const confirmNotSet = jest.fn().mockResolvedValue(true);
    const goSetPassword = jest.fn();
    render(<Harness deps={{ verify, confirmNotSet, goSetPassword }} />);
    fireEvent.click(screen.getByText('buy'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(confirmNotSet).toHaveBeenCalledTimes(1);
    expect(goSetPassword).toHaveBeenCalledTimes(1);
    expect(outcome).toBe(false);
    expect(verify).not.toHaveBeenCalled();
    expect(screen.queryByText('Please enter your trade password')).toBeNull();
  });

  it('the server saying "not set" (400053) leads to the same confirm; cancel stays put', async () => {
    const verify = jest
      .fn()
      .mockRejectedValue(apiError(400053, 'You have not set a trade password yet, please set the trade password first'));
    const confirmNotSet = jest.fn().mockResolvedValue(false);
    const goSetPassword = jest.fn();
    render(<Harness deps={{ verify, confirmNotSet, goSetPassword }} />);
    fireEvent.click(screen.getByText('buy'));
    await typePassword('135790');
    expect(confirmNotSet).toHaveBeenCalledTimes(1);
    expect(goSetPassword).not.toHaveBeenCalled();
    expect(outcome).toBe(false);
  });

  it('the confirm text is the spec sentence', () => {
    // The default confirm reads this catalogue entry (docs/PRODUCT.md §5, en-US value).
    const { t } = jest.requireActual('@/locales/i18n') as typeof import('@/locales/i18n');
    expect(t('account.tp.notSet', undefined, 'en-US')).toBe('You have not set a trade password yet, please set the trade password first');
    expect(t('account.tp.notSet', undefined, 'zh-CN')).toBe('您还未设置交易密码，请先设置交易密码');
  });
});
