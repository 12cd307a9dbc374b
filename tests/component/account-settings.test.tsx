// Account settings (issue 17): the change, reset and phone flows as the user types them, and the settings list —
// the card with its limits, logging out only after the confirmation.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LAST_LOGIN_PHONE_KEY } from '@/features/account/login-flow';
import type { AccountSettings } from '@/features/account/settings-api';
import { ChangePasswordFlow, ResetPasswordFlow } from '@/features/account/settings-password';
import { ChangePhoneFlow } from '@/features/account/settings-phone';
import { SettingsScreen } from '@/features/account/settings-screen';
import * as store from '@/features/account/store';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS } from '@/lib/constants';
import { setLocale } from '@/locales/i18n';
import * as analytics from '@/platform/analytics';
import { ApiError } from '@/platform/http';
import { localStore } from '@/platform/storage';
import { buttonWithText, flush, inputNamed, isDisabled, typeInto } from './login-helpers';
import { fakeNativeHost, opened } from './native-host';

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
  await flush();
  await flush();
}

const apiError = (code: number, description: string) =>
  new ApiError({ result_code: code, data: null, error_description: description }, 400);

// A valid ID born 1990-03-07 (the birthday rule: no 0307 in the password).
const ID_NO = '110101199003071233';

jest.setTimeout(30_000);

