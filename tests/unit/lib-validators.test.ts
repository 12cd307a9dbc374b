import {
  ageOn,
  bankFromBin,
  birthDateFromIdCard,
  luhnValid,
  sanitizeCode,
  sanitizeTradePassword,
  validateAdultIdCard,
  validateAmountInput,
  validateBankCard,
  validateCode,
  validateIdCard,
  validateMainlandMobile,
  validateNewTradePassword,
  validatePhone,
  validateRealName,
} from '@/lib/validators';
import { setLocale, t } from '@/locales/i18n';

// Check characters computed independently (a Python GB 11643 implementation), not by the code under test.
const ID_1949 = '11010519491231002X';
const ID_BORN_2008_08_22 = '110105200808220014';
const ID_BORN_1996_02_29 = '440306199602291237';
const ID_BORN_1990_03_07 = '110105199003077710';

afterEach(() => setLocale('zh-CN'));

describe('phone and code', () => {
  test('phone: exactly 11 characters after trim, with the spec text', () => {
    expect(validatePhone(' 13812345678 ')).toEqual({ ok: true });
    const short = validatePhone('1381234567');
    expect(short).toEqual({ ok: false, reason: 'common.validation.phone' });
    setLocale('en-US');
    expect(t(short.ok ? '' : short.reason)).toBe('Please enter the correct phone number');
    expect(validatePhone('')).toMatchObject({ ok: false });
    expect(validatePhone(null)).toMatchObject({ ok: false });
  });
  test('mainland mobile is stricter', () => {
    expect(validateMainlandMobile('13812345678').ok).toBe(true);
    expect(validateMainlandMobile('12812345678').ok).toBe(false);
    expect(validateMainlandMobile('1381234567a').ok).toBe(false);
    expect(validatePhone('1381234567a').ok).toBe(true);
  });
  test('code: up to 4; the modal needs exactly 4; the full form needs non-empty', () => {
    expect(sanitizeCode(' 123456 ')).toBe('1234');
    expect(validateCode('12').ok).toBe(true);
    expect(validateCode('12', { complete: true })).toEqual({ ok: false, reason: 'common.validation.codeLength' });
    expect(validateCode('1234', { complete: true }).ok).toBe(true);
    expect(validateCode('  ')).toEqual({ ok: false, reason: 'common.validation.codeRequired' });
    expect(validateCode('12345').ok).toBe(false);
  });
});

describe('trade password', () => {
  test('sanitize keeps digits only, at most 6', () => {
    expect(sanitizeTradePassword('1a2 b3-4５56789')).toBe('123456');
    expect(sanitizeTradePassword('abc')).toBe('');
  });
  test('strength rules with a reason each', () => {
    expect(validateNewTradePassword('135790')).toEqual({ ok: true });
    expect(validateNewTradePassword('12345')).toEqual({ ok: false, reason: 'common.validation.tradePasswordLength' });
    expect(validateNewTradePassword('12345a').ok).toBe(false);
    expect(validateNewTradePassword('888888')).toEqual({ ok: false, reason: 'common.validation.tradePasswordSameDigits' });
    expect(validateNewTradePassword('123456')).toEqual({ ok: false, reason: 'common.validation.tradePasswordSequential' });
    expect(validateNewTradePassword('654321')).toEqual({ ok: false, reason: 'common.validation.tradePasswordSequential' });
    expect(validateNewTradePassword('012345').ok).toBe(false);
    expect(validateNewTradePassword('890123').ok).toBe(true);
  });
  test('not the birth date from the ID number', () => {
    const birthday = { ok: false, reason: 'common.validation.tradePasswordBirthday' };
    expect(validateNewTradePassword('900307', { idCard: ID_BORN_1990_03_07 })).toEqual(birthday);
    expect(validateNewTradePassword('030790', { idCard: ID_BORN_1990_03_07 })).toEqual(birthday);
    expect(validateNewTradePassword('580307', { idCard: ID_BORN_1990_03_07 })).toEqual(birthday);
    expect(validateNewTradePassword('900307').ok).toBe(true);
    expect(validateNewTradePassword('135790', { idCard: ID_BORN_1990_03_07 }).ok).toBe(true);
  });
});

