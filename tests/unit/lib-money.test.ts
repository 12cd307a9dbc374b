import { addFen, compareFen, fenToYuan, parseAmountInput, roundHalfUp, subtractFen, sumFen, yuanToFen } from '@/lib/money';

describe('fen ⇄ yuan', () => {
  test('fenToYuan writes two decimals', () => {
    expect(fenToYuan(100050)).toBe('1000.50');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan('123')).toBe('1.23');
  });
  test('fenToYuan refuses non-integers', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan('1.5')).toThrow(RangeError);
    expect(() => fenToYuan(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
  test('yuanToFen is exact where floats are not', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('1000.5')).toBe(100050);
    expect(yuanToFen('-3.10')).toBe(-310);
    expect(yuanToFen('1.2300')).toBe(123);
  });
  test('yuanToFen refuses sub-fen digits instead of rounding silently', () => {
    expect(() => yuanToFen('1.005')).toThrow(RangeError);
    expect(() => yuanToFen('abc')).toThrow(RangeError);
  });
});

describe('roundHalfUp', () => {
  test('rounds half away from zero', () => {
    expect(roundHalfUp('2.345', 2)).toBe('2.35');
    expect(roundHalfUp('2.344', 2)).toBe('2.34');
    expect(roundHalfUp('-2.345', 2)).toBe('-2.35');
    expect(roundHalfUp(1.005, 2)).toBe('1.01');
    expect(roundHalfUp('9.995', 2)).toBe('10.00');
    expect(roundHalfUp('0.5', 0)).toBe('1');
    expect(roundHalfUp('12', 3)).toBe('12.000');
  });
});

describe('fen arithmetic', () => {
  test('add, subtract, sum, compare', () => {
    expect(addFen(10, 20)).toBe(30);
    expect(subtractFen(10, 25)).toBe(-15);
    expect(sumFen([1, '2', 3])).toBe(6);
    expect(compareFen(100, '99')).toBe(1);
    expect(compareFen(-1, 0)).toBe(-1);
    expect(compareFen('7', 7)).toBe(0);
  });
  test('overflow throws instead of losing fen', () => {
    expect(() => addFen(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
  });
});

describe('parseAmountInput (what a user types)', () => {
  test('accepts grouped and plain amounts', () => {
    expect(parseAmountInput('1,000.5')).toEqual({ ok: true, fen: 100050 });
    expect(parseAmountInput(' 1000 ')).toEqual({ ok: true, fen: 100000 });
    expect(parseAmountInput('¥12.34')).toEqual({ ok: true, fen: 1234 });
    expect(parseAmountInput('0.01')).toEqual({ ok: true, fen: 1 });
    expect(parseAmountInput('.5')).toEqual({ ok: true, fen: 50 });
    expect(parseAmountInput('12.')).toEqual({ ok: true, fen: 1200 });
    expect(parseAmountInput('1,234,567.89')).toEqual({ ok: true, fen: 123456789 });
  });
  test('rejects with a reason', () => {
    expect(parseAmountInput('1.005')).toEqual({ ok: false, error: 'tooManyDecimals' });
    expect(parseAmountInput('')).toEqual({ ok: false, error: 'empty' });
    expect(parseAmountInput('   ')).toEqual({ ok: false, error: 'empty' });
    expect(parseAmountInput('-5')).toEqual({ ok: false, error: 'negative' });
    expect(parseAmountInput('1,00.5')).toEqual({ ok: false, error: 'notANumber' });
    expect(parseAmountInput('12a')).toEqual({ ok: false, error: 'notANumber' });
    expect(parseAmountInput('1e5')).toEqual({ ok: false, error: 'notANumber' });
    expect(parseAmountInput('99999999999999999')).toEqual({ ok: false, error: 'tooLarge' });
  });
});
