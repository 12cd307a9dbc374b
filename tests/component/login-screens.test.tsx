// docs/PRODUCT.md §2/§4/§5: one-tap login ("Send a code to 138****5678" disabled until the agreement is ticked) → the code modal (sends by
// itself; Verify needs 4 characters) → "Log in to another account" → the full form (Login disabled unless the
// phone has 11 characters, a code is filled and the box is ticked; inputs trimmed).
import { render, screen } from '@testing-library/react';
import { LoginPanel } from '@/features/account/components/login-panel';
import { canSubmitPhoneLogin } from '@/features/account/components/phone-login-form';
import { setLocale } from '@/locales/i18n';
import { buttonWithText, click, flush, inputNamed, isDisabled, tickAgreement, typeInto } from './login-helpers';

function setup(knownPhone: string | null) {
  const sendCode = jest.fn().mockResolvedValue(true);
  const login = jest.fn().mockResolvedValue(true);
  const onLoggedIn = jest.fn();
  render(<LoginPanel knownPhone={knownPhone} sendCode={sendCode} login={login} onLoggedIn={onLoggedIn} />);
  return { sendCode, login, onLoggedIn };
}

describe('login screens', () => {
  beforeEach(() => setLocale('en-US'));
  afterEach(() => setLocale('zh-CN'));

  it('one-tap login shows the masked known phone, terms and privacy links, Login disabled until ticked', async () => {
    const { sendCode } = setup('13812345678');
    expect(screen.getByText('Log in with a code')).toBeInTheDocument();
    expect(screen.getByText('138****5678')).toBeInTheDocument();
    expect(screen.queryByText('13812345678')).toBeNull();
    expect(screen.getByText('Service Terms')).toBeInTheDocument();
    expect(screen.getByText('Privacy Policy')).toBeInTheDocument();
    const loginButton = buttonWithText('Send a code to 138****5678', document.querySelector('.account-one-tap')!);
    expect(isDisabled(loginButton)).toBe(true);
    click(loginButton);
    await flush();
    expect(screen.queryByText('Enter the verification code')).toBeNull();

    // Reading the terms does not tick the box.
    click(screen.getByText('Service Terms'));
    expect(isDisabled(loginButton)).toBe(true);

    tickAgreement(document.querySelector('.account-one-tap')!);
    expect(isDisabled(loginButton)).toBe(false);
    tickAgreement(document.querySelector('.account-one-tap')!);
    expect(isDisabled(loginButton)).toBe(true);
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('Login opens the code modal, which sends a code itself; Verify needs exactly 4 characters', async () => {
    const { sendCode, login, onLoggedIn } = setup('13812345678');
    tickAgreement(document.querySelector('.account-one-tap')!);
    click(buttonWithText('Send a code to 138****5678', document.querySelector('.account-one-tap')!));
    await flush();
    expect(screen.getByText('The code was sent to 138****5678')).toBeInTheDocument();
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(sendCode).toHaveBeenCalledWith('13812345678', false);

    const modal = document.querySelector('.account-code-modal')!;
    const verify = buttonWithText('Verify', modal);
    expect(isDisabled(verify)).toBe(true);
    typeInto(inputNamed('code', modal), '123');
    expect(isDisabled(verify)).toBe(true);
    typeInto(inputNamed('code', modal), '12345'); // the box keeps 4
    expect(isDisabled(verify)).toBe(false);
    click(verify);
    await flush();
    expect(login).toHaveBeenCalledWith('13812345678', '1234');
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
  });

  it('"Log in to another account" switches to the full phone-and-code form', async () => {
    setup('13812345678');
    tickAgreement(document.querySelector('.account-one-tap')!);
    click(buttonWithText('Send a code to 138****5678', document.querySelector('.account-one-tap')!));
    await flush();
    click(document.querySelector('.account-code-modal .account-other-account')!);
    await flush();
    expect(document.querySelector('.account-phone-form')).not.toBeNull();
    expect(document.querySelector('.account-code-modal')).toBeNull();
  });

  it('the full form: Login only with an 11-character phone, a code and the ticked box; inputs trimmed', async () => {
    const { login, sendCode } = setup(null);
    const form = document.querySelector('.account-phone-form')!;
    const loginButton = buttonWithText('Login', form);
    expect(isDisabled(loginButton)).toBe(true);

    typeInto(inputNamed('telephone', form), ' 1381234567 ');
    typeInto(inputNamed('code', form), '1234');
    tickAgreement(form);
    expect(isDisabled(loginButton)).toBe(true); // 10 characters

    typeInto(inputNamed('telephone', form), ' 13812345678 ');
    expect(isDisabled(loginButton)).toBe(false);
    typeInto(inputNamed('code', form), '');
    expect(isDisabled(loginButton)).toBe(true);
    typeInto(inputNamed('code', form), '42');
    tickAgreement(form);
    expect(isDisabled(loginButton)).toBe(true);
    tickAgreement(form);
    expect(isDisabled(loginButton)).toBe(false);

    click(buttonWithText('Get code', form));
    await flush();
    expect(sendCode).toHaveBeenCalledWith('13812345678', false);
    click(loginButton);
    await flush();
    expect(login).toHaveBeenCalledWith('13812345678', '42');
  });

  it('canSubmitPhoneLogin is the docs/PRODUCT.md §5 rule', () => {
    expect(canSubmitPhoneLogin('13812345678', '1', true)).toBe(true);
    expect(canSubmitPhoneLogin('  13812345678  ', ' 1 ', true)).toBe(true);
    expect(canSubmitPhoneLogin('1381234567', '1234', true)).toBe(false);
    expect(canSubmitPhoneLogin('13812345678', '  ', true)).toBe(false);
    expect(canSubmitPhoneLogin('13812345678', '1234', false)).toBe(false);
  });
});
