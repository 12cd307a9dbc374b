// docs/PRODUCT.md §2.4 / §9: the passcode input's cells, 6 by default; the trade-password keypad draws its six with it.
import { render, screen } from '@testing-library/react';
import { PasscodeCells } from '@/components/passcode-cells/passcode-cells';
import { PasswordKeypad } from '@/features/account/components/password-keypad';

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
