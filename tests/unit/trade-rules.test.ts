// The shared trading rules (src/lib/trade-math.ts, fees.ts, lots.ts, suitability.ts) against golden cases from
// real orders and against an independent computation of the same rules with BigInt (Node has it; the app's
// engines may not, which is why the library does not use it).
import fc from 'fast-check';
import { bracketFor, purchaseVolume, quotePurchase, redeemPart, type FeeBracket } from '@/lib/fees';
import { availableVolume, holdingDays, priceRedemption, takeFifo, type Lot } from '@/lib/lots';
import { isAssessmentValid, suitability } from '@/lib/suitability';
import {
  discountPpm,
  mulDiv,
  navToUnits,
  percentToPpm,
  ppmToPercent,
  sharesToVolume,
  unitsToNav,
  volumeToShares,
  volumeValueFen,
} from '@/lib/trade-math';

/** Independent reference: round(a·b/d) with BigInt, half-up or truncated. */
function refMulDiv(a: number, b: number, d: number, mode: 'half_up' | 'truncate'): number {
  const n = BigInt(a) * BigInt(b);
  const q = n / BigInt(d);
  const r = n % BigInt(d);
  return Number(mode === 'half_up' && r * BigInt(2) >= BigInt(d) ? q + BigInt(1) : q);
}

const PURCHASE_TABLE: FeeBracket[] = [
  { lower: 0, upper: 100_000_000, ratePpm: 12_000, fixedFen: null },
  { lower: 100_000_000, upper: 500_000_000, ratePpm: 8_000, fixedFen: null },
  { lower: 500_000_000, upper: null, ratePpm: null, fixedFen: 100_000 },
];
const REDEMPTION_TABLE: FeeBracket[] = [
  { lower: 0, upper: 7, ratePpm: 15_000, fixedFen: null },
  { lower: 7, upper: 30, ratePpm: 10_000, fixedFen: null },
  { lower: 30, upper: 180, ratePpm: 5_000, fixedFen: null },
  { lower: 180, upper: null, ratePpm: 0, fixedFen: null },
];

