import { formatCompactAmount, formatTerm, formatUnitAmountText, formatYiAmount } from '@/lib/format';
import { setLocale } from '@/locales/i18n';

// Large amounts in the reader's units (issue 17): 万 / 亿 in Chinese, K / M / B in English.

afterEach(() => setLocale('zh-CN'));

describe('formatCompactAmount', () => {
  test('zh-CN: 万 and 亿, trailing zeros dropped', () => {
    expect(formatCompactAmount({ fen: 100_000_000 })).toBe('100万');
    expect(formatCompactAmount({ fen: 500_000_000 })).toBe('500万');
    expect(formatCompactAmount('50000000')).toBe('5,000万');
    expect(formatCompactAmount('200000000')).toBe('2亿');
    expect(formatCompactAmount('1234000000')).toBe('12.34亿');
    expect(formatCompactAmount('15000')).toBe('1.5万');
    expect(formatCompactAmount('500')).toBe('500');
    expect(formatCompactAmount(null)).toBe('--');
  });

  test('en-US: K, M and B', () => {
    setLocale('en-US');
    expect(formatCompactAmount({ fen: 100_000_000 })).toBe('1M');
    expect(formatCompactAmount({ fen: 500_000_000 })).toBe('5M');
    expect(formatCompactAmount('50000000')).toBe('50M');
    expect(formatCompactAmount('200000000')).toBe('200M');
    expect(formatCompactAmount('1234000000')).toBe('1.23B');
    expect(formatCompactAmount('5000')).toBe('5K');
    expect(formatCompactAmount('1500000')).toBe('1.5M');
    expect(formatCompactAmount('999')).toBe('999');
  });
});

describe('formatYiAmount', () => {
  test('an amount stated in 亿元 reads 12.34亿元 in Chinese and 1.23B CNY in English', () => {
    expect(formatYiAmount('12.34')).toBe('12.34亿元');
    expect(formatYiAmount('0.5')).toBe('0.50亿元');
    setLocale('en-US');
    expect(formatYiAmount('12.34')).toBe('1.23B CNY');
    expect(formatYiAmount('0.5')).toBe('50.00M CNY');
    expect(formatYiAmount('1234.5')).toBe('123.45B CNY');
    expect(formatYiAmount('x')).toBe('--');
  });
});

describe('formatTerm', () => {
  test("Danjuan's 7年1天 reads 7 yr 1 d in English", () => {
    expect(formatTerm('7年1天')).toBe('7年1天');
    setLocale('en-US');
    expect(formatTerm('7年1天')).toBe('7 yr 1 d');
    expect(formatTerm('35天')).toBe('35 d');
    expect(formatTerm('about a year')).toBe('about a year');
    expect(formatTerm(null)).toBe('');
  });
});

describe('formatUnitAmountText', () => {
  test("Danjuan's 118.75亿 reads 11.88B CNY in English", () => {
    expect(formatUnitAmountText('118.75亿')).toBe('118.75亿');
    setLocale('en-US');
    expect(formatUnitAmountText('118.75亿')).toBe('11.88B CNY');
    expect(formatUnitAmountText('8500.00万')).toBe('85.00M CNY');
    expect(formatUnitAmountText('761.90亿')).toBe('76.19B CNY');
    expect(formatUnitAmountText('1234.5')).toBe('1,234.50 CNY');
    expect(formatUnitAmountText('约一亿')).toBe('约一亿');
  });
});