describe('ID card', () => {
  test('valid numbers, lowercase x accepted', () => {
    expect(validateIdCard(ID_1949)).toEqual({ ok: true });
    expect(validateIdCard(ID_1949.toLowerCase())).toEqual({ ok: true });
    expect(validateIdCard(ID_BORN_1996_02_29)).toEqual({ ok: true });
    expect(birthDateFromIdCard(ID_1949)).toBe('1949-12-31');
  });
  test('each failure has its reason', () => {
    expect(validateIdCard('')).toEqual({ ok: false, reason: 'common.validation.idCardRequired' });
    expect(validateIdCard('11010519491231002')).toEqual({ ok: false, reason: 'common.validation.idCardFormat' });
    expect(validateIdCard('99010519491231002X')).toEqual({ ok: false, reason: 'common.validation.idCardRegion' });
    expect(validateIdCard('110105194912310021')).toEqual({ ok: false, reason: 'common.validation.idCardChecksum' });
    // 1997 is not a leap year: 0229 is no date, whatever the check character.
    expect(validateIdCard('440306199702291237')).toEqual({ ok: false, reason: 'common.validation.idCardBirthDate' });
    expect(validateIdCard(ID_BORN_2008_08_22, { asOf: '2008-08-21' })).toEqual({
      ok: false,
      reason: 'common.validation.idCardBirthDate',
    });
  });
  test('age is computed on business dates, birthday inclusive', () => {
    expect(ageOn('2008-08-22', '2026-08-21')).toBe(17);
    expect(ageOn('2008-08-22', '2026-08-22')).toBe(18);
    expect(ageOn('1996-02-29', '2014-02-28')).toBe(17);
    expect(ageOn('1996-02-29', '2014-03-01')).toBe(18);
  });
  test('adults only', () => {
    expect(validateAdultIdCard(ID_BORN_2008_08_22, '2026-08-21')).toEqual({
      ok: false,
      reason: 'common.validation.idCardUnderAge',
    });
    expect(validateAdultIdCard(ID_BORN_2008_08_22, '2026-08-22')).toEqual({ ok: true });
    expect(validateAdultIdCard('110105194912310021', '2026-01-01')).toEqual({
      ok: false,
      reason: 'common.validation.idCardChecksum',
    });
  });
});

describe('real name', () => {
  test('Chinese names with optional middle dot', () => {
    expect(validateRealName(' 张三 ').ok).toBe(true);
    expect(validateRealName('阿依古丽·买买提').ok).toBe(true);
    expect(validateRealName('张').ok).toBe(false);
    expect(validateRealName('Zhang San').ok).toBe(false);
    expect(validateRealName('张·').ok).toBe(false);
  });
});

describe('bank card', () => {
  test('Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
  test('16–19 digits, spaces ignored, Luhn-valid', () => {
    expect(validateBankCard('6222 0202 0011 2233 446')).toEqual({ ok: true });
    expect(validateBankCard('6214831234567896')).toEqual({ ok: true });
    expect(validateBankCard('6222020200112233445')).toEqual({ ok: false, reason: 'common.validation.bankCardChecksum' });
    expect(validateBankCard('622202020011223')).toEqual({ ok: false, reason: 'common.validation.bankCardFormat' });
    expect(validateBankCard('62220202001122334461')).toEqual({ ok: false, reason: 'common.validation.bankCardFormat' });
  });
  test('bank from BIN', () => {
    expect(bankFromBin('6222020200112233446')).toEqual({ code: 'ICBC', nameKey: 'common.bank.ICBC' });
    expect(bankFromBin('6217 0012 3456 7890 122')?.code).toBe('CCB');
    expect(bankFromBin('622848123456789012')?.code).toBe('ABC');
    expect(bankFromBin('6214831234567896')?.code).toBe('CMB');
    expect(t(bankFromBin('6214831234567896')!.nameKey)).toBe('招商银行');
    expect(bankFromBin('4111111111111111')).toBeNull();
  });
});

describe('amount input', () => {
  test('fen or a catalogue reason', () => {
    expect(validateAmountInput('1,000.5')).toEqual({ ok: true, fen: 100050 });
    expect(validateAmountInput('1.005')).toEqual({ ok: false, reason: 'common.validation.amountTooManyDecimals' });
    expect(validateAmountInput('')).toEqual({ ok: false, reason: 'common.validation.amountRequired' });
  });
});