describe('decimal units', () => {
  it('converts NAVs, shares and rates exactly, refusing extra precision', () => {
    expect(navToUnits('1.6000')).toBe(16000);
    expect(navToUnits('0.9')).toBe(9000);
    expect(unitsToNav(16000)).toBe('1.6000');
    expect(unitsToNav(123)).toBe('0.0123');
    expect(() => navToUnits('1.60001')).toThrow(RangeError);
    expect(() => navToUnits('0')).toThrow(RangeError);
    expect(sharesToVolume('197.89')).toBe(19789);
    expect(volumeToShares(19789)).toBe('197.89');
    expect(volumeToShares(-5)).toBe('-0.05');
    expect(() => sharesToVolume('1.005')).toThrow(RangeError);
    expect(() => sharesToVolume('NaN')).toThrow(RangeError);
    expect(percentToPpm('1.2')).toBe(12_000);
    expect(percentToPpm('0.15')).toBe(1_500);
    expect(ppmToPercent(1_200)).toBe('0.12');
    expect(ppmToPercent(15_000)).toBe('1.5');
    expect(ppmToPercent(0)).toBe('0');
    expect(discountPpm(12_000, '0.1')).toBe(1_200);
    expect(discountPpm(15_000, '1')).toBe(15_000);
  });

  it('mulDiv equals the BigInt reference whenever the result is a safe integer, and throws otherwise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 2e6 }),
        fc.boolean(),
        (a, b, d, half) => {
          const mode = half ? 'half_up' : 'truncate';
          const expected = refMulDiv(a, b, d, mode);
          if (Number.isSafeInteger(expected)) expect(mulDiv(a, b, d, mode)).toBe(expected);
          else expect(() => mulDiv(a, b, d, mode)).toThrow(RangeError); // never a rounded wrong answer
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('purchase fees (net-amount method)', () => {
  it('Danjuan’s own order: 317.00 at 1.2 % × 0.1 and NAV 1.6000 → fee 0.38, 197.89 shares (197.88 truncated)', () => {
    const quote = quotePurchase(31_700, PURCHASE_TABLE, '0.1');
    expect(quote).toMatchObject({ ratePpm: 1_200, standardRatePpm: 12_000, feeFen: 38, netFen: 31_662, fixedFen: null });
    expect(quote.standardFeeFen).toBe(376); // 317 − 317/1.012 = 3.758…
    expect(purchaseVolume(quote.netFen, navToUnits('1.6000'))).toBe(19_789);
    expect(purchaseVolume(quote.netFen, navToUnits('1.6000'), 'truncate')).toBe(19_788);
  });

  it('brackets by amount; the fixed-fee bracket charges 1,000 CNY per order, undiscounted', () => {
    expect(quotePurchase(99_999_999, PURCHASE_TABLE, '0.1').standardRatePpm).toBe(12_000);
    expect(quotePurchase(100_000_000, PURCHASE_TABLE, '0.1').standardRatePpm).toBe(8_000);
    const big = quotePurchase(600_000_000, PURCHASE_TABLE, '0.1');
    expect(big).toMatchObject({ feeFen: 100_000, standardFeeFen: 100_000, fixedFen: 100_000, netFen: 599_900_000, ratePpm: 0 });
    expect(quotePurchase(1_000, [], '0.1')).toMatchObject({ feeFen: 0, netFen: 1_000 });
    expect(bracketFor(PURCHASE_TABLE, 500_000_000)?.fixedFen).toBe(100_000);
  });

  it('fee + net = amount, and both equal the reference computation, for any amount, rate, discount and NAV', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5e10 }),
        fc.integer({ min: 0, max: 15_000 }),
        fc.constantFrom('0.1', '0.2', '0.25', '1'),
        fc.integer({ min: 500, max: 200_000 }),
        fc.boolean(),
        (amount, rate, discount, nav, half) => {
          const mode = half ? 'half_up' : 'truncate';
          const table: FeeBracket[] = [{ lower: 0, upper: null, ratePpm: rate, fixedFen: null }];
          const quote = quotePurchase(amount, table, discount, mode);
          const effective = refMulDiv(rate, Math.round(Number(discount) * 10_000), 10_000, 'half_up');
          expect(quote.ratePpm).toBe(effective);
          expect(quote.feeFen).toBe(effective === 0 ? 0 : refMulDiv(amount, effective, 1_000_000 + effective, mode));
          expect(quote.feeFen + quote.netFen).toBe(amount);
          expect(purchaseVolume(quote.netFen, nav, mode)).toBe(refMulDiv(quote.netFen, 10_000, nav, mode));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('redemption by lots, first in first out', () => {
  const lots: Lot[] = [
    { id: 2, confirmDate: '2025-03-05', volume: 10_000, lockedUntil: null },
    { id: 1, confirmDate: '2025-01-02', volume: 5_000, lockedUntil: null },
    { id: 3, confirmDate: '2025-03-10', volume: 8_000, lockedUntil: '2026-03-10' },
  ];

  it('takes the oldest lots first and skips locked ones', () => {
    expect(takeFifo(lots, 12_000, '2025-03-11')).toEqual([
      { lotId: 1, volume: 5_000 },
      { lotId: 2, volume: 7_000 },
    ]);
    expect(availableVolume(lots, '2025-03-11')).toBe(15_000);
    expect(availableVolume(lots, '2026-03-10')).toBe(23_000);
    expect(takeFifo(lots, 15_001, '2025-03-11')).toBeNull();
    expect(() => takeFifo(lots, 0, '2025-03-11')).toThrow(RangeError);
  });

  it('each part pays its own holding days’ rate: a lot confirmed last Tuesday redeemed this Tuesday has 7 days', () => {
    expect(holdingDays('2025-03-04', '2025-03-11')).toBe(7);
    const parts = priceRedemption(
      lots,
      [
        { lotId: 1, volume: 5_000 },
        { lotId: 2, volume: 7_000 },
      ],
      navToUnits('1.2345'),
      '2025-03-11',
      REDEMPTION_TABLE,
    );
    expect(parts[0]).toMatchObject({ holdingDays: 68, ratePpm: 5_000, grossFen: 6_173, feeFen: 31, netFen: 6_142 });
    expect(parts[1]).toMatchObject({ holdingDays: 6, ratePpm: 15_000, grossFen: 8_642, feeFen: 130, netFen: 8_512 });
  });

  it('gross = shares × NAV and fee = gross × rate to the fen, as the reference computes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e11 }),
        fc.integer({ min: 500, max: 200_000 }),
        fc.integer({ min: 0, max: 15_000 }),
        (volume, nav, rate) => {
          const part = redeemPart(volume, nav, rate);
          expect(part.grossFen).toBe(refMulDiv(volume, nav, 10_000, 'half_up'));
          expect(volumeValueFen(volume, nav)).toBe(part.grossFen);
          expect(part.feeFen).toBe(refMulDiv(part.grossFen, rate, 1_000_000, 'half_up'));
          expect(part.netFen + part.feeFen).toBe(part.grossFen);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('suitability', () => {
  it('C1 buys R1 only; C2–C4 above their level need the warning; C5 buys everything', () => {
    expect(suitability(1, 1)).toBe('match');
    expect(suitability(1, 2)).toBe('refuse');
    expect(suitability(2, 2)).toBe('match');
    expect(suitability(2, 3)).toBe('warn');
    expect(suitability(4, 5)).toBe('warn');
    expect(suitability(5, 5)).toBe('match');
    expect(() => suitability(0, 1)).toThrow(RangeError);
  });

  it('an assessment holds for two years', () => {
    expect(isAssessmentValid('2023-03-04', '2025-03-03')).toBe(true);
    expect(isAssessmentValid('2023-03-04', '2025-03-04')).toBe(false);
  });
});
