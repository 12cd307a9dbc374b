import { compareDecimal, decimalToText, parseDecimal, rescaleHalfUp, rescaleTruncate, shiftDecimal } from '@/lib/decimal';

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`unreadable ${text}`);
  return value;
};

describe('exact decimals on digit strings', () => {
  test('parse: decimals, exponents, numbers by their shortest text; junk is null', () => {
    expect(decimalToText(d('00012.3400'))).toBe('12.3400');
    expect(decimalToText(d('1e-7'))).toBe('0.0000001');
    expect(decimalToText(d('-2.5E3'))).toBe('-2500');
    expect(decimalToText(parseDecimal(0.1)!)).toBe('0.1');
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('.')).toBeNull();
    expect(parseDecimal('1,000')).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDecimal('1e999')).toBeNull();
  });
  test('half-up rounds away from zero; truncation drops toward zero (xjb daily income)', () => {
    expect(decimalToText(rescaleHalfUp(d('0.125'), 2))).toBe('0.13');
    expect(decimalToText(rescaleHalfUp(d('-0.125'), 2))).toBe('-0.13');
    expect(decimalToText(rescaleHalfUp(d('999.995'), 2))).toBe('1000.00');
    expect(decimalToText(rescaleTruncate(d('1.239'), 2))).toBe('1.23');
    expect(decimalToText(rescaleTruncate(d('-1.239'), 2))).toBe('-1.23');
    expect(decimalToText(rescaleTruncate(d('0.009'), 2))).toBe('0.00');
  });
  test('shift and compare', () => {
    expect(decimalToText(shiftDecimal(d('12345678.9'), -4))).toBe('1234.56789');
    expect(decimalToText(shiftDecimal(d('0.0123'), 2))).toBe('1.23');
    expect(compareDecimal(d('10.0'), d('10'))).toBe(0);
    expect(compareDecimal(d('-1'), d('0.5'))).toBe(-1);
    expect(compareDecimal(d('-1'), d('-2'))).toBe(1);
    expect(compareDecimal(d('100000000.01'), d('100000000'))).toBe(1);
  });
  test('text: grouping, sign, no negative zero', () => {
    expect(decimalToText(d('-1234567.5'), { group: true })).toBe('-1,234,567.5');
    expect(decimalToText(d('3'), { sign: true })).toBe('+3');
    expect(decimalToText(rescaleHalfUp(d('-0.001'), 2), { sign: true })).toBe('0.00');
  });
});
