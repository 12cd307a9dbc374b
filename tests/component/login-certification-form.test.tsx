// Account opening form: each bad field says why (validators wired), the bank is named from the BIN as the
// card is typed, and the dj-ccount-* session keys keep a half-filled form across reloads.
import { act, cleanup, render, screen } from '@testing-library/react';
import { CertificationForm, shanghaiToday } from '@/features/account/components/certification-form';
import { setLocale } from '@/locales/i18n';
import { idCardCheckChar } from '@/lib/validators';
import { buttonWithText, click, inputNamed, typeInto } from './login-helpers';

function idFor(first17: string): string {
  return first17 + idCardCheckChar(first17);
}

describe('certification form', () => {
  beforeEach(() => {
    setLocale('en-US');
    sessionStorage.clear();
  });
  afterEach(() => setLocale('zh-CN'));

  it('names the bank from the BIN while typing and groups the digits', () => {
    render(<CertificationForm onCertified={jest.fn()} />);
    typeInto(inputNamed('bank_card_no'), '62220');
    expect(screen.queryByText(/^Bank:/)).toBeNull();
    typeInto(inputNamed('bank_card_no'), '622202');
    expect(screen.getByText('Bank: Industrial and Commercial Bank of China')).toBeInTheDocument();
    expect(inputNamed('bank_card_no').getAttribute('value')).toBe('6222 02');
  });

  it('each bad field gets its own message on submit, and nothing is sent', async () => {
    const onCertified = jest.fn();
    render(<CertificationForm onCertified={onCertified} />);
    typeInto(inputNamed('real_name'), 'Zhang San');
    typeInto(inputNamed('id_no'), '110101199003071234'); // wrong check character
    typeInto(inputNamed('bank_card_no'), '6222020000000000001'); // fails Luhn
    typeInto(inputNamed('reserved_phone'), '23812345678');
    await act(async () => click(buttonWithText('Open the account')));
    expect(screen.getByText('Please enter your correct name')).toBeInTheDocument();
    expect(screen.getByText('The ID card number is incorrect, please check it')).toBeInTheDocument();
    expect(screen.getByText('The bank card number is incorrect, please check it')).toBeInTheDocument();
    expect(screen.getByText('Please enter a correct mainland China mobile number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the verification code')).toBeInTheDocument();
    expect(onCertified).not.toHaveBeenCalled();
  });

  it('a minor is refused with the age reason; an unknown bank is named as unsupported', async () => {
    const year = Number(shanghaiToday().slice(0, 4)) - 10;
    render(<CertificationForm onCertified={jest.fn()} />);
    typeInto(inputNamed('id_no'), idFor(`110101${year}0307123`));
    typeInto(inputNamed('bank_card_no'), '4111111111111111');
    await act(async () => click(buttonWithText('Open the account')));
    expect(screen.getByText('You must be 18 or older to open an account')).toBeInTheDocument();
    expect(screen.getByText('This bank card is not supported yet')).toBeInTheDocument();
  });

  it('keeps a half-filled form in the dj-ccount-* session keys across a reload', () => {
    render(<CertificationForm onCertified={jest.fn()} />);
    typeInto(inputNamed('real_name'), '张三');
    typeInto(inputNamed('id_no'), '11010119900307123x');
    typeInto(inputNamed('bank_card_no'), '6222020000000000');
    typeInto(inputNamed('reserved_phone'), '13812345678');
    expect(sessionStorage.getItem('dj-ccount-name')).toBe('张三');
    expect(sessionStorage.getItem('dj-ccount-idno')).toBe('11010119900307123X');
    expect(sessionStorage.getItem('dj-ccount-cardno')).toBe('6222020000000000');
    expect(sessionStorage.getItem('dj-ccount-tel')).toBe('13812345678');
    cleanup();
    render(<CertificationForm onCertified={jest.fn()} />);
    expect(inputNamed('real_name').getAttribute('value')).toBe('张三');
    expect(inputNamed('id_no').getAttribute('value')).toBe('11010119900307123X');
    expect(inputNamed('bank_card_no').getAttribute('value')).toBe('6222 0200 0000 0000');
    expect(inputNamed('reserved_phone').getAttribute('value')).toBe('13812345678');
  });
});
