/**
 * Suitability (适当性): investors C1–C5 from the risk questionnaire, funds R1–R5. C1 may buy R1 only, with no way
 * round; above the investor's level, C2–C4 may buy only after an explicit risk warning they confirm (kept as
 * evidence); C5 may buy everything. No valid assessment (none, or older than two years) → take it first.
 * docs/PRODUCT.md §5 "Suitability".
 */

export type SuitabilityVerdict = 'match' | 'warn' | 'refuse';

/** An assessment is valid for two years from the day it was taken. */
export const RISK_ASSESSMENT_VALID_YEARS = 2;

export function suitability(investorLevel: number, fundRisk: number): SuitabilityVerdict {
  if (!Number.isInteger(investorLevel) || investorLevel < 1 || investorLevel > 5) throw new RangeError(`investor level C${investorLevel}`);
  if (!Number.isInteger(fundRisk) || fundRisk < 1 || fundRisk > 5) throw new RangeError(`fund risk R${fundRisk}`);
  if (fundRisk <= investorLevel) return 'match';
  return investorLevel === 1 ? 'refuse' : 'warn';
}

/** Whether an assessment taken on `assessedOn` ('YYYY-MM-DD') still holds on `today`. */
export function isAssessmentValid(assessedOn: string, today: string): boolean {
  const expires = `${Number(assessedOn.slice(0, 4)) + RISK_ASSESSMENT_VALID_YEARS}${assessedOn.slice(4)}`;
  return today < expires;
}
