/**
 * Input rules of docs/PRODUCT.md §5 and §10.12 (account opening): phone, verification code, trade password,
 * ID card, bank card, real name, amount. Each validator answers `{ ok: true }` or the catalogue key
 * of the reason, so the caller shows `t(reason)`.
 */
import type { CommonMessageKey } from '@/locales/messages/common';
import { CODE_LENGTH, PHONE_LENGTH, TRADE_PASSWORD_LENGTH } from './constants';
import { parseAmountInput, type AmountInputError } from './money';

export type ValidationResult = { ok: true } | { ok: false; reason: CommonMessageKey };

const OK: ValidationResult = { ok: true };
const fail = (reason: CommonMessageKey): ValidationResult => ({ ok: false, reason });

/** Inputs are trimmed before any rule (docs/PRODUCT.md §5); null and undefined read as empty. */
export function trimInput(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Removes every whitespace character (for card numbers typed in groups: '6222 0200 …'). */
export function stripSpaces(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, '');
}

// ---- Phone and code -------------------------------------------------------

/** The spec's rule: exactly 11 characters after trimming (whatever they are). */
export function validatePhone(phone: string | null | undefined): ValidationResult {
  return trimInput(phone).length === PHONE_LENGTH ? OK : fail('common.validation.phone');
}

/** Stricter: a mainland mobile number, 1 then 3–9 then 9 digits. */
export function validateMainlandMobile(phone: string | null | undefined): ValidationResult {
  return /^1[3-9]\d{9}$/.test(trimInput(phone)) ? OK : fail('common.validation.mobile');
}

/** Keeps what a code box accepts: trimmed, at most 4 characters. */
export function sanitizeCode(input: string | null | undefined): string {
  return trimInput(input).slice(0, CODE_LENGTH);
}

/**
 * A verification code: `complete` (the modal's verify button) needs exactly 4 characters;
 * otherwise (the full form) it must be non-empty and at most 4.
 */
export function validateCode(code: string | null | undefined, options: { complete?: boolean } = {}): ValidationResult {
  const text = trimInput(code);
  if (text === '') return fail('common.validation.codeRequired');
  if (text.length > CODE_LENGTH) return fail('common.validation.codeLength');
  if (options.complete && text.length !== CODE_LENGTH) return fail('common.validation.codeLength');
  return OK;
}

// ---- Trade password -------------------------------------------------------

/** What the password box keeps of any input: digits only, at most 6 (non-digits are stripped). */
export function sanitizeTradePassword(input: string | null | undefined): string {
  return (input ?? '').replace(/\D/g, '').slice(0, TRADE_PASSWORD_LENGTH);
}

function isRun(digits: string, step: 1 | -1): boolean {
  for (let i = 1; i < digits.length; i += 1) {
    if (Number(digits[i]) - Number(digits[i - 1]) !== step) return false;
  }
  return true;
}

/**
 * Strength rules for setting a trade password (docs/PRODUCT.md §10.12): exactly 6 digits, not one digit six times,
 * not an ascending or descending run ('123456', '987654'; no wrap-around, so '890123' is allowed),
 * and — when the holder's ID number is known — not containing the birth date's MMDD, which also
 * rules out YYMMDD and MMDDYY.
 */
export function validateNewTradePassword(password: string, options: { idCard?: string } = {}): ValidationResult {
  if (!new RegExp(`^\\d{${TRADE_PASSWORD_LENGTH}}$`).test(password)) {
    return fail('common.validation.tradePasswordLength');
  }
  if (/^(\d)\1+$/.test(password)) return fail('common.validation.tradePasswordSameDigits');
  if (isRun(password, 1) || isRun(password, -1)) return fail('common.validation.tradePasswordSequential');
  const birth = options.idCard ? birthDateFromIdCard(options.idCard) : null;
  if (birth && password.includes(birth.slice(5, 7) + birth.slice(8, 10))) {
    return fail('common.validation.tradePasswordBirthday');
  }
  return OK;
}

// ---- ID card (GB 11643-1999) -------------------------------------------

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';
/** First two digits: provinces and regions (GB/T 2260), plus 71 Taiwan, 81/82 Hong Kong/Macao, 83 Taiwan residents, 91 abroad. */
const ID_REGIONS = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
  '91',
]);

/** The ID number as stored: trimmed, a final lowercase x upper-cased. */
export function normalizeIdCard(idCard: string): string {
  return trimInput(idCard).toUpperCase();
}

/** GB 11643 check character of the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS[sum % 11] ?? '';
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** 'YYYY-MM-DD' birth date written in an ID number (positions 7–14), or null if it is not a real date after 1900. */
export function birthDateFromIdCard(idCard: string): string | null {
  const match = /^\d{6}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/.exec(normalizeIdCard(idCard));
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  if (Number(y) < 1900 || !isCalendarDate(Number(y), Number(m), Number(d))) return null;
  return `${y}-${m}-${d}`;
}

