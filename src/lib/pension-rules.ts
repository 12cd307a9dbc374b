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
 * The categories of the statutory retirement age (《国务院关于渐进式提高法定退休年龄的决定》, NPC Standing Committee,
 * 2024-09-13, in force 2025-01-01, and its appendix tables): men (originally 60), women in management and technical
 * posts — the 55-year category (女干部) — and women workers — the 50-year category (女工人). A woman's category is
 * what she declares (in reality her employment record at the social-insurance agency settles it; simulated here);
 * undeclared, a woman counts in the 55-year category.
 */
export const RETIREMENT_CATEGORIES = ['male', 'female_55', 'female_50'] as const;
export type RetirementCategory = (typeof RETIREMENT_CATEGORIES)[number];
/** What a woman may declare at a withdrawal (`category` of POST /djapi/pension/withdraw). */
export const FEMALE_RETIREMENT_CATEGORIES = ['female_55', 'female_50'] as const;

/**
 * Each category's original age (years), its rise — one month for every `everyMonths` months of original retirement
 * from January 2025 — and its new age's ceiling in months: men 60 → 63 (every 4 months), women 55 → 58 (every 4),
 * women workers 50 → 55 (every 2).
 */
export const RETIREMENT_RULES: Record<RetirementCategory, { baseYears: number; everyMonths: number; maxDelayMonths: number }> = {
  male: { baseYears: 60, everyMonths: 4, maxDelayMonths: 36 },
  female_55: { baseYears: 55, everyMonths: 4, maxDelayMonths: 36 },
  female_50: { baseYears: 50, everyMonths: 2, maxDelayMonths: 60 },
};
/** The first month of the rise: January 2025 (months since year 0). */
const REFORM_START_MONTH = 2025 * 12;

/** The category of a sex and a woman's declared category (a man's is always 'male'; a woman's defaults to the 55-year one). */
export function retirementCategoryOf(sex: 'male' | 'female', declared?: RetirementCategory | null): RetirementCategory {
  if (sex === 'male') return 'male';
  return declared === 'female_50' ? 'female_50' : 'female_55';
}

/**
 * The statutory retirement date (basic-pension age) of a birth date and category: the original age, plus — when the
 * original retirement month is January 2025 or later — one month for every `everyMonths` months since then (the first
 * month counts), at most the ceiling. The day of the month is the birthday's (the month's last day when shorter).
 * Returns YYYY-MM-DD. A sex instead of a category is read as that sex's default category.
 */
export function retirementDate(birthDate: string, category: RetirementCategory | 'female'): string {
  const rule = RETIREMENT_RULES[category === 'female' ? 'female_55' : category];
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const birthMonth = y * 12 + (m - 1);
  const original = birthMonth + rule.baseYears * 12;
  const delay =
    original < REFORM_START_MONTH ? 0 : Math.min(rule.maxDelayMonths, Math.floor((original - REFORM_START_MONTH) / rule.everyMonths) + 1);
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
