/**
 * The personal pension's rules (个人养老金), in one place for the server that applies them and the pages that state
 * them, so text and behaviour cannot drift. docs/PRODUCT.md §10.13; sources in ../shared/PENSION-NOTES.md:
 * 人社部等《个人养老金实施办法》(2022), 财政部 税务总局公告2022年第34号 (deduction, 3 % at withdrawal), 证监会公告〔2022〕46号
 * (Y share classes), the 2025-08-19 notice (the three added withdrawal conditions from 2025-09-01), and the 2024
 * decision of the NPC Standing Committee on the progressive statutory retirement age.
 *
 * Money in integer fen, rates in percent as integers; no floats.
 */
import { mulDiv } from './trade-math';

/** Contributions: at most 12,000.00 CNY per calendar year (Shanghai), in as many payments as wanted. */
export const PENSION_ANNUAL_CAP_FEN = 1_200_000;
/** The smallest contribution and withdrawal: 0.01 CNY. */
export const PENSION_MIN_AMOUNT_FEN = 1;
/** Withdrawals are taxed separately at 3 %, withheld (no other tax on the account's income). */
export const PENSION_WITHDRAWAL_TAX_PERCENT = 3;
/** Y classes of index funds joined the eligible list on this day; the nationwide launch was 2024-12-15. */
export const PENSION_NATIONWIDE_FROM = '2024-12-15';
/** The medical, unemployment and 低保 conditions apply from this day. */
export const PENSION_NEW_CONDITIONS_FROM = '2025-09-01';

/** Room left this year: the cap less what was contributed (never below zero). */
export function pensionRoomFen(contributedThisYearFen: number): number {
  return Math.max(0, PENSION_ANNUAL_CAP_FEN - contributedThisYearFen);
}

/** `amount × percent / 100` in fen, half up (amount ≥ 0). */
export function percentOfFen(amountFen: number, percent: number): number {
  return mulDiv(amountFen, percent, 100, 'half_up');
}

/** The tax withheld on a withdrawal (3 %, half up to the fen) and what reaches the social-security-card account. */
export function withdrawalTax(amountFen: number): { taxFen: number; netFen: number } {
  const taxFen = percentOfFen(amountFen, PENSION_WITHDRAWAL_TAX_PERCENT);
  return { taxFen, netFen: amountFen - taxFen };
}

/**
 * The yearly brackets of 综合所得 (个人所得税法 税率表一): taxable income up to `upToFen` (inclusive) is taxed at
 * `percent` at the margin. Taxable = income − 60,000 standard deduction (special deductions not modelled).
 */
export const INCOME_TAX_BRACKETS: ReadonlyArray<{ upToFen: number | null; percent: number }> = [
  { upToFen: 3_600_000, percent: 3 },
  { upToFen: 14_400_000, percent: 10 },
  { upToFen: 30_000_000, percent: 20 },
  { upToFen: 42_000_000, percent: 25 },
  { upToFen: 66_000_000, percent: 30 },
  { upToFen: 96_000_000, percent: 35 },
  { upToFen: null, percent: 45 },
];
export const STANDARD_DEDUCTION_FEN = 6_000_000;

/** The marginal rate (percent) of a yearly income in fen: 0 when nothing is taxable. */
export function marginalRatePercent(yearlyIncomeFen: number): number {
  const taxable = yearlyIncomeFen - STANDARD_DEDUCTION_FEN;
  if (taxable <= 0) return 0;
  for (const b of INCOME_TAX_BRACKETS) if (b.upToFen === null || taxable <= b.upToFen) return b.percent;
  return 45;
}

/** The rates a visitor may try (the brackets' rates). */
export const PENSION_TRY_RATES = [3, 10, 20, 25, 30, 35, 45] as const;

/**
 * The estimate the zone shows: this year's saving (contributed × rate), the saving at the full 12,000, and the net of
 * the 3 % at withdrawal (the deduction saves `rate`, the withdrawal costs 3 %: net = amount × (rate − 3) %, at least 0).
 * At 20 %: 12,000 → 2,400.00 saved, 2,040.00 net.
 */
export function taxSaving(
  contributedFen: number,
  ratePercent: number,
): { yearFen: number; fullFen: number; fullNetFen: number; yearNetFen: number } {
  const net = Math.max(0, ratePercent - PENSION_WITHDRAWAL_TAX_PERCENT);
  return {
    yearFen: percentOfFen(contributedFen, ratePercent),
    fullFen: percentOfFen(PENSION_ANNUAL_CAP_FEN, ratePercent),
    yearNetFen: percentOfFen(contributedFen, net),
    fullNetFen: percentOfFen(PENSION_ANNUAL_CAP_FEN, net),
  };
}

/** The income brackets of the declaration (/n/personal-income-info) → a yearly income to estimate with (its lower bound). */
export const INCOME_BRACKET_FLOOR_FEN: Record<string, number> = {
  below_100k: 0,
  '100k_300k': 10_000_000,
  '300k_500k': 30_000_000,
  '500k_1m': 50_000_000,
  above_1m: 100_000_000,
};

/** The conditions of a withdrawal (领取). `since`: the day a condition applies from. */
export const WITHDRAWAL_CONDITIONS = ['retirement', 'disability', 'emigration', 'medical', 'unemployment', 'subsistence'] as const;
export type WithdrawalCondition = (typeof WITHDRAWAL_CONDITIONS)[number];
export const CONDITION_SINCE: Partial<Record<WithdrawalCondition, string>> = {
  medical: PENSION_NEW_CONDITIONS_FROM,
  unemployment: PENSION_NEW_CONDITIONS_FROM,
  subsistence: PENSION_NEW_CONDITIONS_FROM,
};
/** Monthly, in instalments, or at once. */
export const WITHDRAWAL_MODES = ['monthly', 'instalments', 'once'] as const;
export type WithdrawalMode = (typeof WITHDRAWAL_MODES)[number];

/** Whether a condition is in force on `date` (YYYY-MM-DD). */
export function conditionInForce(condition: WithdrawalCondition, date: string): boolean {
  const since = CONDITION_SINCE[condition];
  return since === undefined || date >= since;
}

/** Male when the 17th character of an 18-character ID is odd (GB 11643). */
export function sexFromIdNumber(idNo: string): 'male' | 'female' | null {
  const c = idNo.length === 18 ? idNo.charCodeAt(16) - 48 : -1;
  if (c < 0 || c > 9) return null;
  return c % 2 === 1 ? 'male' : 'female';
}

/**
 * The statutory retirement date (basic-pension age) of a birth date and sex, after the 2024 decision: from
 * 2025-01-01 men's 60 rises by one month every four months to 63; women's 55 (the 55-year category; the 50-year
 * one is not modelled) by one month every four months to 58. Returns YYYY-MM-DD.
 */
export function retirementDate(birthDate: string, sex: 'male' | 'female'): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const baseYears = sex === 'male' ? 60 : 55;
  const birthMonth = y * 12 + (m - 1);
  const original = birthMonth + baseYears * 12;
  const start = 2025 * 12;
  const delay = original < start ? 0 : Math.min(36, Math.floor((original - start) / 4) + 1);
  const month = original + delay;
  const year = Math.floor(month / 12);
  const mm = (month % 12) + 1;
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${year}-${String(mm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Pension Y classes carry share class 'Y' (the generated market codes them 009050–009099, then after its last ordinary code). */
export function isPensionShareClass(shareClass: string | null | undefined): boolean {
  return shareClass === 'Y';
}