/**
 * An 18-character resident ID: 17 digits and a digit or X, a known region, a real birth date not after
 * `asOf` (when given), and the GB 11643 check character.
 */
export function validateIdCard(idCard: string | null | undefined, options: { asOf?: string } = {}): ValidationResult {
  const id = normalizeIdCard(idCard ?? '');
  if (id === '') return fail('common.validation.idCardRequired');
  if (!/^\d{17}[\dX]$/.test(id)) return fail('common.validation.idCardFormat');
  if (!ID_REGIONS.has(id.slice(0, 2))) return fail('common.validation.idCardRegion');
  const birth = birthDateFromIdCard(id);
  if (!birth || (options.asOf !== undefined && birth > options.asOf)) return fail('common.validation.idCardBirthDate');
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return fail('common.validation.idCardChecksum');
  return OK;
}

/**
 * Whole years of age on `asOf` ('YYYY-MM-DD', a Shanghai business date — no Date object, so the host's
 * time zone cannot shift it). Someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, asOf: string): number {
  const years = Number(asOf.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return asOf.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** A valid ID (see validateIdCard) whose holder is at least `minAge` (18) on `asOf`. */
export function validateAdultIdCard(idCard: string | null | undefined, asOf: string, minAge = 18): ValidationResult {
  const result = validateIdCard(idCard, { asOf });
  if (!result.ok) return result;
  const birth = birthDateFromIdCard(idCard ?? '');
  return birth && ageOn(birth, asOf) >= minAge ? OK : fail('common.validation.idCardUnderAge');
}

// ---- Real name --------------------------------------------------------------

/** A real name as on the ID: 2–20 Chinese characters, with a middle dot allowed between parts (少数民族姓名). */
export function validateRealName(name: string | null | undefined): ValidationResult {
  const text = trimInput(name);
  return /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/.test(text) && text.length >= 2 && text.length <= 20
    ? OK
    : fail('common.validation.realName');
}

// ---- Bank card --------------------------------------------------------------

/** Luhn (mod 10) check of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A debit card number: 16–19 digits (spaces ignored) passing the Luhn check. */
export function validateBankCard(card: string | null | undefined): ValidationResult {
  const digits = stripSpaces(card);
  if (!/^\d{16,19}$/.test(digits)) return fail('common.validation.bankCardFormat');
  return luhnValid(digits) ? OK : fail('common.validation.bankCardChecksum');
}

export type BankCode = 'ICBC' | 'CCB' | 'ABC' | 'BOC' | 'BOCOM' | 'CMB' | 'PSBC' | 'CIB' | 'CITIC';

/** A small BIN table of major mainland banks' common debit-card prefixes (not exhaustive: unknown → null). */
const BANK_BINS: ReadonlyArray<readonly [string, BankCode]> = [
  ['622202', 'ICBC'],
  ['622208', 'ICBC'],
  ['621226', 'ICBC'],
  ['621225', 'ICBC'],
  ['955880', 'ICBC'],
  ['621700', 'CCB'],
  ['436742', 'CCB'],
  ['622700', 'CCB'],
  ['622848', 'ABC'],
  ['622845', 'ABC'],
  ['622846', 'ABC'],
  ['621661', 'BOC'],
  ['456351', 'BOC'],
  ['601382', 'BOC'],
  ['622260', 'BOCOM'],
  ['622262', 'BOCOM'],
  ['621483', 'CMB'],
  ['622588', 'CMB'],
  ['622575', 'CMB'],
  ['621286', 'CMB'],
  ['621799', 'PSBC'],
  ['622188', 'PSBC'],
  ['622909', 'CIB'],
  ['622908', 'CIB'],
  ['622690', 'CITIC'],
  ['622691', 'CITIC'],
];

export interface BankInfo {
  code: BankCode;
  /** Catalogue key of the bank's name. */
  nameKey: CommonMessageKey;
}

/** The issuing bank from the card's first six digits (BIN), or null when the table does not know it. */
export function bankFromBin(card: string | null | undefined): BankInfo | null {
  const digits = stripSpaces(card);
  const entry = BANK_BINS.find(([bin]) => digits.startsWith(bin));
  return entry ? { code: entry[1], nameKey: `common.bank.${entry[1]}` } : null;
}

// ---- Amount -----------------------------------------------------------------

const AMOUNT_REASONS: Record<AmountInputError, CommonMessageKey> = {
  empty: 'common.validation.amountRequired',
  notANumber: 'common.validation.amountInvalid',
  negative: 'common.validation.amountNegative',
  tooManyDecimals: 'common.validation.amountTooManyDecimals',
  tooLarge: 'common.validation.amountTooLarge',
};

/** An amount typed by the user (see parseAmountInput), with the catalogue reason when it is not one. */
export function validateAmountInput(input: string): { ok: true; fen: number } | { ok: false; reason: CommonMessageKey } {
  const parsed = parseAmountInput(input);
  return parsed.ok ? { ok: true, fen: parsed.fen } : { ok: false, reason: AMOUNT_REASONS[parsed.error] };
}
