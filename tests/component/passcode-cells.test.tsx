// docs/PRODUCT.md §2.4 / §9: the passcode input's cells, 6 by default; the trade-password keypad draws its six with it,
// the SMS code boxes their four (the spec's code length) under one field.
import { act, render, screen } from '@testing-library/react';
import { PasscodeCells } from '@/components/passcode-cells/passcode-cells';
import { PasswordKeypad } from '@/features/account/components/password-keypad';
import { PasscodeInput } from '@/components/passcode-cells/passcode-input';
import { SmsCodeField } from '@/features/account/components/sms-code-field';
import { CODE_LENGTH } from '@/lib/constants';
import { sanitizeCode } from '@/lib/validators';
import { typeInto } from './login-helpers';

function cells(container: HTMLElement): Element[] {
  return [...container.querySelectorAll('.dj-passcode__cell')];
}

test('six cells by default, the typed ones shown as dots', () => {
  const { container } = render(<PasscodeCells value='123' label='输入密码' />);
  expect(cells(container)).toHaveLength(6);
  expect(container.querySelectorAll('.dj-passcode__dot')).toHaveLength(3);
  expect(container.textContent).not.toContain('1');
  expect(screen.getByLabelText('输入密码')).toHaveAttribute('data-filled', '3');
});

test('a shorter code can show its characters; extra input is cut to the length', () => {
  const { container } = render(<PasscodeCells value='73915' length={4} masked={false} />);
  expect(cells(container)).toHaveLength(4);
  expect(container.textContent).toBe('7391');
});

test('the trade-password keypad draws its digits in the passcode cells', () => {
  const { container } = render(
    <PasswordKeypad className='x' block='x' prompt='设置交易密码' value='12' onChange={() => undefined} onComplete={() => undefined} />,
  );
  expect(cells(container)).toHaveLength(6);
  expect(container.querySelectorAll('.dj-passcode__dot')).toHaveLength(2);
});

test('the SMS code boxes: the same cells (4 here) under one named field that takes typing and pasting', () => {
  const changes: string[] = [];
  const { container } = render(
    <PasscodeInput
      name='code'
      length={CODE_LENGTH}
      label='请输入验证码'
      value='73'
      sanitize={sanitizeCode}
      onChange={(v) => changes.push(v)}
    />,
  );
  expect(cells(container)).toHaveLength(4);
  expect(container.querySelector('.dj-passcode')?.textContent).toBe('73');
  const field = container.querySelector('taro-input-core[name="code"]');
  expect(field).toHaveAttribute('aria-label', '请输入验证码');
  // A pasted code with spaces around it and one character too many.
  typeInto(field as Element, ' 73915 ');
  expect(changes).toEqual(['7391']);
});

test('the SMS code boxes of the login form are the passcode input', () => {
  const { container } = render(<SmsCodeField phone='13800138000' value='12' onChange={() => undefined} sendCode={async () => true} />);
  expect(container.querySelector('[data-testid="passcode-input-code"] taro-input-core[name="code"]')).not.toBeNull();
  expect(cells(container)).toHaveLength(CODE_LENGTH);
  expect(container.querySelector('.dj-passcode')?.textContent).toBe('12');
});

test('the SMS code boxes mark the next cell while their field has the focus', () => {
  const { container } = render(
    <PasscodeInput name='code' length={CODE_LENGTH} label='请输入验证码' value='7' onChange={() => undefined} />,
  );
  const box = container.querySelector('[data-testid="passcode-input-code"]') as Element;
  const field = container.querySelector('taro-input-core[name="code"]') as Element;
  expect(box.className).not.toContain('dj-passcode-input--focused');
  act(() => void field.dispatchEvent(new CustomEvent('focus', { detail: { value: '7' }, bubbles: true })));
  expect(box.className).toContain('dj-passcode-input--focused');
  act(() => void field.dispatchEvent(new CustomEvent('blur', { detail: { value: '7' }, bubbles: true })));
  expect(box.className).not.toContain('dj-passcode-input--focused');
});
