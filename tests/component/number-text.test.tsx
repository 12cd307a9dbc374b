import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { AmountText } from '@/components/amount-text/amount-text';
import { PercentText } from '@/components/percent-text/percent-text';
import { setLocale } from '@/locales/i18n';

// jsdom drops `color: var(...)`, so the colour is checked in two steps: the element gets the tone's
// class, and the stylesheet paints that class red (rise) or green (fall).
const RISE = 'sign-tone--rise';
const FALL = 'sign-tone--fall';
const FLAT = 'sign-tone--flat';

describe('sign-tone stylesheet', () => {
  it('paints rises red and falls green', () => {
    const css = readFileSync(path.join(__dirname, '../../src/components/amount-text/sign-tone.scss'), 'utf8');
    const rule = (cls: string) => new RegExp(`\\.${cls}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
    expect(rule(RISE)).toMatch(/color:\s*var\(--dj-color-rise,\s*#d4271f\)/);
    expect(rule(FALL)).toMatch(/color:\s*var\(--dj-color-fall,\s*#14803f\)/);
    expect(rule(FLAT)).toBe('');
  });
});

describe('AmountText', () => {
  afterEach(() => setLocale('zh-CN'));

  it('shows a rise with a plus sign, coloured as a rise', () => {
    render(<AmountText value='1234.5' sign />);
    expect(screen.getByText('+1,234.50')).toHaveClass(RISE);
  });

  it('shows a fall coloured as a fall', () => {
    render(<AmountText value='-0.5' sign />);
    expect(screen.getByText('-0.50')).toHaveClass(FALL);
  });

  it('leaves zero, and what rounds to zero, flat', () => {
    render(
      <>
        <AmountText value='0' sign />
        <AmountText value='0.001' sign />
        <AmountText value='-0.004' sign />
      </>,
    );
    const zeros = screen.getAllByText(/^-?0\.00$/);
    expect(zeros).toHaveLength(3);
    for (const node of zeros) {
      expect(node).toHaveClass(FLAT);
      expect(node).not.toHaveClass(RISE);
      expect(node).not.toHaveClass(FALL);
    }
  });

  it('takes integer fen exactly and can stay uncoloured (balances)', () => {
    render(<AmountText value={{ fen: 10 }} colored={false} />);
    const text = screen.getByText('0.10');
    expect(text.className).not.toMatch(/sign-tone/);
  });

  it('scales large amounts into 万 and 亿', () => {
    render(
      <>
        <AmountText value='12345678.9' />
        <AmountText value='250000000' />
      </>,
    );
    expect(screen.getByText('1,234.57万')).toHaveClass(RISE);
    expect(screen.getByText('2.50亿')).toBeInTheDocument();
  });
});

describe('PercentText', () => {
  it('shows two decimals with an optional sign, rises and falls coloured', () => {
    render(
      <>
        <PercentText value='1.235' sign />
        <PercentText value='-2.1' sign />
        <PercentText value='0.0123' ratio />
      </>,
    );
    expect(screen.getByText('+1.24%')).toHaveClass(RISE);
    expect(screen.getByText('-2.10%')).toHaveClass(FALL);
    expect(screen.getByText('1.23%')).toHaveClass(RISE);
  });

  it('shows -- for a missing value, flat', () => {
    render(<PercentText value={null} sign />);
    expect(screen.getByText('--')).toHaveClass(FLAT);
  });
});
