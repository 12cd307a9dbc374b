// The confirmation rules (server/src/domain/pricing.ts) against exact oracles: each figure recomputed here with big.js
// from the contract's wording (PRODUCT §5), never through the code under test — on the golden case, the edges of the
// large-purchase limit and thousands of seeded random orders in both rounding modes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Big from 'big.js';
import type { FeeBracket } from '../../src/lib/fees';
import type { RoundingMode } from '../../src/lib/trade-math';
import { dayNumber } from '../../server/src/domain/calendar';
import { confirmPurchase, confirmRedemption, priceDividend, raisingInterestFen, type PurchaseTerms } from '../../server/src/domain/pricing';
import { Rng } from '../../server/src/market/prng';
import { rotatingSeed } from './helpers';

const SEED = rotatingSeed(process.env.PRICING_SEED, 22);

/** Big rounded to a whole number by the fund's mode (half up, or truncation). */
const whole = (x: Big, mode: RoundingMode) => Number(x.round(0, mode === 'half_up' ? Big.roundHalfUp : Big.roundDown).toFixed(0));

/** The oracle of a purchase fee: a fixed bracket's fee (at most the amount), else amount × r / (1 + r), r = rate × discount (to a whole ppm, half up). */
function feeOracle(amountFen: number, table: readonly FeeBracket[], discount: string, mode: RoundingMode): number {
  const bracket = table.find((b) => amountFen >= b.lower && (b.upper === null || amountFen < b.upper));
  if (bracket?.fixedFen != null) return Math.min(bracket.fixedFen, amountFen);
  const rate = new Big(bracket?.ratePpm ?? 0).times(discount).round(0, Big.roundHalfUp);
  if (rate.eq(0)) return 0;
  return whole(new Big(amountFen).times(rate).div(rate.plus(1_000_000)), mode);
}

const sharesOracle = (netFen: number, navUnits: number, mode: RoundingMode) => whole(new Big(netFen).times(10_000).div(navUnits), mode);

const TABLE: FeeBracket[] = [
  { lower: 0, upper: 100_000_000, ratePpm: 15_000, fixedFen: null },
  { lower: 100_000_000, upper: 500_000_000, ratePpm: 12_000, fixedFen: null },
  { lower: 500_000_000, upper: null, ratePpm: null, fixedFen: 100_000 },
];
const WITHDRAW: FeeBracket[] = [
  { lower: 0, upper: 7, ratePpm: 15_000, fixedFen: null },
  { lower: 7, upper: 365, ratePpm: 5_000, fixedFen: null },
  { lower: 365, upper: 730, ratePpm: 2_500, fixedFen: null },
  { lower: 730, upper: null, ratePpm: 0, fixedFen: null },
];

