import { hasLived, periodStart, shiftMonths } from '@/features/fund/periods';
import { riskNoticeKind } from '@/features/fund/risk-notice';

describe('periods a fund has lived', () => {
  it('moves dates by months, clamping to the month end', () => {
    expect(shiftMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(shiftMonths('2026-01-15', -60)).toBe('2021-01-15');
    expect(periodStart('2026-11-25', '1w')).toBe('2026-11-18');
    expect(periodStart('2026-11-25', 'ty')).toBeNull();
  });

  it('a fund founded last year has no 近2年, 近3年 or 近5年; this year and since launch always', () => {
    const found = '2025-06-10';
    const asOf = '2026-11-25';
    expect(['1w', '1m', '3m', '6m', '1y', 'ty', 'base', 'all'].every((p) => hasLived(p, found, asOf))).toBe(true);
    expect(['2y', '3y', '5y'].some((p) => hasLived(p, found, asOf))).toBe(false);
    // Exactly one year old on the last NAV date: the year is lived.
    expect(hasLived('1y', '2025-11-25', asOf)).toBe(true);
    expect(hasLived('1y', '2025-11-26', asOf)).toBe(false);
    // Missing or malformed dates never hide a period.
    expect(hasLived('5y', null, asOf)).toBe(true);
    expect(hasLived('5y', found, 'yesterday')).toBe(true);
  });
});

describe('the fund page risk notice', () => {
  const investor = (riskLevel: 'C1' | 'C3' | 'C5' | null, loggedIn = true, riskExpired = false) => ({ loggedIn, riskLevel, riskExpired });

  it('warns an investor below the fund level, refuses C1 above R1, says nothing to visitors or matching levels', () => {
    expect(riskNoticeKind(investor('C3'), '4')).toBe('warn');
    expect(riskNoticeKind(investor('C3'), '5')).toBe('warn');
    expect(riskNoticeKind(investor('C1'), '2')).toBe('refuse');
    expect(riskNoticeKind(investor('C3'), '3')).toBe('none');
    expect(riskNoticeKind(investor('C5'), '5')).toBe('none');
    expect(riskNoticeKind(investor('C3', false), '5')).toBe('none');
    expect(riskNoticeKind(investor(null), '5')).toBe('none');
    expect(riskNoticeKind(investor('C3', true, true), '2')).toBe('expired');
    expect(riskNoticeKind(investor('C3'), 'x')).toBe('none');
  });
});
