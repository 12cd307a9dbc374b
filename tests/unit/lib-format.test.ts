import { formatAmount, formatFen, formatNav, formatPercent, formatShares, maskPhone } from '@/lib/format';
import { setLocale } from '@/locales/i18n';

afterEach(() => setLocale('zh-CN'));

describe('formatAmount (docs/PRODUCT.md §5 number display)', () => {
  test('plain amounts get thousands separators and two decimals, rounded half up', () => {
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount('0.005')).toBe('0.01');
    expect(formatAmount('0.004')).toBe('0.00');
    expect(formatAmount(1234.565)).toBe('1,234.57');
    expect(formatAmount('-1234.565')).toBe('-1,234.57');
  });

  test('no float drift: values that are inexact as binary floats round as written', () => {
    // 1.005 is 1.00499999999999989… as a double; as written it rounds up.
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount('0.1')).toBe('0.10');
    expect(formatAmount('123456789012345.675')).toBe('1,234,567.89亿');
    expect(formatAmount('9007199254740993.005', { unit: false })).toBe('9,007,199,254,740,993.01');
  });

  test('strictly between ten million and a hundred million: ten-thousands with 万', () => {
    expect(formatAmount('12345678.9')).toBe('1,234.57万');
    expect(formatAmount('10000000.01')).toBe('1,000.00万');
    expect(formatAmount('-50000000')).toBe('-5,000.00万');
  });

  test('strictly above a hundred million: hundred-millions with 亿', () => {
    expect(formatAmount('250000000')).toBe('2.50亿');
    expect(formatAmount('100000000.01')).toBe('1.00亿');
    expect(formatAmount('-123456789012')).toBe('-1,234.57亿');
  });

  test('exact boundaries stay plain; rounding happens after scaling', () => {
    expect(formatAmount('10000000')).toBe('10,000,000.00');
    expect(formatAmount('100000000')).toBe('100,000,000.00');
    expect(formatAmount('9999999.99')).toBe('9,999,999.99');
    expect(formatAmount('99999999.99')).toBe('10,000.00万');
  });

  test('sign option adds + to positive values only', () => {
    expect(formatAmount('12.3', { sign: true })).toBe('+12.30');
    expect(formatAmount('-12.3', { sign: true })).toBe('-12.30');
    expect(formatAmount('0', { sign: true })).toBe('0.00');
    expect(formatAmount('-0.001', { sign: true })).toBe('0.00');
    expect(formatAmount('20000000', { sign: true })).toBe('+2,000.00万');
  });

  test('unit: false never scales', () => {
    expect(formatAmount('250000000', { unit: false })).toBe('250,000,000.00');
  });

  test('fen input', () => {
    expect(formatAmount({ fen: 123456 })).toBe('1,234.56');
    expect(formatAmount({ fen: '1234567890' })).toBe('1,234.57万');
    expect(formatAmount({ fen: '12.5' })).toBe('--');
  });

  test('unreadable input shows --', () => {
    expect(formatAmount(null)).toBe('--');
    expect(formatAmount('')).toBe('--');
    expect(formatAmount('1,000')).toBe('--');
    expect(formatAmount(Number.NaN)).toBe('--');
  });

  test('en-US counts the same large amounts in millions and billions (issue 17)', () => {
    setLocale('en-US');
    expect(formatAmount('12345678.9')).toBe('12.35M');
    expect(formatAmount('50000000')).toBe('50.00M');
    expect(formatAmount('250000000')).toBe('250.00M');
    expect(formatAmount('1234000000')).toBe('1.23B');
    expect(formatAmount('-1234000000', { sign: true })).toBe('-1.23B');
    expect(formatAmount('10000000')).toBe('10,000,000.00');
    expect(formatAmount('9999999.99')).toBe('9,999,999.99');
  });
});

describe('formatPercent', () => {
  test('two decimals, optional +', () => {
    expect(formatPercent('1.2345')).toBe('1.23%');
    expect(formatPercent('1.235', { sign: true })).toBe('+1.24%');
    expect(formatPercent(-0.5, { sign: true })).toBe('-0.50%');
    expect(formatPercent('0', { sign: true })).toBe('0.00%');
  });
  test('ratio input is shifted by two places exactly', () => {
    expect(formatPercent('0.012345', { ratio: true })).toBe('1.23%');
    expect(formatPercent(0.07, { ratio: true })).toBe('7.00%');
  });
  test('unreadable', () => {
    expect(formatPercent(undefined)).toBe('--');
    expect(formatPercent('abc')).toBe('--');
  });
});

describe('formatFen, formatNav, formatShares, maskPhone', () => {
  test('formatFen', () => {
    expect(formatFen(123456)).toBe('1,234.56');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFen(10_000_000_000)).toBe('100,000,000.00');
    expect(formatFen(100, { sign: true })).toBe('+1.00');
  });
  test('formatNav keeps four decimals', () => {
    expect(formatNav('1.23456')).toBe('1.2346');
    expect(formatNav('1')).toBe('1.0000');
    expect(formatNav(null)).toBe('--');
  });
  test('formatShares', () => {
    expect(formatShares('12345.675')).toBe('12,345.68');
  });
  test('maskPhone', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(' 13812345678 ')).toBe('138****5678');
    expect(maskPhone('138****5678')).toBe('138****5678');
  });
});