beforeEach(() => {
  jest.useFakeTimers();
  setLocale('en-US');
  jest.spyOn(store, 'reloadAccount').mockResolvedValue(undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  setLocale('zh-CN');
  localStore.remove(LAST_LOGIN_PHONE_KEY);
});

describe('changing the trade password', () => {
  it('old (checked by the server), new (simple numbers and the old one refused), new again; mismatch starts the new one over', async () => {
    const verifyOld = jest
      .fn()
      .mockRejectedValueOnce(apiError(400051, 'Wrong trade password, 4 tries left'))
      .mockResolvedValueOnce({ verified: true });
    const change = jest.fn().mockResolvedValue({ changed: true });
    const onDone = jest.fn();
    render(<ChangePasswordFlow onDone={onDone} onCancel={jest.fn()} onForgot={jest.fn()} verifyOld={verifyOld} change={change} />);
    expect(screen.getAllByText('Enter your current trade password').length).toBeGreaterThan(0);

    await typePassword('258030');
    expect(verifyOld).toHaveBeenLastCalledWith('258030');
    expect(screen.getByText('Wrong trade password, 4 tries left')).toBeInTheDocument();

    await typePassword('258036');
    expect(screen.getAllByText('Set a new 6-digit trade password').length).toBeGreaterThan(0);

    await typePassword('123456');
    expect(screen.getByText('The trade password cannot be ascending or descending consecutive digits')).toBeInTheDocument();
    await typePassword('258036');
    expect(screen.getByText('The new trade password must differ from the current one')).toBeInTheDocument();

    await typePassword('803917');
    expect(screen.getAllByText('Enter the new trade password again').length).toBeGreaterThan(0);
    await typePassword('803918');
    expect(screen.getByText('The two new passwords differ, please enter it again')).toBeInTheDocument();
    expect(change).not.toHaveBeenCalled();

    await typePassword('803917');
    await typePassword('803917');
    expect(change).toHaveBeenCalledWith('258036', '803917');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a birthday refused by the server goes back to the new password; a locked password offers the reset', async () => {
    const verifyOld = jest
      .fn()
      .mockRejectedValueOnce(apiError(400052, 'The trade password is locked, please retry after 18:30'))
      .mockResolvedValue({ verified: true });
    const change = jest.fn().mockRejectedValueOnce(apiError(400050, 'The trade password cannot contain your birthday'));
    const onForgot = jest.fn();
    render(<ChangePasswordFlow onDone={jest.fn()} onCancel={jest.fn()} onForgot={onForgot} verifyOld={verifyOld} change={change} />);
    await typePassword('258036');
    expect(screen.getByText('The trade password is locked, please retry after 18:30')).toBeInTheDocument();
    fireEvent.click(screen.getByText('The trade password is locked: reset it'));
    expect(onForgot).toHaveBeenCalledTimes(1);

    await typePassword('258036');
    await typePassword('030791');
    await typePassword('030791');
    expect(change).toHaveBeenCalledWith('258036', '030791');
    expect(screen.getByText('The trade password cannot contain your birthday')).toBeInTheDocument();
    expect(screen.getAllByText('Set a new 6-digit trade password').length).toBeGreaterThan(0);
  });
});

describe('resetting the trade password', () => {
  it('code to the reserved phone + ID, then the birthday rule at the first entry, then the new password twice', async () => {
    const sendCode = jest.fn().mockResolvedValue({ telephone_masked: '136****0001', resend_after: 30 });
    const verify = jest
      .fn()
      .mockRejectedValueOnce(apiError(400046, 'The ID number does not match your account, please get a new code'))
      .mockResolvedValueOnce({ ticket: 't-1', expires_in: 600 });
    const reset = jest.fn().mockResolvedValue({ reset: true });
    const onDone = jest.fn();
    render(
      <ResetPasswordFlow
        reservedPhoneMasked='136****0001'
        onDone={onDone}
        onCancel={jest.fn()}
        sendCode={sendCode}
        verify={verify}
        reset={reset}
      />,
    );
    expect(screen.getByText(/The code goes to the phone on file at your bank, 136\*\*\*\*0001/)).toBeInTheDocument();
    const next = buttonWithText('Next');
    expect(isDisabled(next)).toBe(true);

    fireEvent.click(buttonWithText('Get code'));
    await flush();
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(buttonWithText(/resend \(30\)/)).toBeTruthy();

    typeInto(inputNamed('code'), '4321');
    typeInto(inputNamed('id_no'), '110101199003071234');
    expect(isDisabled(buttonWithText('Next'))).toBe(false);
    fireEvent.click(buttonWithText('Next'));
    await flush();
    expect(screen.getByText('The ID card number is incorrect, please check it')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();

    typeInto(inputNamed('id_no'), ID_NO);
    fireEvent.click(buttonWithText('Next'));
    await flush();
    expect(verify).toHaveBeenLastCalledWith('4321', ID_NO);
    expect(screen.getByText('The ID number does not match your account, please get a new code')).toBeInTheDocument();

    fireEvent.click(buttonWithText('Next'));
    await flush();
    expect(screen.getAllByText('Set a new 6-digit trade password').length).toBeGreaterThan(0);

    await typePassword('903070');
    expect(screen.getByText('The trade password cannot contain your birthday')).toBeInTheDocument();
    await typePassword('803917');
    await typePassword('803917');
    expect(reset).toHaveBeenCalledWith('t-1', '803917');
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('changing the phone', () => {
  it('old phone’s code, then the new phone: another account’s number is refused; done, the remembered number follows', async () => {
    localStore.setString(LAST_LOGIN_PHONE_KEY, '13800000001');
    const sendOldCode = jest.fn().mockResolvedValue({});
    const verifyOld = jest.fn().mockResolvedValue({ ticket: 'p-1', expires_in: 600 });
    const sendNewCode = jest
      .fn()
      .mockRejectedValueOnce(apiError(400025, 'This phone number belongs to another account, please use another one'))
      .mockResolvedValue({});
    const change = jest.fn().mockResolvedValue({ telephone_masked: '135****0002' });
    const onDone = jest.fn();
    const track = jest.spyOn(analytics, 'trackEvent').mockImplementation(() => undefined);
    render(
      <ChangePhoneFlow
        telephoneMasked='138****0001'
        onDone={onDone}
        onCancel={jest.fn()}
        sendOldCode={sendOldCode}
        verifyOld={verifyOld}
        sendNewCode={sendNewCode}
        change={change}
      />,
    );
    expect(screen.getByText('First verify your current phone, 138****0001')).toBeInTheDocument();
    fireEvent.click(buttonWithText('Get code'));
    await flush();
    typeInto(inputNamed('code'), '1111');
    fireEvent.click(buttonWithText('Next'));
    await flush();
    expect(verifyOld).toHaveBeenCalledWith('1111');

    typeInto(inputNamed('telephone'), '13900000003');
    fireEvent.click(buttonWithText('Get code'));
    await flush();
    expect(sendNewCode).toHaveBeenLastCalledWith('13900000003', 'p-1');
    expect(screen.getByText('This phone number belongs to another account, please use another one')).toBeInTheDocument();

    typeInto(inputNamed('telephone'), '13500000002');
    fireEvent.click(buttonWithText('Get code'));
    await flush();
    expect(sendNewCode).toHaveBeenLastCalledWith('13500000002', 'p-1');
    typeInto(inputNamed('code'), '2222');
    // docs/PRODUCT.md §2.6: the change of number is tracked once the server accepted it, not before.
    expect(track).not.toHaveBeenCalledWith('change_phone', expect.anything());
    fireEvent.click(buttonWithText('Change number'));
    await flush();
    expect(change).toHaveBeenCalledWith('p-1', '13500000002', '2222');
    expect(track).toHaveBeenCalledWith('change_phone', { module: 'settings' });
    track.mockRestore();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(localStore.getString(LAST_LOGIN_PHONE_KEY)).toBe('13500000002');
  });
});

describe('the settings list', () => {
  const settings: AccountSettings = {
    telephone_masked: '138****0001',
    has_trade_password: true,
    bank_card: {
      bank_code: 'CMB',
      bank_name: 'China Merchants Bank',
      card_no_masked: '**** **** **** 0000',
      reserved_phone_masked: '136****0001',
      bound_at: '2025-03-04T02:00:00.000Z',
      per_payment_limit: '200000.00',
      daily_limit: '500000.00',
      daily_left: '450000.00',
    },
  };

  const agreements = () =>
    Promise.resolve({
      current: [
        { id: 'service', version: '2.0', effective_date: '2026-01-01' },
        { id: 'privacy', version: '2.0', effective_date: '2026-01-01' },
      ],
      accepted: [
        { agreement_id: 'privacy', version: '2.0', context: 'opening', accepted_at: '2026-02-01T02:00:00.000Z' },
        { agreement_id: 'service', version: '2.0', context: 'opening', accepted_at: '2026-02-01T02:00:00.000Z' },
        { agreement_id: 'service', version: '1.0', context: 'login', accepted_at: '2025-12-01T02:00:00.000Z' },
      ],
    });

  it('shows the card and its limits and the agreements accepted; logging out needs the confirmation', async () => {
    const onLogout = jest.fn();
    render(<SettingsScreen onLogout={onLogout} load={() => Promise.resolve(settings)} loadAgreements={agreements} />);
    await flush();
    expect(screen.getByText('China Merchants Bank')).toBeInTheDocument();
    expect(screen.getByText('**** **** **** 0000')).toBeInTheDocument();
    expect(screen.getByText('CNY 200,000.00')).toBeInTheDocument();
    expect(screen.getByText('CNY 500,000.00')).toBeInTheDocument();
    expect(screen.getByText('CNY 450,000.00')).toBeInTheDocument();
    expect(screen.getByText('Phone on file at the bank: 136****0001')).toBeInTheDocument();
    // Two current agreements accepted (the older version of one counts once).
    expect(screen.getByText('2 accepted')).toBeInTheDocument();

    fireEvent.click(buttonWithText('Log out'));
    await flush();
    expect(screen.getByText('Log out of this account? You will need an SMS code to log in again.')).toBeInTheDocument();
    expect(onLogout).not.toHaveBeenCalled();
    fireEvent.click(buttonWithText('Cancel', document.querySelector('.settings-logout-dialog') ?? document));
    await flush();
    expect(onLogout).not.toHaveBeenCalled();

    fireEvent.click(buttonWithText('Log out', document.querySelector('.settings-logout') ?? document));
    await flush();
    fireEvent.click(buttonWithText('Log out', document.querySelector('.settings-logout-dialog') ?? document));
    await flush();
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('inside the native app the trade password rows open its own screens (changePassword, setPassword), not ours', async () => {
    const host = fakeNativeHost();
    render(<SettingsScreen onLogout={jest.fn()} load={() => Promise.resolve(settings)} loadAgreements={agreements} />);
    await flush();
    host.enter();
    try {
      fireEvent.click(screen.getByText('Change trade password'));
      fireEvent.click(screen.getByText('Reset trade password'));
      await flush();
      expect(host.posted).toEqual([opened('changePassword'), opened('setPassword')]);
      // Still the settings list: neither of our password flows opened.
      expect(screen.getByText('China Merchants Bank')).toBeInTheDocument();
    } finally {
      host.leave();
    }
  });

  it('the phone row opens the phone flow; its Back returns to the list', async () => {
    render(<SettingsScreen onLogout={jest.fn()} load={() => Promise.resolve(settings)} loadAgreements={agreements} />);
    await flush();
    fireEvent.click(screen.getByText('Phone number'));
    expect(screen.getByText('First verify your current phone, 138****0001')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Back'));
    await flush();
    expect(screen.getByText('China Merchants Bank')).toBeInTheDocument();
  });
});
