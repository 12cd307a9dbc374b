// Issue 17 "Fast, clear login": a tap on the Login button kept disabled by the unticked agreement says why; the
// one-tap button is named for what it does; a remembered phone can be forgotten; the code button shows it is sending;
// the trade password's birthday rule refuses the first entry.
import { act, fireEvent, render, screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { LoginPanel } from '@/features/account/components/login-panel';
import { SmsCodeField } from '@/features/account/components/sms-code-field';
import { TradePasswordSetup } from '@/features/account/components/trade-password-setup';
import { LAST_LOGIN_PHONE_KEY, rememberPhone, rememberedPhone } from '@/features/account/login-flow';
import { forgetCertifiedIdCard, holdCertifiedIdCard } from '@/features/account/opening-id';
import { TRADE_PASSWORD_COMPLETE_DELAY_MS } from '@/lib/constants';
import { setLocale } from '@/locales/i18n';
import { setToastPresenter } from '@/platform/feedback';
import { localStore } from '@/platform/storage';
import { buttonWithText, click, flush, inputNamed, isDisabled, tickAgreement, typeInto } from './login-helpers';

const AGREE_FIRST = 'Please read and tick the Service Terms and Privacy Policy first';
let toasts: string[];

beforeEach(() => {
  setLocale('en-US');
  toasts = [];
  setToastPresenter((text) => toasts.push(text));
  Taro.clearStorageSync();
});
afterEach(() => {
  setToastPresenter(null);
  setLocale('zh-CN');
});

function setup(knownPhone: string | null) {
  const sendCode = jest.fn().mockResolvedValue(true);
  const login = jest.fn().mockResolvedValue(true);
  render(<LoginPanel knownPhone={knownPhone} sendCode={sendCode} login={login} onLoggedIn={jest.fn()} />);
  return { sendCode, login };
}

const gateOf = (root: Element) => root.querySelector('.account-agreement-gate__tap');

describe('the agreement hint', () => {
  it('one-tap login: a tap on the disabled button says the agreement must be ticked, and sends nothing', async () => {
    const { sendCode } = setup('13812345678');
    const sheet = document.querySelector('.account-one-tap')!;
    const send = buttonWithText('Send a code to 138****5678', sheet);
    expect(isDisabled(send)).toBe(true);
    expect(sheet.querySelector('.account-agreement__hint')).toBeNull();
    click(gateOf(sheet)!);
    await flush();
    expect(toasts).toEqual([AGREE_FIRST]);
    expect(sheet.querySelector('.account-agreement__hint')?.textContent).toBe(AGREE_FIRST);
    expect(sendCode).not.toHaveBeenCalled();
    // Ticked: the hint goes, the tap layer goes, the button works.
    tickAgreement(sheet);
    expect(sheet.querySelector('.account-agreement__hint')).toBeNull();
    expect(gateOf(sheet)).toBeNull();
    expect(isDisabled(send)).toBe(false);
    click(send);
    await flush();
    expect(sendCode).toHaveBeenCalledWith('13812345678', false);
  });

  it('full form: the same hint when Login is tapped before the box is ticked; none once it is', async () => {
    const { login } = setup(null);
    const form = document.querySelector('.account-phone-form')!;
    typeInto(inputNamed('telephone', form), '13812345678');
    typeInto(inputNamed('code', form), '1234');
    expect(isDisabled(buttonWithText('Login', form))).toBe(true);
    click(gateOf(form)!);
    await flush();
    expect(toasts).toEqual([AGREE_FIRST]);
    expect(screen.getByText(AGREE_FIRST)).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
    tickAgreement(form);
    expect(screen.queryByText(AGREE_FIRST)).toBeNull();
    click(buttonWithText('Login', form));
    await flush();
    expect(login).toHaveBeenCalledWith('13812345678', '1234');
  });
});

describe('the remembered phone', () => {
  it('the one-tap button says it sends a code to the masked phone (not "one-tap login")', () => {
    setup('13812345678');
    expect(screen.getByText('Log in with a code')).toBeInTheDocument();
    expect(screen.queryByText('One-tap login')).toBeNull();
    buttonWithText('Send a code to 138****5678', document.querySelector('.account-one-tap')!);
  });

  it('can be forgotten: gone from this device, the full form instead, and a toast that says so', async () => {
    rememberPhone('13812345678');
    expect(rememberedPhone()).toBe('13812345678');
    render(<LoginPanel sendCode={jest.fn()} login={jest.fn()} onLoggedIn={jest.fn()} />);
    click(screen.getByText('Not your number? Forget it on this device'));
    await flush();
    expect(rememberedPhone()).toBeNull();
    expect(localStore.getString(LAST_LOGIN_PHONE_KEY)).toBeNull();
    expect(toasts).toEqual(['This device no longer remembers 138****5678']);
    expect(document.querySelector('.account-one-tap')).toBeNull();
    expect(document.querySelector('.account-phone-form')).not.toBeNull();
  });
});

describe('the code button', () => {
  it('shows "Sending…" (disabled) from the tap until the code is sent, then the countdown', async () => {
    let finish: (sent: boolean) => void = () => undefined;
    const sendCode = jest.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    render(<SmsCodeField phone='13812345678' value='' onChange={jest.fn()} sendCode={sendCode} />);
    click(buttonWithText('Get code'));
    await flush();
    const sending = buttonWithText('Sending…');
    expect(isDisabled(sending)).toBe(true);
    expect(sending.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish(true));
    expect(buttonWithText('resend (30)')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
  });

  it('a failed send goes back to "Get code"', async () => {
    const sendCode = jest.fn().mockResolvedValue(false);
    render(<SmsCodeField phone='13812345678' value='' onChange={jest.fn()} sendCode={sendCode} />);
    click(buttonWithText('Get code'));
    await flush();
    expect(isDisabled(buttonWithText('Get code'))).toBe(false);
  });
});

describe('trade password: the birthday rule at the first entry', () => {
  /** Taps a key of NutUI's number keyboard the way a finger does. */
  function press(label: string): void {
    const key = [...document.querySelectorAll('.nut-numberkeyboard .key')].find((el) => el.textContent === label);
    if (!key) throw new Error(`no key ${label}`);
    const touch = { clientX: 0, clientY: 0, identifier: 0, target: key };
    fireEvent.touchStart(key, { touches: [touch], changedTouches: [touch] });
    fireEvent.touchEnd(key, { touches: [], changedTouches: [touch] });
  }
  async function enter(digits: string): Promise<void> {
    for (const digit of digits) press(digit);
    await act(async () => {
      jest.advanceTimersByTime(TRADE_PASSWORD_COMPLETE_DELAY_MS + 10);
    });
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    forgetCertifiedIdCard();
  });

  it('the ID just certified (its form copy already removed): a password with its MMDD is refused at once', async () => {
    holdCertifiedIdCard('11010519491231002X'); // born 1949-12-31
    const save = jest.fn().mockResolvedValue({ open_trade: true });
    render(<TradePasswordSetup onDone={jest.fn()} save={save} />);
    await enter('123198');
    expect(screen.getByText('The trade password cannot contain your birthday')).toBeInTheDocument();
    expect(screen.getAllByText('Set a 6-digit trade password').length).toBeGreaterThan(0); // still the first entry
    expect(screen.queryByText('Enter the trade password again')).toBeNull();
    expect(save).not.toHaveBeenCalled();
    // Another password goes on to the confirmation.
    await enter('385094');
    expect(screen.getAllByText('Enter the trade password again').length).toBeGreaterThan(0);
  });
});