describe('pricing: the confirmation of an order', () => {
  test("the golden case (Danjuan's own order): 317.00 at 1.2 % × 0.1, NAV 1.6000 → fee 0.38, 197.89 shares", () => {
    const terms: PurchaseTerms = {
      rounding: 'half_up',
      largeLimitFen: null,
      discount: '0.1',
      feeTable: [{ lower: 0, upper: null, ratePpm: 12_000, fixedFen: null }],
    };
    const { confirmation } = confirmPurchase({ amountFen: 31_700, feeFen: 38, couponFen: 0 }, 16_000, terms);
    assert.deepEqual(confirmation, { result: 'confirmed', amountFen: 31_700, feeFen: 38, couponFen: 0, volume: 19_789, refundFen: 0 });
  });

  test('no NAV for the trade date: refused, the whole amount refunded, nothing of the limit used', () => {
    const terms: PurchaseTerms = { rounding: 'half_up', largeLimitFen: 100_000, discount: '1', feeTable: TABLE };
    const priced = confirmPurchase({ amountFen: 50_000, feeFen: 739, couponFen: 0 }, null, terms, 20_000);
    assert.deepEqual(priced, { confirmation: { result: 'refused', reason: 'fund_company_refused', refundFen: 50_000 }, usedFen: 20_000 });
  });

  test('the large-purchase limit: confirmed up to it in order, the fee of the part, the excess refunded, nothing left refused', () => {
    const terms: PurchaseTerms = { rounding: 'half_up', largeLimitFen: 1_000_000, discount: '0.1', feeTable: TABLE };
    const first = confirmPurchase({ amountFen: 600_000, feeFen: 900, couponFen: 0 }, 12_345, terms, 0);
    assert.equal(first.confirmation.result, 'confirmed');
    assert.equal(first.usedFen, 600_000);
    // 6,000.00 of 10,000.00 used: the next 7,000.00 is confirmed for 4,000.00, fee 4,000.00 × 0.0015 / 1.0015.
    const second = confirmPurchase({ amountFen: 700_000, feeFen: 1_048, couponFen: 300 }, 12_345, terms, first.usedFen);
    const fee = feeOracle(400_000, TABLE, '0.1', 'half_up');
    assert.equal(fee, 599);
    assert.deepEqual(second.confirmation, {
      result: 'confirmed',
      amountFen: 400_000,
      feeFen: fee - 300,
      couponFen: 300,
      volume: sharesOracle(400_000 - (fee - 300), 12_345, 'half_up'),
      refundFen: 300_000,
    });
    const third = confirmPurchase({ amountFen: 10_000, feeFen: 15, couponFen: 0 }, 12_345, terms, second.usedFen);
    assert.deepEqual(third.confirmation, { result: 'refused', reason: 'fund_company_refused', refundFen: 10_000 });
    // A coupon larger than the part's fee is cut to it: the investor pays no fee, never a negative one.
    const cut = confirmPurchase({ amountFen: 700_000, feeFen: 0, couponFen: 5_000 }, 10_000, terms, 999_000);
    assert.equal(cut.confirmation.result, 'confirmed');
    if (cut.confirmation.result === 'confirmed') {
      assert.equal(cut.confirmation.amountFen, 1_000);
      assert.equal(cut.confirmation.couponFen, feeOracle(1_000, TABLE, '0.1', 'half_up'));
      assert.equal(cut.confirmation.feeFen, 0);
    }
  });

  test(`random purchases against the oracle (seed ${SEED})`, () => {
    const rng = new Rng(SEED);
    for (let n = 0; n < 5_000; n += 1) {
      const mode: RoundingMode = rng.next() < 0.5 ? 'half_up' : 'truncate';
      const discount = ['1', '0.1', '0.3', '0.85'][Math.floor(rng.next() * 4)] as string;
      const limit = rng.next() < 0.5 ? null : 1 + Math.floor(rng.next() * 1_000_000_000);
      const terms: PurchaseTerms = { rounding: mode, largeLimitFen: limit, discount, feeTable: TABLE };
      const amount = 1 + Math.floor(rng.next() ** 3 * 2_000_000_000);
      const paidFee = feeOracle(amount, TABLE, discount, mode);
      const coupon = rng.next() < 0.2 ? Math.floor(rng.next() * (paidFee + 1)) : 0;
      const nav = 1 + Math.floor(rng.next() * 60_000);
      const used = limit === null ? 0 : Math.floor(rng.next() * limit * 1.2);
      const { confirmation, usedFen } = confirmPurchase(
        { amountFen: amount, feeFen: paidFee - coupon, couponFen: coupon },
        nav,
        terms,
        used,
      );
      // The oracle.
      const part = limit === null ? amount : Math.max(0, Math.min(amount, limit - used));
      assert.equal(usedFen, limit === null ? used : used + part);
      if (part === 0) {
        assert.deepEqual(confirmation, { result: 'refused', reason: 'fund_company_refused', refundFen: amount });
        continue;
      }
      const partCoupon = part === amount ? coupon : Math.min(coupon, feeOracle(part, TABLE, discount, mode));
      const fee = part === amount ? paidFee - coupon : feeOracle(part, TABLE, discount, mode) - partCoupon;
      assert.deepEqual(
        confirmation,
        {
          result: 'confirmed',
          amountFen: part,
          feeFen: fee,
          couponFen: partCoupon,
          volume: sharesOracle(part - fee, nav, mode),
          refundFen: amount - part,
        },
        `case ${n}: ${amount} fen, limit ${limit} used ${used}, nav ${nav}, ${mode}, discount ${discount}, coupon ${coupon}`,
      );
    }
  });

  test(`random redemptions against the oracle: each lot's part at its own holding days (seed ${SEED})`, () => {
    const rng = new Rng(SEED + 1);
    for (let n = 0; n < 2_000; n += 1) {
      const mode: RoundingMode = rng.next() < 0.5 ? 'half_up' : 'truncate';
      const nav = 1 + Math.floor(rng.next() * 60_000);
      const confirmDate = '2026-06-30';
      const parts = Array.from({ length: 1 + Math.floor(rng.next() * 4) }, (_, i) => {
        const ago = Math.floor(rng.next() * 1_000);
        const d = new Date(Date.UTC(2026, 5, 30) - ago * 86_400_000).toISOString().slice(0, 10);
        return { lotId: i + 1, volume: 1 + Math.floor(rng.next() ** 2 * 1_000_000_000), lotConfirmDate: d };
      });
      const priced = confirmRedemption(parts, nav, confirmDate, WITHDRAW, mode);
      let gross = 0;
      let fee = 0;
      parts.forEach((p, i) => {
        const days = dayNumber(confirmDate) - dayNumber(p.lotConfirmDate);
        const rate = WITHDRAW.find((b) => days >= b.lower && (b.upper === null || days < b.upper))?.ratePpm ?? 0;
        const g = whole(new Big(p.volume).times(nav).div(10_000), mode);
        const f = whole(new Big(g).times(rate).div(1_000_000), mode);
        assert.deepEqual(
          priced.parts[i],
          { lotId: p.lotId, volume: p.volume, days, ratePpm: rate, grossFen: g, feeFen: f },
          `case ${n} part ${i}`,
        );
        gross += g;
        fee += f;
      });
      assert.deepEqual([priced.grossFen, priced.feeFen, priced.netFen], [gross, fee, gross - fee]);
    }
  });

  test("dividends and a failed raising's interest, against the oracle", () => {
    const rng = new Rng(SEED + 2);
    for (let n = 0; n < 2_000; n += 1) {
      const mode: RoundingMode = rng.next() < 0.5 ? 'half_up' : 'truncate';
      const volume = 1 + Math.floor(rng.next() * 1_000_000_000);
      const perShare = 1 + Math.floor(rng.next() * 5_000);
      const nav = rng.next() < 0.5 ? null : 1 + Math.floor(rng.next() * 60_000);
      const cash = whole(new Big(volume).times(perShare).div(10_000), mode);
      assert.deepEqual(priceDividend(volume, perShare, nav, mode), {
        cashFen: cash,
        reinvestVolume: nav === null || cash === 0 ? null : sharesOracle(cash, nav, mode),
      });
      const amount = 1 + Math.floor(rng.next() * 1_000_000_000);
      const rate = Math.floor(rng.next() * 50_000);
      const days = Math.floor(rng.next() * 120);
      const paid = '2026-01-05';
      const refunded = new Date(Date.UTC(2026, 0, 5) + days * 86_400_000).toISOString().slice(0, 10);
      const interest = whole(new Big(amount).times(rate).times(days).div(365_000_000), 'half_up');
      assert.equal(raisingInterestFen(amount, rate, paid, refunded), interest, `${amount} × ${rate} ppm × ${days} days`);
    }
    assert.equal(raisingInterestFen(100_000, 3_500, '2026-01-10', '2026-01-05'), 0, 'no interest before the payment');
  });
});
